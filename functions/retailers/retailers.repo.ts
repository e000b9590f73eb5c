/**
 * Retailers: the record, its three uniqueness reservations and the count kept on write
 * (README "Data model"; docs/decisions.md "Retailer List").
 * - RETAILER#<id> / RETAILER: the record; gsi1 RETAILERS / `<name, lower case>#<id>` (the list by name).
 * - SLUG#RETAILER#<slug> / SLUG → retailerId: the robots' drop folder (ingest resolves it here).
 * - OPTID#RETAILER#<OPT ID, upper case> / OPTID → retailerId: on-hand feeds' Customer ID.
 * - RETAILERNAME#<folded name> / RETAILERNAME → retailerId: case, accents, punctuation folded.
 * - COUNTS#RETAILERS / COUNTS `total`: the Retailer List's total.
 * Every add, edit and delete writes the record, the reservations it moves and the count in ONE
 * transaction whose conditions decide races: of two admins taking the same name, slug or Opt ID,
 * exactly one transaction commits.
 */
import { refreshRetailerRows } from '../scrapings';
import { BatchGetCommand, GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { ROBOT_TYPES } from '../../shared/robot-columns';
import { countKey as brandCountKey } from '../brands';
import { RETAILER_MSG } from '../../shared/messages/retailers';
import { foldName } from '../../shared/slug';
import type { Retailer } from '../../shared/types';
import { ddb } from '../lib/clients/dynamodb';
import { HttpError, type Issue } from '../lib/http/errors';
import { gsi1Partition, queryPage, type PagedResult } from '../lib/paged-query';
import { clean, key, queryAll, sortName, table, transactOrConditions, type TransactItem } from '../lib/table';

export type RetailerRecord = Retailer & { createdAt: string; updatedAt: string };


const COUNTS_KEY = { pk: 'COUNTS#RETAILERS', sk: 'COUNTS' };
/** The form in which two Opt IDs are the same (on-hand feeds compare Customer IDs trimmed and upper-cased). */
export const optIdKey = (optId: string) => optId.trim().toUpperCase();
const optIdItemKey = (optId: string) => ({ pk: `OPTID#RETAILER#${optIdKey(optId)}`, sk: 'OPTID' });
const nameItemKey = (name: string) => ({ pk: `RETAILERNAME#${foldName(name)}`, sk: 'RETAILERNAME' });

const retailerItem = (r: RetailerRecord) => ({ ...key.retailer(r._id), entity: 'Retailer', gsi1pk: 'RETAILERS', gsi1sk: `${sortName(r.name)}#${r._id}`, ...r });

// ── Reads ─────────────────────────────────────────────────────────────────────

/** Query gsi1 pk=RETAILERS (sorted by name): the whole list (selects and checklists) */
export async function listRetailers(): Promise<RetailerRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'RETAILERS' },
  });
  return items.map((i) => clean<RetailerRecord>(i));
}

const byNameSource = gsi1Partition('RETAILERS');

/** Query gsi1 pk=RETAILERS by name: one page (cursor, or `skip` items first for a page asked by number) */
export async function pageRetailersByName(r: { limit: number; cursor?: string; skip?: number }): Promise<PagedResult<RetailerRecord>> {
  const out = await queryPage<Record<string, unknown>>({ sources: [byNameSource], ascending: true, ...r });
  return { ...out, items: out.items.map((i) => clean<RetailerRecord>(i)) };
}

/** GetItem COUNTS#RETAILERS: the number of retailers, kept on write */
export async function countRetailers(): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: COUNTS_KEY, ConsistentRead: true }));
  return Math.max(0, Number(out.Item?.total ?? 0));
}

/** GetItem RETAILER#id (consistent: an edit reads what it changes) */
export async function getRetailer(id: string): Promise<RetailerRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.retailer(id), ConsistentRead: true }));
  return out.Item ? clean<RetailerRecord>(out.Item) : undefined;
}

