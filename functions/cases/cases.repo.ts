/**
 * Cases in the table (docs/data-model.md "Cases"; docs/decisions/40-cases.md):
 * - the case: pk CASE#<caseId>, sk CASE; gsi1 CASES#<brand>#<retailer>#A (active, sk
 *   <severity rank>#<openedAt>: worst first, then oldest) or #R (resolved, sk <resolvedAt>);
 * - its events: pk CASE#<caseId>, sk EV#<at>#<kind>#<ref> (the case's log, either way), with the
 *   case's status after the event (`statusAfter`; events written before it had none); gsi1
 *   CASEEV#<brand>#<retailer> sk <at>#<caseId>#<kind> (the retailer's log) and gsi2
 *   CASEEV#<brand>#<retailer>#<kind> sk <at>#<caseId> (the same, one kind);
 * - the retailer's counts, kept on write: pk CASESTATS#<brand>, sk R#<retailer> (open, notified,
 *   acknowledged, resolved, repeats); the brand's: sk TOTAL, M#<month>, and N#<day> (the cases
 *   awaiting an answer by the day of their notice: the overdue count).
 * A step's writes are TransactWriteItems, given to the transaction of the change they record (the
 * flag's product write, the email's history): the case is conditioned on its `rev`, so two writers
 * never both win, and a retried event writes the same event item.
 */
import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { CaseCounts, CaseEventKind, CaseSeverity, CaseStatus } from '../../shared/schemas/cases';
import { ddb } from '../lib/clients/dynamodb';
import { mapLimit } from '../lib/map-limit';
import { gsi1Partition, gsi2Partition, queryPage, tablePrefix } from '../lib/paged-query';
import { isConditionFailed, queryAll, queryCount, queryPages, table, transactIf, type TransactItem } from '../lib/table';
import type { CaseEvent, CaseRecord, Step } from './domain/case';

const SEVERITY_RANK = { high: 1, medium: 2, low: 3 } as const;
const caseKey = (id: string) => ({ pk: `CASE#${id}`, sk: 'CASE' });
const statsKey = (brand: string, retailer: string) => ({ pk: `CASESTATS#${brand}`, sk: `R#${retailer}` });
const listPk = (brand: string, retailer: string, active: boolean) => `CASES#${brand}#${retailer}#${active ? 'A' : 'R'}`;
const logPk = (brand: string, retailer: string) => `CASEEV#${brand}#${retailer}`;
const kindLogPk = (brand: string, retailer: string, kind: CaseEventKind) => `CASEEV#${brand}#${retailer}#${kind}`;

const CASE_FIELDS = ['_id', 'brand', 'retailer', 'kind', 'style_number', 'name', 'productId', 'status', 'severity', 'resolution', 'resolutionReason', 'openedAt', 'notifiedAt', 'secondNoticeDraftedAt', 'secondNoticeAt', 'resolvedAt', 'repeats', 'evidence', 'rev'] as const;
const EVENT_FIELDS = ['caseId', 'kind', 'at', 'by', 'detail', 'name', 'style_number', 'ref'] as const;
const pick = <T>(item: Record<string, unknown>, fields: readonly string[]): T => Object.fromEntries(fields.map((f) => [f, item[f] ?? null])) as T;
const toCase = (i: Record<string, unknown>) => ({ ...pick<CaseRecord>(i, CASE_FIELDS), repeats: Number(i.repeats ?? 0), rev: Number(i.rev ?? 0) });
const toEvent = (i: Record<string, unknown>) => pick<CaseEvent>(i, EVENT_FIELDS);
const toLoggedEvent = (i: Record<string, unknown>): LoggedEvent => ({ ...toEvent(i), statusAfter: typeof i.statusAfter === 'string' ? (i.statusAfter as CaseStatus) : null });

export async function getCase(id: string): Promise<CaseRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: caseKey(id), ConsistentRead: true }));
  return out.Item ? toCase(out.Item) : undefined;
}

