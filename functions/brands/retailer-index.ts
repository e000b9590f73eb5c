/**
 * The keys and items of the index of brands per retailer (retailer-brands.repo.ts; README "Data
 * model"), and its upkeep when a brand is put whole (tests, seeds): kept apart so that the brand
 * repo, bundled by most handlers, takes nothing more than this.
 */
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Brand } from '../../shared/types';
import { ddb } from '../lib/clients/dynamodb';
import { sortName, table } from '../lib/table';

export type BrandRetailerEntry = Brand['retailers'][number];

export const indexPk = (retailer: string) => `RETAILER#${retailer}#BRANDS`;
export const INDEX_PREFIX = 'BRAND#';
/** RETAILER#<r>#BRANDS / BRAND#<brand name, lower case>#<brand id>: brand-name order. */
export const indexKey = (retailer: string, brand: Pick<Brand, '_id' | 'name'>) => ({ pk: indexPk(retailer), sk: `${INDEX_PREFIX}${sortName(brand.name)}#${brand._id}` });
/** RETAILER#<r>#BRANDS / COUNT `total`: how many brands list the retailer. */
export const countKey = (retailer: string) => ({ pk: indexPk(retailer), sk: 'COUNT' });

export const indexItem = (brand: Pick<Brand, '_id' | 'name'>, e: Pick<BrandRetailerEntry, 'retailer' | 'flag'>, now: string) => ({
  ...indexKey(e.retailer, brand),
  entity: 'RetailerBrand',
  retailer: e.retailer,
  brand: brand._id,
  brandName: brand.name,
  flag: e.flag !== false,
  updatedAt: now,
});

export const countUpdate = (retailer: string, n: number) => ({
  TableName: table.name,
  Key: countKey(retailer),
  UpdateExpression: 'SET entity = :e ADD #t :n',
  ExpressionAttributeNames: { '#t': 'total' },
  ExpressionAttributeValues: { ':n': n, ':e': 'Counts' },
});

/**
 * Bring the index in line with one brand's list as written by `putBrand` (tests, seeds): Put an
 * item per listed retailer, Delete those of retailers it no longer lists, and move the counts.
 * Not one transaction (a brand put whole is not a concurrent admin edit).
 */
export async function syncBrandIndex(brand: Pick<Brand, '_id' | 'name' | 'retailers'>, before?: Pick<Brand, '_id' | 'name' | 'retailers'>): Promise<void> {
  const now = new Date().toISOString();
  const listed = new Set(brand.retailers.map((e) => e.retailer));
  const dropped = (before?.retailers ?? []).filter((e) => !listed.has(e.retailer));
  const had = new Set((before?.retailers ?? []).map((e) => e.retailer));
  const requests = [
    ...brand.retailers.map((e) => ({ PutRequest: { Item: indexItem(brand, e, now) } })),
    ...dropped.map((e) => ({ DeleteRequest: { Key: indexKey(e.retailer, before!) } })),
  ];
  for (let i = 0; i < requests.length; i += 25) {
    let req: Record<string, unknown[]> | undefined = { [table.name]: requests.slice(i, i + 25) };
    while (req && Object.keys(req).length) {
      const out = await ddb.send(new BatchWriteCommand({ RequestItems: req as never }));
      req = out.UnprocessedItems as typeof req;
    }
  }
  const moves = [...brand.retailers.filter((e) => !had.has(e.retailer)).map((e) => [e.retailer, 1] as const), ...dropped.map((e) => [e.retailer, -1] as const)];
  for (const [r, n] of moves) await ddb.send(new UpdateCommand(countUpdate(r, n)));
}

