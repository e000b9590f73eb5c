/**
 * A period and an on-hand feed written straight to the local stack, as a publish and an ingest
 * would leave them: the products under `version` and the period item pointing at it; the items
 * under the feed `version`, switched to be the brand's current feed. Call after the test's
 * environment points at the local stack.
 */
import type { OhItem } from '../../functions/inventory/domain/oh-feed';
import type { ProductScrape } from '../../functions/scrapings/domain/product';
import { periodRecord } from './scrapes';

export async function storePeriod(p: { _id: string; brand: string; retailer: string; date: string; version: string; approvedDate: string }, products: ProductScrape[]): Promise<void> {
  const repo = await import('../../functions/scrapings/scrapings.repo');
  const writer = repo.productWriter(p.version);
  for (const product of products) await writer.add(product);
  await writer.close();
  await repo.putPeriod(periodRecord({ ...p, totalProducts: products.length }));
}

export async function storeFeed(f: { brand: string; version: string; key: string; date: string; ingestedAt: string }, items: OhItem[]): Promise<void> {
  const inventory = await import('../../functions/inventory/inventory.repo');
  await inventory.putOhItems(f.brand, f.version, items);
  await inventory.switchCurrentFeed({ ...f, order: `${f.date}#1`, items: items.length, errorCount: 0 });
}
