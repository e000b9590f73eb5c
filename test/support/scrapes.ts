/** Records of the scrapings data model for tests and benches (no stack needed to build them). */
import type { ProductScrape } from '../../functions/scrapings/domain/product';
import type { RetailerBrandScraping } from '../../functions/scrapings/scrapings.repo';

/** A published period with zero counts unless given. */
export function periodRecord(p: Pick<RetailerBrandScraping, '_id' | 'brand' | 'retailer' | 'date' | 'version'> & Partial<RetailerBrandScraping>): RetailerBrandScraping {
  const now = new Date().toISOString();
  return {
    fileId: p.version,
    totalProducts: 0,
    previousTotalProducts: 0,
    previousPeriod: null,
    previousPeriodId: null,
    added: 0,
    deleted: 0,
    changed: 0,
    unchanged: 0,
    approvedDate: now,
    createdAt: now,
    updatedAt: now,
    ...p,
  };
}

/** A product scrape with empty media and user fields unless given. */
export function productScrape(p: Pick<ProductScrape, '_id' | 'style_number'> & Partial<ProductScrape>): ProductScrape {
  return {
    retailer_brand_scraping: 'p',
    brand: 'b',
    retailer: 'r',
    date: '2025-02-03',
    name: `Bag ${p.style_number}`,
    price: 100,
    image: '',
    imageUrl: '',
    screenshot: '',
    URL: '',
    product_description: '',
    shoppability: 'In stock',
    brand_label: 'Maison Aurelle',
    isFlagged: 'no',
    oh_map_id: '',
    brand_sku: '',
    ...p,
  };
}
