/**
 * Storage of the content checks (docs/data-model.md "Content checks"), one period at a time:
 * - `CONTENT#<periodId>` / `STATE`: which run of the period is shown (`runId`) and which is being
 *   made (`pendingRun`), its status and error. A run's suggestions become visible in one write
 *   (the pointer moves when the run has finished), as a product version does at publish.
 * - `RUN#<runId>` / `RUN`: the run's figures, kept on write: products checked, products with a
 *   finding not dismissed (`withFindings`), suggestions open / flagged / dismissed.
 * - `RUN#<runId>` / `CHUNK#<n>`: a chunk's figures were added (a retried chunk adds nothing twice).
 * - `RUN#<runId>` / `SUG#<id>`: one suggestion; gsi2 `SUGGEST#<runId>#<status>` ranked by
 *   confidence (most sure first), so a page is one Query whatever the number of suggestions.
 * - `RUN#<runId>` / `P#<style key>`: a product's live findings (not dismissed), so dismissing its
 *   last one moves `withFindings` in the same transaction.
 * - `DISMISS#<brand>#<retailer>` / `<contentKey>`: a dismissal, remembered for that content.
 * - `BRAND#<brand>` / `CONTENTSETTINGS`: the brand's check settings.
 * Every run item carries the period's TTL (it goes with the period's products).
 */
import { createHash } from 'node:crypto';
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_CONTENT_SETTINGS, type ContentSettings, type Finding } from '../../shared/content';
import { periodExpiresAt, utcDayMs } from '../../shared/retention';
import { ddb } from '../lib/clients/dynamodb';
import { gsi2Partition, queryPage } from '../lib/paged-query';
import { batchGetItems, cancellationReasons, isConditionFailed, table, transactIf, type TransactItem } from '../lib/table';
import { batchWrite, type WriteRequest } from '../scrapings';

export type SuggestionStatus = 'open' | 'flagged' | 'dismissed';
export const SUGGESTION_STATUSES: readonly SuggestionStatus[] = ['open', 'flagged', 'dismissed'];

export interface ContentState {
  periodId: string;
  brand: string;
  retailer: string;
  /** The run whose suggestions are shown; absent before the first run finished. */
  runId?: string;
  /** The run being made (a newer start replaces it; only it may become the shown one). */
  pendingRun?: string;
  status: 'running' | 'done' | 'failed' | 'no-catalog';
  error?: string;
  updatedAt: string;
}

export interface RunRecord {
  runId: string;
  periodId: string;
  brand: string;
  retailer: string;
  /** The period's date (the run's items expire with the period). */
  date: string;
  version: string;
  catalogVersion: string;
  chunks: number;
  chunksDone: number;
  checked: number;
  withFindings: number;
  open: number;
  flagged: number;
  dismissed: number;
  startedAt: string;
  finishedAt?: string;
}

export interface Suggestion {
  /** `<runId><suggestion key>` (44 characters). */
  _id: string;
  runId: string;
  periodId: string;
  brand: string;
  retailer: string;
  /** The product it is about ('' for the brand page). */
  productId: string;
  productName: string;
  finding: Finding;
  status: SuggestionStatus;
  decidedBy?: string;
  decidedAt?: string;
  dismissReason?: string;
}

export interface Dismissal {
  contentKey: string;
  kind: string;
  reason: string;
  by: string;
  at: string;
}

const ID = 22;
const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, ID);

export const stateKey = (periodId: string) => ({ pk: `CONTENT#${periodId}`, sk: 'STATE' });
const runKey = (runId: string) => ({ pk: `RUN#${runId}`, sk: 'RUN' });
const chunkKey = (runId: string, n: number) => ({ pk: `RUN#${runId}`, sk: `CHUNK#${String(n).padStart(3, '0')}` });
const suggestionKey = (runId: string, key: string) => ({ pk: `RUN#${runId}`, sk: `SUG#${key}` });
const productKey = (runId: string, styleNumber: string) => ({ pk: `RUN#${runId}`, sk: `P#${digest('style', styleNumber)}` });
const dismissPk = (brand: string, retailer: string) => `DISMISS#${brand}#${retailer}`;
const settingsKey = (brand: string) => ({ pk: `BRAND#${brand}`, sk: 'CONTENTSETTINGS' });
const statusPk = (runId: string, status: SuggestionStatus) => `SUGGEST#${runId}#${status}`;
/** Most sure first, then by style number: 1000 − confidence in thousandths, 4 digits. */
const rankOf = (f: Finding, key: string) => `${String(1000 - Math.round(f.confidence * 1000)).padStart(4, '0')}#${f.styleNumber}#${key}`;
const ttl = (date: string): Record<string, number> => (utcDayMs(date) === undefined ? {} : { [table.ttl]: periodExpiresAt(date) });

