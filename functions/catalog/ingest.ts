/**
 * Ingest of a brand's catalogue (golden record, issue 38 §1) dropped at
 * `incoming/catalog/<brand-slug>/<YYYY-MM-DD>/<name>.csv|.jsonl`, by a brand's feed or by the
 * upload of Settings › Catalogue (the ingest Lambda calls this for `incoming/catalog/` keys, the
 * key already URL-decoded).
 *
 * Whole or nothing: the file is streamed and every row checked; the rows are written into a new
 * version while no row has failed; only a file without a single problem switches the brand's
 * pointer to its version, in one write. A refused file (a bad header, a bad line, too large, too
 * many products, empty) keeps the current catalogue and records every problem with its line in
 * the file's import record (Settings › Catalogue shows it). A retried event is safe: the version
 * derives from the object, writes are overwrites. Throws only on transient trouble.
 */
import { createHash } from 'node:crypto';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { CsvError, parse } from 'csv-parse';
import type { CatalogEntry } from '../../shared/content';
import { CATALOG_LIMITS, CATALOG_MSG as M } from '../../shared/messages/catalog';
import { getBrandBySlug } from '../brands';
import { scanDateProblem } from '../files';
import { s3 } from '../lib/clients/s3';
import { logger } from '../lib/logger';
import { expireEntries, putEntries, putImport, switchCurrentCatalog, type CatalogImport } from './catalog.repo';
import { CatalogRows, parseCatalogKey } from './domain/catalog-file';

export interface IngestCatalogResult {
  /** The brand id ('' when the key names no brand). */
  brand: string;
  /** Products now served from this file (0 when it was not applied). */
  entries: number;
  applied: boolean;
  errors: string[];
  /** Set when the file cannot be anyone's (bad date, unknown slug): the ingest files it as unreadable in the post office. */
  unreadable?: { problem: string; slug: string; name: string; date?: string };
}

/** A replaced version stays readable this long for a request that read the pointer just before the switch. */
export const RETIRE_GRACE_SECONDS = 3600;
/** A refused file's record stays in the history this long. */
const REFUSED_KEPT_SECONDS = 90 * 24 * 3600;
const WRITE_BATCH = 100;
const epoch = (ms: number) => Math.floor(ms / 1000);

/** What applying a catalogue sets off (the content checks of the brand's retailers): set by who wires the features together. */
let onApplied: ((brand: string, version: string) => Promise<void>) | undefined;
export function onCatalogApplied(f: (brand: string, version: string) => Promise<void>): void {
  onApplied = f;
}

