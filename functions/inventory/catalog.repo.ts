/**
 * Manage Catalog (000 §2 /dashboard/products-list): the brand's current on-hand feed, the items
 * the brand has at its retailers, a page at a time with a cursor (docs/decisions.md "Manage
 * Catalog"). Keys: docs/data-model-scrapings.md (OhItem).
 */
import { queryPage, type PagedResult, type PagedSource } from '../lib/paged-query';
import { table } from '../lib/table';
import { idKey, toOhItem, type OhItem } from './domain/oh-feed';


/**
 * One page of a feed version's items in serial order:
 * - every retailer: Query pk=OH#brand#version, sk begins_with ITEM#<SEARCH>;
 * - only some retailers (a User's assigned ones): Query gsi1 pk=OH#brand#version#CUST#<OPT ID>,
 *   gsi1sk begins_with <SEARCH>, one partition per retailer, merged on the serial.
 * A page reads at most (partitions × limit) items, whatever the size of the feed.
 */
export async function pageCatalogItems(brand: string, version: string, o: { customerIds?: readonly string[]; search?: string; limit: number; cursor?: string }): Promise<PagedResult<OhItem>> {
  const prefix = idKey(o.search ?? '');
  const sources: PagedSource[] = o.customerIds
    ? [...new Set(o.customerIds.map(idKey))].sort().map((c) => ({
        IndexName: table.gsi1,
        partitionKey: 'gsi1pk',
        sortKey: 'gsi1sk',
        keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'],
        // A key condition value may not be empty: no search, no sort-key condition.
        KeyConditionExpression: prefix ? 'gsi1pk = :pk AND begins_with(gsi1sk, :p)' : 'gsi1pk = :pk',
        ExpressionAttributeValues: { ':pk': `OH#${brand}#${version}#CUST#${c}`, ...(prefix ? { ':p': prefix } : {}) },
      }))
    : [
        {
          partitionKey: 'pk',
          sortKey: 'sk',
          keyAttributes: ['pk', 'sk'],
          KeyConditionExpression: 'pk = :pk AND begins_with(sk, :p)',
          ExpressionAttributeValues: { ':pk': `OH#${brand}#${version}`, ':p': `ITEM#${prefix}` },
        },
      ];
  const page = await queryPage<Record<string, unknown>>({ sources, ascending: true, limit: o.limit, cursor: o.cursor });
  return { ...page, items: page.items.map(toOhItem) };
}