/** A run's id: the same period version checked against the same catalogue and settings is the same run (a retried start repeats it). */
export const runIdOf = (periodId: string, version: string, catalogVersion: string, settingsRev: number, attempt = '') => digest('run', periodId, version, catalogVersion, String(settingsRev), attempt);
/** A suggestion's key within its run: one a finding of a product (kind + content). */
export const suggestionKeyOf = (f: Finding) => digest('suggestion', f.kind, f.styleNumber, f.contentKey);
export const splitSuggestionId = (id: string) => (id.length === ID * 2 && /^[A-Za-z0-9_-]+$/.test(id) ? { runId: id.slice(0, ID), key: id.slice(ID) } : undefined);

async function get<T>(k: { pk: string; sk: string }): Promise<T | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: k, ConsistentRead: true }));
  if (!out.Item) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { pk, sk, gsi2pk, gsi2sk, entity, [table.ttl]: _ttl, ...rest } = out.Item;
  return rest as T;
}

export const getContentState = (periodId: string) => get<ContentState>(stateKey(periodId));
export const getRun = (runId: string) => get<RunRecord>(runKey(runId));

/** The brand's check settings (the defaults where never saved) and their revision (0: never saved). */
export async function getContentSettings(brand: string): Promise<{ settings: ContentSettings; rev: number; updatedAt?: string }> {
  const item = await get<{ settings: ContentSettings; rev: number; updatedAt: string }>(settingsKey(brand));
  if (!item) return { settings: DEFAULT_CONTENT_SETTINGS, rev: 0 };
  return { settings: { ...DEFAULT_CONTENT_SETTINGS, ...item.settings, checks: { ...DEFAULT_CONTENT_SETTINGS.checks, ...item.settings.checks } }, rev: item.rev, updatedAt: item.updatedAt };
}

/** Save the settings if their revision is still `rev` (two admins saving at once: the second is told). */
export async function putContentSettings(brand: string, settings: ContentSettings, rev: number, by: string): Promise<number | undefined> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...settingsKey(brand), entity: 'ContentSettings', settings, rev: rev + 1, updatedAt: new Date().toISOString(), updatedBy: by },
        ConditionExpression: rev === 0 ? 'attribute_not_exists(pk)' : 'rev = :rev',
        ...(rev === 0 ? {} : { ExpressionAttributeValues: { ':rev': rev } }),
      }),
    );
    return rev + 1;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}

/**
 * A run begins: its record (kept if it exists: a retried start), and the period's state names it
 * as the run being made (the shown run stays shown until this one finishes).
 */
export async function beginRun(run: Omit<RunRecord, 'chunksDone' | 'checked' | 'withFindings' | 'open' | 'flagged' | 'dismissed'>): Promise<RunRecord> {
  const now = new Date().toISOString();
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...runKey(run.runId), entity: 'ContentRun', ...run, chunksDone: 0, checked: 0, withFindings: 0, open: 0, flagged: 0, dismissed: 0, ...ttl(run.date) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: stateKey(run.periodId),
      UpdateExpression: 'SET entity = :e, periodId = :p, brand = :b, retailer = :r, pendingRun = :run, #status = :running, updatedAt = :now REMOVE #error',
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: { ':e': 'ContentState', ':p': run.periodId, ':b': run.brand, ':r': run.retailer, ':run': run.runId, ':running': 'running', ':now': now },
    }),
  );
  return (await getRun(run.runId))!;
}

/** The period's state without a run: no catalogue to check against (nothing to suggest), or its checks could not start (the reason said; "Check again" clears it). */
async function setStateWithoutRun(periodId: string, brand: string, retailer: string, status: 'no-catalog' | 'failed', error?: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: stateKey(periodId),
      UpdateExpression: `SET entity = :e, periodId = :p, brand = :b, retailer = :r, #status = :s, updatedAt = :now${error ? ', #error = :error' : ' REMOVE pendingRun, #error'}`,
      ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
      ExpressionAttributeValues: { ':e': 'ContentState', ':p': periodId, ':b': brand, ':r': retailer, ':s': status, ':now': new Date().toISOString(), ...(error ? { ':error': error.slice(0, 1000) } : {}) },
    }),
  );
}

export const markNoCatalog = (periodId: string, brand: string, retailer: string) => setStateWithoutRun(periodId, brand, retailer, 'no-catalog');
export const markStartFailed = (periodId: string, brand: string, retailer: string, error: string) => setStateWithoutRun(periodId, brand, retailer, 'failed', `The checks could not start: ${error}`);

/** What a chunk found: its suggestions (dismissed content already left out) and how many products it checked. */
export interface ChunkResult {
  checked: number;
  suggestions: Omit<Suggestion, '_id' | 'runId'>[];
}