function caseItem(c: CaseRecord): Record<string, unknown> {
  const active = c.status !== 'resolved';
  return {
    ...caseKey(c._id),
    entity: 'Case',
    ...c,
    gsi1pk: listPk(c.brand, c.retailer, active),
    gsi1sk: active ? `${SEVERITY_RANK[c.severity]}#${c.openedAt}#${c._id}` : `${c.resolvedAt}#${c._id}`,
    // Notified and not answered yet: the brand's overdue count reads these by notice time.
    ...(c.status === 'notified' && c.notifiedAt
      ? { gsi3pk: noticePk(c.brand), gsi3sk: `${c.notifiedAt}#${c._id}`, gsi4pk: retailerNoticePk(c.brand, c.retailer), gsi4sk: `${c.notifiedAt}#${c._id}` }
      : {}),
  };
}

const noticePk = (brand: string) => `CASENOTICE#${brand}`;
const retailerNoticePk = (brand: string, retailer: string) => `CASENOTICE#${brand}#${retailer}`;
const brandTotalKey = (brand: string) => ({ pk: `CASESTATS#${brand}`, sk: 'TOTAL' });
/**
 * The brand's cases awaiting an answer (notified, the gsi3 keys) whose notice was sent that day
 * (UTC), kept on write. Only the days of the overdue window are ever read (≤ 365, the longest
 * overdue setting), so each day's item expires by TTL 400 days after it.
 */
const noticeDayKey = (brand: string, day: string) => ({ pk: `CASESTATS#${brand}`, sk: `N#${day}` });
const noticeDayExpiry = (day: string) => Math.floor(Date.parse(`${day}T00:00:00Z`) / 1000) + 400 * 86_400;
const monthKey = (brand: string, month: string) => ({ pk: `CASESTATS#${brand}`, sk: `M#${month}` });
/** Days from opening to resolution, counted in these buckets (a bucket holds up to its number of days). */
export const RESOLVE_DAY_BUCKETS = [0, 1, 2, 3, 5, 7, 10, 14, 21, 30, 45, 60, 90, 180, 365] as const;
const bucketOf = (days: number) => RESOLVE_DAY_BUCKETS.find((b) => days <= b) ?? 9999;

function eventItem(c: CaseRecord, e: CaseEvent): Record<string, unknown> {
  return {
    pk: `CASE#${e.caseId}`,
    sk: `EV#${e.at}#${e.kind}#${e.ref}`,
    entity: 'CaseEvent',
    ...e,
    // What the case became with this event: the log read alone (the activity export) says it.
    statusAfter: c.status,
    gsi1pk: logPk(c.brand, c.retailer),
    gsi1sk: `${e.at}#${e.caseId}#${e.kind}`,
    gsi2pk: kindLogPk(c.brand, c.retailer, e.kind),
    gsi2sk: `${e.at}#${e.caseId}`,
  };
}

/** One ADD of these counters on an item (none when nothing moves). */
function addTo(key: { pk: string; sk: string }, moves: Record<string, number | undefined>, set: Record<string, string | number> = {}): TransactItem[] {
  const entries = Object.entries(moves).filter(([, d]) => d !== 0 && d !== undefined) as [string, number][];
  if (!entries.length) return [];
  const sets = Object.entries(set);
  return [
    {
      Update: {
        TableName: table.name,
        Key: key,
        UpdateExpression: `SET ${['#entity = :entity', ...sets.map((_, i) => `#s${i} = :s${i}`)].join(', ')} ADD ${entries.map((_, i) => `#c${i} :d${i}`).join(', ')}`,
        ExpressionAttributeNames: { '#entity': 'entity', ...Object.fromEntries(sets.map(([k], i) => [`#s${i}`, k])), ...Object.fromEntries(entries.map(([k], i) => [`#c${i}`, k])) },
        ExpressionAttributeValues: { ':entity': 'CaseStats', ...Object.fromEntries(sets.map(([, v], i) => [`:s${i}`, v])), ...Object.fromEntries(entries.map(([, d], i) => [`:d${i}`, d])) },
      },
    },
  ];
}

/**
 * The figures a step moves, kept on write (the summary and the trend never count cases): the
 * retailer's and the brand's counts per status (and the active product cases: the compliance),
 * the month's opened, resolved and notices, and the days a resolved case took (a histogram: the
 * median to resolve).
 */
