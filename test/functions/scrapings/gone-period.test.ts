/** How the retailer's record and profile show a scan info whose latest period retention deleted (docs/decisions.md "Retention"). */
import { describe, expect, it } from 'vitest';
import { nextScanOf } from '../../../functions/scrapings/domain/scan-info';
import { retailerScrapingRecord, shownPeriodOf, withoutGonePeriod } from '../../../functions/scrapings/present';
import type { ScanInfo } from '../../../functions/scrapings/scrapings.repo';

const info: ScanInfo = {
  _id: 'si1',
  brand: 'b1',
  retailer: 'r1',
  isFlagged: 'yes',
  flagMessage: { reason: 'Wrong logo' },
  periodId: 'p-old',
  productDate: '2026-01-05',
  totalProducts: 40,
  previousTotalProducts: 38,
  approvedDate: '2026-01-06T10:00:00.000Z',
  nextScanDay: '2026-01-12',
  brand_description: 'Parisian leather goods',
  featuredMenus: ['Designers'],
  featuredInMenu: true,
  updatedAt: '2026-01-06T10:00:00.000Z',
};
const retailer = { _id: 'r1', name: 'Keep Store', optId: 'KS1', slug: 'keep-store', website: 'https://k.example' } as Parameters<typeof retailerScrapingRecord>[0]['retailer'];

describe('withoutGonePeriod', () => {
  it('keeps the scan info whole while its latest period is there, and when it has none', () => {
    expect(withoutGonePeriod(info, true)).toBe(info);
    const { periodId: _p, ...noPeriod } = info;
    expect(withoutGonePeriod(noPeriod, false)).toBe(noPeriod);
    expect(withoutGonePeriod(undefined, false)).toBeUndefined();
  });

  it("drops the gone period's id, date, totals and next scan day; the brand's flag and page fields stay", () => {
    const shown = withoutGonePeriod(info, false)!;
    for (const k of ['periodId', 'productDate', 'totalProducts', 'previousTotalProducts', 'approvedDate', 'nextScanDay']) expect(shown, k).not.toHaveProperty(k);
    expect(shown).toMatchObject({ isFlagged: 'yes', flagMessage: { reason: 'Wrong logo' }, brand_description: 'Parisian leather goods', featuredMenus: ['Designers'], featuredInMenu: true });
  });

  it('makes the Retailer List record look like a retailer before its first file: no link to the gone period', () => {
    const shown = withoutGonePeriod(info, false);
    const nextScan = nextScanOf({ period: shownPeriodOf(shown), today: '2026-08-01' });
    const record = retailerScrapingRecord({ retailer, brandName: 'B', info: shown, flaggedProduct: 0, users: [], nextScan });
    expect(record).toMatchObject({ _id: null, date: null, totalProducts: 0, previousTotalProducts: 0, approvedDate: null, nextScanDay: null, nextScan: { state: 'none' }, isFlagged: 'yes' });
  });
});
