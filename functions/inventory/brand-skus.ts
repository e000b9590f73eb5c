/**
 * GET /getBrandSkus/{brandId}: the Brand SKU options of the brand's current on-hand feed. Per
 * request: the brand (exists?) and the feed pointer (two GetItems); the options come from the
 * version's snapshot (written by the on-hand ingest; built once from the version's items when a
 * feed predates it), kept in module memory per version.
 */
import { SCRAPING_MSG } from '../../shared/schemas/scrapings';
import { getBrand } from '../brands';
import { NotFoundError } from '../lib/http/errors';
import { LRUCache } from 'lru-cache';
import { getSkuSnapshot, putSkuSnapshot } from '../scrapings';
import { BrandSkuCollector, type BrandSkuOption } from './domain/brand-skus';
import { getCurrentFeed, versionInventoryIds } from './inventory.repo';

const cache = new LRUCache<string, BrandSkuOption[]>({ maxSize: 32 * 1024 * 1024 });

async function optionsOf(brand: string, version: string): Promise<BrandSkuOption[]> {
  const key = `${brand}#${version}`;
  const hit = cache.get(key);
  if (hit) return hit;
  let skus = (await getSkuSnapshot(brand, version))?.value.skus;
  if (!skus) {
    const c = new BrandSkuCollector();
    for await (const page of versionInventoryIds(brand, version)) for (const i of page) c.add(i);
    skus = c.options();
    await putSkuSnapshot(brand, version, skus);
  }
  // lru-cache takes a positive integer size: a brand without SKUs still counts a byte.
  cache.set(key, skus, { size: Math.max(1, skus.length * 80) });
  return skus;
}

/** `{ data: [{ sku, _id }], totalCount }`; no feed yet: an empty list. */
export async function brandSkus(brandId: string) {
  const [brand, feed] = await Promise.all([getBrand(brandId), getCurrentFeed(brandId)]);
  if (!brand) throw new NotFoundError(SCRAPING_MSG.brandNotFound);
  const data = feed ? await optionsOf(brandId, feed.version) : [];
  return { data, totalCount: data.length };
}