function figureWrites(s: Step): TransactItem[] {
  const { brand, retailer } = s.after;
  const active = (s.counts.open ?? 0) + (s.counts.notified ?? 0) + (s.counts.acknowledged ?? 0);
  const moves: Record<string, number | undefined> = { ...s.counts, ...(s.after.kind === 'product' ? { activeProducts: active } : {}) };
  const kind = s.event.kind;
  const month: Record<string, number> = {
    opened: kind === 'flagged' || kind === 'reopened' ? 1 : 0,
    resolved: s.after.status === 'resolved' && (s.counts.resolved ?? 0) > 0 ? 1 : 0,
    notices: kind === 'emailed' ? 1 : 0,
  };
  const total = { ...moves };
  if (month.resolved && s.after.resolvedAt) {
    const days = Math.max(0, Math.floor((Date.parse(s.after.resolvedAt) - Date.parse(s.after.openedAt)) / 86_400_000));
    total[`days${bucketOf(days)}`] = 1;
  }
  // The cases awaiting an answer, by the day of their notice (the overdue count reads the recent days only).
  const noticeDay = s.after.notifiedAt?.slice(0, 10);
  return [
    ...addTo(statsKey(brand, retailer), moves, { brand, retailer }),
    ...addTo(brandTotalKey(brand), total, { brand }),
    ...addTo(monthKey(brand, s.event.at.slice(0, 7)), month, { brand }),
    ...(noticeDay ? addTo(noticeDayKey(brand, noticeDay), { n: s.counts.notified }, { brand, day: noticeDay, expiresAt: noticeDayExpiry(noticeDay) }) : []),
  ];
}

/**
 * The writes of a step: the case (conditioned on the rev it was read at, or on not existing), its
 * event (a retried email's event is the same item: not written twice) and the counts. Index 0 is
 * the case: a transaction cancelled on it means someone else changed the case meanwhile.
 */
export function stepWrites(s: Step, trendDate?: string | null): TransactItem[] {
  return [
    {
      Put: {
        TableName: table.name,
        Item: caseItem(s.after),
        ConditionExpression: s.beforeRev === undefined ? 'attribute_not_exists(pk)' : '#rev = :rev',
        ...(s.beforeRev === undefined ? {} : { ExpressionAttributeNames: { '#rev': 'rev' }, ExpressionAttributeValues: { ':rev': s.beforeRev } }),
      },
    },
    { Put: { TableName: table.name, Item: eventItem(s.after, s.event) } },
    ...figureWrites(s),
    ...(trendDate ? trendWrites(s, trendDate) : []),
  ];
}

/**
 * The step's move of the retailer's latest trend point (its latest published scan's) and of that
 * month's points, the retailer's and the brand's: the trend's last point says what the lists say
 * now, not only what they said when the scan was published.
 */
function trendWrites(s: Step, date: string): TransactItem[] {
  const { brand, retailer } = s.after;
  const open = (s.counts.open ?? 0) + (s.counts.notified ?? 0) + (s.counts.acknowledged ?? 0);
  const moves = { open, activeProducts: s.after.kind === 'product' ? open : 0 };
  if (!moves.open && !moves.activeProducts) return [];
  const month = date.slice(0, 7);
  // Only onto points that exist (a retailer's first scan writes its point when it is published).
  const onto = (key: { pk: string; sk: string }): TransactItem[] =>
    addTo(key, moves).map((w) => ({ Update: { ...w.Update!, ConditionExpression: 'attribute_exists(pk)' } }));
  return [...onto({ pk: trendPk(brand, retailer), sk: `P#${date}` }), ...onto({ pk: trendPk(brand, retailer), sk: `M#${month}` }), ...onto({ pk: trendPk(brand), sk: `M#${month}` })];
}

/** The date of the retailer's latest published scan (its trend's last point), if any. */
export async function latestTrendDate(brand: string, retailer: string): Promise<string | null> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: statsKey(brand, retailer), ConsistentRead: true, ProjectionExpression: 'latestDate' }));
  return typeof out.Item?.latestDate === 'string' ? out.Item.latestDate : null;
}

export async function getCaseCounts(brand: string, retailer: string): Promise<CaseCounts> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: statsKey(brand, retailer), ConsistentRead: true }));
  const n = (k: string) => Math.max(0, Number(out.Item?.[k] ?? 0));
  return { open: n('open'), notified: n('notified'), acknowledged: n('acknowledged'), resolved: n('resolved'), repeats: n('repeats') };
}

