import { describe, expect, it } from 'vitest';
import { brandSummary } from '../../../functions/scrapings/domain/summary';
import { addDays, featuredInMenuOf, homepageFeature, nextScanDayOf, nextScanOf, todayUtc } from '../../../functions/scrapings/domain/scan-info';

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
  it('sums the latest and previous periods of each retailer; Total Retailers counts every retailer on the list', () => {
    expect(
      brandSummary([
        { current: { totalProducts: 10, flaggedProducts: 2 }, prev: { totalProducts: 8, flaggedProducts: 1 } },
        // First scanned in its latest period: not there at the scan before.
        { current: { totalProducts: 5, flaggedProducts: 0 }, firstScan: true },
        // Its previous period is gone (retention): it was audited then all the same.
        { current: { totalProducts: 3, flaggedProducts: 1 } },
        // Never scanned (a website without product pages): still a website the brand audits, one tile.
        {},
      ]),
    ).toEqual({ totalProducts: { current: 18, prev: 8 }, flaggedProducts: { current: 3, prev: 1 }, totalRetailers: { current: 4, prev: 3 } });
    expect(brandSummary([])).toEqual({ totalProducts: { current: 0, prev: 0 }, flaggedProducts: { current: 0, prev: 0 }, totalRetailers: { current: 0, prev: 0 } });
  });
});

describe('Last Scan and Next Scan (nextScanOf)', () => {
  const period = { date: '2026-11-09', approvedDate: '2026-11-10T11:21:00.000Z' };
  it('is none without a period, and for a stored date that is no calendar date', () => {
    expect(nextScanOf({ period: undefined, today: '2026-11-12' })).toEqual({ state: 'none' });
    expect(nextScanOf({ period: { date: '2026-99-99', approvedDate: '2026-11-10T00:00:00Z' }, today: '2026-11-12' })).toEqual({ state: 'none' });
  });
  it('is the day seven days after the scan while it has not passed (today included)', () => {
    expect(nextScanOf({ period, today: '2026-11-12' })).toEqual({ state: 'scheduled', date: '2026-11-16' });
    expect(nextScanOf({ period, today: '2026-11-16' })).toEqual({ state: 'scheduled', date: '2026-11-16' });
  });
  it('says overdue since that day once it has passed with no newer file in the post office', () => {
    expect(nextScanOf({ period, today: '2026-11-17' })).toEqual({ state: 'overdue', date: '2026-11-16' });
    // A file in review of the same or an older date is not a newer scan.
    expect(nextScanOf({ period, newestInReview: '2026-11-09', today: '2026-11-28' })).toEqual({ state: 'overdue', date: '2026-11-16' });
  });
  it('says a newer scan is in review when a newer product file waits, overdue or not', () => {
    expect(nextScanOf({ period, newestInReview: '2026-11-16', today: '2026-11-28' })).toEqual({ state: 'in_review', date: '2026-11-16' });
    expect(nextScanOf({ period, newestInReview: '2026-11-12', today: '2026-11-13' })).toEqual({ state: 'in_review', date: '2026-11-12' });
  });
  it('never says overdue since a day before the approval: a file approved after its due day is a scan still expected', () => {
    // Scanned 11/16, waited in the post office, approved 12/07 (issue 37): not 'overdue since 11/23' beside Last Scan 12/07.
    const late = { date: '2026-11-16', approvedDate: '2026-12-07T08:00:00.000Z' };
    expect(nextScanOf({ period: late, today: '2026-12-07' })).toEqual({ state: 'expected', date: '2026-11-23' });
    expect(nextScanOf({ period: late, today: '2026-12-20' })).toEqual({ state: 'expected', date: '2026-11-23' });
    // Approved on its due day itself: that day is not before the approval, so it is overdue once passed.
    const onDue = { date: '2026-11-16', approvedDate: '2026-11-23T08:00:00.000Z' };
    expect(nextScanOf({ period: onDue, today: '2026-11-23' })).toEqual({ state: 'scheduled', date: '2026-11-23' });
    expect(nextScanOf({ period: onDue, today: '2026-11-24' })).toEqual({ state: 'overdue', date: '2026-11-23' });
  });
  it("a past period's Next Scan is the scan after it: scanned_earlier when that came before this approval", () => {
    const newer = { _id: 'p-16', date: '2026-11-16' };
    expect(nextScanOf({ period, newer, newestInReview: '2026-11-23', today: '2026-11-28' })).toEqual({ state: 'scanned', date: '2026-11-16', periodId: 'p-16' });
    expect(nextScanOf({ period: { date: '2026-11-09', approvedDate: '2026-11-18T10:00:00Z' }, newer, today: '2026-11-28' })).toEqual({ state: 'scanned_earlier', date: '2026-11-16', periodId: 'p-16' });
    // The same day as the approval is not before it.
    expect(nextScanOf({ period: { date: '2026-11-09', approvedDate: '2026-11-16T23:00:00Z' }, newer, today: '2026-11-28' }).state).toBe('scanned');
  });
  it('judges days on the UTC calendar', () => {
    expect(todayUtc(new Date('2026-11-28T23:59:59Z'))).toBe('2026-11-28');
    expect(todayUtc(new Date('2026-11-29T00:00:00Z'))).toBe('2026-11-29');
  });
});
