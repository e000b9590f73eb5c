/**
 * One page of a list read with key conditions and a cursor (docs/decisions.md "Lists: key
 * conditions and cursors"). A list may span several partitions of one index (e.g. the pending
 * files of every flag): they are queried in the index's sort order and merged, so a page reads
 * at most (partitions × page size) items plus what a filter expression skips, whatever the
 * number of items stored. The cursor is opaque to callers: base64url JSON of each partition's
 * start key (`null` once it is exhausted).
 */
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './clients/dynamodb';
import { ValidationError } from './http/errors';
import { table } from './table';

type Key = Record<string, unknown>;

export interface PagedSource {
  IndexName?: string;
  /** Name of the partition-key attribute of that index (its value is `:pk` of the key condition). */
  partitionKey: string;
  /** Name of the sort-key attribute of that index (items are merged on it). */
  sortKey: string;
  /** The key attributes of an item of that index (the table's and the index's), for cursors. */
  keyAttributes: readonly string[];
  KeyConditionExpression: string;
  ExpressionAttributeValues: Record<string, unknown>;
  ExpressionAttributeNames?: Record<string, string>;
}

/** The items of one partition of gsi1 or gsi2 (`gsiNpk = pk`) in its sort-key order. */
function gsiPartition(index: 'gsi1' | 'gsi2', pk: string): PagedSource {
  return {
    IndexName: table[index],
    partitionKey: `${index}pk`,
    sortKey: `${index}sk`,
    keyAttributes: ['pk', 'sk', `${index}pk`, `${index}sk`],
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': pk },
  };
}

/** The items of one gsi2 partition (`gsi2pk = pk`) in gsi2sk order: the source of most history lists. */
export const gsi2Partition = (pk: string): PagedSource => gsiPartition('gsi2', pk);

/** The items of one gsi1 partition (`gsi1pk = pk`) in gsi1sk order: every item of a kind by name (BRANDS, RETAILERS). */
export const gsi1Partition = (pk: string): PagedSource => gsiPartition('gsi1', pk);

/** The table's items of partition `pk` whose sort key begins with `prefix`, in sort-key order. */
export function tablePrefix(pk: string, prefix: string): PagedSource {
  return {
    partitionKey: 'pk',
    sortKey: 'sk',
    keyAttributes: ['pk', 'sk'],
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': prefix },
  };
}

export interface PagedQuery {
  sources: readonly PagedSource[];
  /** true: ascending sort key; false: descending. */
  ascending: boolean;
  limit: number;
  /** Optional filter applied to every source (its names/values are merged into each query). */
  filter?: { expression: string; names?: Record<string, string>; values?: Record<string, unknown> };
  /** A cursor from a previous page, or none to start at the first item. */
  cursor?: string;
  /** Items to pass over first (page numbers without a cursor: (page - 1) × limit). */
  skip?: number;
  /**
   * Without a cursor: where each source starts (default 'all', from its first item): 'none' (it
   * holds nothing from here on), or from the first key with a prefix in the list's direction
   * (a page by number located by counts kept on write: functions/files/positions.ts).
   */
  starts?: readonly ('all' | 'none' | { prefix: string })[];
  /** With a filter: stop after evaluating this many items, returning a short page and a cursor. */
  evaluateBudget?: number;
  /**
   * The merge order, when it is not the sort key's: a string per item that orders every source
   * the way its own sort key does (e.g. the file type, constant per source, then the sort key).
   */
  orderKey?: (item: Key) => string;
}

export interface PagedResult<T> {
  items: T[];
  /** Where the next page starts; undefined when there is none. */
  nextCursor?: string;
  /** Items DynamoDB read (evaluated) for this page, over every query. */
  evaluated: number;
  /** Read capacity consumed, as DynamoDB reports it. */
  readUnits: number;
}

interface SourceState {
  start: Key | undefined;
  done: boolean;
  buffer: Key[];
  /** Key of the last item taken from this source (the cursor resumes after it). */
  lastTaken?: Key;
  /** The start key this page began from (kept while nothing of the source was taken). */
  pageStart: Key | undefined;
  /** The source starts at its first key with this prefix (in the list's direction). */
  from?: string;
}

/** A cursor entry for "from the first key with this prefix" (a source nothing was taken from). */
const FROM = '@from';

export function encodeCursor(starts: (Key | null)[]): string {
  return Buffer.from(JSON.stringify(starts)).toString('base64url');
}

/**
 * The start keys a cursor holds, or undefined for one this list did not give out: each entry is
 * null, `{}`, or exactly the source's key attributes as strings, in the source's partition.
 */
export function decodeCursor(cursor: string, sources: readonly PagedSource[]): (Key | null)[] | undefined {
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(v) || v.length !== sources.length) return undefined;
  const fits = (k: unknown, src: PagedSource): boolean => {
    if (k === null) return true;
    if (typeof k !== 'object' || Array.isArray(k)) return false;
    const entries = Object.entries(k as Key);
    if (entries.length === 0) return true;
    if (entries.length === 1 && entries[0]![0] === FROM) return typeof entries[0]![1] === 'string' && entries[0]![1].length <= 1024;
    if (entries.length !== src.keyAttributes.length || !src.keyAttributes.every((a) => typeof (k as Key)[a] === 'string' && ((k as Key)[a] as string).length <= 1024)) return false;
    return (k as Key)[src.partitionKey] === src.ExpressionAttributeValues[':pk'];
  };
  return v.every((k, i) => fits(k, sources[i]!)) ? (v as (Key | null)[]) : undefined;
}

const CURSOR_MESSAGE = 'The page cursor is not valid for this list.';

/** A cursor that is not one this list gave out: 400. */
export class BadCursorError extends ValidationError {}

