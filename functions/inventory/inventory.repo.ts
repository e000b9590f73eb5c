/**
 * On-hand inventory feeds, one current feed per brand, versioned so a new feed replaces the old
 * one at once (docs/data-model-scrapings.md, docs/period-rules.md "On-hand inventory feed"):
 *
 *   OHFEED#<brand> / CURRENT               the pointer: which version readers use
 *   OHFEED#<brand> / VERSION#<version>     one marker per ingest (staging, complete, retired)
 *   OH#<brand>#<version> / ITEM#<SERIAL>   an item     gsi1 OH#<brand>#<version>#CUST#<CUSTOMER ID> / <SERIAL>
 *
 * Readers read the pointer, then only that version's items; old versions get `expiresAt` (TTL).
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { isConditionFailed, queryAll, queryCount, queryPages, table } from '../lib/table';
import { batchWrite } from '../scrapings';
import { idKey, toOhItem, type OhItem } from './domain/oh-feed';

export interface OhFeedPointer {
  brand: string;
  version: string;
  /** The S3 key the feed came from. */
  key: string;
  /** The feed's date (from the key). */
  date: string;
  /** `<date>#<S3 LastModified>`: a feed replaces the current one only if not older. */
  order: string;
  items: number;
  errorCount: number;
  ingestedAt: string;
}

export type OhVersionStatus = 'staging' | 'complete' | 'retired';
export interface OhVersionMarker {
  version: string;
  key: string;
  order: string;
  status: OhVersionStatus;
  startedAt: string;
  expiresAt?: number;
}

const feedKey = (brand: string) => ({ pk: `OHFEED#${brand}`, sk: 'CURRENT' });
const markerKey = (brand: string, version: string) => ({ pk: `OHFEED#${brand}`, sk: `VERSION#${version}` });
const itemsPk = (brand: string, version: string) => `OH#${brand}#${version}`;
const itemKey = (brand: string, version: string, serial: string) => ({ pk: itemsPk(brand, version), sk: `ITEM#${idKey(serial)}` });
const customerPk = (brand: string, version: string, customerId: string) => `OH#${brand}#${version}#CUST#${idKey(customerId)}`;


// ── Pointer and version markers ─────────────────────────────────────────────────

/** GetItem pk=OHFEED#brand, sk=CURRENT (consistent read) */
export async function getCurrentFeed(brand: string): Promise<OhFeedPointer | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: feedKey(brand), ConsistentRead: true }));
  return out.Item ? (out.Item as unknown as OhFeedPointer) : undefined;
}

/**
 * PutItem OHFEED#brand / CURRENT if absent or its `order` is not newer: switches readers to the
 * new version in one write. Returns false when a newer feed is current.
 */
export async function switchCurrentFeed(p: OhFeedPointer): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...feedKey(p.brand), entity: 'OhFeed', ...p },
        ConditionExpression: 'attribute_not_exists(pk) OR #order <= :order',
        ExpressionAttributeNames: { '#order': 'order' },
        ExpressionAttributeValues: { ':order': p.order },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** PutItem OHFEED#brand / VERSION#version */
export async function putVersionMarker(brand: string, m: OhVersionMarker): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...markerKey(brand, m.version), entity: 'OhFeedVersion', brand, ...m } }));
}

/** UpdateItem OHFEED#brand / VERSION#version SET status (and expiresAt) */
export async function setVersionStatus(brand: string, version: string, status: OhVersionStatus, expiresAt?: number): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: markerKey(brand, version),
      UpdateExpression: expiresAt === undefined ? 'SET #s = :s' : 'SET #s = :s, #ttl = :ttl',
      ExpressionAttributeNames: { '#s': 'status', ...(expiresAt === undefined ? {} : { '#ttl': table.ttl }) },
      ExpressionAttributeValues: { ':s': status, ...(expiresAt === undefined ? {} : { ':ttl': expiresAt }) },
    }),
  );
}

