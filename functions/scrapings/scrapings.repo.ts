/**
 * Scan periods (RetailerBrandScraping), their product scrapes and the retailer scan info.
 * Key design and access patterns: docs/data-model-scrapings.md.
 *
 *   SCRAPING#<periodId> / SCRAPING            the period (published:   gsi1 BRAND#<b>#PERIODS / <date>#<retailer>
 *                                             names its `version`)     gsi2 BRAND#<b>#RETAILER#<r>#PERIODS / <date>
 *   SCRAPING#<periodId> / PRODUCT#<v>#<key>   a product of version v   gsi1 FLAGGED#<periodId>#<v> / <style> (flagged only)
 *                                                                      gsi2 BRAND#<b>#RETAILER#<r>#STYLE#<style> / <date>#<v>
 *   SCRAPING#<periodId> / EDIT#<v>#<seq>      the user fields of a product after edit <seq> of version v (read by the tabs' cache)
 *   SCANINFO#<id> / SCANINFO                  scan info                gsi1 BRAND#<b>#SCANINFO / <retailer>
 *   BRAND#<b>#SCANDATES / <date>              a date on which a retailer of the brand has a published period:
 *                                             `retailers` (string set), ADDed in the transaction publishing it
 *   FILE#<fileId> / STAGE#<brand>             what approving the file publishes for one brand (no index keys)
 *
 * Products are written under a version (the id of the file that produced them) and are seen only
 * when the period item, written in the file's approval transaction, names that version: every
 * read here resolves the period's published version first.
 *
 * Retention (docs/decisions.md "Retention"): every item above except the scan info carries
 * `expiresAt` = the period's date + 6 months (shared/retention.ts) and is deleted by the
 * table's TTL, item by item, within a day or two after; reads treat a period, product or scan
 * date that is gone as never written.
 */
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FLAG_LEVELS } from '../../shared/constants';
import type { FlagMessage } from '../../shared/schemas/scrapings';
import { periodExpiresAt, utcDayMs } from '../../shared/retention';
import { ddb } from '../lib/clients/dynamodb';
import { clean, isConditionFailed, queryAll, queryCount, queryPages, table } from '../lib/table';
import { activityPut } from './activity';
import { refreshBrandRow } from './brand-rows.repo';
import { BatchWriter, batchWrite } from './batch';
import { scanInfoIdOf, splitProductId } from './domain/ids';
import type { ProductScrape, UserFields } from './domain/product';
import { USER_FIELD_KEYS, type UserFieldsState } from './domain/product-index';
import { isMapped, isPriceFlagged } from './domain/report-counts';
import { featuredInMenuOf, type FeaturedSources } from './domain/scan-info';

/** One brand × retailer × scan period (spec: retailer_brand_scraping; "Scraping info"). */
export interface RetailerBrandScraping {
  _id: string;
  brand: string;
  retailer: string;
  /** YYYY-MM-DD. */
  date: string;
  /** The product file applied to it last. */
  fileId: string;
  /** The version of its products that is published (the id of the file that wrote them). */
  version: string;
  totalProducts: number;
  previousTotalProducts: number;
  /** The date of the brand's previous period at this retailer ("Compared to"), null for the first. */
  previousPeriod: string | null;
  previousPeriodId: string | null;
  added: number;
  deleted: number;
  changed: number;
  unchanged: number;
  /** When the file was approved (ISO). */
  approvedDate: string;
  createdAt: string;
  updatedAt: string;
  /** Flagged products (not deleted) of the published version: set at publish from the staged flags, then moved by every flag change in its transaction. Absent on periods published before it existed. */
  flaggedCount?: number;
  /** Products (not removed) with an OH map id / flagged for Price, of the published version: counted at staging, moved by every edit in its transaction (domain/report-counts.ts; the monthly report). Absent on periods staged before they existed (infra/scripts/backfill.ts sets them). */
  mappedCount?: number;
  priceFlaggedCount?: number;
  /** Edits made to the period's products so far (never reset): each edit's log item has the next number (docs/product-reads.md). */
  editSeq?: number;
}

/** The retailer scan info of one brand (000 §3), as stored; `featuredInMenu` is derived on read. */
export interface ScanInfoRecord extends FeaturedSources {
  _id: string;
  brand: string;
  retailer: string;
  isFlagged: 'yes' | 'no';
  flagMessage?: unknown;
  /** The latest period applied (product file). */
  periodId?: string;
  productDate?: string;
  totalProducts?: number;
  previousTotalProducts?: number;
  approvedDate?: string;
  nextScanDay?: string;
  siteLink?: string;
  brandLink?: string;
  brand_description?: string;
  brand_logo?: string;
  brand_hero_image?: string;
  brand_screenshot?: string;
  brand_screenshot_large?: string;
  /** Primary menus of the homepage file that feature the brand. */
  featuredMenus?: string[];
  updatedAt: string;
}
export type ScanInfo = ScanInfoRecord & { featuredInMenu: boolean };

const periodKey = (id: string) => ({ pk: `SCRAPING#${id}`, sk: 'SCRAPING' });
const productKey = (periodId: string, version: string, key: string) => ({ pk: `SCRAPING#${periodId}`, sk: `PRODUCT#${version}#${key}` });
const stageKey = (fileId: string, brand: string) => ({ pk: `FILE#${fileId}`, sk: `STAGE#${brand}` });
const scanInfoKey = (id: string) => ({ pk: `SCANINFO#${id}`, sk: 'SCANINFO' });
const brandPeriodsPk = (brand: string) => `BRAND#${brand}#PERIODS`;
const retailerPeriodsPk = (brand: string, retailer: string) => `BRAND#${brand}#RETAILER#${retailer}#PERIODS`;
const scanDateKey = (brand: string, date: string) => ({ pk: `BRAND#${brand}#SCANDATES`, sk: date });
const historyPk = (brand: string, retailer: string, style: string) => `BRAND#${brand}#RETAILER#${retailer}#STYLE#${style}`;
const flaggedPk = (periodId: string, version: string) => `FLAGGED#${periodId}#${version}`;
const SEQ_DIGITS = 12;
const editSk = (version: string, seq: number) => `EDIT#${version}#${String(seq).padStart(SEQ_DIGITS, '0')}`;

