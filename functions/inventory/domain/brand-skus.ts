/**
 * Brand SKU options (000 §3 "Brand SKU option: sku, _id"; GET /getBrandSkus/{brandId}): the
 * brand's catalogue SKUs, which are the Inventory IDs of its current on-hand feed (a product
 * matches on-hand units by its brand SKU against their Inventory ID: matching.ts). Pure.
 */
import { createHash } from 'node:crypto';
import { idKey } from './oh-feed';

export interface BrandSkuOption {
  _id: string;
  sku: string;
}

/** A stable option id: the same SKU (trimmed, case-insensitive) has the same id in every feed. */
export const brandSkuIdOf = (sku: string): string => createHash('sha256').update(idKey(sku)).digest('base64url').slice(0, 22);

/**
 * Collects the distinct SKUs of a feed's items as they stream by (first spelling kept), then
 * lists them sorted (natural, case-insensitive order) with their ids.
 */
export class BrandSkuCollector {
  private readonly seen = new Map<string, string>();

  add(inventoryId: string): void {
    const sku = inventoryId.trim();
    const k = idKey(sku);
    if (k !== '' && !this.seen.has(k)) this.seen.set(k, sku);
  }

  options(): BrandSkuOption[] {
    return [...this.seen.values()]
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }) || a.localeCompare(b))
      .map((sku) => ({ _id: brandSkuIdOf(sku), sku }));
  }
}

export function brandSkuOptions(inventoryIds: Iterable<string>): BrandSkuOption[] {
  const c = new BrandSkuCollector();
  for (const i of inventoryIds) c.add(i);
  return c.options();
}