/** GetItem pk=SLUG#RETAILER#slug (the reservation) → GetItem of the retailer it names */
export async function getRetailerBySlug(slug: string): Promise<RetailerRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.slug('RETAILER', slug), ConsistentRead: true }));
  const retailerId = out.Item?.retailerId as string | undefined;
  if (!retailerId) return undefined;
  const r = await ddb.send(new GetCommand({ TableName: table.name, Key: key.retailer(retailerId) }));
  return r.Item ? clean<RetailerRecord>(r.Item) : undefined;
}

/** BatchGetItem RETAILER#id for each id (chunks of 100) */
export async function getRetailers(ids: string[]): Promise<RetailerRecord[]> {
  const unique = [...new Set(ids)];
  const out: RetailerRecord[] = [];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, string>[] }> | undefined = {
      [table.name]: { Keys: unique.slice(i, i + 100).map((id) => key.retailer(id)) },
    };
    while (request && Object.keys(request).length) {
      const res = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      out.push(...((res.Responses?.[table.name] ?? []).map((x) => clean<RetailerRecord>(x))));
      request = res.UnprocessedKeys as typeof request;
    }
  }
  return out.sort((a, b) => sortName(a.name).localeCompare(sortName(b.name)));
}

/** BatchGetItem RETAILER#id, projected on the name: the current names of these retailers (renames show on the next read) */
export async function retailerNames(ids: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)].filter((id) => /^[A-Za-z0-9_-]{1,64}$/.test(id));
  const names = new Map<string, string>();
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, string>[]; ProjectionExpression: string; ExpressionAttributeNames: Record<string, string> }> | undefined = {
      [table.name]: { Keys: unique.slice(i, i + 100).map((id) => key.retailer(id)), ProjectionExpression: '#id, #n', ExpressionAttributeNames: { '#id': '_id', '#n': 'name' } },
    };
    while (request && Object.keys(request).length) {
      const res = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const x of res.Responses?.[table.name] ?? []) names.set(String(x._id), String(x.name));
      request = res.UnprocessedKeys as typeof request;
    }
  }
  return names;
}

/** Query gsi2 pk=RFILES#<id>#<type>, Limit 1, per robot type: has any robot file been filed for this retailer? */
export async function hasRobotFiles(retailerId: string): Promise<boolean> {
  const found = await Promise.all(
    ROBOT_TYPES.map(async (t) => {
      const out = await ddb.send(
        new QueryCommand({ TableName: table.name, IndexName: table.gsi2, KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `RFILES#${retailerId}#${t}` }, Limit: 1, ProjectionExpression: 'pk' }),
      );
      return (out.Items?.length ?? 0) > 0;
    }),
  );
  return found.some(Boolean);
}

/** BatchGetItem of any keys (chunks of 100, unprocessed retried), projected on pk and one attribute */
export async function batchGetKeys(keys: { pk: string; sk: string }[], attribute: string): Promise<Record<string, unknown>[]> {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < keys.length; i += 100) {
    let request: Record<string, { Keys: Record<string, string>[]; ProjectionExpression: string; ExpressionAttributeNames: Record<string, string> }> | undefined = {
      [table.name]: { Keys: keys.slice(i, i + 100), ProjectionExpression: 'pk, sk, #a', ExpressionAttributeNames: { '#a': attribute } },
    };
    while (request && Object.keys(request).length) {
      const res = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      out.push(...(res.Responses?.[table.name] ?? []));
      request = res.UnprocessedKeys as typeof request;
    }
  }
  return out;
}

// ── Writes ────────────────────────────────────────────────────────────────────

type Field = 'name' | 'optId' | 'slug';

const conflictMessage = (field: Field, r: Pick<Retailer, 'name' | 'optId' | 'slug'>): string =>
  field === 'name' ? RETAILER_MSG.nameTaken : field === 'optId' ? RETAILER_MSG.optIdTaken(r.optId) : RETAILER_MSG.slugTaken(r.slug);

/** 409 naming every field whose reservation another retailer holds (`issues` per field, for the form). */
function conflict(fields: Field[], r: Pick<Retailer, 'name' | 'optId' | 'slug'>): HttpError {
  const issues: Issue[] = fields.map((f) => ({ path: f, message: conflictMessage(f, r) }));
  return new HttpError(409, issues.map((i) => i.message).join(' '), 'CONFLICT', issues);
}