/**
 * `periodExpiresAt` (the period's date + 6 months), or undefined for a stored date that is not a
 * calendar date: a period written before the scan-date check keeps no expiresAt rather than
 * failing every write of it (the backfill reports those).
 */
const expiryOf = (date: string): number | undefined => (utcDayMs(date) === undefined ? undefined : periodExpiresAt(date));
/** The TTL attribute of an item of the period dated `date` (none for a date that is not one). */
const ttlOf = (date: string): Record<string, number> => {
  const at = expiryOf(date);
  return at === undefined ? {} : { [table.ttl]: at };
};

function periodItem(p: RetailerBrandScraping) {
  return {
    ...periodKey(p._id),
    entity: 'RetailerBrandScraping',
    gsi1pk: brandPeriodsPk(p.brand),
    gsi1sk: `${p.date}#${p.retailer}`,
    gsi2pk: retailerPeriodsPk(p.brand, p.retailer),
    gsi2sk: p.date,
    ...p,
    ...ttlOf(p.date),
  };
}

/** A product item of one version of its period (every index key carries the version). */
export function productItem(p: ProductScrape, version: string) {
  const split = splitProductId(p._id);
  if (!split || split.periodId !== p.retailer_brand_scraping) throw new Error(`Bad product id ${p._id}`);
  return {
    ...productKey(split.periodId, version, split.productKey),
    entity: 'ProductScrape',
    // Removed products keep their flag data but are not counted (they have no flag control).
    ...(p.isFlagged === 'yes' && p.type !== 'deleted' ? { gsi1pk: flaggedPk(split.periodId, version), gsi1sk: p.style_number } : {}),
    gsi2pk: historyPk(p.brand, p.retailer, p.style_number),
    gsi2sk: `${p.date}#${version}`,
    ...p,
    ...ttlOf(p.date),
  };
}

/** An item as the code sees it: without its keys (`clean`) nor its `expiresAt`, which the table's TTL reads and nothing else (it follows from the date). */
function record<T>(item: Record<string, unknown>): T {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { [table.ttl]: expiresAt, ...rest } = clean<Record<string, unknown>>(item);
  return rest as T;
}

/** The version a product item belongs to (from its sort key `PRODUCT#<version>#<key>`). */
const versionOfSk = (sk: unknown): string => String(sk).split('#')[1] ?? '';

// ── Periods ─────────────────────────────────────────────────────────────────────

/** GetItem pk=SCRAPING#id, sk=SCRAPING */
export async function getPeriod(id: string): Promise<RetailerBrandScraping | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: periodKey(id), ConsistentRead: true }));
  return out.Item ? record<RetailerBrandScraping>(out.Item) : undefined;
}

/** TransactWriteItems: PutItem SCRAPING#id / SCRAPING (overwrite: re-applying a period rewrites it) and its scan date (`scanDateItem`) */
export async function putPeriod(p: RetailerBrandScraping): Promise<void> {
  await ddb.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: table.name, Item: periodItem(p) } }, scanDateItem(p.brand, p.retailer, p.date)] }));
  await refreshBrandRow(p.brand, p.retailer);
}

/**
 * Transaction entry: UpdateItem BRAND#b#SCANDATES / <date>, ADD the retailer to its `retailers`
 * set (idempotent: publishing a period again, or the backfill, adds nothing new). The date
 * expires with its periods (same `expiresAt`: the date + 6 months), so the list just ends.
 */
export function scanDateItem(brand: string, retailer: string, date: string): TransactItem {
  const at = expiryOf(date);
  return {
    Update: {
      TableName: table.name,
      Key: scanDateKey(brand, date),
      UpdateExpression: `SET entity = :e, brand = :b, #d = :d${at === undefined ? '' : ', #ttl = :ttl'} ADD retailers :r`,
      ExpressionAttributeNames: { '#d': 'date', ...(at === undefined ? {} : { '#ttl': table.ttl }) },
      ExpressionAttributeValues: { ':e': 'BrandScanDate', ':b': brand, ':d': date, ...(at === undefined ? {} : { ':ttl': at }), ':r': new Set([retailer]) },
    },
  };
}

/**
 * Query pk=BRAND#b#SCANDATES, newest first: one item per distinct date on which a retailer of
 * the brand has a published period, with those retailers (GET /RetailerSummaryDays/{brandId}).
 * Reads as many items as the answer has dates, not one per period.
 */
export async function listBrandScanDates(brand: string): Promise<{ date: string; retailers: string[] }[]> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk',
    ExpressionAttributeValues: { ':pk': scanDateKey(brand, '').pk },
    ScanIndexForward: false,
  });
  return items.map((i) => ({ date: String(i.sk), retailers: [...((i.retailers as Set<string> | undefined) ?? [])] }));
}

/**
 * Backfill of the scan-date items for periods published before they were kept (idempotent: a set
 * ADD): every brand's periods (Query gsi1 BRAND#b#PERIODS, retailer and date only), one
 * UpdateItem per distinct (date, retailers of that date). Returns the number of dates written.
 */
export async function backfillBrandScanDates(brands: readonly string[]): Promise<number> {
  let written = 0;
  for (const brand of brands) {
    const byDate = new Map<string, Set<string>>();
    for (const p of await listBrandPeriods(brand)) {
      if (!byDate.has(p.date)) byDate.set(p.date, new Set());
      byDate.get(p.date)!.add(p.retailer);
    }
    for (const [date, retailers] of byDate) {
      const { Update } = scanDateItem(brand, '', date);
      await ddb.send(new UpdateCommand({ ...Update!, ExpressionAttributeValues: { ...Update!.ExpressionAttributeValues, ':r': retailers } }));
      written++;
    }
  }
  return written;
}

/** Query gsi2 pk=BRAND#b#RETAILER#r#PERIODS, newest first (optionally only the newest `limit`) */
export async function listRetailerPeriods(brand: string, retailer: string, limit?: number): Promise<RetailerBrandScraping[]> {
  const input = {
    IndexName: table.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': retailerPeriodsPk(brand, retailer) },
    ScanIndexForward: false,
  };
  if (limit === undefined) return (await queryAll<Record<string, unknown>>(input)).map((i) => record<RetailerBrandScraping>(i));
  const out = await ddb.send(new QueryCommand({ TableName: table.name, ...input, Limit: limit }));
  return (out.Items ?? []).map((i) => record<RetailerBrandScraping>(i));
}

