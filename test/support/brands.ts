/**
 * A brand of a test's own with its retailers (the demo brands are shared by every file of the
 * run): the retailers are written, then the brand with the default colours and the retailers it
 * carries (each with its flag and website type). Call it after the test's environment points at
 * the local stack.
 */
import type { BrandRecord } from '../../functions/brands/brands.repo';
import type { RetailerRecord } from '../../functions/retailers/retailers.repo';

export const DEFAULT_COLORS = { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' };

type New<T> = Omit<T, 'createdAt' | 'updatedAt'>;

export async function seedBrand(brand: Omit<New<BrandRecord>, 'colors' | 'retailers'> & Partial<Pick<BrandRecord, 'colors'>>, retailers: New<RetailerRecord>[], carried: BrandRecord['retailers']): Promise<void> {
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const now = new Date().toISOString();
  for (const r of retailers) await putRetailer({ ...r, createdAt: now, updatedAt: now });
  await putBrand({ colors: DEFAULT_COLORS, ...brand, retailers: carried, createdAt: now, updatedAt: now });
}