/** One page of the retailer's active cases (worst first, then oldest) or resolved ones (latest first). */
export async function pageCases(brand: string, retailer: string, active: boolean, limit: number, cursor?: string) {
  const out = await queryPage<Record<string, unknown>>({ sources: [gsi1Partition(listPk(brand, retailer, active))], ascending: active, limit, cursor });
  return { items: out.items.map(toCase), nextCursor: out.nextCursor ?? null };
}

/** One page of the retailer's log, newest first (one kind with `kind`). */
export async function pageRetailerEvents(brand: string, retailer: string, limit: number, cursor?: string, kind?: CaseEventKind) {
  const source = kind ? gsi2Partition(kindLogPk(brand, retailer, kind)) : gsi1Partition(logPk(brand, retailer));
  const out = await queryPage<Record<string, unknown>>({ sources: [source], ascending: false, limit, cursor });
  return { items: out.items.map(toEvent), nextCursor: out.nextCursor ?? null };
}

/** One page of a case's log, oldest first (newest first with `ascending` false: the product page). */
export async function pageCaseEvents(id: string, limit: number, cursor?: string, ascending = true) {
  const out = await queryPage<Record<string, unknown>>({ sources: [tablePrefix(`CASE#${id}`, 'EV#')], ascending, limit, cursor });
  return { items: out.items.map(toEvent), nextCursor: out.nextCursor ?? null };
}

/** An event as the log's file gives it: with the case's status after it (null for an event written before events kept it). */
export type LoggedEvent = CaseEvent & { statusAfter: CaseStatus | null };

/**
 * The retailer's whole log, newest first (one kind with `kind`), a page of `pageSize` events at a
 * time from its index partition (gsi1 `CASEEV#<brand>#<retailer>` or gsi2 `…#<kind>`): the
 * activity export streams it without holding more than a page.
 */
export async function* retailerEventPages(brand: string, retailer: string, kind: CaseEventKind | undefined, pageSize: number): AsyncGenerator<LoggedEvent[]> {
  const source = kind ? gsi2Partition(kindLogPk(brand, retailer, kind)) : gsi1Partition(logPk(brand, retailer));
  let cursor: string | undefined;
  do {
    const out = await queryPage<Record<string, unknown>>({ sources: [source], ascending: false, limit: pageSize, cursor });
    yield out.items.map(toLoggedEvent);
    cursor = out.nextCursor;
  } while (cursor);
}

/** Every active case of the retailer, a page at a time (bounded by that retailer's active cases). */
export async function* activeCases(brand: string, retailer: string): AsyncGenerator<CaseRecord[]> {
  let cursor: string | undefined;
  do {
    const page = await pageCases(brand, retailer, true, 100, cursor);
    yield page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
}

/** The retailer's cases resolved since `since` (ISO time), oldest first: bounded by that window, not by the years of cases. */
export async function* casesResolvedSince(brand: string, retailer: string, since: string): AsyncGenerator<CaseRecord[]> {
  let cursor: string | undefined;
  do {
    const page = await queryPage<Record<string, unknown>>({ sources: [gsi1Partition(listPk(brand, retailer, false))], ascending: true, limit: 100, cursor, ...(cursor ? {} : { starts: [{ prefix: since }] }) });
    yield page.items.map(toCase);
    cursor = page.nextCursor;
  } while (cursor);
}

/** Whether the case's log holds this event already (a retried email's). */
export async function hasEvent(caseId: string, at: string, kind: CaseEventKind, ref: string): Promise<boolean> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: { pk: `CASE#${caseId}`, sk: `EV#${at}#${kind}#${ref}` }, ConsistentRead: true, ProjectionExpression: 'pk' }));
  return !!out.Item;
}

// ── The programme at a glance (issue 24 §5): figures kept on write, read in a few items ──────────

export interface RetailerFigures {
  retailer: string;
  open: number;
  notified: number;
  acknowledged: number;
  resolved: number;
  repeats: number;
  activeProducts: number;
  /** The products of its latest scan (set when a scan is published). */
  totalProducts: number;
  latestDate: string | null;
}