/** Query gsi2 pk=BRAND#b#RETAILER#r#PERIODS, sk < date, newest first, Limit 1: the previous period */
export async function findPreviousPeriod(brand: string, retailer: string, date: string): Promise<RetailerBrandScraping | undefined> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: table.gsi2,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :d',
      ExpressionAttributeValues: { ':pk': retailerPeriodsPk(brand, retailer), ':d': date },
      ScanIndexForward: false,
      Limit: 1,
    }),
  );
  return out.Items?.[0] ? record<RetailerBrandScraping>(out.Items[0]) : undefined;
}

/** Query gsi2 pk=BRAND#b#RETAILER#r#PERIODS, sk > date, oldest first, Limit 1: the next period (the scan after a past one) */
export async function findNextPeriod(brand: string, retailer: string, date: string): Promise<Pick<RetailerBrandScraping, '_id' | 'date'> | undefined> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: table.gsi2,
      KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk > :d',
      ExpressionAttributeValues: { ':pk': retailerPeriodsPk(brand, retailer), ':d': date },
      ProjectionExpression: '#id, #date',
      ExpressionAttributeNames: { '#id': '_id', '#date': 'date' },
      Limit: 1,
    }),
  );
  const item = out.Items?.[0];
  return item ? { _id: String(item._id), date: String(item.date) } : undefined;
}

/** Query gsi1 pk=BRAND#b#PERIODS, newest first (every retailer's periods of a brand; id, retailer, date only): the backfill only, never an API read (it grows with every scan) */
export async function listBrandPeriods(brand: string): Promise<Pick<RetailerBrandScraping, '_id' | 'retailer' | 'date'>[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': brandPeriodsPk(brand) },
    ExpressionAttributeNames: { '#id': '_id', '#r': 'retailer', '#d': 'date' },
    ProjectionExpression: '#id, #r, #d',
    ScanIndexForward: false,
  });
  return items as Pick<RetailerBrandScraping, '_id' | 'retailer' | 'date'>[];
}

/** What the monthly report reads of a period (docs/reports.md): its totals and counters kept on write. */
export type ReportPeriod = Pick<
  RetailerBrandScraping,
  '_id' | 'retailer' | 'date' | 'version' | 'totalProducts' | 'added' | 'deleted' | 'changed' | 'flaggedCount' | 'mappedCount' | 'priceFlaggedCount'
>;

/**
 * Query gsi1 pk=BRAND#b#PERIODS, sk BETWEEN '<YYYY-MM>-01' AND '<YYYY-MM>-31~': the brand's
 * published periods of one month (one item per retailer and scan date), their figures only.
 */
export async function listBrandPeriodsOfMonth(brand: string, yearMonth: string): Promise<ReportPeriod[]> {
  const fields = ['_id', 'retailer', 'date', 'version', 'totalProducts', 'added', 'deleted', 'changed', 'flaggedCount', 'mappedCount', 'priceFlaggedCount'] as const;
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk AND gsi1sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': brandPeriodsPk(brand), ':from': `${yearMonth}-01`, ':to': `${yearMonth}-31~` },
    ExpressionAttributeNames: Object.fromEntries(fields.map((f, i) => [`#f${i}`, f])),
    ProjectionExpression: fields.map((_, i) => `#f${i}`).join(', '),
  });
  return items as unknown as ReportPeriod[];
}

/**
 * The report's counters (`mappedCount`, `priceFlaggedCount`: domain/report-counts.ts) for the
 * periods published before they existed: each such period's published version read once (one
 * period at a time), the counts set only if the period is still at that version and edit
 * sequence and has none yet (an edit meanwhile: read again). Run by infra/scripts/backfill.ts.
 */
export async function backfillPeriodReportCounts(brands: readonly string[]): Promise<number> {
  let written = 0;
  for (const brand of brands) {
    for (const { _id } of await listBrandPeriods(brand)) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const period = await getPeriod(_id);
        if (!period?.version || (period.mappedCount !== undefined && period.priceFlaggedCount !== undefined)) break;
        const products = await listVersionProducts(_id, period.version);
        try {
          await ddb.send(
            new UpdateCommand({
              TableName: table.name,
              Key: periodKey(_id),
              ConditionExpression: `#v = :v AND attribute_not_exists(#mc) AND ${period.editSeq === undefined ? 'attribute_not_exists(#seq)' : '#seq = :seq'}`,
              UpdateExpression: 'SET #mc = :mc, #pc = :pc',
              ExpressionAttributeNames: { '#v': 'version', '#mc': 'mappedCount', '#pc': 'priceFlaggedCount', '#seq': 'editSeq' },
              ExpressionAttributeValues: {
                ':v': period.version,
                ':mc': products.filter(isMapped).length,
                ':pc': products.filter(isPriceFlagged).length,
                ...(period.editSeq === undefined ? {} : { ':seq': period.editSeq }),
              },
            }),
          );
          written++;
          break;
        } catch (e) {
          if (!isConditionFailed(e)) throw e;
        }
      }
    }
  }
  return written;
}

// ── Retention backfill ──────────────────────────────────────────────────────────

/** What the retention backfill did (infra/scripts/backfill.ts prints it). */
export interface ExpiryBackfill {
  /** Periods whose item collection (period, products of every version, edit log) got `expiresAt`. */
  periods: number;
  /** Items given `expiresAt` (periods, products, edits, scan dates, stage records). */
  items: number;
  /** Periods, scan dates or stage records left alone: their date is not a calendar date (only data from before the scan-date check; printed to look at). */
  badDates: string[];
}

const EXPIRY_WRITES = 25;

/**
 * UpdateItem SET expiresAt on each key, 25 at a time, only on an item that still exists and has
 * none (condition): never recreates an item deleted meanwhile, never moves a date set on write.
 */
