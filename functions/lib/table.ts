/**
 * The one DynamoDB table: names, key helpers and paging helpers. Every item has `entity`;
 * every GSI is named for the access patterns it serves (README "Data model").
 * - gsi1 (gsi1pk, gsi1sk): "list all of a kind, sorted" (USERS, ROLES, BRANDS, RETAILERS, ...)
 * - gsi2 (gsi2pk, gsi2sk): "children of a parent" (users of a brand, retailer by slug, ...)
 * - gsi3 (gsi3pk, gsi3sk): post-office files per status and flag, by date
 * - gsi4 (gsi4pk, gsi4sk): post-office files per status, flag and type, by retailer name
 */
import { randomBytes } from 'node:crypto';
import { BatchGetCommand, QueryCommand, TransactWriteCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './clients/dynamodb';
import { env } from './env';

export const table = {
  get name() {
    return env.tableName;
  },
  gsi1: 'gsi1',
  gsi2: 'gsi2',
  gsi3: 'gsi3',
  gsi4: 'gsi4',
  /** TTL attribute (epoch seconds). */
  ttl: 'expiresAt',
} as const;

export const key = {
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'USER' }),
  email: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  role: (id: string) => ({ pk: `ROLE#${id}`, sk: 'ROLE' }),
  brand: (id: string) => ({ pk: `BRAND#${id}`, sk: 'BRAND' }),
  retailer: (id: string) => ({ pk: `RETAILER#${id}`, sk: 'RETAILER' }),
  linkToken: (hash: string) => ({ pk: `TOKEN#${hash}`, sk: 'TOKEN' }),
  /** Reservation of a brand's or retailer's slug (unique; written with the record). */
  slug: (kind: 'BRAND' | 'RETAILER', slug: string) => ({ pk: `SLUG#${kind}#${slug.toLowerCase()}`, sk: 'SLUG' }),
  /** Reservation of a brand's display name, folded (shared/slug.ts foldName). */
  brandName: (folded: string) => ({ pk: `BRANDNAME#${folded}`, sk: 'BRANDNAME' }),
  /** A throttle counter of one fixed time window (TTL expiresAt). */
  throttle: (scope: string, window: number) => ({ pk: `THROTTLE#${scope}`, sk: `W#${window}` }),
};

/** A transaction cancelled by conditions: which of its items (by index) failed their condition. */
export function failedConditions(e: unknown): number[] | undefined {
  if ((e as Error | undefined)?.name !== 'TransactionCanceledException') return undefined;
  const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
  return reasons.flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
}

/** One item of a TransactWriteItems call. */
export type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** A cancelled transaction's reason code per item (`None` for an item that did not fail); undefined for another error. */
export const cancellationReasons = (e: unknown): string[] | undefined =>
  (e as Error | undefined)?.name === 'TransactionCanceledException' ? ((e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).map((r) => r.Code ?? 'None') : undefined;

/** Run a transaction: false when a condition of one of its items failed (nothing written), any other error thrown. */
export async function transactIf(items: TransactItem[]): Promise<boolean> {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (e) {
    if (failedConditions(e)?.length) return false;
    throw e;
  }
}

/**
 * Run a transaction whose conditions decide the answer: a cancellation by conditions is handed to
 * `onConditions` (indexes of the failed items), whose error is thrown. Two transactions on the
 * same item at the same instant may cancel each other with TransactionConflict and no failed
 * condition: retried (up to 10 times, full jitter doubling up to 1 s) so that one commits and the
 * other then fails its condition, as if they had come in turn.
 */
export async function transactOrConditions(items: TransactItem[], onConditions: (failed: number[]) => Error): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (e) {
      const reasons = cancellationReasons(e);
      if (!reasons) throw e;
      const failed = reasons.flatMap((c, i) => (c === 'ConditionalCheckFailed' ? [i] : []));
      if (failed.length) throw onConditions(failed);
      if (attempt < 10 && reasons.includes('TransactionConflict')) {
        await new Promise((r) => setTimeout(r, Math.random() * Math.min(1000, 25 * 2 ** attempt)));
        continue;
      }
      throw e;
    }
  }
}