const changedMeanwhile = () => new HttpError(409, RETAILER_MSG.changedMeanwhile, 'CONFLICT');

const reservationPuts = (r: RetailerRecord, fields: readonly Field[]): { field: Field; item: TransactItem }[] =>
  fields.map((field) => {
    const Key = field === 'slug' ? key.slug('RETAILER', r.slug) : field === 'optId' ? optIdItemKey(r.optId) : nameItemKey(r.name);
    const entity = field === 'slug' ? 'RetailerSlug' : field === 'optId' ? 'RetailerOptId' : 'RetailerName';
    return {
      field,
      item: { Put: { TableName: table.name, Item: { ...Key, entity, retailerId: r._id, [field]: r[field] }, ConditionExpression: 'attribute_not_exists(pk)' } },
    };
  });

/** Delete a reservation if it is this retailer's (or absent: data written before it existed). */
const reservationDeletes = (r: Pick<Retailer, '_id' | 'name' | 'optId' | 'slug'>, fields: readonly Field[]): TransactItem[] =>
  fields.map((field) => ({
    Delete: {
      TableName: table.name,
      Key: field === 'slug' ? key.slug('RETAILER', r.slug) : field === 'optId' ? optIdItemKey(r.optId) : nameItemKey(r.name),
      ConditionExpression: 'attribute_not_exists(pk) OR retailerId = :id',
      ExpressionAttributeValues: { ':id': r._id },
    },
  }));

const countBy = (n: 1 | -1): TransactItem => ({ Update: { TableName: table.name, Key: COUNTS_KEY, UpdateExpression: 'ADD #t :n', ExpressionAttributeNames: { '#t': 'total' }, ExpressionAttributeValues: { ':n': n } } });

/**
 * TransactWrite: Put RETAILER#id (if absent) + Put the slug, Opt ID and name reservations (each
 * only if absent) + ADD 1 to COUNTS#RETAILERS. A taken name, slug or Opt ID: 409, nothing written.
 */
export async function createRetailer(r: RetailerRecord): Promise<void> {
  const reservations = reservationPuts(r, ['name', 'optId', 'slug']);
  await transactOrConditions(
    [{ Put: { TableName: table.name, Item: retailerItem(r), ConditionExpression: 'attribute_not_exists(pk)' } }, ...reservations.map((x) => x.item), countBy(1)],
    (failed) => (failed.includes(0) ? changedMeanwhile() : conflict(failed.map((i) => reservations[i - 1]!.field), r)),
  );
}

/** Which reservations an edit moves. */
export function movedFields(before: Pick<Retailer, 'name' | 'optId' | 'slug'>, after: Pick<Retailer, 'name' | 'optId' | 'slug'>): Field[] {
  return [
    ...(foldName(before.name) !== foldName(after.name) ? (['name'] as const) : []),
    ...(optIdKey(before.optId) !== optIdKey(after.optId) ? (['optId'] as const) : []),
    ...(before.slug.toLowerCase() !== after.slug.toLowerCase() ? (['slug'] as const) : []),
  ];
}

/**
 * TransactWrite: Put RETAILER#id (condition: it still has the name, Opt ID and slug it was read
 * with) + for each reservation that moves, Delete the old one (if this retailer's) and Put the new
 * one (if absent). A taken value: 409 naming it; an edit or delete in between: 409, nothing written.
 */
export async function updateRetailer(before: RetailerRecord, after: RetailerRecord): Promise<void> {
  const moved = movedFields(before, after);
  const puts = reservationPuts(after, moved);
  await transactOrConditions(
    [
      {
        Put: {
          TableName: table.name,
          Item: retailerItem(after),
          ConditionExpression: 'attribute_exists(pk) AND #n = :n AND optId = :o AND slug = :s',
          ExpressionAttributeNames: { '#n': 'name' },
          ExpressionAttributeValues: { ':n': before.name, ':o': before.optId, ':s': before.slug },
        },
      },
      ...reservationDeletes(before, moved),
      ...puts.map((x) => x.item),
    ],
    (failed) => {
      // The record or an old reservation changed since it was read: someone else edited it.
      if (failed.some((i) => i <= moved.length)) return changedMeanwhile();
      return conflict(failed.map((i) => puts[i - 1 - moved.length]!.field), after);
    },
  );
  // The name and Opt ID the brands' dashboard rows show (scrapings/brand-rows.repo.ts).
  if (before.name !== after.name || before.optId !== after.optId) await refreshRetailerRows(after._id);
}

