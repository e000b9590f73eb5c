/**
 * The basket of on-hand items, per owner, brand and retailer (docs/basket.md):
 *
 *   BASKET#<owner>#<brand>#<retailer> / ITEM#<SERIAL>    an item (the on-hand fields when added, addedAt)
 *   BASKETS#<owner> / BASKET#<brand>#<retailer>          { count } kept in the same transaction as each write
 *   BASKETJOB#<id> / JOB                                 an export job (status, progress, export ids; TTL)
 *   BASKETEXPORTS#<owner> / RUNNING                      { jobs: { <jobId>: startedAt ms }, v }: the owner's unfinished exports
 *
 * The owner is a plain string: the user id today, a portal link's principal later
 * (`PORTAL#<linkId>`). Nothing here reads a whole basket to answer a page.
 */
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { BASKET_CAP } from '../../shared/messages/basket';
import type { BasketItem, ExportJobStatus } from '../../shared/schemas/basket';
import { ddb } from '../lib/clients/dynamodb';
import { mapLimit } from '../lib/map-limit';
import { clean, queryPages, table, updateParts } from '../lib/table';
import { idKey, toOhItem, type OhItem } from '../inventory';

export interface BasketRef {
  owner: string;
  brand: string;
  retailer: string;
}

const itemsPk = (b: BasketRef) => `BASKET#${b.owner}#${b.brand}#${b.retailer}`;
const itemKey = (b: BasketRef, serialNo: string) => ({ pk: itemsPk(b), sk: `ITEM#${idKey(serialNo)}` });
const countKey = (b: BasketRef) => ({ pk: `BASKETS#${b.owner}`, sk: `BASKET#${b.brand}#${b.retailer}` });
const jobKey = (id: string) => ({ pk: `BASKETJOB#${id}`, sk: 'JOB' });

export type AddOutcome = 'added' | 'already' | 'full';

/** Transaction conflicts (two writers on the count at once) are retried: the count stays exact. */
async function withConflictRetry<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (e) {
      const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      const conflict = (e as Error).name === 'TransactionConflictException' || ((e as Error).name === 'TransactionCanceledException' && reasons.some((r) => r.Code === 'TransactionConflict') && !reasons.some((r) => r.Code === 'ConditionalCheckFailed'));
      if (!conflict || attempt >= 12) throw e;
      await new Promise((r) => setTimeout(r, 10 + Math.random() * 20 * 2 ** Math.min(attempt, 6)));
    }
  }
}

/**
 * TransactWriteItems: PutItem the item if absent + ADD count 1 on the count if below the cap.
 * 'already' when the item is there (two tabs adding the same serial count it once), 'full' at the cap.
 */
export async function addItem(b: BasketRef, item: OhItem, now = new Date().toISOString()): Promise<AddOutcome> {
  try {
    await withConflictRetry(() =>
      ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: table.name, Item: { ...itemKey(b, item.serialNo), entity: 'BasketItem', ...item, addedAt: now }, ConditionExpression: 'attribute_not_exists(pk)' } },
            {
              Update: {
                TableName: table.name,
                Key: countKey(b),
                UpdateExpression: 'SET brand = :b, retailer = :r, #o = :o ADD #c :one',
                ConditionExpression: 'attribute_not_exists(#c) OR #c < :cap',
                ExpressionAttributeNames: { '#c': 'count', '#o': 'owner' },
                ExpressionAttributeValues: { ':b': b.brand, ':r': b.retailer, ':o': b.owner, ':one': 1, ':cap': BASKET_CAP },
              },
            },
          ],
        }),
      ),
    );
    return 'added';
  } catch (e) {
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if ((e as Error).name === 'TransactionCanceledException' && reasons) {
      if (reasons[0]?.Code === 'ConditionalCheckFailed') return 'already';
      if (reasons[1]?.Code === 'ConditionalCheckFailed') return 'full';
    }
    throw e;
  }
}