async function setExpiresAt(keys: readonly { pk: unknown; sk: unknown }[], expiresAt: number): Promise<number> {
  let set = 0;
  for (let i = 0; i < keys.length; i += EXPIRY_WRITES) {
    const done = await Promise.all(
      keys.slice(i, i + EXPIRY_WRITES).map(async (k) => {
        try {
          await ddb.send(
            new UpdateCommand({
              TableName: table.name,
              Key: { pk: k.pk, sk: k.sk },
              ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(#ttl)',
              UpdateExpression: 'SET #ttl = :ttl',
              ExpressionAttributeNames: { '#ttl': table.ttl },
              ExpressionAttributeValues: { ':ttl': expiresAt },
            }),
          );
          return 1;
        } catch (e) {
          if (isConditionFailed(e)) return 0;
          throw e;
        }
      }),
    );
    set += done.reduce((a: number, b) => a + b, 0);
  }
  return set;
}

/** Query pk=SCRAPING#periodId (keys only, items without expiresAt), a page at a time: SET expiresAt on each (the period item last, when `withPeriod`). */
async function expirePeriodCollection(periodId: string, expiresAt: number, pageSize: number, withPeriod: boolean): Promise<number> {
  let set = 0;
  const pages = queryPages<{ pk: string; sk: string }>({
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'attribute_not_exists(#ttl)',
    ExpressionAttributeNames: { '#ttl': table.ttl },
    ExpressionAttributeValues: { ':pk': periodKey(periodId).pk },
    ProjectionExpression: 'pk, sk',
    Limit: pageSize,
  });
  for await (const page of pages) set += await setExpiresAt(page.filter((k) => k.sk !== 'SCRAPING'), expiresAt);
  // The period item last: a period with `expiresAt` is one whose whole collection has it (a rerun skips it).
  if (withPeriod) set += await setExpiresAt([periodKey(periodId)], expiresAt);
  return set;
}

/**
 * The retention backfill (docs/decisions.md "Retention"): `expiresAt` (the period's date + 6
 * months) on the per-period items written before it existed. Per brand: the brand's periods
 * (Query gsi1 BRAND#b#PERIODS, a page at a time, id, date and expiresAt only); for each period
 * without expiresAt, its item collection (products of every version, edit log; Query of the keys
 * lacking it), then the period item itself; then the brand's scan dates (Query
 * BRAND#b#SCANDATES, those lacking it). Then the stage records left by rejected files, and the
 * products they staged for periods never published (Query gsi3 FILES#rejected#<flag>, then
 * FILE#id / STAGE#). Idempotent and resumable: only items without expiresAt are written, each
 * with a condition; a period is done when its own item has it. A later run reads one small
 * item per period, the scan dates lacking it (none) and the rejected files' stage records, and
 * writes nothing. Periods older than 6 months get a past `expiresAt`: the
 * table's TTL deletes them within a day or two of the first run.
 */
export async function backfillPeriodExpiresAt(brands: readonly string[], opts: { pageSize?: number; flags?: readonly string[] } = {}): Promise<ExpiryBackfill> {
  const pageSize = opts.pageSize ?? 200;
  const out: ExpiryBackfill = { periods: 0, items: 0, badDates: [] };
  for (const brand of brands) {
    const periods = queryPages<{ _id: string; date: string; expiresAt?: number }>({
      IndexName: table.gsi1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': brandPeriodsPk(brand) },
      ExpressionAttributeNames: { '#id': '_id', '#d': 'date', '#ttl': table.ttl },
      ProjectionExpression: '#id, #d, #ttl',
      Limit: pageSize,
    });
    for await (const page of periods) {
      for (const p of page) {
        if (p.expiresAt !== undefined) continue;
        const expiresAt = expiryOf(p.date);
        if (expiresAt === undefined) {
          out.badDates.push(`period ${p._id}: ${p.date}`);
          continue;
        }
        out.items += await expirePeriodCollection(p._id, expiresAt, pageSize, true);
        out.periods++;
      }
    }
    const dates = queryPages<{ pk: string; sk: string }>({
      KeyConditionExpression: 'pk = :pk',
      FilterExpression: 'attribute_not_exists(#ttl)',
      ExpressionAttributeNames: { '#ttl': table.ttl },
      ExpressionAttributeValues: { ':pk': scanDateKey(brand, '').pk },
      ProjectionExpression: 'pk, sk',
      Limit: pageSize,
    });
    for await (const page of dates) {
      for (const k of page) {
        const expiresAt = expiryOf(k.sk);
        if (expiresAt === undefined) out.badDates.push(`scan date ${k.pk} / ${k.sk}`);
        else out.items += await setExpiresAt([k], expiresAt);
      }
    }
  }
  for (const flag of opts.flags ?? FLAG_LEVELS) {
    const files = queryPages<{ _id: string }>({
      IndexName: table.gsi3,
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': `FILES#rejected#${flag}` },
      ExpressionAttributeNames: { '#id': '_id' },
      ProjectionExpression: '#id',
      Limit: pageSize,
    });
    for await (const page of files) {
      for (const f of page) {
        const stages = await queryAll<Pick<StageRecord, 'fileId' | 'brand' | 'date' | 'period'> & { expiresAt?: number }>({
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
          ExpressionAttributeValues: { ':pk': `FILE#${f._id}`, ':s': 'STAGE#' },
        });
        for (const stage of stages) {
          if (stage.expiresAt !== undefined) continue;
          const expiresAt = expiryOf(stage.date);
          if (expiresAt === undefined) {
            out.badDates.push(`stage FILE#${stage.fileId} / STAGE#${stage.brand}: ${stage.date}`);
            continue;
          }
          // The products it staged (a period never published has no period item to mark it done).
          if (stage.period) out.items += await expirePeriodCollection(stage.period._id, expiresAt, pageSize, false);
          out.items += await setExpiresAt([stageKey(stage.fileId, stage.brand)], expiresAt);
        }
      }
    }
  }
  return out;
}

// ── Product scrapes ─────────────────────────────────────────────────────────────

/** The published version of a period (GetItem of the period), undefined when it has none. */
async function publishedVersion(periodId: string): Promise<string | undefined> {
  return (await getPeriod(periodId))?.version;
}

/**
 * Every product of a period as brands see it: the period's published version (GetItem
 * SCRAPING#id, unless given), then Query pk=SCRAPING#periodId, sk begins_with PRODUCT#<version>#
 * (consistent read). A period that is not published has none.
 */
export async function listPeriodProducts(periodId: string, version?: string): Promise<ProductScrape[]> {
  const v = version ?? (await publishedVersion(periodId));
  return v ? listVersionProducts(periodId, v) : [];
}

/** Query pk=SCRAPING#periodId, sk begins_with PRODUCT#<version># (consistent): the products of one version, published or not */
export async function listVersionProducts(periodId: string, version: string): Promise<ProductScrape[]> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    ExpressionAttributeValues: { ':pk': `SCRAPING#${periodId}`, ':p': `PRODUCT#${version}#` },
    ConsistentRead: true,
  });
  return items.map((i) => record<ProductScrape>(i));
}

