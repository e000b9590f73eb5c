/**
 * The brand's retailer rows (issue 21 §2; docs/decisions.md "Summary and Retailer List at 200
 * retailers"): BRANDROW#<brand> / R#<retailer>, one item per retailer the brand has carried,
 * holding what the Retailer List, the summary tiles and the summary stats read of the retailer
 * (its name and Opt ID, the scan info's fields, the latest period's figures and the one before
 * it, the newest scan waiting in the post office, whether its product robot is delayed). Both reads are one Query of the brand's rows
 * (a few hundred items of ~400 bytes: one or two DynamoDB pages), never a read per retailer.
 *
 * Kept on write by REFRESH rather than by each write patching its part: every write of a source
 * (publish, a flag edit that moves a flagged count, the brand flag, a retailer's name or Opt ID,
 * a product file entering or leaving the post office) calls `refreshBrandRow` after its own
 * write has committed. A refresh reads the row's `rev`, reads every source (consistent reads),
 * and puts the row with `rev + 1` on the condition that `rev` has not moved; a refresh that loses
 * that race reads again. So the row that stays is always computed from reads made after the last
 * source write (two writers at once: the later refresh wins or retries; a retried event refreshes
 * again and writes the same row). A Lambda stopped between its write and the refresh leaves the
 * row behind until the retailer's next write or `refreshBrandRows` (the deploy backfill).
 * The reads fall back to computing a missing row from its sources (a brand's retailer never
 * refreshed yet), so a row is only ever an accelerator of what the sources say.
 */
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { INDEX_PREFIX, indexPk } from '../brands';
import { ddb } from '../lib/clients/dynamodb';
import { mapLimit } from '../lib/map-limit';
import { isConditionFailed, key, queryAll, table } from '../lib/table';
import { scanInfoIdOf } from './domain/ids';

/** The figures of one period as the summary and the list read them (only a published period has them). */
export interface RowPeriod {
  /** The period's date (YYYY-MM-DD): when retention deletes it. */
  date: string;
  totalProducts: number;
  flaggedCount: number;
  previousPeriodId: string | null;
}

/** The scan info's fields a row keeps (scrapings.repo ScanInfo). */
export interface RowInfo {
  periodId?: string;
  productDate?: string;
  approvedDate?: string;
  totalProducts?: number;
  previousTotalProducts?: number;
  nextScanDay?: string;
  isFlagged?: 'yes' | 'no';
  brand_screenshot?: string;
}

export interface BrandRow {
  brand: string;
  retailer: string;
  /** Absent when the retailer record is gone (the row is not listed). */
  name?: string;
  optId?: string;
  /** Absent before the retailer's first file for the brand. */
  info?: RowInfo;
  /** The scan info's latest period, when it existed at the refresh. */
  cur?: RowPeriod & { _id: string };
  /** The period before it (`cur.previousPeriodId`), when it existed at the refresh. */
  prev?: RowPeriod & { _id: string };
  /** The content checks of `cur` (issue 38): its shown run's open suggestions, products checked and with findings; absent before a run. */
  content?: { periodId: string; open: number; checked: number; withFindings: number };
  /** The scan date of the retailer's newest product file pending in the post office. */
  inReview?: string;
  /**
   * The retailer's product data is delayed (issue 25): its robot is late, or its file is stuck in
   * the post office, since that day (YYYY-MM-DD). From the product robot's health item.
   */
  delayed?: { since: string; kind: 'late' | 'stuck' };
}

const ROW_PK = (brand: string) => `BRANDROW#${brand}`;
const rowKey = (brand: string, retailer: string) => ({ pk: ROW_PK(brand), sk: `R#${retailer}` });
// The sources' keys, as their repos write them (scrapings.repo.ts, files.repo.ts); read raw here
// so that those repos can call the refresh without an import cycle.
const scanInfoKey = (brand: string, retailer: string) => ({ pk: `SCANINFO#${scanInfoIdOf(brand, retailer)}`, sk: 'SCANINFO' });
const periodKey = (id: string) => ({ pk: `SCRAPING#${id}`, sk: 'SCRAPING' });
const pendingKey = (retailer: string) => ({ pk: `PENDINGSCANS#${retailer}`, sk: 'PENDINGSCANS' });
const productRobotKey = (retailer: string) => ({ pk: `ROBOT#${retailer}#product`, sk: 'HEALTH' });
// functions/content/content.repo.ts: a period's content state and its shown run (counts kept on write).
const contentStateKey = (periodId: string) => ({ pk: `CONTENT#${periodId}`, sk: 'STATE' });
const contentRunKey = (runId: string) => ({ pk: `RUN#${runId}`, sk: 'RUN' });