const n0 = (v: unknown) => Math.max(0, Number(v ?? 0));
const figuresOf = (i: Record<string, unknown>): RetailerFigures => ({
  retailer: String(i.retailer ?? String(i.sk).slice(2)),
  open: n0(i.open),
  notified: n0(i.notified),
  acknowledged: n0(i.acknowledged),
  resolved: n0(i.resolved),
  repeats: n0(i.repeats),
  activeProducts: n0(i.activeProducts),
  totalProducts: n0(i.totalProducts),
  latestDate: typeof i.latestDate === 'string' ? i.latestDate : null,
});

/** One retailer's figures. */
export async function retailerFigure(brand: string, retailer: string): Promise<RetailerFigures> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: statsKey(brand, retailer), ConsistentRead: true }));
  return figuresOf({ retailer, ...out.Item, sk: `R#${retailer}` });
}

/** Every retailer's figures of the brand (one item per retailer the brand has had a case or a scan at). */
export async function retailerFigures(brand: string): Promise<RetailerFigures[]> {
  const items = await queryAll<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk AND begins_with(sk, :r)', ExpressionAttributeValues: { ':pk': `CASESTATS#${brand}`, ':r': 'R#' } });
  return items.map(figuresOf);
}

/** The brand's totals (with the days-to-resolve histogram) and one month's opened, resolved and notices. */
export async function brandFigures(brand: string, month: string) {
  const [total, m] = await Promise.all([
    ddb.send(new GetCommand({ TableName: table.name, Key: brandTotalKey(brand), ConsistentRead: true })),
    ddb.send(new GetCommand({ TableName: table.name, Key: monthKey(brand, month), ConsistentRead: true })),
  ]);
  const t = total.Item ?? {};
  const histogram: [number, number][] = [...RESOLVE_DAY_BUCKETS, 9999].map((b) => [b, n0(t[`days${b}`])]);
  return { total: figuresOf({ ...t, sk: 'R#' }), histogram, month: { opened: n0(m.Item?.opened), resolved: n0(m.Item?.resolved), notices: n0(m.Item?.notices) } };
}

/** The retailer's overdue cases (notified before `before`, no answer yet), the oldest notice first, at most `limit`. */
export async function overdueCasesOf(brand: string, retailer: string, before: string, limit: number): Promise<CaseRecord[]> {
  const out = await ddb.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: table.gsi4,
      KeyConditionExpression: 'gsi4pk = :pk AND gsi4sk < :before',
      ExpressionAttributeValues: { ':pk': retailerNoticePk(brand, retailer), ':before': before },
      Limit: limit,
    }),
  );
  return (out.Items ?? []).map(toCase);
}

