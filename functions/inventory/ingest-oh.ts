/**
 * Ingest of a brand's on-hand (OH) inventory feed dropped at
 * `incoming/oh/<brand-slug>/<YYYY-MM-DD>/<name>.csv` (the ingest Lambda calls this for
 * `incoming/oh/` keys, with the key already URL-decoded).
 *
 * The feed is streamed into a new version of the brand's items; only when every row is stored
 * (and the customer index has caught up) is the brand's pointer switched to it, in one write.
 * Readers never see half a feed: they see the old version until the switch, the new one after.
 * Old versions expire by TTL. Bad rows are skipped and reported; a feed that cannot be read, or
 * has no valid row, keeps the current feed. Throws only on transient trouble (S3, DynamoDB),
 * and then a retry is safe: the version id is derived from the object, writes are overwrites.
 */
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { CsvError, parse } from 'csv-parse';
import { getBrandBySlug } from '../brands';
import { s3 } from '../lib/clients/s3';
import { logger } from '../lib/logger';
import { putOhSnapshot, putSkuSnapshot } from '../scrapings';
import { scanDateProblem } from '../files';
import { BrandSkuCollector } from './domain/brand-skus';
import { idKey, OhFeedRows, parseOhKey, type OhItem } from './domain/oh-feed';
import {
  countCustomerItems,
  expireVersionItems,
  getCurrentFeed,
  listVersionMarkers,
  putOhItems,
  putVersionMarker,
  setVersionStatus,
  switchCurrentFeed,
} from './inventory.repo';

export interface IngestOhResult {
  /** The brand id ('' when the key names no brand). */
  brand: string;
  /** Items now served from this feed (0 when it was not applied). */
  items: number;
  errors: string[];
  /** Set when the feed cannot be anyone's (bad date, unknown slug): the ingest files it as unreadable. */
  unreadable?: { problem: string; slug: string; name: string; date?: string };
}

/** Old versions stay readable this long for requests that read the pointer just before the switch. */
export const RETIRE_GRACE_SECONDS = 3600;
/** A staging version older than this is an abandoned ingest and is retired by the next one. */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000;
const WRITE_BATCH = 100;

const epoch = (ms: number) => Math.floor(ms / 1000);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function ingestOhFeed({ bucket, key }: { bucket: string; key: string }): Promise<IngestOhResult> {
  const where = parseOhKey(key);
  if (!where) return { brand: '', items: 0, errors: [`Not an on-hand feed: ${key} (expected incoming/oh/<brand-slug>/<YYYY-MM-DD>/<name>.csv).`] };
  // An impossible folder date or a slug no brand reserved: the feed becomes an unreadable file in
  // the post office (filed by the ingest, as for robot files), and no brand's feed changes.
  const badDate = scanDateProblem(where.date);
  if (badDate) return { brand: '', items: 0, errors: [badDate], unreadable: { problem: badDate, slug: where.slug, name: where.name } };
  // The slug is the one stored and reserved when the brand was created (SLUG#BRAND#<slug>), never re-derived.
  const brand = await getBrandBySlug(where.slug);
  if (!brand) {
    const problem = `Unknown brand slug "${where.slug}" in an on-hand feed: add the brand first or fix the folder name.`;
    return { brand: '', items: 0, errors: [problem], unreadable: { problem, slug: where.slug, name: where.name, date: where.date } };
  }

  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const lastModified = (object.LastModified ?? new Date(0)).toISOString();
  const version = createHash('sha256').update(`${key}\u0000${object.ETag ?? ''}\u0000${lastModified}`).digest('base64url').slice(0, 22);
  const order = `${where.date}#${lastModified}`;
  const startedAt = new Date().toISOString();
  await putVersionMarker(brand._id, { version, key, order, status: 'staging', startedAt });

  const rows = new OhFeedRows();
  const perCustomer = new Map<string, number>();
  const byCustomer = new Map<string, OhItem[]>();
  const skus = new BrandSkuCollector();
  const fatal = await streamRows(object.Body as Readable, rows, async (batch) => {
    for (const i of batch) {
      skus.add(i.inventoryId);
      perCustomer.set(idKey(i.customerId), (perCustomer.get(idKey(i.customerId)) ?? 0) + 1);
      const list = byCustomer.get(idKey(i.customerId));
      if (list) list.push(i);
      else byCustomer.set(idKey(i.customerId), [i]);
    }
    await putOhItems(brand._id, version, batch);
  });

  const refuse = async (reason: string): Promise<IngestOhResult> => {
    // Never retire the version readers use (a redelivered current feed is re-read, not refused).
    if ((await getCurrentFeed(brand._id))?.version !== version) await retire(brand._id, version);
    logger.warn('on-hand feed not applied', { key, reason });
    return { brand: brand._id, items: 0, errors: [reason, ...rows.report()] };
  };
  if (fatal) return refuse(`${fatal} The current on-hand feed is kept.`);
  if (rows.accepted === 0) return refuse('The feed has no valid row. The current on-hand feed is kept.');

  await waitForCustomerIndex(brand._id, version, perCustomer);
  await writeOhSnapshots(brand._id, version, byCustomer);
  // The Brand SKU options of the version (GET /getBrandSkus), also before the switch.
  await putSkuSnapshot(brand._id, version, skus.options());
  const switched = await switchCurrentFeed({
    brand: brand._id,
    version,
    key,
    date: where.date,
    order,
    items: rows.accepted,
    errorCount: rows.errorCount,
    ingestedAt: new Date().toISOString(),
  });
  if (!switched) return refuse(`A newer on-hand feed of ${brand.name} is already current; ${key} was not applied.`);
  await setVersionStatus(brand._id, version, 'complete');
  await retireOthers(brand._id, version);
  logger.info('on-hand feed applied', { key, brand: brand._id, items: rows.accepted, errors: rows.errorCount });
  return { brand: brand._id, items: rows.accepted, errors: rows.report() };
}

