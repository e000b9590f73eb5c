/**
 * Cases in the table (docs/data-model.md "Cases"; docs/decisions/40-cases.md):
 * - the case: pk CASE#<caseId>, sk CASE; gsi1 CASES#<brand>#<retailer>#A (active, sk
 *   <severity rank>#<openedAt>: worst first, then oldest) or #R (resolved, sk <resolvedAt>);
 * - its events: pk CASE#<caseId>, sk EV#<at>#<kind>#<ref> (the case's log, oldest first); gsi1
 *   CASEEV#<brand>#<retailer> sk <at>#<caseId>#<kind> (the retailer's log) and gsi2
 *   CASEEV#<brand>#<retailer>#<kind> sk <at>#<caseId> (the same, one kind);
 * - the retailer's counts, kept on write: pk CASESTATS#<brand>, sk R#<retailer> (open, notified,
 *   acknowledged, resolved, repeats).
 * A step's writes are TransactWriteItems, given to the transaction of the change they record (the
 * flag's product write, the email's history): the case is conditioned on its `rev`, so two writers
 * never both win, and a retried event writes the same event item.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { CaseCounts, CaseEventKind } from '../../shared/schemas/cases';
import { ddb } from '../lib/clients/dynamodb';
import { gsi1Partition, gsi2Partition, queryPage, tablePrefix } from '../lib/paged-query';
import { table, type TransactItem } from '../lib/table';
import type { CaseEvent, CaseRecord, CountMoves, Step } from './domain/case';

const SEVERITY_RANK = { high: 1, medium: 2, low: 3 } as const;
const caseKey = (id: string) => ({ pk: `CASE#${id}`, sk: 'CASE' });
const statsKey = (brand: string, retailer: string) => ({ pk: `CASESTATS#${brand}`, sk: `R#${retailer}` });
const listPk = (brand: string, retailer: string, active: boolean) => `CASES#${brand}#${retailer}#${active ? 'A' : 'R'}`;
const logPk = (brand: string, retailer: string) => `CASEEV#${brand}#${retailer}`;
const kindLogPk = (brand: string, retailer: string, kind: CaseEventKind) => `CASEEV#${brand}#${retailer}#${kind}`;

const CASE_FIELDS = ['_id', 'brand', 'retailer', 'kind', 'style_number', 'name', 'productId', 'status', 'severity', 'resolution', 'resolutionReason', 'openedAt', 'notifiedAt', 'resolvedAt', 'repeats', 'evidence', 'rev'] as const;
const EVENT_FIELDS = ['caseId', 'kind', 'at', 'by', 'detail', 'name', 'style_number', 'ref'] as const;
const pick = <T>(item: Record<string, unknown>, fields: readonly string[]): T => Object.fromEntries(fields.map((f) => [f, item[f] ?? null])) as T;
const toCase = (i: Record<string, unknown>) => ({ ...pick<CaseRecord>(i, CASE_FIELDS), repeats: Number(i.repeats ?? 0), rev: Number(i.rev ?? 0) });
const toEvent = (i: Record<string, unknown>) => pick<CaseEvent>(i, EVENT_FIELDS);

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
  };
}

function eventItem(c: CaseRecord, e: CaseEvent): Record<string, unknown> {
  return {
    pk: `CASE#${e.caseId}`,
    sk: `EV#${e.at}#${e.kind}#${e.ref}`,
    entity: 'CaseEvent',
    ...e,
    gsi1pk: logPk(c.brand, c.retailer),
    gsi1sk: `${e.at}#${e.caseId}#${e.kind}`,
    gsi2pk: kindLogPk(c.brand, c.retailer, e.kind),
    gsi2sk: `${e.at}#${e.caseId}`,
  };
}

function countsUpdate(brand: string, retailer: string, moves: CountMoves): TransactItem[] {
  const entries = Object.entries(moves).filter(([, d]) => d !== 0 && d !== undefined) as [string, number][];
  if (!entries.length) return [];
  return [
    {
      Update: {
        TableName: table.name,
        Key: statsKey(brand, retailer),
        UpdateExpression: `SET entity = :e, brand = :b, retailer = :r ADD ${entries.map((_, i) => `#c${i} :d${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#c${i}`, k])),
        ExpressionAttributeValues: { ':e': 'CaseStats', ':b': brand, ':r': retailer, ...Object.fromEntries(entries.map(([, d], i) => [`:d${i}`, d])) },
      },
    },
  ];
}

/**
 * The writes of a step: the case (conditioned on the rev it was read at, or on not existing), its
 * event (a retried email's event is the same item: not written twice) and the counts. Index 0 is
 * the case: a transaction cancelled on it means someone else changed the case meanwhile.
 */
export function stepWrites(s: Step): TransactItem[] {
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
    ...countsUpdate(s.after.brand, s.after.retailer, s.counts),
  ];
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

/** One page of a case's log, oldest first. */
export async function pageCaseEvents(id: string, limit: number, cursor?: string) {
  const out = await queryPage<Record<string, unknown>>({ sources: [tablePrefix(`CASE#${id}`, 'EV#')], ascending: true, limit, cursor });
  return { items: out.items.map(toEvent), nextCursor: out.nextCursor ?? null };
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
