/**
 * The brand's catalogue (golden record, issue 38 §1), one current version per brand, versioned
 * like the on-hand feed so a new file replaces the old one at once and a refused one changes
 * nothing (docs/data-model.md "Catalogue"):
 *
 *   CATALOG#<brand> / CURRENT                        the pointer: which version readers use
 *   CATALOG#<brand> / IMPORT#<uploaded at>#<version> one record a file (checking, applied, refused), newest first
 *   CAT#<brand>#<version> / SKU#<SKU KEY>            an entry
 *
 * Readers read the pointer, then only that version's entries (GetItem / BatchGet by SKU, or a
 * page by key condition); replaced and refused versions get `expiresAt` (TTL).
 */
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { skuKey, type CatalogEntry } from '../../shared/content';
import { ddb } from '../lib/clients/dynamodb';
import { queryPage, tablePrefix, type PagedResult } from '../lib/paged-query';
import { batchGetItems, isConditionFailed, queryPages, table } from '../lib/table';
import { batchWrite } from '../scrapings';

export interface CatalogPointer {
  brand: string;
  version: string;
  /** The S3 key the file came from, and its name as shown. */
  key: string;
  name: string;
  /** The file's folder date. */
  date: string;
  /** `<date>#<S3 LastModified>`: a file replaces the current one only if not older. */
  order: string;
  entries: number;
  ingestedAt: string;
}

export type CatalogImportStatus = 'checking' | 'applied' | 'refused';
export interface CatalogImport {
  version: string;
  key: string;
  name: string;
  date: string;
  uploadedAt: string;
  status: CatalogImportStatus;
  entries: number;
  errorCount: number;
  /** The problems, each with its line (the first CATALOG_LIMITS.listedErrors, then a count). */
  errors: string[];
  finishedAt?: string;
}

const catalogPk = (brand: string) => `CATALOG#${brand}`;
const pointerKey = (brand: string) => ({ pk: catalogPk(brand), sk: 'CURRENT' });
const importSk = (uploadedAt: string, version: string) => `IMPORT#${uploadedAt}#${version}`;
const entriesPk = (brand: string, version: string) => `CAT#${brand}#${version}`;
const entryKey = (brand: string, version: string, sku: string) => ({ pk: entriesPk(brand, version), sk: `SKU#${skuKey(sku)}` });

const toEntry = (i: Record<string, unknown>): CatalogEntry => ({
  sku: String(i.sku ?? ''),
  name: String(i.name ?? ''),
  description: String(i.description ?? ''),
  category: String(i.category ?? ''),
  collection: String(i.collection ?? ''),
  status: i.status === 'retired' ? 'retired' : 'active',
  images: Array.isArray(i.images) ? (i.images as string[]) : [],
  retiredImages: Array.isArray(i.retiredImages) ? (i.retiredImages as string[]) : [],
  msrp: Array.isArray(i.msrp) ? (i.msrp as CatalogEntry['msrp']) : [],
});

const toImport = (i: Record<string, unknown>): CatalogImport => ({
  version: String(i.version),
  key: String(i.key),
  name: String(i.name ?? ''),
  date: String(i.date ?? ''),
  uploadedAt: String(i.uploadedAt ?? ''),
  status: i.status as CatalogImportStatus,
  entries: Number(i.entries ?? 0),
  errorCount: Number(i.errorCount ?? 0),
  errors: Array.isArray(i.errors) ? (i.errors as string[]) : [],
  ...(i.finishedAt ? { finishedAt: String(i.finishedAt) } : {}),
});

// ── Pointer ─────────────────────────────────────────────────────────────────────

/** GetItem CATALOG#brand / CURRENT (consistent read) */
export async function getCurrentCatalog(brand: string): Promise<CatalogPointer | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: pointerKey(brand), ConsistentRead: true }));
  return out.Item ? (out.Item as unknown as CatalogPointer) : undefined;
}