/**
 * The read snapshot of each retailer's items of the version (docs/product-reads.md), before the
 * switch so the tabs never build one from DynamoDB: in the customer index's order (serial,
 * trimmed and upper-cased, byte order), 8 writes in flight.
 */
async function writeOhSnapshots(brand: string, version: string, byCustomer: Map<string, OhItem[]>): Promise<void> {
  const byteOrder = (a: OhItem, b: OhItem) => Buffer.compare(Buffer.from(idKey(a.serialNo)), Buffer.from(idKey(b.serialNo)));
  const queue = [...byCustomer];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await putOhSnapshot(brand, version, next[0], next[1].sort(byteOrder));
  };
  await Promise.all(Array.from({ length: 8 }, worker));
}

/**
 * A feed for a slug no brand has is not dropped silently: it becomes an error File record in the
 * post office (with its notification and alert email), as an unknown retailer folder does; its id
 * derives from the key and ETag, so a redelivered event files it once.
 */

/**
 * Stream-parse the CSV: header, then rows in batches to `write`. Returns the reason the feed
 * cannot be used at all (bad header, malformed CSV, empty), or undefined.
 */
async function streamRows(body: Readable, rows: OhFeedRows, write: (batch: OhItem[]) => Promise<void>): Promise<string | undefined> {
  const parser = parse({ bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true, info: true });
  body.on('error', (e) => parser.destroy(e));
  body.pipe(parser);
  let header = true;
  let batch: OhItem[] = [];
  try {
    for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header) {
        header = false;
        const problem = rows.header(rec.record);
        if (problem) return problem;
        continue;
      }
      const item = rows.row(rec.record, rec.info.lines);
      if (!item) continue;
      batch.push(item);
      if (batch.length >= WRITE_BATCH) {
        await write(batch);
        batch = [];
      }
    }
    if (header) return 'The feed is empty: it needs a header line (Serial Number, Inventory ID, Style Name, Price, Customer ID, Customer Name, Image).';
    if (batch.length) await write(batch);
    return undefined;
  } catch (e) {
    if (e instanceof CsvError) return `The feed is not valid CSV${e.lines ? ` (line ${e.lines})` : ''}: ${e.message}`;
    throw e;
  } finally {
    body.unpipe(parser);
    body.destroy();
  }
}

/** Wait until the customer index holds every item of the version (GSIs are eventually consistent). */
async function waitForCustomerIndex(brand: string, version: string, expected: Map<string, number>, attempts = 40): Promise<void> {
  let pending = [...expected.entries()];
  for (let attempt = 0; attempt < attempts; attempt++) {
    const counts = await Promise.all(pending.map(([customer]) => countCustomerItems(brand, version, customer)));
    pending = pending.filter(([, n], i) => counts[i]! < n);
    if (!pending.length) return;
    await sleep(250 * Math.min(attempt + 1, 8));
  }
  throw new Error(`The on-hand customer index did not catch up for ${pending.length} customer(s) of version ${version}; retry the ingest.`);
}

async function retire(brand: string, version: string): Promise<void> {
  const expiresAt = epoch(Date.now()) + RETIRE_GRACE_SECONDS;
  await expireVersionItems(brand, version, expiresAt);
  await setVersionStatus(brand, version, 'retired', expiresAt + 7 * 24 * 3600);
}

/** Retire every other version: complete ones (superseded) and staging ones abandoned long ago. */
async function retireOthers(brand: string, current: string): Promise<void> {
  const now = Date.now();
  for (const m of await listVersionMarkers(brand)) {
    if (m.version === current || m.status === 'retired') continue;
    if (m.status === 'staging' && now - Date.parse(m.startedAt) < ABANDONED_AFTER_MS) continue; // maybe a concurrent ingest
    await retire(brand, m.version);
  }
}