/** TransactWriteItems: DeleteItem the item if there + ADD count -1. false when it was not there. */
export async function removeItem(b: BasketRef, serialNo: string): Promise<boolean> {
  try {
    await withConflictRetry(() =>
      ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            { Delete: { TableName: table.name, Key: itemKey(b, serialNo), ConditionExpression: 'attribute_exists(pk)' } },
            { Update: { TableName: table.name, Key: countKey(b), UpdateExpression: 'ADD #c :minus', ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':minus': -1 } } },
          ],
        }),
      ),
    );
    return true;
  } catch (e) {
    const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons;
    if ((e as Error).name === 'TransactionCanceledException' && reasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
    throw e;
  }
}

/** GetItem BASKETS#owner / BASKET#brand#retailer (consistent): the count. */
export async function countItems(b: BasketRef): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: countKey(b), ConsistentRead: true }));
  return Math.max(0, Number(out.Item?.count ?? 0));
}

/** Query BASKET#owner#brand#retailer, serial order, one page from a cursor (or after `skip` items). */
export async function pageItems(b: BasketRef, r: { limit: number; cursor?: string; skip?: number }): Promise<{ items: BasketItem[]; nextCursor?: string }> {
  let ExclusiveStartKey: Record<string, unknown> | undefined = r.cursor ? decodeCursor(r.cursor, b) : undefined;
  let skip = r.cursor ? 0 : (r.skip ?? 0);
  const items: BasketItem[] = [];
  // Skipping to a page number reads the keys before it (ProjectionExpression pk, sk): a basket is capped.
  while (skip > 0) {
    const page = await ddb.send(
      new QueryCommand({ TableName: table.name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': itemsPk(b) }, ProjectionExpression: 'pk, sk', Limit: Math.min(skip, 1000), ExclusiveStartKey, ConsistentRead: true }),
    );
    skip -= page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
    if (!ExclusiveStartKey) return { items };
  }
  const page = await ddb.send(
    new QueryCommand({ TableName: table.name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': itemsPk(b) }, Limit: r.limit, ExclusiveStartKey, ConsistentRead: true }),
  );
  for (const i of page.Items ?? []) items.push(toBasketItem(i));
  const last = page.LastEvaluatedKey;
  return { items, nextCursor: last ? Buffer.from(String(last.sk)).toString('base64url') : undefined };
}

function decodeCursor(cursor: string, b: BasketRef): Record<string, unknown> | undefined {
  const sk = Buffer.from(cursor, 'base64url').toString('utf8');
  return sk.startsWith('ITEM#') ? { pk: itemsPk(b), sk } : undefined;
}

/** Every item of a basket, a DynamoDB page at a time (the export worker, clear). */
export async function* itemPages(b: BasketRef): AsyncGenerator<BasketItem[]> {
  for await (const page of queryPages<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': itemsPk(b) }, ConsistentRead: true })) yield page.map(toBasketItem);
}

/** BatchGetItem: the items of these serials that are in the basket (up to 100 a call). */
export async function getItems(b: BasketRef, serials: readonly string[]): Promise<BasketItem[]> {
  const out: BasketItem[] = [];
  const unique = [...new Set(serials.map(idKey))];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, string>[]; ConsistentRead: boolean }> | undefined = {
      [table.name]: { Keys: unique.slice(i, i + 100).map((s) => itemKey(b, s)), ConsistentRead: true },
    };
    while (request && Object.keys(request).length) {
      const res = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const it of res.Responses?.[table.name] ?? []) out.push(toBasketItem(it));
      request = res.UnprocessedKeys as typeof request;
    }
  }
  return out;
}

const toBasketItem = (i: Record<string, unknown>): BasketItem => ({
  _id: String(i.serialNo ?? ''),
  ...toOhItem(i),
  addedAt: String(i.addedAt ?? ''),
});

/**
 * Empties one basket: a page of items at a time, each deleted with the count moved in the same
 * transaction (a concurrent add or remove keeps the count exact). The number removed.
 */
export async function clearBasket(b: BasketRef): Promise<number> {
  let removed = 0;
  for (;;) {
    const page = await pageItems(b, { limit: 100 });
    if (!page.items.length) break;
    const results = await mapLimit(page.items, 10, (i) => removeItem(b, i.serialNo));
    removed += results.filter(Boolean).length;
  }
  return removed;
}

/** Query BASKETS#owner: the owner's baskets (brand, retailer, count). */
export async function listBaskets(owner: string): Promise<BasketRef[]> {
  const out: BasketRef[] = [];
  for await (const page of queryPages<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `BASKETS#${owner}` }, ConsistentRead: true })) {
    for (const c of page) out.push({ owner, brand: String(c.brand), retailer: String(c.retailer) });
  }
  return out;
}