const INFO_FIELDS = ['periodId', 'productDate', 'approvedDate', 'totalProducts', 'previousTotalProducts', 'nextScanDay', 'isFlagged', 'brand_screenshot'] as const;
const num = (v: unknown): number => (typeof v === 'number' ? v : 0);

async function getItem(k: { pk: string; sk: string }): Promise<Record<string, unknown> | undefined> {
  return (await ddb.send(new GetCommand({ TableName: table.name, Key: k, ConsistentRead: true }))).Item;
}

/** A published period's figures (a period published before flaggedCount: its FLAGGED# index counted). */
async function periodFigures(id: string | null | undefined): Promise<(RowPeriod & { _id: string }) | undefined> {
  if (!id) return undefined;
  const p = await getItem(periodKey(id));
  if (!p?.version) return undefined;
  let flagged = p.flaggedCount;
  if (typeof flagged !== 'number') {
    let count = 0;
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const out = await ddb.send(new QueryCommand({ TableName: table.name, IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': `FLAGGED#${id}#${String(p.version)}` }, Select: 'COUNT', ExclusiveStartKey }));
      count += out.Count ?? 0;
      ExclusiveStartKey = out.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    flagged = count;
  }
  return { _id: id, date: String(p.date ?? ''), totalProducts: num(p.totalProducts), flaggedCount: num(flagged), previousPeriodId: typeof p.previousPeriodId === 'string' ? p.previousPeriodId : null };
}

/** The newest scan date in a PENDINGSCANS item's `<date>#<fileId>` set. */
const newestPending = (item: Record<string, unknown> | undefined): string | undefined => {
  const dates = [...((item?.files as Set<string> | undefined) ?? [])].map((e) => e.slice(0, e.indexOf('#')));
  return dates.length ? dates.reduce((a, b) => (b > a ? b : a)) : undefined;
};

/** The row of (brand, retailer) as its sources say now (consistent reads: scan info, retailer, pending scans, the two periods). */
export async function buildBrandRow(brand: string, retailer: string): Promise<BrandRow> {
  const [info, ret, pending, robot] = await Promise.all([getItem(scanInfoKey(brand, retailer)), getItem(key.retailer(retailer)), getItem(pendingKey(retailer)), getItem(productRobotKey(retailer))]);
  const row: BrandRow = { brand, retailer };
  if (ret) Object.assign(row, { name: String(ret.name ?? ''), optId: String(ret.optId ?? '') });
  if (info) {
    const kept: RowInfo = {};
    for (const f of INFO_FIELDS) if (info[f] !== undefined && info[f] !== null) (kept as Record<string, unknown>)[f] = info[f];
    row.info = kept;
    const cur = await periodFigures(kept.periodId);
    if (cur) {
      row.cur = cur;
      const [prev, state] = await Promise.all([periodFigures(cur.previousPeriodId), getItem(contentStateKey(cur._id))]);
      if (prev) row.prev = prev;
      const run = typeof state?.runId === 'string' ? await getItem(contentRunKey(state.runId)) : undefined;
      if (run) row.content = { periodId: cur._id, open: num(run.open), checked: num(run.checked), withFindings: num(run.withFindings) };
    }
  }
  const inReview = newestPending(pending);
  if (inReview) row.inReview = inReview;
  const delayed = robot?.delayed as BrandRow['delayed'] | undefined;
  if (delayed?.since) row.delayed = { since: delayed.since, kind: delayed.kind };
  return row;
}

/**
 * Bring the row of (brand, retailer) in line with its sources: read its `rev`, build it, Put it
 * with `rev + 1` on the condition that `rev` is unchanged (absent: not created meanwhile); on a
 * lost race, again. Call after the source's own write has committed. Idempotent.
 */
export async function refreshBrandRow(brand: string, retailer: string): Promise<void> {
  for (let attempt = 0; attempt < 25; attempt++) {
    const held = await ddb.send(new GetCommand({ TableName: table.name, Key: rowKey(brand, retailer), ConsistentRead: true, ProjectionExpression: 'rev' }));
    const rev = held.Item ? num(held.Item.rev) : undefined;
    const row = await buildBrandRow(brand, retailer);
    try {
      await ddb.send(
        new PutCommand({
          TableName: table.name,
          // The row as one JSON string: a Query of 200 rows unmarshals 200 values, not ~30 nested attributes each (bench/brand-lists-bench.ts).
          Item: { ...rowKey(brand, retailer), entity: 'BrandRetailerRow', retailer, row: JSON.stringify(row), rev: (rev ?? 0) + 1, refreshedAt: new Date().toISOString() },
          ConditionExpression: rev === undefined ? 'attribute_not_exists(pk)' : 'rev = :rev',
          ...(rev === undefined ? {} : { ExpressionAttributeValues: { ':rev': rev } }),
        }),
      );
      return;
    } catch (e) {
      if (!isConditionFailed(e)) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 5 * 2 ** attempt)));
    }
  }
  throw new Error(`The row of retailer ${retailer} at brand ${brand} kept changing while it was refreshed.`);
}