/**
 * Store a chunk's suggestions and per-product counts (idempotent puts), then add its figures to
 * the run once: the chunk's marker and the run's ADDs are one transaction on the marker's absence.
 */
export async function recordChunk(run: RunRecord, n: number, result: ChunkResult): Promise<boolean> {
  const perProduct = new Map<string, number>();
  const writes: WriteRequest[] = [];
  let open = 0;
  let flagged = 0;
  for (const s of result.suggestions) {
    const key = suggestionKeyOf(s.finding);
    writes.push({
      PutRequest: {
        Item: { ...suggestionKey(run.runId, key), entity: 'Suggestion', gsi2pk: statusPk(run.runId, s.status), gsi2sk: rankOf(s.finding, key), _id: run.runId + key, runId: run.runId, ...s, ...ttl(run.date) },
      },
    });
    if (s.status === 'open') open++;
    else if (s.status === 'flagged') flagged++;
    if (s.finding.styleNumber) perProduct.set(s.finding.styleNumber, (perProduct.get(s.finding.styleNumber) ?? 0) + 1);
  }
  for (const [style, live] of perProduct) writes.push({ PutRequest: { Item: { ...productKey(run.runId, style), entity: 'SuggestionProduct', styleNumber: style, live, ...ttl(run.date) } } });
  await batchWrite(writes);
  return transactIf([
    { Put: { TableName: table.name, Item: { ...chunkKey(run.runId, n), entity: 'ContentChunk', checked: result.checked, found: result.suggestions.length, ...ttl(run.date) }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        TableName: table.name,
        Key: runKey(run.runId),
        UpdateExpression: 'ADD chunksDone :one, checked :c, withFindings :w, #open :o, flagged :f',
        ExpressionAttributeNames: { '#open': 'open' },
        ExpressionAttributeValues: { ':one': 1, ':c': result.checked, ':w': perProduct.size, ':o': open, ':f': flagged },
      },
    },
  ]);
}

/**
 * The run becomes the period's shown one, if it is still the one being made (a run started after
 * it wins). Returns the run replaced, whose items the caller may delete.
 */
export async function finishRun(run: RunRecord): Promise<{ shown: boolean; replaced?: string }> {
  const before = await getContentState(run.periodId);
  const now = new Date().toISOString();
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: stateKey(run.periodId),
        UpdateExpression: 'SET runId = :run, #status = :done, updatedAt = :now REMOVE pendingRun, #error',
        ConditionExpression: 'pendingRun = :run',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: { ':run': run.runId, ':done': 'done', ':now': now },
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
    return { shown: (await getContentState(run.periodId))?.runId === run.runId };
  }
  await ddb.send(new UpdateCommand({ TableName: table.name, Key: runKey(run.runId), UpdateExpression: 'SET finishedAt = :now', ExpressionAttributeValues: { ':now': now } }));
  return { shown: true, ...(before?.runId && before.runId !== run.runId ? { replaced: before.runId } : {}) };
}

/** The run failed: its reason on the period's state, if it was the one being made. */
export async function failRun(periodId: string, runId: string, error: string): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: stateKey(periodId),
        UpdateExpression: 'SET #status = :failed, #error = :error, updatedAt = :now REMOVE pendingRun',
        ConditionExpression: 'pendingRun = :run',
        ExpressionAttributeNames: { '#status': 'status', '#error': 'error' },
        ExpressionAttributeValues: { ':run': runId, ':failed': 'failed', ':error': error.slice(0, 1000), ':now': new Date().toISOString() },
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}

/** Delete every item of a replaced run (a page of keys at a time). */
export async function deleteRun(runId: string): Promise<void> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(new QueryCommand({ TableName: table.name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `RUN#${runId}` }, ProjectionExpression: 'pk, sk', ExclusiveStartKey }));
    await batchWrite((out.Items ?? []).map((k) => ({ DeleteRequest: { Key: { pk: k.pk, sk: k.sk } } })));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** One page of a run's suggestions of a status, most sure first (gsi2, a cursor). */
export async function pageSuggestions(runId: string, status: SuggestionStatus, q: { limit: number; cursor?: string }): Promise<{ items: Suggestion[]; nextCursor?: string }> {
  const page = await queryPage<Record<string, unknown>>({ sources: [gsi2Partition(statusPk(runId, status))], ascending: true, limit: q.limit, cursor: q.cursor });
  return { items: page.items.map(toSuggestion), nextCursor: page.nextCursor };
}

function toSuggestion(i: Record<string, unknown>): Suggestion {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { pk, sk, gsi2pk, gsi2sk, entity, [table.ttl]: _ttl, ...rest } = i;
  return rest as unknown as Suggestion;
}

