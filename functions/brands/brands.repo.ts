import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Brand } from '../../shared/types';
import { ddb } from '../lib/clients/dynamodb';
import { clean, key, queryAll, sortName, table } from '../lib/table';

export type BrandRecord = Brand & { createdAt: string; updatedAt: string };

/** GetItem pk=BRAND#id, sk=BRAND */
export async function getBrand(id: string): Promise<BrandRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.brand(id) }));
  return out.Item ? (clean<BrandRecord>(out.Item)) : undefined;
}

/** Query gsi1 pk=BRANDS (sorted by name) */
export async function listBrands(): Promise<BrandRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'BRANDS' },
  });
  return items.map((i) => clean<BrandRecord>(i));
}

/** PutItem BRAND#id */
export async function putBrand(b: BrandRecord): Promise<void> {
  await ddb.send(
    new PutCommand({ TableName: table.name, Item: { ...key.brand(b._id), entity: 'Brand', gsi1pk: 'BRANDS', gsi1sk: `${sortName(b.name)}#${b._id}`, ...b } }),
  );
}