/** Refresh the rows of several retailers of a brand (a backfill, a brand's whole list), a few at a time. */
export async function refreshBrandRows(brand: string, retailers: readonly string[]): Promise<void> {
  await mapLimit([...new Set(retailers)], 8, (r) => refreshBrandRow(brand, r));
}

/** The brands that list a retailer (enabled or not: RETAILER#r#BRANDS, brands/retailer-index.ts). */
async function brandsListing(retailer: string): Promise<string[]> {
  const items = await queryAll<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :b)', ExpressionAttributeValues: { ':pk': indexPk(retailer), ':b': INDEX_PREFIX }, ProjectionExpression: 'brand', ConsistentRead: true });
  return items.map((i) => String(i.brand));
}

/** A write of a retailer-wide source (its name, its pending scans): the row of every brand listing it. */
export async function refreshRetailerRows(retailer: string): Promise<void> {
  await mapLimit(await brandsListing(retailer), 8, (b) => refreshBrandRow(b, retailer));
}

/** Query pk=BRANDROW#<brand> (every page, consistent, the JSON of each row only): the brand's rows, by retailer id. */
export async function listBrandRows(brand: string): Promise<Map<string, BrandRow>> {
  const items = await queryAll<{ row?: string }>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': ROW_PK(brand) }, ProjectionExpression: '#row', ExpressionAttributeNames: { '#row': 'row' }, ConsistentRead: true });
  const rows = new Map<string, BrandRow>();
  for (const i of items) {
    if (typeof i.row !== 'string') continue;
    const row = JSON.parse(i.row) as BrandRow;
    rows.set(row.retailer, row);
  }
  return rows;
}

/** GetItem BRANDROW#<brand> / R#<retailer> (consistent, its JSON only): the row of one retailer, built from its sources when never refreshed. */
export async function getBrandRow(brand: string, retailer: string): Promise<BrandRow> {
  const item = (await ddb.send(new GetCommand({ TableName: table.name, Key: rowKey(brand, retailer), ConsistentRead: true, ProjectionExpression: '#row', ExpressionAttributeNames: { '#row': 'row' } }))).Item;
  return typeof item?.row === 'string' ? (JSON.parse(item.row) as BrandRow) : buildBrandRow(brand, retailer);
}

/** Which of these periods still exist (BatchGetItem, 100 keys a request, keys only). */
export async function existingPeriods(ids: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>();
  const all = [...new Set(ids)];
  for (let i = 0; i < all.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ProjectionExpression: string }> | undefined = { [table.name]: { Keys: all.slice(i, i + 100).map(periodKey), ProjectionExpression: 'pk' } };
    while (request && Object.keys(request).length) {
      const out = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const it of out.Responses?.[table.name] ?? []) found.add(String(it.pk).slice('SCRAPING#'.length));
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return found;
}
