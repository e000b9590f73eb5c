import { BatchGetCommand, GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Retailer } from '../../shared/types';
import { ddb } from '../lib/clients/dynamodb';
import { ConflictError } from '../lib/http/errors';
import { clean, failedConditions, key, queryAll, sortName, table } from '../lib/table';

export type RetailerRecord = Retailer & { createdAt: string; updatedAt: string };

/** Query gsi1 pk=RETAILERS (sorted by name) */
export async function listRetailers(): Promise<RetailerRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'RETAILERS' },
  });
  return items.map((i) => clean<RetailerRecord>(i));
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

/** TransactWrite: Put RETAILER#id + Put SLUG#RETAILER#slug, the slug only if free or already this retailer's */
export async function putRetailer(r: RetailerRecord): Promise<void> {
  const own = { ':id': r._id };
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table.name,
              Item: { ...key.retailer(r._id), entity: 'Retailer', gsi1pk: 'RETAILERS', gsi1sk: `${sortName(r.name)}#${r._id}`, ...r },
              ConditionExpression: 'attribute_not_exists(pk) OR #id = :id',
              ExpressionAttributeNames: { '#id': '_id' },
              ExpressionAttributeValues: own,
            },
          },
          {
            Put: {
              TableName: table.name,
              Item: { ...key.slug('RETAILER', r.slug), entity: 'RetailerSlug', retailerId: r._id, slug: r.slug },
              ConditionExpression: 'attribute_not_exists(pk) OR retailerId = :id',
              ExpressionAttributeValues: own,
            },
          },
        ],
      }),
    );
  } catch (e) {
    if (failedConditions(e)?.length) throw new ConflictError(`The slug "${r.slug}" belongs to another retailer.`);
    throw e;
  }
}