/** The period's published version, then GetItem pk=SCRAPING#<first half of id>, sk=PRODUCT#<version>#<second half> */
export async function getProduct(id: string): Promise<ProductScrape | undefined> {
  const split = splitProductId(id);
  if (!split) return undefined;
  const version = await publishedVersion(split.periodId);
  if (!version) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: productKey(split.periodId, version, split.productKey), ConsistentRead: true }));
  return out.Item ? record<ProductScrape>(out.Item) : undefined;
}

/**
 * BatchGetItem pk=SCRAPING#periodId, sk=PRODUCT#<version>#<key> of the given product ids
 * (consistent, 100 keys a request): the products of one page of a tab (product-reads.ts), by id.
 * An id not stored (or not of the period) is absent from the answer.
 */
export async function getVersionProducts(periodId: string, version: string, ids: readonly string[]): Promise<Map<string, ProductScrape>> {
  const found = new Map<string, ProductScrape>();
  const keys = [...new Set(ids)].flatMap((id) => {
    const split = splitProductId(id);
    return split && split.periodId === periodId ? [productKey(periodId, version, split.productKey)] : [];
  });
  for (let i = 0; i < keys.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead: boolean }> | undefined = { [table.name]: { Keys: keys.slice(i, i + 100), ConsistentRead: true } };
    while (request && Object.keys(request).length) {
      const out = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const item of out.Responses?.[table.name] ?? []) {
        const p = record<ProductScrape>(item);
        found.set(p._id, p);
      }
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return found;
}

/** BatchWriteItem: PutItem SCRAPING#periodId / PRODUCT#<version>#key for each product (staging a version). Products of one version written as they come (BatchWriteItem, 25 a request, several in flight): staging a large file. */
export interface ProductWriter {
  /** Await what it returns (when not undefined): all write slots are busy. */
  add(product: ProductScrape): Promise<void> | undefined;
  /** Resolves with the number of products written once all are stored. */
  close(): Promise<number>;
}

export function productWriter(version: string): ProductWriter {
  const writer = new BatchWriter();
  return { add: (p) => writer.add({ PutRequest: { Item: productItem(p, version) } }), close: () => writer.close() };
}

/** What people set on a product, by style number: what staging carries to a new version. */
export type ProductUserFields = Pick<ProductScrape, 'style_number' | 'isFlagged' | 'flagMessage' | 'oh_map_id' | 'brand_sku' | 'product' | 'edited'>;

/** Where a Query of a version's user fields resumes: DynamoDB's LastEvaluatedKey (the product item's key). */
export type UserFieldsCursor = Record<string, unknown>;

/**
 * Query pk=SCRAPING#periodId, sk begins_with PRODUCT#<version># (consistent), projected to the
 * style number and the user fields: ONE DynamoDB page (after `after`, at most `limit` items),
 * with the key to resume from (undefined after the last page). Staging reads a large version a
 * page at a time over several invocations (apply.ts), so one never holds it nor waits for all of it.
 */
export async function versionUserFieldPage(periodId: string, version: string, after?: UserFieldsCursor, limit?: number): Promise<{ items: ProductUserFields[]; next?: UserFieldsCursor }> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `SCRAPING#${periodId}`, ':p': `PRODUCT#${version}#` },
      ProjectionExpression: 'style_number, isFlagged, flagMessage, oh_map_id, brand_sku, #product, edited',
      ExpressionAttributeNames: { '#product': 'product' },
      ConsistentRead: true,
      ...(after ? { ExclusiveStartKey: after } : {}),
      ...(limit ? { Limit: limit } : {}),
    }),
  );
  return { items: (out.Items ?? []) as ProductUserFields[], ...(out.LastEvaluatedKey ? { next: out.LastEvaluatedKey } : {}) };
}

/**
 * Query pk=SCRAPING#periodId, sk begins_with PRODUCT#<version>#, filter updatedAt > since
 * (consistent), a page at a time: the products of a version edited since a time (cleanup
 * carries them). Reads the whole version's keys but holds only the edited ones.
 */
export async function* listVersionProductsEditedSince(periodId: string, version: string, since: string): AsyncGenerator<ProductScrape[]> {
  const pages = queryPages<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
    FilterExpression: 'updatedAt > :since',
    ExpressionAttributeValues: { ':pk': `SCRAPING#${periodId}`, ':p': `PRODUCT#${version}#`, ':since': since },
    ConsistentRead: true,
  });
  for await (const page of pages) yield page.map((i) => record<ProductScrape>(i));
}

/** Query pk=SCRAPING#periodId, sk begins_with PRODUCT#<version># and EDIT#<version># (keys only), then BatchWriteItem DeleteItem of each: remove a superseded version (its products and edit log); returns the products removed */
export async function deleteVersionProducts(periodId: string, version: string): Promise<number> {
  // A page of keys at a time, deleted while the next page is read: a large version is never held whole.
  const writer = new BatchWriter();
  let products = 0;
  for (const prefix of ['PRODUCT', 'EDIT']) {
    const pages = queryPages<{ pk: string; sk: string }>({
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
      ExpressionAttributeValues: { ':pk': `SCRAPING#${periodId}`, ':p': `${prefix}#${version}#` },
      ProjectionExpression: 'pk, sk',
    });
    for await (const page of pages) {
      for (const k of page) {
        if (prefix === 'PRODUCT') products++;
        const wait = writer.add({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } });
        if (wait) await wait;
      }
    }
  }
  await writer.close();
  return products;
}

