/**
 * From the brand's retailer rows to a page of the Retailer List and the summary stats
 * (functions/scrapings/domain/retailer-rows.ts, shared/retailer-list.ts): paging, sorting with
 * missing values last, the filters, the tiles' search and rep filter, gone periods, the sums.
 */
import { describe, expect, it } from 'vitest';
import type { BrandRow } from '../../../functions/scrapings/brand-rows.repo';
import { listedRetailer, listPage, mayBeGone, periodsToCheck, rowsSummary, withoutGone } from '../../../functions/scrapings/domain/retailer-rows';
import { periodExpiresAt } from '../../../shared/retention';
import type { WebsiteType } from '../../../shared/constants';

const TODAY = '2026-11-28';
function row(i: number, over: Partial<BrandRow> = {}): BrandRow {
  const cur = { _id: `p${i}b`, date: '2026-11-20', totalProducts: 100 + i, flaggedCount: i % 3, previousPeriodId: `p${i}a` };
  return {
    brand: 'b',
    retailer: `r${i}`,
    name: `Store ${i}`,
    optId: `S${i}`,
    info: { periodId: cur._id, productDate: cur.date, approvedDate: '2026-11-21T10:00:00.000Z', totalProducts: cur.totalProducts, previousTotalProducts: 90 + i, nextScanDay: '2026-11-27', isFlagged: 'no' },
    cur,
    prev: { _id: `p${i}a`, date: '2026-11-13', totalProducts: 90 + i, flaggedCount: 1, previousPeriodId: null },
    ...over,
  };
}
const TYPES: WebsiteType[] = ['retailerWithProducts', 'retailerWithoutProducts', 'retailerWithModule', 'retailerWithProductsandModule'];
const listed = (rows: BrandRow[], users: Record<string, string[]> = {}) => rows.map((r, i) => listedRetailer(r, { webSiteType: TYPES[i % 4], brandName: 'B', users: users[r.retailer] ?? [], today: TODAY }));

describe('listPage', () => {
  const records = listed(Array.from({ length: 12 }, (_, i) => row(i)));

  it('answers one page by name (numeric order), the count of the matches, and the last page for a page past the end', () => {
    const p2 = listPage(records, { page: 2, limit: 5 });
    expect(p2.data.map((r) => r.retailer.name)).toEqual(['Store 5', 'Store 6', 'Store 7', 'Store 8', 'Store 9']);
    expect([p2.totalCount, p2.page]).toEqual([12, 2]);
    const past = listPage(records, { page: 9, limit: 5 });
    expect([past.page, past.data.map((r) => r.retailer.name)]).toEqual([3, ['Store 10', 'Store 11']]);
    expect(listPage([], { page: 3, limit: 5 })).toEqual({ data: [], totalCount: 0, page: 1 });
  });

  it('sorts by a column either way with missing values last in both, ties by name', () => {
    const none = listed([row(20, { info: undefined, cur: undefined, prev: undefined })])[0]!;
    const all = [...records, none];
    const asc = listPage(all, { page: 1, limit: 20, sort: { key: 'approvedDate', direction: 'asc' } }).data;
    const desc = listPage(all, { page: 1, limit: 20, sort: { key: 'approvedDate', direction: 'desc' } }).data;
    expect(asc.at(-1)!.retailer.name).toBe('Store 20');
    expect(desc.at(-1)!.retailer.name).toBe('Store 20');
    const flagged = listPage(records, { page: 1, limit: 12, sort: { key: 'flaggedProduct', direction: 'desc' } }).data;
    expect(flagged.map((r) => r.flaggedProduct)).toEqual([2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0]);
    expect(flagged.slice(0, 4).map((r) => r.retailer.name)).toEqual(['Store 2', 'Store 5', 'Store 8', 'Store 11']);
  });

  it('filters by website type, by a name search and by a rep', () => {
    const module = listPage(records, { page: 1, limit: 25, filter: 'module' });
    expect(module.data.every((r) => r.brand_retailer.webSiteType === 'retailerWithModule' || r.brand_retailer.webSiteType === 'retailerWithProductsandModule')).toBe(true);
    expect(module.totalCount).toBe(6);
    expect(listPage(records, { page: 1, limit: 25, search: 'store 1' }).data.map((r) => r.retailer.name)).toEqual(['Store 1', 'Store 10', 'Store 11']);
    const withReps = listed([row(1), row(2), row(3)], { r2: ['Ann', 'Bo'], r3: ['Bo'] });
    expect(listPage(withReps, { page: 1, limit: 25, rep: 'Bo' }).data.map((r) => r.retailer._id)).toEqual(['r2', 'r3']);
  });
});