/**
 * PutItem CATALOG#brand / CURRENT if absent or not newer than this file: readers switch in one
 * write. Answers whether it switched and the pointer it replaced (returned by the same write, so
 * two files racing each retire exactly the version they replaced).
 */
export async function switchCurrentCatalog(p: CatalogPointer): Promise<{ switched: boolean; replaced?: CatalogPointer }> {
  try {
    const out = await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...pointerKey(p.brand), entity: 'CatalogPointer', ...p },
        ConditionExpression: 'attribute_not_exists(pk) OR #order <= :order',
        ExpressionAttributeNames: { '#order': 'order' },
        ExpressionAttributeValues: { ':order': p.order },
        ReturnValues: 'ALL_OLD',
      }),
    );
    return { switched: true, ...(out.Attributes ? { replaced: out.Attributes as unknown as CatalogPointer } : {}) };
  } catch (e) {
    if (isConditionFailed(e)) return { switched: false };
    throw e;
  }
}

// ── Import records ──────────────────────────────────────────────────────────────

/** PutItem CATALOG#brand / IMPORT#uploadedAt#version (a redelivered file overwrites its own record) */
export async function putImport(brand: string, i: CatalogImport, expiresAt?: number): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: table.name,
      Item: { pk: catalogPk(brand), sk: importSk(i.uploadedAt, i.version), entity: 'CatalogImport', brand, ...i, ...(expiresAt ? { [table.ttl]: expiresAt } : {}) },
    }),
  );
}

/** Query CATALOG#brand, sk begins_with IMPORT#, newest first, `limit` of them */
export async function listImports(brand: string, limit: number): Promise<CatalogImport[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :i)',
      ExpressionAttributeValues: { ':pk': catalogPk(brand), ':i': 'IMPORT#' },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(toImport);
}

// ── Entries ─────────────────────────────────────────────────────────────────────

/** BatchWriteItem: PutItem CAT#brand#version / SKU#<SKU KEY> for each entry */
export async function putEntries(brand: string, version: string, entries: readonly CatalogEntry[]): Promise<void> {
  await batchWrite(entries.map((e) => ({ PutRequest: { Item: { ...entryKey(brand, version, e.sku), entity: 'CatalogEntry', brand, version, ...e } } })));
}

/** GetItem CAT#brand#version / SKU#<SKU KEY> */
export async function getEntry(brand: string, version: string, sku: string): Promise<CatalogEntry | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: entryKey(brand, version, sku) }));
  return out.Item ? toEntry(out.Item) : undefined;
}

/** BatchGetItem of CAT#brand#version / SKU#<key> for each key: the entries found, by SKU key. */
export async function getEntries(brand: string, version: string, keys: readonly string[]): Promise<Map<string, CatalogEntry>> {
  const wanted = [...new Set(keys.map(skuKey).filter(Boolean))];
  const items = await batchGetItems(wanted.map((k) => entryKey(brand, version, k)));
  return new Map(items.map(toEntry).map((e) => [skuKey(e.sku), e]));
}

/** A page of a version's entries in SKU order: Query CAT#brand#version, sk begins_with SKU#<SEARCH> */
export async function pageEntries(brand: string, version: string, o: { search?: string; limit: number; cursor?: string }): Promise<PagedResult<CatalogEntry>> {
  const page = await queryPage<Record<string, unknown>>({ sources: [tablePrefix(entriesPk(brand, version), `SKU#${skuKey(o.search ?? '')}`)], ascending: true, limit: o.limit, cursor: o.cursor });
  return { ...page, items: page.items.map(toEntry) };
}

/** Every entry of a version gets `expiresAt` (re-put 25 a batch, a page of the version at a time): a replaced or refused version goes away by TTL. */
export async function expireEntries(brand: string, version: string, expiresAt: number): Promise<void> {
  for await (const page of queryPages<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': entriesPk(brand, version) } })) {
    await batchWrite(page.map((item) => ({ PutRequest: { Item: { ...item, [table.ttl]: expiresAt } } })));
  }
}