/**
 * Edit a product's user fields (undefined or null removes one): the period (version, edit
 * sequence) and the product are read, then ONE TransactWriteItems updates the product (only an
 * existing one; setting isFlagged also moves it in or out of the FLAGGED# index), moves the
 * period's `editSeq` on by one (condition: unchanged since read, else read again) and its
 * `flaggedCount` by the flag change, and puts the edit's log item `EDIT#<version>#<seq>` that
 * the tabs' cache reads. Flag calls must go through here so flagged counts stay right.
 * `version` targets a given version (carrying edits at cleanup). Undefined when there is no
 * such product.
 */
/**
 * Writes a caller adds to an edit's transaction (a flag's case, issue 24), given the product before
 * and after and whether the edit is of the published version; read again on every retry.
 */
export type EditWrites = (e: { before: ProductScrape; after: ProductScrape; now: string; published: boolean }) => Promise<TransactItem[]>;

export async function updateProductFields(id: string, fields: Partial<UserFields>, version?: string, extraWrites?: EditWrites): Promise<ProductScrape | undefined> {
  const split = splitProductId(id);
  if (!split) return undefined;
  for (let attempt = 0; attempt < 20; attempt++) {
    const period = await getPeriod(split.periodId);
    const v = version ?? period?.version;
    if (!period || !v) return undefined;
    const key = productKey(split.periodId, v, split.productKey);
    const got = await ddb.send(new GetCommand({ TableName: table.name, Key: key, ConsistentRead: true }));
    if (!got.Item) return undefined;
    const before = record<ProductScrape>(got.Item);
    const now = new Date().toISOString();
    const after = { ...before, updatedAt: now } as ProductScrape & Record<string, unknown>;
    for (const [k, val] of Object.entries(fields)) {
      if (val === undefined || val === null) delete after[k];
      else after[k] = val;
    }
    const counts = (p: ProductScrape) => (p.isFlagged === 'yes' && p.type !== 'deleted' ? 1 : 0);
    const published = v === period.version;
    const delta = published && period.flaggedCount !== undefined ? counts(after) - counts(before) : 0;
    // The report's counters (domain/report-counts.ts), moved in the same transaction.
    const moves: [string, string, number][] = [];
    if (published && period.mappedCount !== undefined) moves.push(['#mc', 'mappedCount', Number(isMapped(after)) - Number(isMapped(before))]);
    if (published && period.priceFlaggedCount !== undefined) moves.push(['#pc', 'priceFlaggedCount', Number(isPriceFlagged(after)) - Number(isPriceFlagged(before))]);
    const adds = [...(delta ? ([['#fc', 'flaggedCount', delta]] as [string, string, number][]) : []), ...moves.filter((m) => m[2] !== 0)];
    const seq = (period.editSeq ?? 0) + 1;
    const state: Record<string, unknown> = {};
    for (const k of USER_FIELD_KEYS) if (after[k] !== undefined) state[k] = after[k];
    const failed = await transactWrite([
      { Update: { TableName: table.name, Key: key, ...productFieldsUpdate(split.periodId, v, fields, now) } },
      {
        Update: {
          TableName: table.name,
          Key: periodKey(split.periodId),
          ConditionExpression: period.editSeq === undefined ? 'attribute_not_exists(#seq)' : '#seq = :prev',
          UpdateExpression: `SET #seq = :seq${adds.length ? ` ADD ${adds.map(([n]) => `${n} :${n.slice(1)}`).join(', ')}` : ''}`,
          ExpressionAttributeNames: { '#seq': 'editSeq', ...Object.fromEntries(adds.map(([n, attr]) => [n, attr])) },
          ExpressionAttributeValues: { ':seq': seq, ...(period.editSeq === undefined ? {} : { ':prev': period.editSeq }), ...Object.fromEntries(adds.map(([n, , d]) => [`:${n.slice(1)}`, d])) },
        },
      },
      { Put: { TableName: table.name, Item: { pk: `SCRAPING#${split.periodId}`, sk: editSk(v, seq), entity: 'ProductEdit', productId: id, seq, state, ...ttlOf(period.date) } } },
      ...flagActivity(period, id, v, before, after, now, seq),
      ...(extraWrites ? await extraWrites({ before, after, now, published }) : []),
    ]);
    if (failed === undefined) {
      // A published flagged count moved: the brand's row of the retailer (brand-rows.repo.ts) follows.
      if (delta) await refreshBrandRow(period.brand, period.retailer);
      return after;
    }
    if (failed === 0) return undefined; // the product went meanwhile
  }
  throw new Error(`The products of period ${split.periodId} kept changing while editing ${id}.`);
}

/**
 * The brand's activity-log event of an edit (./activity.ts; the digests): only when the product's
 * flag or its Price reason changed on the published version, and never for a removed product.
 */
function flagActivity(period: RetailerBrandScraping, id: string, version: string, before: ProductScrape, after: ProductScrape, now: string, seq: number) {
  if (version !== period.version || after.type === 'deleted') return [];
  const wasFlagged = before.isFlagged === 'yes';
  const flagged = after.isFlagged === 'yes';
  const wasPrice = isPriceFlagged(before);
  const price = isPriceFlagged(after);
  if (wasFlagged === flagged && wasPrice === price) return [];
  return [
    activityPut(
      { kind: 'flag', brand: period.brand, retailer: period.retailer, at: now, productId: id, name: String(after.name ?? ''), ...(after.style_number ? { style_number: String(after.style_number) } : {}), wasFlagged, flagged, wasPrice, price },
      `${period._id}#${seq}`,
    ),
  ];
}