/** Sortable, unguessable ids: 10 chars of time + 12 of randomness (base36/base64url). */
export function newId(): string {
  return Date.now().toString(36).padStart(10, '0') + randomBytes(9).toString('base64url');
}

/** Sort key text for names: case-insensitive, stable. */
export const sortName = (name: string) => name.trim().toLowerCase();

/** Strip the key attributes before an item leaves the data layer. */
export function clean<T>(item: Record<string, unknown>): T {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, gsi3pk, gsi3sk, gsi4pk, gsi4sk, entity, ...rest } = item;
  return rest as T;
}

/** Query every page of a key condition (bounded lists: users, brands, retailers of a tenant). */
export async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of queryPages<T>(input)) out.push(...page);
  return out;
}

/** Query a key condition a DynamoDB page at a time (a large result is never held whole). */
export async function* queryPages<T>(input: Omit<QueryCommandInput, 'TableName'>): AsyncGenerator<T[]> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({ TableName: table.name, ...input, ExclusiveStartKey }));
    yield (page.Items ?? []) as T[];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}

/** Query a key condition with Select COUNT over every page. */
export async function queryCount(input: Omit<QueryCommandInput, 'TableName' | 'Select'>): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({ TableName: table.name, ...input, Select: 'COUNT', ExclusiveStartKey }));
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** `SET #f0 = :v0, … REMOVE #r0, …` for plain attributes (undefined values are skipped). */
export function updateParts(
  fields: Record<string, unknown>,
  remove: readonly string[] = [],
): { UpdateExpression: string; ExpressionAttributeNames: Record<string, string>; ExpressionAttributeValues: Record<string, unknown> } {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v], i) => {
      names[`#f${i}`] = k;
      values[`:v${i}`] = v;
      return `#f${i} = :v${i}`;
    });
  const removes = remove.map((k, i) => ((names[`#r${i}`] = k), `#r${i}`));
  const expression = [sets.length ? `SET ${sets.join(', ')}` : '', removes.length ? `REMOVE ${removes.join(', ')}` : ''].filter(Boolean).join(' ');
  return { UpdateExpression: expression, ExpressionAttributeNames: names, ExpressionAttributeValues: values };
}

/** A conditional write that lost its condition (not an error worth a retry). */
export const isConditionFailed = (e: unknown): boolean => (e as Error | undefined)?.name === 'ConditionalCheckFailedException';

/**
 * BatchGetItem of these keys of the table, 100 a request, the unprocessed keys asked again (with a
 * growing pause, at most 8 times): the items found, in no particular order. `projection` names
 * the attributes to read (every one when absent).
 */
export async function batchGetItems(keys: readonly { pk: string; sk: string }[], o: { consistent?: boolean; projection?: string } = {}): Promise<Record<string, unknown>[]> {
  const found: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let left: Record<string, unknown>[] = keys.slice(i, i + 100);
    for (let attempt = 0; left.length; attempt++) {
      if (attempt > 8) throw new Error(`BatchGetItem left ${left.length} key(s) unprocessed after ${attempt} attempts.`);
      if (attempt) await new Promise((r) => setTimeout(r, Math.min(1000, 25 * 2 ** attempt)));
      const out = await ddb.send(
        new BatchGetCommand({ RequestItems: { [table.name]: { Keys: left, ...(o.consistent ? { ConsistentRead: true } : {}), ...(o.projection ? { ProjectionExpression: o.projection } : {}) } } }),
      );
      found.push(...(out.Responses?.[table.name] ?? []));
      left = (out.UnprocessedKeys?.[table.name]?.Keys as Record<string, unknown>[] | undefined) ?? [];
    }
  }
  return found;
}
