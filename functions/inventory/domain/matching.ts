/**
 * Matching on-hand items to scraped products (docs/period-rules.md "Matching"). Pure.
 *
 * A product matches the OH items whose Inventory ID equals its oh_map_id, else the item whose
 * Serial Number equals its oh_map_id; when its oh_map_id is empty or matches nothing, the items
 * whose Inventory ID equals its brand_sku. Ids compare trimmed and case-insensitively. Only the
 * items of the retailer (Customer ID = the retailer's Opt ID) are given to these functions.
 */
import { idKey, type OhItem } from './oh-feed';

/** A retailer's items by position: inventory id → its units, serial → the unit (a stored join keeps positions: issue 21). */
export interface OhPositionIndex {
  byInventoryId: Map<string, number[]>;
  bySerial: Map<string, number>;
}

/** The default locale's collator (String.prototype.localeCompare's), made once. */
let made: Intl.Collator | undefined;
const collator = () => (made ??= new Intl.Collator());

/** Index a retailer's items by position; each inventory id's units in serial order. */
export function indexOhPositions(items: readonly OhItem[]): OhPositionIndex {
  const byInventoryId = new Map<string, number[]>();
  const bySerial = new Map<string, number>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i]!;
    bySerial.set(idKey(item.serialNo), i);
    const inv = idKey(item.inventoryId);
    if (inv === '') continue;
    const list = byInventoryId.get(inv);
    if (list) list.push(i);
    else byInventoryId.set(inv, [i]);
  }
  // One collator for every comparison: the same order as localeCompare, without its per-call set-up.
  const { compare } = collator();
  for (const list of byInventoryId.values()) if (list.length > 1) list.sort((a, b) => compare(items[a]!.serialNo, items[b]!.serialNo));
  return { byInventoryId, bySerial };
}

/** The items with their position index (what matchProduct reads). */
export interface OhIndex extends OhPositionIndex {
  items: readonly OhItem[];
}

/** Index a retailer's items; each inventory id's units in serial order. */
export function indexOhItems(items: readonly OhItem[]): OhIndex {
  return { ...indexOhPositions(items), items };
}

const NO_POSITIONS: readonly number[] = [];

/** The positions of the OH units a product of this map id and Brand SKU stands for (matchProduct's units, as positions of the indexed items). */
export function matchIds(ohMapId: string, brandSku: string, index: OhPositionIndex): readonly number[] {
  const mapId = idKey(ohMapId);
  if (mapId !== '') {
    const byInventory = index.byInventoryId.get(mapId);
    if (byInventory) return byInventory;
    const bySerial = index.bySerial.get(mapId);
    if (bySerial !== undefined) return [bySerial];
  }
  const sku = idKey(brandSku);
  return sku === '' ? NO_POSITIONS : (index.byInventoryId.get(sku) ?? NO_POSITIONS);
}

/** The OH units a product stands for (empty: not on hand at this retailer). */
export function matchProduct(product: { oh_map_id?: string; brand_sku?: string }, index: OhIndex): OhItem[] {
  return matchIds(product.oh_map_id ?? '', product.brand_sku ?? '', index).map((i) => index.items[i]!);
}
