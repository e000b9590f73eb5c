/**
 * What a case compares a product with (issue 24): the on-hand item it stands for, matched as the
 * product tabs match it (inventory/domain/matching.ts: the OH map id as an Inventory ID or a
 * serial, else the Brand SKU as an Inventory ID), among the retailer's items of the brand's
 * current feed: read once (bounded by that retailer, never the feed), and the matcher answers
 * every product of a period.
 */
import type { CaseEvidence } from '../../shared/schemas/cases';
import { getCurrentFeed, indexOhItems, listCustomerItemsOfVersion, matchProduct, type OhItem } from '../inventory';
import { getRetailers } from '../retailers';
import type { ProductScrape } from './domain/product';

export type OnHand = NonNullable<CaseEvidence['onHand']>;
const toOnHand = (i: OhItem): OnHand => ({ serialNo: i.serialNo, styleName: i.styleName, price: i.price });

/** A matcher over the retailer's items of the brand's current feed (read once). */
export async function onHandMatcher(brand: string, retailer: string): Promise<(p: Pick<ProductScrape, 'oh_map_id' | 'brand_sku'>) => OnHand | null> {
  const [feed, [r]] = await Promise.all([getCurrentFeed(brand), getRetailers([retailer])]);
  if (!feed || !r?.optId) return () => null;
  const index = indexOhItems(await listCustomerItemsOfVersion(brand, feed.version, r.optId));
  return (p) => {
    const [first] = matchProduct(p, index);
    return first ? toOnHand(first) : null;
  };
}

/** The on-hand item of one product (the retailer's items matched). */
export async function onHandOf(p: ProductScrape): Promise<OnHand | null> {
  return (await onHandMatcher(p.brand, p.retailer))(p);
}
