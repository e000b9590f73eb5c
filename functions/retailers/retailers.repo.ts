import { BatchGetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Retailer } from '../../shared/types';
import { ddb } from '../lib/clients/dynamodb';
import { clean, key, queryAll, sortName, table } from '../lib/table';

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

/** Query gsi2 pk=RETAILER_SLUG#slug */
export async function getRetailerBySlug(slug: string): Promise<RetailerRecord | undefined> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `RETAILER_SLUG#${slug}` },
  });
  return items[0] ? (clean<RetailerRecord>(items[0])) : undefined;
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

/** PutItem RETAILER#id */
export async function putRetailer(r: RetailerRecord): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: table.name,
      Item: {
        ...key.retailer(r._id),
        entity: 'Retailer',
        gsi1pk: 'RETAILERS',
        gsi1sk: `${sortName(r.name)}#${r._id}`,
        gsi2pk: `RETAILER_SLUG#${r.slug}`,
        gsi2sk: 'RETAILER',
        ...r,
      },
    }),
  );
}