/** Query the sources in sort order, merged, and cut one page (see the module comment). */
export async function queryPage<T>(q: PagedQuery): Promise<PagedResult<T>> {
  const starts = q.cursor ? decodeCursor(q.cursor, q.sources) : q.sources.map(() => undefined);
  if (!starts) throw new BadCursorError(CURSOR_MESSAGE);
  // `{}` stands for "from the beginning" (a source nothing was taken from yet).
  const fromOf = (k: Key | null | undefined) => (k && typeof k[FROM] === 'string' ? (k[FROM] as string) : undefined);
  const startOf = (k: Key | null | undefined) => (k && Object.keys(k).length && !fromOf(k) ? k : undefined);
  const states: SourceState[] = starts.map((s, i) => {
    const given = q.cursor ? undefined : q.starts?.[i];
    const from = given && given !== 'all' && given !== 'none' ? given.prefix : fromOf(s);
    return { start: startOf(s), done: s === null || given === 'none', buffer: [], pageStart: startOf(s), from };
  });
  const chunk = Math.min(Math.max(q.limit, 10), 500);
  let evaluated = 0;
  let readUnits = 0;
  let budgetLeft = q.evaluateBudget ?? Number.POSITIVE_INFINITY;
  const order = q.orderKey ?? ((item: Key) => String(item[q.sources[0]!.sortKey]));
  // Code-unit order, as DynamoDB orders string keys (byte order; the same for the BMP), never the
  // locale's: a merge that disagrees with its sources' order would return items out of order.
  const compare = (a: Key, b: Key) => {
    const x = order(a);
    const y = order(b);
    const c = x < y ? -1 : x > y ? 1 : 0;
    return q.ascending ? c : -c;
  };

  /** Fill a source's buffer (one Query, or several while a filter drops everything read). */
  async function fill(i: number): Promise<void> {
    const s = states[i]!;
    const src = q.sources[i]!;
    while (!s.done && s.buffer.length === 0 && budgetLeft > 0) {
      // From a prefix: ascending, keys >= it; descending, keys <= it followed by U+FFFF (every key
      // starting with it, the keys are ASCII).
      const fromNames = s.from !== undefined ? { '#posk': src.sortKey } : undefined;
      const fromValues = s.from !== undefined ? { ':posk': q.ascending ? s.from : `${s.from}\uffff` } : undefined;
      const input: QueryCommandInput = {
        TableName: table.name,
        IndexName: src.IndexName,
        KeyConditionExpression: s.from !== undefined ? `${src.KeyConditionExpression} AND #posk ${q.ascending ? '>=' : '<='} :posk` : src.KeyConditionExpression,
        ExpressionAttributeValues: { ...src.ExpressionAttributeValues, ...q.filter?.values, ...fromValues },
        ExpressionAttributeNames: src.ExpressionAttributeNames || q.filter?.names || fromNames ? { ...src.ExpressionAttributeNames, ...q.filter?.names, ...fromNames } : undefined,
        FilterExpression: q.filter?.expression,
        ScanIndexForward: q.ascending,
        Limit: Math.min(chunk, budgetLeft),
        ExclusiveStartKey: s.start,
        ReturnConsumedCapacity: 'TOTAL',
      };
      const out = await ddb.send(new QueryCommand(input)).catch((e: unknown) => {
        // A start key of the right shape that DynamoDB still refuses came from a forged cursor.
        throw q.cursor && (e as Error).name === 'ValidationException' ? new BadCursorError(CURSOR_MESSAGE) : e;
      });
      evaluated += out.ScannedCount ?? 0;
      if (q.filter) budgetLeft -= out.ScannedCount ?? 0;
      readUnits += out.ConsumedCapacity?.CapacityUnits ?? 0;
      s.buffer.push(...((out.Items ?? []) as Key[]));
      s.start = out.LastEvaluatedKey;
      if (!out.LastEvaluatedKey) s.done = true;
    }
  }

  const keyOf = (i: number, item: Key): Key => Object.fromEntries(q.sources[i]!.keyAttributes.map((a) => [a, item[a]]));

  /** The next item in merged order, or undefined when every source is exhausted (or the budget spent). */
  async function next(): Promise<Key | undefined> {
    await Promise.all(states.map((_, i) => fill(i)));
    let best = -1;
    for (let i = 0; i < states.length; i++) {
      const head = states[i]!.buffer[0];
      if (head && (best < 0 || compare(head, states[best]!.buffer[0]!) < 0)) best = i;
    }
    if (best < 0) return undefined;
    // A source with an empty buffer that is not done (budget spent) may hold a smaller item: stop.
    if (states.some((s) => !s.done && s.buffer.length === 0)) return undefined;
    const item = states[best]!.buffer.shift()!;
    states[best]!.lastTaken = keyOf(best, item);
    return item;
  }

  for (let n = q.skip ?? 0; n > 0; n--) if (!(await next())) break;
  const items: T[] = [];
  while (items.length < q.limit) {
    const item = await next();
    if (!item) break;
    items.push(item as T);
  }
  // Where each source resumes: after its last taken item while some of what it read is unused;
  // otherwise where its last Query stopped.
  const fromEntry = (s: SourceState): Key => (s.from !== undefined ? { [FROM]: s.from } : {});
  const resume = states.map((s): Key | null => {
    if (s.buffer.length) return s.lastTaken ?? s.pageStart ?? fromEntry(s);
    return s.done ? null : (s.start ?? fromEntry(s));
  });
  const more = states.some((s) => s.buffer.length > 0 || !s.done);
  const cursor = more ? encodeCursor(resume) : undefined;
  return { items, nextCursor: cursor, evaluated, readUnits };
}