describe('the record of a row', () => {
  it("counts the shown scan's open suggestions, and none (null) before it was checked or for an older scan's run", () => {
    const r = row(1);
    const periodId = r.info!.periodId!;
    expect(listed([row(1, { content: { periodId, open: 7, checked: 40, withFindings: 5 } })])[0]!.suggestions).toBe(7);
    expect(listed([row(1, { content: { periodId: 'an-older-period', open: 7, checked: 40, withFindings: 5 } })])[0]!.suggestions).toBeNull();
    expect(listed([row(1)])[0]!.suggestions).toBeNull();
  });
  it('says a newer scan is in review, or the next scan day, from the row alone', () => {
    expect(listed([row(1, { inReview: '2026-11-25' })])[0]!.nextScan).toEqual({ state: 'in_review', date: '2026-11-25' });
    expect(listed([row(1)])[0]!.nextScan).toEqual({ state: 'overdue', date: '2026-11-27' }); // its date + 7 days, before TODAY
    expect(listed([row(1, { info: undefined, cur: undefined })])[0]).toMatchObject({ _id: null, totalProducts: 0, flaggedProduct: 0, approvedDate: null, nextScan: { state: 'none' } });
  });

  it('says since when its data is delayed (issue 25), null when it is not, and keeps it when its latest period is gone', () => {
    const late = row(1, { delayed: { since: '2026-11-02', kind: 'late' } });
    expect(listed([late, row(2)]).map((r) => [r.delayedSince, r.delayedKind])).toEqual([
      ['2026-11-02', 'late'],
      [null, null],
    ]);
    const gone = withoutGone(late, (id) => id === late.cur!._id);
    expect(listed([gone])[0]).toMatchObject({ _id: null, delayedSince: '2026-11-02', delayedKind: 'late' });
  });
});

describe('gone periods', () => {
  it('only periods past their retention date are looked up', () => {
    const old = row(1, { cur: { _id: 'old', date: '2026-01-05', totalProducts: 1, flaggedCount: 0, previousPeriodId: null }, prev: undefined });
    const now = periodExpiresAt('2026-05-20');
    expect(mayBeGone('2026-01-05', now)).toBe(true);
    expect(mayBeGone('2026-11-20', now)).toBe(false);
    expect(periodsToCheck([old, row(2)], now)).toEqual(['old']);
  });

  it('a gone latest period takes its figures and dates off the record and the summary; a gone one before it only the prev side', () => {
    const r = row(1);
    const noCur = withoutGone(r, (id) => id === r.cur!._id);
    expect(listed([noCur])[0]).toMatchObject({ _id: null, date: null, totalProducts: 0, previousTotalProducts: 0, flaggedProduct: 0, approvedDate: null, nextScanDay: null });
    expect(rowsSummary([noCur])).toEqual({ totalProducts: { current: 0, prev: 0 }, flaggedProducts: { current: 0, prev: 0 }, totalRetailers: { current: 1, prev: 1 } });
    const noPrev = withoutGone(r, (id) => id === r.prev!._id);
    expect(rowsSummary([noPrev])).toEqual({ totalProducts: { current: 101, prev: 0 }, flaggedProducts: { current: 1, prev: 0 }, totalRetailers: { current: 1, prev: 1 } });
  });
});

describe('rowsSummary', () => {
  it('sums the latest periods and the ones before; a first scan is not counted among the retailers before', () => {
    const first = row(5, { prev: undefined, cur: { _id: 'p5b', date: '2026-11-20', totalProducts: 50, flaggedCount: 4, previousPeriodId: null }, info: { periodId: 'p5b', productDate: '2026-11-20', approvedDate: '2026-11-21T00:00:00.000Z' } });
    const never = row(6, { info: undefined, cur: undefined, prev: undefined });
    expect(rowsSummary([row(1), row(2), first, never])).toEqual({
      totalProducts: { current: 101 + 102 + 50, prev: 91 + 92 },
      flaggedProducts: { current: 1 + 2 + 4, prev: 2 },
      totalRetailers: { current: 4, prev: 3 },
    });
  });
});
