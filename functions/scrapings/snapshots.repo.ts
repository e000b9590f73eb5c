/**
 * Read snapshots in the data bucket (docs/product-reads.md): what the product tabs load once per
 * warm Lambda instead of every product of a period on every request.
 *
 *   snapshots/periods/<periodId>/<version>.json.gz           a version's products as staged (or as
 *                                                             stored, when built on a first read)
 *   snapshots/periods/<periodId>/<version>.keys.json.gz      its read keys: per product what decides
 *                                                             a page's rows and order, every sort
 *                                                             computed (domain/read-keys.ts)
 *   snapshots/periods/<periodId>/<version>.joins/<approvedDate>/<feed version>/<CUSTOMER ID>.json.gz
 *                                                             its products matched against a retailer's
 *                                                             items of a feed version (written on first read)
 *   snapshots/oh/<brand>/<version>/<CUSTOMER ID>.json.gz     one retailer's items of a feed version
 *   snapshots/oh-skus/<brand>/<version>.json.gz               the Brand SKU options of a feed version
 *
 * gzip'd JSON. `snapshots/periods/` expires 180 days after upload, like the other scraped data
 * (infra/constructs/storage.ts; docs/decisions.md "Retention"); the on-hand ones never do. A
 * missing snapshot is rebuilt from DynamoDB on the next read, so deleting them is always safe.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { idKey, type BrandSkuOption, type OhItem } from '../inventory';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import type { ProductScrape } from './domain/product';
import { decodeJoin, decodeOhSnapshot, encodeOhSnapshot, type JoinJson, type OhSnapshotJson, type ReadKeysJson, type StoredReadKeysJson } from './domain/read-keys';

const gz = promisify(gzip);
const gunz = promisify(gunzip);

export interface PeriodSnapshot {
  /** The period's edit sequence the products already include (edits after it are applied on read). */
  seq: number;
  products: ProductScrape[];
}

/** infra/table-schema.ts DATA_PREFIX.snapshots. */
export const SNAPSHOT_PREFIX = 'snapshots/';

export const periodSnapshotKey = (periodId: string, version: string) => `${SNAPSHOT_PREFIX}periods/${periodId}/${version}.json.gz`;
export const ohSnapshotKey = (brand: string, version: string, customerId: string) =>
  `${SNAPSHOT_PREFIX}oh/${brand}/${version}/${encodeURIComponent(idKey(customerId))}.json.gz`;

async function getJson<T>(key: string): Promise<{ value: T; bytes: number } | undefined> {
  try {
    const out = await s3.send(new GetObjectCommand({ Bucket: env.dataBucket, Key: key }));
    const text = (await gunz(await out.Body!.transformToByteArray())).toString('utf8');
    return { value: JSON.parse(text) as T, bytes: text.length };
  } catch (e) {
    if ((e as { name?: string }).name === 'NoSuchKey') return undefined;
    throw e;
  }
}

async function putJson(key: string, value: unknown): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: key, Body: await gz(JSON.stringify(value)), ContentType: 'application/json', ContentEncoding: 'gzip' }));
}

/** GetObject snapshots/periods/<periodId>/<version>.json.gz (undefined when there is none) */
export const getPeriodSnapshot = (periodId: string, version: string) => getJson<PeriodSnapshot>(periodSnapshotKey(periodId, version));

/** PutObject snapshots/periods/<periodId>/<version>.json.gz (overwrite: staging again replaces it) */
export const putPeriodSnapshot = (periodId: string, version: string, snapshot: PeriodSnapshot) => putJson(periodSnapshotKey(periodId, version), snapshot);

/** PutObject snapshots/periods/<periodId>/<version>.json.gz of a body gzip'd already (a `PeriodSnapshot`'s JSON, built as a stream: stage-snapshot.ts). */
export async function putPeriodSnapshotGz(periodId: string, version: string, body: Buffer): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: periodSnapshotKey(periodId, version), Body: body, ContentType: 'application/json', ContentEncoding: 'gzip' }));
}

export const periodKeysKey = (periodId: string, version: string) => `${SNAPSHOT_PREFIX}periods/${periodId}/${version}.keys.json.gz`;

/** GetObject snapshots/periods/<periodId>/<version>.keys.json.gz (undefined when there is none) */
export const getPeriodKeys = (periodId: string, version: string) => getJson<StoredReadKeysJson>(periodKeysKey(periodId, version));

/** PutObject snapshots/periods/<periodId>/<version>.keys.json.gz (overwrite: the same products give the same keys) */
export const putPeriodKeys = (periodId: string, version: string, keys: ReadKeysJson) => putJson(periodKeysKey(periodId, version), keys);

/** A retailer's items of a feed version and their sort orders (older snapshots have none). */
export interface OhSnapshot {
  items: OhItem[];
  orders?: Record<string, string>;
}

/**
 * GetObject snapshots/oh/<brand>/<version>/<CUSTOMER>.json.gz (undefined when there is none, or
 * when it is not whole: the caller rebuilds it). Stored in columns (read-keys.ts encodeOhSnapshot).
 */
export async function getOhSnapshot(brand: string, version: string, customerId: string): Promise<{ value: OhSnapshot; bytes: number } | undefined> {
  const got = await getJson<OhSnapshotJson>(ohSnapshotKey(brand, version, customerId));
  const value = got && decodeOhSnapshot(got.value);
  return value && { value, bytes: got.bytes };
}

/** PutObject snapshots/oh/<brand>/<version>/<CUSTOMER>.json.gz: the items in columns and their sort orders, computed here (so a cold tab sorts nothing). */
export const putOhSnapshot = (brand: string, version: string, customerId: string, items: readonly OhItem[]) => putJson(ohSnapshotKey(brand, version, customerId), encodeOhSnapshot(items));

/**
 * snapshots/periods/<periodId>/<version>.joins/<approvedDate>/<feed version>/<CUSTOMER>.json.gz: a
 * publication of a period version matched against a retailer's items of a feed version (under
 * periods/, so it expires with the period's other snapshots; a re-publication is another key).
 */
export const joinKey = (periodId: string, version: string, approvedDate: string, feedVersion: string, customerId: string) =>
  `${SNAPSHOT_PREFIX}periods/${periodId}/${version}.joins/${encodeURIComponent(approvedDate)}/${feedVersion}/${encodeURIComponent(idKey(customerId))}.json.gz`;

/** GetObject of a stored join (undefined when there is none, or it is not whole: the caller matches again). */
export async function getJoin(...key: Parameters<typeof joinKey>): Promise<ReturnType<typeof decodeJoin>> {
  const got = await getJson<JoinJson>(joinKey(...key));
  return got && decodeJoin(got.value);
}

/** PutObject of a join (overwrite: the same products and items give the same join, later edits a later `seq`). */
export const putJoin = (key: Parameters<typeof joinKey>, join: JoinJson) => putJson(joinKey(...key), join);

export const skuSnapshotKey = (brand: string, version: string) => `${SNAPSHOT_PREFIX}oh-skus/${brand}/${version}.json.gz`;

/** GetObject snapshots/oh-skus/<brand>/<version>.json.gz (undefined when there is none) */
export const getSkuSnapshot = (brand: string, version: string) => getJson<{ skus: BrandSkuOption[] }>(skuSnapshotKey(brand, version));

/** PutObject snapshots/oh-skus/<brand>/<version>.json.gz */
export const putSkuSnapshot = (brand: string, version: string, skus: readonly BrandSkuOption[]) => putJson(skuSnapshotKey(brand, version), { skus });