/** The brand's overdue cases, a DynamoDB page at a time (the daily check). */
export async function* overdueCasesOfBrand(brand: string, before: string): AsyncGenerator<CaseRecord[]> {
  for await (const page of queryPages<Record<string, unknown>>({ IndexName: table.gsi3, KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :before', ExpressionAttributeValues: { ':pk': noticePk(brand), ':before': before } })) {
    yield page.map(toCase);
  }
}

/**
 * How many of the brand's notified cases have waited for an answer since before `before`, read
 * without counting them: every case awaiting an answer (the brand's total `notified`: `awaiting`
 * when the caller has read it already, as the summary has), less those
 * notified after `before`: the days after its day (one small item each, kept on write: at most
 * the overdue window's days), and on its own day a COUNT of that day's notice keys from `before`
 * on. What it reads grows with the overdue days and one day's notices, never with the brand's
 * cases.
 */
export async function countOverdue(brand: string, before: string, awaiting?: number): Promise<number> {
  const day = before.slice(0, 10);
  const [total, laterDays, sameDay] = await Promise.all([
    awaiting ?? ddb.send(new GetCommand({ TableName: table.name, Key: brandTotalKey(brand), ConsistentRead: true, ProjectionExpression: 'notified' })).then((out) => n0(out.Item?.notified)),
    queryAll<{ n?: number }>({ KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': `CASESTATS#${brand}`, ':from': `N#${day}~`, ':to': 'N#~' }, ProjectionExpression: 'n', ConsistentRead: true }),
    queryCount({ IndexName: table.gsi3, KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk BETWEEN :before AND :end', ExpressionAttributeValues: { ':pk': noticePk(brand), ':before': before, ':end': `${day}~` } }),
  ]);
  const later = laterDays.reduce((sum, i) => sum + Number(i.n ?? 0), 0);
  return Math.max(0, total - later - sameDay);
}

/**
 * The brand's cases awaiting an answer by notice day (N#<day>), counted again from the notice keys
 * (gsi3) for the days the overdue count can read (the last 366): for a table written before the
 * days were kept on write. Each day's item is put whole (a day with none left: 0), so running it
 * again writes the same. A notice or answer written while it runs can be counted on the old side
 * of it: run it when the table is quiet (the deploy's backfill, right after the stack update).
 */
export async function backfillNoticeDays(brand: string, now = new Date()): Promise<number> {
  const from = new Date(now.getTime() - 366 * 86_400_000).toISOString().slice(0, 10);
  const counts = new Map<string, number>();
  for await (const page of queryPages<{ gsi3sk?: string }>({ IndexName: table.gsi3, KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk >= :from', ExpressionAttributeValues: { ':pk': noticePk(brand), ':from': from }, ProjectionExpression: 'gsi3sk' })) {
    for (const i of page) {
      const day = i.gsi3sk?.slice(0, 10);
      if (day) counts.set(day, (counts.get(day) ?? 0) + 1);
    }
  }
  const kept = new Map((await queryAll<{ sk: string; n?: number }>({ KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to', ExpressionAttributeValues: { ':pk': `CASESTATS#${brand}`, ':from': `N#${from}`, ':to': 'N#~' }, ProjectionExpression: 'sk, n', ConsistentRead: true })).map((i) => [i.sk.slice(2), Number(i.n ?? 0)]));
  for (const day of kept.keys()) if (!counts.has(day)) counts.set(day, 0);
  // Only the days whose count differs are written: a table counted already (npm start on it) writes nothing.
  const changed = [...counts].filter(([day, n]) => kept.get(day) !== n);
  await mapLimit(changed, 8, ([day, n]) =>
    ddb.send(new PutCommand({ TableName: table.name, Item: { ...noticeDayKey(brand, day), entity: 'CaseStats', brand, day, n, expiresAt: noticeDayExpiry(day) } })),
  );
  return counts.size;
}

export interface TrendPoint {
  date: string;
  /** Active cases, and of them the products'. */
  open: number;
  activeProducts: number;
  totalProducts: number;
  /** Products flagged for their price in that scan. */
  priceIssues: number;
  /** Retailers in a brand month's point. */
  retailers?: number;
}
const trendPk = (brand: string, retailer?: string) => (retailer ? `CASETREND#${brand}#${retailer}` : `CASETREND#${brand}`);
const pointOf = (i: Record<string, unknown>): TrendPoint => ({
  date: String(i.date),
  open: n0(i.open),
  activeProducts: n0(i.activeProducts),
  totalProducts: n0(i.totalProducts),
  priceIssues: n0(i.priceIssues),
  ...(i.retailers !== undefined ? { retailers: n0(i.retailers) } : {}),
});

/**
 * A retailer's point of a published scan (its figures now), and the brand's month moved by the
 * difference to that retailer's previous point of the same month (one point per retailer per
 * month counts in the brand's), in one transaction conditioned on that previous point.
 */
export async function putTrendPoint(brand: string, retailer: string, p: TrendPoint): Promise<void> {
  const month = p.date.slice(0, 7);
  const figures = { open: p.open, activeProducts: p.activeProducts, totalProducts: p.totalProducts, priceIssues: p.priceIssues };
  for (let attempt = 0; attempt < 10; attempt++) {
    const prevOut = await ddb.send(new GetCommand({ TableName: table.name, Key: { pk: trendPk(brand, retailer), sk: `M#${month}` }, ConsistentRead: true }));
    const prev = prevOut.Item;
    const delta: Record<string, number> = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, v - n0(prev?.[k])]));
    if (!prev) delta.retailers = 1;
    const ok = await transactIf([
      { Put: { TableName: table.name, Item: { pk: trendPk(brand, retailer), sk: `P#${p.date}`, entity: 'CaseTrend', brand, retailer, ...figures, date: p.date } } },
      {
        Put: {
          TableName: table.name,
          Item: { pk: trendPk(brand, retailer), sk: `M#${month}`, entity: 'CaseTrend', brand, retailer, ...figures, date: p.date },
          ...(prev ? { ConditionExpression: '#d = :d', ExpressionAttributeNames: { '#d': 'date' }, ExpressionAttributeValues: { ':d': prev.date } } : { ConditionExpression: 'attribute_not_exists(pk)' }),
        },
      },
      ...addTo({ pk: trendPk(brand), sk: `M#${month}` }, delta, { brand, date: month }),
    ]);
    if (ok) break;
    if (attempt === 9) throw new Error(`The trend of ${retailer} kept changing.`);
  }
  // The retailer's latest scan size (the compliance's denominator), unless a newer scan set it already.
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: statsKey(brand, retailer),
        UpdateExpression: 'SET #e = :e, brand = :b, retailer = :r, totalProducts = :t, latestDate = :d',
        ConditionExpression: 'attribute_not_exists(latestDate) OR latestDate <= :d',
        ExpressionAttributeNames: { '#e': 'entity' },
        ExpressionAttributeValues: { ':e': 'CaseStats', ':b': brand, ':r': retailer, ':t': p.totalProducts, ':d': p.date },
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

/** The latest points, newest first: a retailer's scans, or the brand's months. */
export async function trendPoints(brand: string, retailer: string | undefined, limit: number): Promise<TrendPoint[]> {
  const out = await ddb.send(
    new QueryCommand({ TableName: table.name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)', ExpressionAttributeValues: { ':pk': trendPk(brand, retailer), ':p': retailer ? 'P#' : 'M#' }, ScanIndexForward: false, Limit: limit }),
  );
  return (out.Items ?? []).map(pointOf);
}

// ── The evidence kept (issue 24 §2): its pictures, the retailer's evidence pack ──────────────────

/**
 * The kept copies of an opening's pictures, set on the case while it is still that opening
 * (`openedAt` as read), with `rev` + 1: a writer that read the case before puts it again only
 * after reading it anew (its condition on `rev` fails), so the copies are never put back out.
 * false when the case has moved on (reopened since: that opening keeps its own pictures).
 */
export async function setKeptPictures(id: string, openedAt: string, kept: { image: string; screenshot: string }): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: caseKey(id),
        UpdateExpression: 'SET #ev.#kept = :kept ADD #rev :one',
        ConditionExpression: 'attribute_exists(pk) AND #openedAt = :openedAt',
        ExpressionAttributeNames: { '#ev': 'evidence', '#kept': 'kept', '#rev': 'rev', '#openedAt': 'openedAt' },
        ExpressionAttributeValues: { ':kept': kept, ':one': 1, ':openedAt': openedAt },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** The retailer's active cases per severity: a key-only Select COUNT of each severity's part of the active list (gsi1 CASES#<brand>#<retailer>#A, begins_with its rank). */
export async function countActiveBySeverity(brand: string, retailer: string): Promise<Record<CaseSeverity, number>> {
  const severities = Object.keys(SEVERITY_RANK) as CaseSeverity[];
  const counts = await Promise.all(
    severities.map((s) =>
      queryCount({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :rank)', ExpressionAttributeValues: { ':pk': listPk(brand, retailer, true), ':rank': `${SEVERITY_RANK[s]}#` } }),
    ),
  );
  return Object.fromEntries(severities.map((s, i) => [s, counts[i]!])) as Record<CaseSeverity, number>;
}

/** The retailer's `max` worst active cases (worst first, then oldest; pages of at most 100) and whether there are more. */
export async function worstActiveCases(brand: string, retailer: string, max: number): Promise<{ items: CaseRecord[]; more: boolean }> {
  const items: CaseRecord[] = [];
  let cursor: string | undefined;
  do {
    const page = await pageCases(brand, retailer, true, Math.min(100, max + 1 - items.length), cursor);
    items.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && items.length <= max);
  return { items: items.slice(0, max), more: items.length > max };
}