export async function getSuggestion(id: string): Promise<Suggestion | undefined> {
  const split = splitSuggestionId(id);
  if (!split) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: suggestionKey(split.runId, split.key), ConsistentRead: true }));
  return out.Item ? toSuggestion(out.Item) : undefined;
}

/** Which of these content keys the retailer's content was dismissed for (BatchGetItem, keys only). */
export async function dismissedKeys(brand: string, retailer: string, contentKeys: readonly string[]): Promise<Set<string>> {
  const items = await batchGetItems([...new Set(contentKeys)].map((k) => ({ pk: dismissPk(brand, retailer), sk: k })), { projection: 'sk' });
  return new Set(items.map((i) => String(i.sk)));
}

export class SuggestionDecidedError extends Error {}

/**
 * Decide an open suggestion: `flagged` (a case was opened for it) or `dismissed` (with its reason,
 * remembered for the content). One transaction: the suggestion (only while open: two people at
 * once, one wins), the run's counts, and for a dismissal the product's live count (its last live
 * finding dismissed: one product fewer with findings) and the memory of the content.
 */
export async function decideSuggestion(s: Suggestion, to: 'flagged' | 'dismissed', by: string, reason = ''): Promise<Suggestion> {
  const { runId, key } = splitSuggestionId(s._id)!;
  const run = await getRun(runId);
  const now = new Date().toISOString();
  for (let attempt = 0; attempt < 10; attempt++) {
    const items: TransactItem[] = [
      {
        Update: {
          TableName: table.name,
          Key: suggestionKey(runId, key),
          UpdateExpression: 'SET #status = :to, gsi2pk = :pk, decidedBy = :by, decidedAt = :now' + (to === 'dismissed' ? ', dismissReason = :reason' : ''),
          ConditionExpression: '#status = :open',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':to': to, ':pk': statusPk(runId, to), ':by': by, ':now': now, ':open': 'open', ...(to === 'dismissed' ? { ':reason': reason } : {}) },
        },
      },
    ];
    let lastLive = false;
    if (to === 'dismissed' && s.finding.styleNumber) {
      const p = await get<{ live: number }>(productKey(runId, s.finding.styleNumber));
      const live = p?.live ?? 1;
      lastLive = live <= 1;
      items.push({ Update: { TableName: table.name, Key: productKey(runId, s.finding.styleNumber), UpdateExpression: 'SET live = :next', ConditionExpression: 'live = :live', ExpressionAttributeValues: { ':next': Math.max(0, live - 1), ':live': live } } });
      items.push({ Put: { TableName: table.name, Item: { pk: dismissPk(s.brand, s.retailer), sk: s.finding.contentKey, entity: 'Dismissal', contentKey: s.finding.contentKey, kind: s.finding.kind, reason, by, at: now, styleNumber: s.finding.styleNumber } } });
    }
    items.push({
      Update: {
        TableName: table.name,
        Key: runKey(runId),
        UpdateExpression: `ADD #open :minus, #to :one${lastLive ? ', withFindings :minus' : ''}`,
        ExpressionAttributeNames: { '#open': 'open', '#to': to },
        ExpressionAttributeValues: { ':minus': -1, ':one': 1 },
      },
    });
    if (!run) items.pop();
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return { ...s, status: to, decidedBy: by, decidedAt: now, ...(to === 'dismissed' ? { dismissReason: reason } : {}) };
    } catch (e) {
      const reasons = cancellationReasons(e);
      if (!reasons) throw e;
      if (reasons[0] === 'ConditionalCheckFailed') throw new SuggestionDecidedError();
      // The product's count moved meanwhile (another of its findings dismissed) or a conflict: read again.
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 5 * 2 ** attempt)));
    }
  }
  throw new Error('The suggestion kept changing while it was decided.');
}

/** A flagged suggestion back to open (its flag call failed after the claim): the run's counts follow. */
export async function reopenSuggestion(s: Suggestion): Promise<void> {
  const { runId, key } = splitSuggestionId(s._id)!;
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Update: {
            TableName: table.name,
            Key: suggestionKey(runId, key),
            UpdateExpression: 'SET #status = :open, gsi2pk = :pk REMOVE decidedBy, decidedAt',
            ConditionExpression: '#status = :flagged',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':open': 'open', ':pk': statusPk(runId, 'open'), ':flagged': 'flagged' },
          },
        },
        { Update: { TableName: table.name, Key: runKey(runId), UpdateExpression: 'ADD #open :one, flagged :minus', ExpressionAttributeNames: { '#open': 'open' }, ExpressionAttributeValues: { ':one': 1, ':minus': -1 } } },
      ],
    }),
  );
}