/** The UpdateItem of a product's user fields (condition: it exists). */
function productFieldsUpdate(periodId: string, version: string, fields: Partial<UserFields>, now: string) {
  const names: Record<string, string> = { '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = { ':now': now };
  const sets = ['#updatedAt = :now'];
  const removes: string[] = [];
  Object.entries(fields).forEach(([k, val], i) => {
    names[`#f${i}`] = k;
    if (val === undefined || val === null) removes.push(`#f${i}`);
    else {
      values[`:v${i}`] = val;
      sets.push(`#f${i} = :v${i}`);
    }
  });
  if (fields.isFlagged === 'yes') {
    Object.assign(names, { '#g1pk': 'gsi1pk', '#g1sk': 'gsi1sk', '#style': 'style_number' });
    values[':g1pk'] = flaggedPk(periodId, version);
    sets.push('#g1pk = :g1pk', '#g1sk = #style');
  } else if (fields.isFlagged === 'no') {
    Object.assign(names, { '#g1pk': 'gsi1pk', '#g1sk': 'gsi1sk' });
    removes.push('#g1pk', '#g1sk');
  }
  return {
    ConditionExpression: 'attribute_exists(pk)',
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/** One logged edit: the product's user fields after edit `seq`. */
export interface ProductEdit {
  productId: string;
  seq: number;
  state: UserFieldsState;
}

/** Query pk=SCRAPING#periodId, sk BETWEEN EDIT#<version>#<after+1> AND EDIT#<version>#~ (consistent): the edits of a version newer than `after`, oldest first */
export async function listEditsSince(periodId: string, version: string, after: number): Promise<ProductEdit[]> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': `SCRAPING#${periodId}`, ':from': editSk(version, after + 1), ':to': `EDIT#${version}#~` },
    ConsistentRead: true,
  });
  return items.map((i) => ({ productId: String(i.productId), seq: Number(i.seq), state: (i.state ?? {}) as UserFieldsState }));
}

/** What the summary and the retailer list need of a period. */
/** The period's published version (unless given), then Query gsi1 pk=FLAGGED#periodId#version, Select COUNT: flagged products of a period */
export async function countFlaggedProducts(periodId: string, version?: string): Promise<number> {
  const v = version ?? (await publishedVersion(periodId));
  if (!v) return 0;
  return queryCount({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': flaggedPk(periodId, v) } });
}

/**
 * Query gsi2 pk=BRAND#b#RETAILER#r#STYLE#style, newest first, then BatchGetItem of the periods
 * those items belong to: one product across periods, only the published version of each.
 */
export async function listProductHistory(brand: string, retailer: string, styleNumber: string): Promise<ProductScrape[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': historyPk(brand, retailer, styleNumber) },
    ScanIndexForward: false,
  });
  const periodIds = [...new Set(items.map((i) => String(i.retailer_brand_scraping)))];
  const published = new Map<string, string>();
  for (let i = 0; i < periodIds.length; i += 100) {
    const keys = periodIds.slice(i, i + 100).map(periodKey);
    let request: Record<string, { Keys: Record<string, unknown>[]; ProjectionExpression: string; ExpressionAttributeNames: Record<string, string>; ConsistentRead: boolean }> | undefined = {
      [table.name]: { Keys: keys, ProjectionExpression: '#id, #v', ExpressionAttributeNames: { '#id': '_id', '#v': 'version' }, ConsistentRead: true },
    };
    while (request && Object.keys(request).length) {
      const out = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const p of out.Responses?.[table.name] ?? []) if (p.version) published.set(String(p._id), String(p.version));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return items.filter((i) => published.get(String(i.retailer_brand_scraping)) === versionOfSk(i.sk)).map((i) => record<ProductScrape>(i));
}

// ── Staging and publication ─────────────────────────────────────────────────────

/** What approving a file publishes for one brand: its period (product files) or scan-info fields. */
export interface StageRecord {
  fileId: string;
  brand: string;
  retailer: string;
  date: string;
  /** When the products were staged (edits after it on the superseded version are carried at cleanup). */
  stagedAt: string;
  /** Product files: the period to publish (approvedDate is set at publication). */
  period?: Omit<RetailerBrandScraping, 'approvedDate'>;
  /** The version the period had published when staged (removed after publication). */
  supersedes?: string;
  /** Brand page / homepage files: the scan-info fields of that source. */
  scan?: { source: ScanInfoSource; fields: ScanInfoFields };
}

/** PutItem FILE#fileId / STAGE#brand (overwrite: staging again replaces it) */
export async function putStage(r: StageRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...stageKey(r.fileId, r.brand), entity: 'Stage', ...r, ...ttlOf(r.date) } }));
}

/** Query pk=FILE#fileId, sk begins_with STAGE# (consistent): what approving the file publishes */
export async function listStages(fileId: string): Promise<StageRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :s)',
    ExpressionAttributeValues: { ':pk': `FILE#${fileId}`, ':s': 'STAGE#' },
    ConsistentRead: true,
  });
  return items.map((i) => record<StageRecord>(i));
}

/** BatchWriteItem DeleteItem FILE#fileId / STAGE#brand of each: the stage records, once published and cleaned up */
export async function deleteStages(fileId: string, brands: readonly string[]): Promise<void> {
  await batchWrite(brands.map((b) => ({ DeleteRequest: { Key: stageKey(fileId, b) } })));
}

/** A TransactWriteItems entry (kept opaque outside the repos). */
export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/**
 * Transaction entry: UpdateItem SCRAPING#id / SCRAPING setting every field of the period (the
 * pointer to the published version, listed in the period indexes, with its flaggedCount) and
 * keeping its `editSeq` (never reset, so edit log items are never numbered twice).
 */
export function periodPutItem(p: RetailerBrandScraping): TransactItem {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { pk, sk, editSeq, ...fields } = periodItem(p);
  const names: Record<string, string> = { '#seq': 'editSeq' };
  const values: Record<string, unknown> = { ':zero': 0 };
  const sets = ['#seq = if_not_exists(#seq, :zero)'];
  Object.entries(fields).forEach(([k, v], i) => {
    if (v === undefined) return;
    names[`#a${i}`] = k;
    values[`:a${i}`] = v;
    sets.push(`#a${i} = :a${i}`);
  });
  return { Update: { TableName: table.name, Key: { pk, sk }, UpdateExpression: `SET ${sets.join(', ')}`, ExpressionAttributeNames: names, ExpressionAttributeValues: values } };
}

/** Transaction entry: the conditional upsert of `upsertScanInfo` (fails the transaction when a newer file set the source) */
export const scanInfoUpdateItem = (brand: string, retailer: string, source: ScanInfoSource, date: string, fields: ScanInfoFields): TransactItem => ({
  Update: { TableName: table.name, ...scanInfoUpdate(brand, retailer, source, date, fields) },
});

/**
 * TransactWriteItems of the given entries (at most 100): all or nothing. Returns the index of
 * the first entry whose condition failed when the transaction was cancelled for a condition,
 * undefined when it was written.
 */