/** Query pk=OHFEED#brand, sk begins_with VERSION# (every ingest of the brand not yet expired) */
export async function listVersionMarkers(brand: string): Promise<OhVersionMarker[]> {
  return queryAll<OhVersionMarker>({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :v)',
    ExpressionAttributeValues: { ':pk': `OHFEED#${brand}`, ':v': 'VERSION#' },
    ConsistentRead: true,
  });
}

// ── Items ───────────────────────────────────────────────────────────────────────

/** BatchWriteItem: PutItem OH#brand#version / ITEM#SERIAL for each item */
export async function putOhItems(brand: string, version: string, items: readonly OhItem[]): Promise<void> {
  await batchWrite(
    items.map((i) => ({
      PutRequest: {
        Item: {
          ...itemKey(brand, version, i.serialNo),
          entity: 'OhItem',
          gsi1pk: customerPk(brand, version, i.customerId),
          gsi1sk: idKey(i.serialNo),
          brand,
          version,
          ...i,
        },
      },
    })),
  );
}

/**
 * Query pk=OH#brand#version (items without expiresAt), then BatchWriteItem each back with
 * expiresAt: the version's items expire by TTL after `expiresAt` (epoch seconds).
 */
export async function expireVersionItems(brand: string, version: string, expiresAt: number): Promise<number> {
  const items = await queryAll<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk',
    FilterExpression: 'attribute_not_exists(#ttl)',
    ExpressionAttributeNames: { '#ttl': table.ttl },
    ExpressionAttributeValues: { ':pk': itemsPk(brand, version) },
  });
  await batchWrite(items.map((i) => ({ PutRequest: { Item: { ...i, [table.ttl]: expiresAt } } })));
  return items.length;
}

/** Query gsi1 pk=OH#brand#version#CUST#CUSTOMER, Select COUNT: how many of a customer's items the index holds */
export function countCustomerItems(brand: string, version: string, customerId: string): Promise<number> {
  return queryCount({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': customerPk(brand, version, customerId) } });
}

/** GetItem OHFEED#brand / CURRENT, then GetItem OH#brand#version / ITEM#SERIAL: an item of the current feed by serial */
export async function getOhItem(brand: string, serialNo: string): Promise<OhItem | undefined> {
  const feed = await getCurrentFeed(brand);
  if (!feed) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: itemKey(brand, feed.version, serialNo), ConsistentRead: true }));
  return out.Item ? toOhItem(out.Item) : undefined;
}

/** GetItem OHFEED#brand / CURRENT, then Query gsi1 pk=OH#brand#version#CUST#OPTID: a retailer's items of the current feed */
export async function listOhItemsOfCustomer(brand: string, customerId: string): Promise<OhItem[]> {
  const feed = await getCurrentFeed(brand);
  if (!feed || idKey(customerId) === '') return [];
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': customerPk(brand, feed.version, customerId) },
  });
  return items.map(toOhItem);
}

/** Query gsi1 pk=OH#brand#version#CUST#<CUSTOMER ID>: one retailer's items of a given feed version (serial order) */
export async function listCustomerItemsOfVersion(brand: string, version: string, customerId: string): Promise<OhItem[]> {
  if (idKey(customerId) === '') return [];
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': customerPk(brand, version, customerId) },
  });
  return items.map(toOhItem);
}

/** Query pk=OH#brand#version (projection inventoryId), a page at a time: the Inventory IDs of a feed version (Brand SKU options built on a first read). */
export async function* versionInventoryIds(brand: string, version: string): AsyncGenerator<string[]> {
  const pages = queryPages<{ inventoryId?: string }>({
    KeyConditionExpression: 'pk = :pk',
    ProjectionExpression: 'inventoryId',
    ExpressionAttributeValues: { ':pk': itemsPk(brand, version) },
  });
  for await (const page of pages) yield page.map((i) => String(i.inventoryId ?? ''));
}