// ── Export jobs ─────────────────────────────────────────────────────────────────

export interface ExportJobRecord extends BasketRef {
  _id: string;
  status: ExportJobStatus;
  done: number;
  total: number;
  /** The serials asked for (undefined: the whole basket), kept in the job's request object in S3. */
  excelExportId?: string;
  zipExportId?: string;
  failedImages: number;
  error?: string;
  createdAt: string;
  updatedAt: string;
  /** When the links end (createdAt + 7 days). */
  linkExpiresAt: string;
  expiresAt: number;
}

/** PutItem BASKETJOB#id / JOB (new). */
export async function putJob(j: ExportJobRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...jobKey(j._id), entity: 'BasketExportJob', ...j }, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** GetItem BASKETJOB#id / JOB (consistent). */
export async function getJob(id: string): Promise<ExportJobRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: jobKey(id), ConsistentRead: true }));
  return out.Item ? clean<ExportJobRecord>(out.Item) : undefined;
}

/** UpdateItem BASKETJOB#id / JOB SET the given fields and updatedAt. */
export async function updateJob(id: string, fields: Partial<Omit<ExportJobRecord, '_id' | 'owner' | 'brand' | 'retailer'>>): Promise<void> {
  const parts = updateParts({ ...fields, updatedAt: new Date().toISOString() });
  await ddb.send(new UpdateCommand({ TableName: table.name, Key: jobKey(id), ...parts, ConditionExpression: 'attribute_exists(pk)' }));
}

// ── Running exports per owner ───────────────────────────────────────────────────

const runningKey = (owner: string) => ({ pk: `BASKETEXPORTS#${owner}`, sk: 'RUNNING' });

/**
 * Takes one of the owner's `max` export slots for `jobId` (optimistic: the item's version `v` must
 * not have moved since it was read; a lost race reads again). Slots older than `staleMs` (a worker
 * that died without releasing) are dropped first. False when every slot is taken, or when 8
 * attempts in a row lost a race (40 requests at once): the caller answers "too many".
 */
export async function takeExportSlot(owner: string, jobId: string, max: number, staleMs: number, now = Date.now()): Promise<boolean> {
  for (let attempt = 0; attempt < 8; attempt++) {
    const got = await ddb.send(new GetCommand({ TableName: table.name, Key: runningKey(owner), ConsistentRead: true }));
    const v = typeof got.Item?.v === 'number' ? got.Item.v : 0;
    const jobs = Object.fromEntries(Object.entries((got.Item?.jobs ?? {}) as Record<string, number>).filter(([, at]) => now - at < staleMs));
    if (Object.keys(jobs).length >= max) return false;
    jobs[jobId] = now;
    try {
      await ddb.send(
        new PutCommand({
          TableName: table.name,
          Item: { ...runningKey(owner), entity: 'BasketExportSlots', jobs, v: v + 1 },
          ConditionExpression: got.Item ? 'v = :v' : 'attribute_not_exists(pk)',
          ...(got.Item ? { ExpressionAttributeValues: { ':v': v } } : {}),
        }),
      );
      return true;
    } catch (e) {
      if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
    }
  }
  return false;
}

/** Gives the job's slot back (the job ended: done or failed). Nothing when it is not held. */
export async function releaseExportSlot(owner: string, jobId: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: runningKey(owner),
      UpdateExpression: 'REMOVE jobs.#j ADD v :one',
      ConditionExpression: 'attribute_exists(jobs.#j)',
      ExpressionAttributeNames: { '#j': jobId },
      ExpressionAttributeValues: { ':one': 1 },
    }),
  ).catch((e: Error) => {
    if (e.name !== 'ConditionalCheckFailedException') throw e;
  });
}
