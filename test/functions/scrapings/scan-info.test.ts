import { describe, expect, it } from 'vitest';
import { brandSummary } from '../../../functions/scrapings/domain/summary';
import { addDays, featuredInMenuOf, homepageFeature, nextScanDayOf } from '../../../functions/scrapings/domain/scan-info';

const aurelle = { _id: 'brand-maison-aurelle', name: 'Maison Aurelle', slug: 'maison-aurelle' };
const menu = (primary: string, sub: string, featured = '') => ({ 'Primary Menu': primary, 'Sub Menu': sub, 'Brand Featured': featured, 'Menu URL': '', Screenshot: '' });

describe('next scan day', () => {
  it('is seven days after the period, across months and years', () => {
    expect(nextScanDayOf('2025-02-03')).toBe('2025-02-10');
    expect(nextScanDayOf('2025-02-26')).toBe('2025-03-05');
    expect(nextScanDayOf('2024-12-30')).toBe('2025-01-06');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(() => addDays('nope', 1)).toThrow(/Not a date/);
  });
});

describe('featured in menu (homepage file)', () => {
  it('finds the brand named in a primary menu or a sub menu entry', () => {
    expect(homepageFeature([menu('Designers', 'Castellane|Maison Aurelle|Other')], aurelle, false)).toEqual({ featured: true, menus: ['Designers'] });
    expect(homepageFeature([menu('Maison Aurelle', '')], aurelle, false).featured).toBe(true);
    expect(homepageFeature([menu('Designers', 'Castellane|Other')], aurelle, false)).toEqual({ featured: false, menus: [] });
  });

  it('reads a bare Yes in Brand Featured only when the brand is the only one carrying the retailer', () => {
    const rows = [menu('Bags', 'Totes|Clutches', 'Yes'), menu('Shoes', 'Heels', 'No')];
    expect(homepageFeature(rows, aurelle, true)).toEqual({ featured: true, menus: ['Bags'] });
    expect(homepageFeature(rows, aurelle, false).featured).toBe(false);
  });

  it('reads Brand Featured naming brands', () => {
    expect(homepageFeature([menu('New In', '', 'Castellane Paris|Maison Aurelle')], aurelle, false).featured).toBe(true);
  });
});

describe('featuredInMenu shown', () => {
  it('follows the newer file; on the same date the homepage file wins; nothing yet: false', () => {
    expect(featuredInMenuOf({})).toBe(false);
    expect(featuredInMenuOf({ featuredInMenuBrandPage: true, brandPageDate: '2025-02-03' })).toBe(true);
    expect(featuredInMenuOf({ featuredInMenuBrandPage: true, brandPageDate: '2025-02-03', featuredInMenuHomepage: false, homepageDate: '2025-02-03' })).toBe(false);
    expect(featuredInMenuOf({ featuredInMenuBrandPage: true, brandPageDate: '2025-02-10', featuredInMenuHomepage: false, homepageDate: '2025-02-03' })).toBe(true);
    expect(featuredInMenuOf({ featuredInMenuHomepage: true, homepageDate: '2025-02-03' })).toBe(true);
  });
});

describe('brand summary', () => {
  it('sums the latest and previous periods of each retailer and counts retailers having them', () => {
    expect(
      brandSummary([
        { current: { totalProducts: 10, flaggedProducts: 2 }, prev: { totalProducts: 8, flaggedProducts: 1 } },
        { current: { totalProducts: 5, flaggedProducts: 0 } },
        {},
      ]),
    ).toEqual({ totalProducts: { current: 15, prev: 8 }, flaggedProducts: { current: 2, prev: 1 }, totalRetailers: { current: 2, prev: 1 } });
  });
});