/**
 * TransactWrite: Delete RETAILER#id (condition: unchanged since read) + its three reservations +
 * ADD -1 to COUNTS#RETAILERS + Delete its count of brands listing it (condition: 0 or absent).
 * The caller checks first that nothing refers to it (delete.ts).
 */
export async function deleteRetailer(before: RetailerRecord): Promise<void> {
  await transactOrConditions(
    [
      {
        Delete: {
          TableName: table.name,
          Key: key.retailer(before._id),
          ConditionExpression: 'attribute_exists(pk) AND #n = :n AND optId = :o AND slug = :s',
          ExpressionAttributeNames: { '#n': 'name' },
          ExpressionAttributeValues: { ':n': before.name, ':o': before.optId, ':s': before.slug },
        },
      },
      ...reservationDeletes(before, ['name', 'optId', 'slug']),
      countBy(-1),
      // Its count of brands listing it (brands/retailer-index.ts) must be 0: a brand that listed it since the usage check cancels the delete.
      { Delete: { TableName: table.name, Key: brandCountKey(before._id), ConditionExpression: 'attribute_not_exists(pk) OR #t = :zero', ExpressionAttributeNames: { '#t': 'total' }, ExpressionAttributeValues: { ':zero': 0 } } },
    ],
    () => changedMeanwhile(),
  );
}

/**
 * Write a retailer as given (tests and seeds): created with its reservations and count when new,
 * otherwise edited (reservations moved). A taken name, slug or Opt ID: 409, as through the API.
 */
export async function putRetailer(r: RetailerRecord): Promise<void> {
  const before = await getRetailer(r._id);
  if (!before) return createRetailer(r);
  return updateRetailer(before, { ...r, createdAt: before.createdAt });
}

/**
 * For data written before the reservations and the count existed (the demo seed, a deployed
 * table): walk RETAILERS a page at a time, Put each missing Opt ID and name reservation (only if
 * absent: a duplicate is reported, not overwritten), then Put COUNTS#RETAILERS with the number
 * counted. Run by the seed (`npm start`, the test stack) and by `npm run deploy`'s backfill,
 * before anyone edits retailers.
 */
export async function backfillRetailerIndex(log: (m: string) => void = () => undefined): Promise<{ total: number; written: number; duplicates: string[] }> {
  let total = 0;
  let written = 0;
  const duplicates: string[] = [];
  const putIfAbsent = async (Item: Record<string, unknown>, label: string, id: string) => {
    try {
      await ddb.send(new PutCommand({ TableName: table.name, Item, ConditionExpression: 'attribute_not_exists(pk) OR retailerId = :id', ExpressionAttributeValues: { ':id': id } }));
      written++;
    } catch (e) {
      if ((e as Error).name !== 'ConditionalCheckFailedException') throw e;
      duplicates.push(label);
    }
  };
  for (const r of await listRetailers()) {
    total++;
    await putIfAbsent({ ...key.slug('RETAILER', r.slug), entity: 'RetailerSlug', retailerId: r._id, slug: r.slug }, `slug ${r.slug} of ${r._id}`, r._id);
    if (r.optId.trim()) await putIfAbsent({ ...optIdItemKey(r.optId), entity: 'RetailerOptId', retailerId: r._id, optId: r.optId }, `Opt ID ${r.optId} of ${r._id}`, r._id);
    if (foldName(r.name)) await putIfAbsent({ ...nameItemKey(r.name), entity: 'RetailerName', retailerId: r._id, name: r.name }, `name ${r.name} of ${r._id}`, r._id);
  }
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...COUNTS_KEY, entity: 'Counts', total } }));
  if (duplicates.length) log(`Retailers: ${duplicates.length} reservation(s) held by another retailer: ${duplicates.join('; ')}`);
  return { total, written, duplicates };
}
