/**
 * Matching on-hand items to scraped products (docs/period-rules.md "Matching"). Pure.
 *
 * A product matches the OH items whose Inventory ID equals its oh_map_id, else the item whose
 * Serial Number equals its oh_map_id; when its oh_map_id is empty or matches nothing, the items
 * whose Inventory ID equals its brand_sku. Ids compare trimmed and case-insensitively. Only the
 * items of the retailer (Customer ID = the retailer's Opt ID) are given to these functions.
 */
import { idKey, type OhItem } from './oh-feed';

export interface OhIndex {
  byInventoryId: Map<string, OhItem[]>;
  bySerial: Map<string, OhItem>;
}

/** Index a retailer's items; each inventory id's units in serial order. */
/** The default locale's collator (String.prototype.localeCompare's), made once. */
let made: Intl.Collator | undefined;
const collator = () => (made ??= new Intl.Collator());

export function indexOhItems(items: readonly OhItem[]): OhIndex {
  const byInventoryId = new Map<string, OhItem[]>();
  const bySerial = new Map<string, OhItem>();
  for (const item of items) {
    bySerial.set(idKey(item.serialNo), item);
    const inv = idKey(item.inventoryId);
    if (inv === '') continue;
    const list = byInventoryId.get(inv);
    if (list) list.push(item);
    else byInventoryId.set(inv, [item]);
  }
  // One collator for every comparison: the same order as localeCompare, without its per-call set-up.
  const { compare } = collator();
  for (const list of byInventoryId.values()) if (list.length > 1) list.sort((a, b) => compare(a.serialNo, b.serialNo));
  return { byInventoryId, bySerial };
}

/** The OH units a product stands for (empty: not on hand at this retailer). */
export function matchProduct(product: { oh_map_id?: string; brand_sku?: string }, index: OhIndex): OhItem[] {
  const mapId = idKey(product.oh_map_id ?? '');
  if (mapId !== '') {
    const byInventory = index.byInventoryId.get(mapId);
    if (byInventory) return byInventory;
    const bySerial = index.bySerial.get(mapId);
    if (bySerial) return [bySerial];
  }
  const sku = idKey(product.brand_sku ?? '');
  return sku === '' ? [] : (index.byInventoryId.get(sku) ?? []);
}