export async function transactWrite(items: readonly TransactItem[]): Promise<number | undefined> {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: [...items] }));
    return undefined;
  } catch (e) {
    const err = e as { name?: string; CancellationReasons?: { Code?: string }[] };
    if (err.name !== 'TransactionCanceledException') throw e;
    const i = (err.CancellationReasons ?? []).findIndex((r) => r.Code === 'ConditionalCheckFailed');
    if (i < 0) throw e;
    return i;
  }
}

// ── Retailer scan info ──────────────────────────────────────────────────────────

const withFeatured = (r: ScanInfoRecord): ScanInfo => ({ ...r, featuredInMenu: featuredInMenuOf(r) });

/** GetItem pk=SCANINFO#<scanInfoIdOf(brand, retailer)> */
export async function getScanInfo(brand: string, retailer: string): Promise<ScanInfo | undefined> {
  return getScanInfoById(scanInfoIdOf(brand, retailer));
}

/** GetItem pk=SCANINFO#id, sk=SCANINFO */
export async function getScanInfoById(id: string): Promise<ScanInfo | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: scanInfoKey(id), ConsistentRead: true }));
  return out.Item ? withFeatured(record<ScanInfoRecord>(out.Item)) : undefined;
}

export type ScanInfoSource = 'productDate' | 'brandPageDate' | 'homepageDate';
export type ScanInfoFields = Partial<Omit<ScanInfoRecord, '_id' | 'brand' | 'retailer' | 'isFlagged' | 'updatedAt' | ScanInfoSource>>;

/** The UpdateItem of SCANINFO#id (upsert) with its condition: no `source` date yet, or an older or equal one. */
function scanInfoUpdate(brand: string, retailer: string, source: ScanInfoSource, date: string, fields: ScanInfoFields) {
  const id = scanInfoIdOf(brand, retailer);
  const names: Record<string, string> = { '#src': source, '#id': '_id', '#brand': 'brand', '#retailer': 'retailer', '#flag': 'isFlagged', '#updatedAt': 'updatedAt' };
  const values: Record<string, unknown> = {
    ':date': date,
    ':id': id,
    ':brand': brand,
    ':retailer': retailer,
    ':no': 'no',
    ':now': new Date().toISOString(),
    ':entity': 'ScanInfo',
    ':g1pk': `BRAND#${brand}#SCANINFO`,
  };
  const sets = [
    '#src = :date',
    '#id = :id',
    '#brand = :brand',
    '#retailer = :retailer',
    '#flag = if_not_exists(#flag, :no)',
    '#updatedAt = :now',
    'entity = :entity',
    'gsi1pk = :g1pk',
    'gsi1sk = :retailer',
  ];
  const removes: string[] = [];
  Object.entries(fields).forEach(([k, v], i) => {
    names[`#f${i}`] = k;
    if (v === undefined) removes.push(`#f${i}`);
    else {
      values[`:v${i}`] = v;
      sets.push(`#f${i} = :v${i}`);
    }
  });
  return {
    Key: scanInfoKey(id),
    ConditionExpression: 'attribute_not_exists(#src) OR #src <= :date',
    UpdateExpression: `SET ${sets.join(', ')}${removes.length ? ` REMOVE ${removes.join(', ')}` : ''}`,
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
}

/**
 * UpdateItem SCANINFO#id (created if absent), only when the item has no `source` date or an
 * older or equal one: a late approval of an older file never overwrites a newer scan.
 * Returns false when a newer file already set these fields.
 */
export async function upsertScanInfo(brand: string, retailer: string, source: ScanInfoSource, date: string, fields: ScanInfoFields): Promise<boolean> {
  try {
    await ddb.send(new UpdateCommand({ TableName: table.name, ...scanInfoUpdate(brand, retailer, source, date, fields) }));
    await refreshBrandRow(brand, retailer);
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/**
 * UpdateItem SCANINFO#id: the brand profile's flag (PUT /updateBrandFlag/{id}). Condition: the
 * scan info exists (a flag never creates one). A flagMessage of undefined removes it (unflag).
 * Returns the item after the update, or undefined when there is no such scan info.
 */
export async function setScanInfoFlag(
  id: string,
  isFlagged: 'yes' | 'no',
  flagMessage: unknown,
  extraWrites?: (info: ScanInfo, isFlagged: 'yes' | 'no', flagMessage: FlagMessage | undefined, now: string) => Promise<TransactItem[]>,
): Promise<ScanInfo | undefined> {
  const now = new Date().toISOString();
  const values: Record<string, unknown> = { ':f': isFlagged, ':now': now };
  let update = 'SET #flag = :f, #updatedAt = :now';
  if (flagMessage === undefined) update += ' REMOVE #msg';
  else {
    values[':m'] = flagMessage;
    update += ', #msg = :m';
  }
  const names = { '#flag': 'isFlagged', '#msg': 'flagMessage', '#updatedAt': 'updatedAt' };
  if (extraWrites) {
    // The flag and its case in one transaction, read again when the case changed meanwhile.
    for (let attempt = 0; attempt < 10; attempt++) {
      const before = await getScanInfoById(id);
      if (!before) return undefined;
      const failed = await transactWrite([
        { Update: { TableName: table.name, Key: scanInfoKey(id), ConditionExpression: 'attribute_exists(pk)', UpdateExpression: update, ExpressionAttributeNames: names, ExpressionAttributeValues: values } },
        ...(await extraWrites(before, isFlagged, flagMessage as FlagMessage | undefined, now)),
      ]);
      if (failed === 0) return undefined;
      if (failed === undefined) {
        const info = await getScanInfoById(id);
        if (info) await refreshBrandRow(info.brand, info.retailer);
        return info;
      }
    }
    throw new Error(`The brand profile flag of ${id} kept changing.`);
  }
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: scanInfoKey(id),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: update,
        ExpressionAttributeNames: { '#flag': 'isFlagged', '#msg': 'flagMessage', '#updatedAt': 'updatedAt' },
        ExpressionAttributeValues: values,
        ReturnValues: 'ALL_NEW',
      }),
    );
    const info = withFeatured(record<ScanInfoRecord>(out.Attributes!));
    await refreshBrandRow(info.brand, info.retailer);
    return info;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}