export async function ingestCatalog({ bucket, key }: { bucket: string; key: string }): Promise<IngestCatalogResult> {
  const where = parseCatalogKey(key);
  if (!where) return { brand: '', entries: 0, applied: false, errors: [M.notCatalogKey(key)] };
  const badDate = scanDateProblem(where.date);
  if (badDate) return { brand: '', entries: 0, applied: false, errors: [badDate], unreadable: { problem: badDate, slug: where.slug, name: where.name } };
  const brand = await getBrandBySlug(where.slug);
  if (!brand) {
    const problem = M.unknownBrand(where.slug);
    return { brand: '', entries: 0, applied: false, errors: [problem], unreadable: { problem, slug: where.slug, name: where.name, date: where.date } };
  }

  const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
  const body = object.Body as Readable;
  const uploadedAt = (object.LastModified ?? new Date(0)).toISOString();
  const version = createHash('sha256').update(`${key}\u0000${object.ETag ?? ''}\u0000${uploadedAt}`).digest('base64url').slice(0, 22);
  const record: CatalogImport = { version, key, name: displayName(where.name), date: where.date, uploadedAt, status: 'checking', entries: 0, errorCount: 0, errors: [] };
  await putImport(brand._id, record);

  const refuse = async (problems: string[], rows?: CatalogRows): Promise<IngestCatalogResult> => {
    body.destroy();
    const now = Date.now();
    await expireEntries(brand._id, version, epoch(now) + RETIRE_GRACE_SECONDS);
    const errors = [...problems, ...(rows?.report() ?? [])];
    await putImport(brand._id, { ...record, status: 'refused', entries: 0, errorCount: rows?.errorCount || problems.length, errors, finishedAt: new Date(now).toISOString() }, epoch(now) + REFUSED_KEPT_SECONDS);
    logger.warn('catalogue not applied', { key, brand: brand._id, problems: errors.slice(0, 3) });
    return { brand: brand._id, entries: 0, applied: false, errors };
  };

  const size = object.ContentLength ?? 0;
  if (size > CATALOG_LIMITS.maxFileBytes) return refuse([M.fileSizeTooLarge(Math.ceil(size / 1024 / 1024), CATALOG_LIMITS.maxFileBytes / 1024 / 1024)]);
  if (!where.format) return refuse([M.fileFormat]);

  const rows = new CatalogRows(where.slug);
  let batch: CatalogEntry[] = [];
  let tooMany = false;
  const take = async (e: CatalogEntry | undefined): Promise<boolean> => {
    if (rows.accepted > CATALOG_LIMITS.maxEntries) {
      tooMany = true;
      return false;
    }
    // Rows are written only while the file is clean: a refused file's version is never read anyway.
    if (!e || rows.errorCount) return true;
    batch.push(e);
    if (batch.length >= WRITE_BATCH) {
      await putEntries(brand._id, version, batch);
      batch = [];
    }
    return true;
  };
  const fatal = where.format === 'csv' ? await readCsv(body, rows, take) : await readJsonLines(body, rows, take);
  if (fatal) return refuse([fatal], rows);
  if (tooMany) return refuse([M.tooManyEntries(CATALOG_LIMITS.maxEntries)]);
  if (rows.errorCount) return refuse([M.notApplied(rows.errorCount)], rows);
  if (rows.accepted === 0) return refuse([M.empty]);
  if (batch.length) await putEntries(brand._id, version, batch);

  const ingestedAt = new Date().toISOString();
  const { switched, replaced } = await switchCurrentCatalog({ brand: brand._id, version, key, name: record.name, date: where.date, order: `${where.date}#${uploadedAt}`, entries: rows.accepted, ingestedAt });
  if (!switched) return refuse([M.newerCurrent]);
  await putImport(brand._id, { ...record, status: 'applied', entries: rows.accepted, finishedAt: ingestedAt });
  if (replaced && replaced.version !== version) await expireEntries(brand._id, replaced.version, epoch(Date.now()) + RETIRE_GRACE_SECONDS);
  logger.info('catalogue applied', { key, brand: brand._id, entries: rows.accepted });
  if (onApplied && replaced?.version !== version) await onApplied(brand._id, version);
  return { brand: brand._id, entries: rows.accepted, applied: true, errors: [] };
}

/** An upload's key carries a random prefix (`<uuid>-<name>`): the name shown is the user's. */
const displayName = (name: string) => name.replace(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-/, '');

type Take = (e: CatalogEntry | undefined) => Promise<boolean>;

/** CSV: header, then each record to `take`. Returns why the file cannot be read at all, or undefined. */
async function readCsv(body: Readable, rows: CatalogRows, take: Take): Promise<string | undefined> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
  body.on('error', (e) => parser.destroy(e));
  body.pipe(parser);
  let header = true;
  try {
    for await (const rec of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header) {
        header = false;
        const problem = rows.header(rec.record);
        if (problem) return problem;
        continue;
      }
      if (!(await take(rows.csvRow(rec.record, rec.info.lines)))) return undefined;
    }
    return header ? M.emptyFile : undefined;
  } catch (e) {
    if (e instanceof CsvError) return M.notCsv(e.lines, e.message);
    throw e;
  } finally {
    body.unpipe(parser);
  }
}

/** JSON lines: one object a line. */
async function readJsonLines(body: Readable, rows: CatalogRows, take: Take): Promise<string | undefined> {
  const lines = createInterface({ input: body, crlfDelay: Infinity });
  let n = 0;
  for await (const raw of lines) {
    n++;
    const text = n === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (text.length > CATALOG_LIMITS.descriptionLength * 4) {
      rows.fail(`Line ${n}: the line is longer than ${(CATALOG_LIMITS.descriptionLength * 4).toLocaleString('en-US')} characters.`);
      continue;
    }
    if (!(await take(rows.jsonRow(text, n)))) break;
  }
  lines.close();
  return n === 0 ? M.emptyFile : undefined;
}
