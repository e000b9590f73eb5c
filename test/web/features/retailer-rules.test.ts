/** The summary tiles' and the Retailer List's rules (000 §2, §4, §9): filters, sorting, layouts, chunks, trends. */
import { describe, expect, it } from 'vitest';
import type { RetailerScrapingRecord } from '../../../shared/schemas/retailer-scrapings';
import {
  DEFAULT_LAYOUT,
  filterTiles,
  matchesFilter,
  parseLayout,
  parseListFilter,
  parseListSort,
  sortRecords,
  TILE_CHUNK,
  TILE_DELAY_MS,
  trendOf,
} from '../../../web/src/features/brand-summary/retailer-rules';

const rec = (name: string, over: Partial<RetailerScrapingRecord> = {}): RetailerScrapingRecord => ({
  _id: null,
  date: null,
  retailer: { _id: `r-${name}`, name, optId: name.toUpperCase() },
  brand_retailer: { webSiteType: 'retailerWithProducts' },
  brand_name: 'B',
  brand_screenshot: '',
  totalProducts: 0,
  previousTotalProducts: 0,
  flaggedProduct: 0,
  suggestions: null,
  approvedDate: null,
  nextScanDay: null,
  nextScan: { state: 'none' },
  isFlagged: 'no',
  users: [],
  delayedSince: null,
  delayedKind: null,
  ...over,
});

describe('retailer list filters', () => {
  it('counts a retailer with product pages and a module under both filters', () => {
    expect(matchesFilter('retailerWithProductsandModule', 'with-products')).toBe(true);
    expect(matchesFilter('retailerWithProductsandModule', 'module')).toBe(true);
    expect(matchesFilter('retailerWithProductsandModule', 'without-products')).toBe(false);
    expect(matchesFilter('retailerWithoutProducts', 'without-products')).toBe(true);
    expect(matchesFilter('retailerWithModule', 'with-products')).toBe(false);
    for (const t of ['retailerWithProducts', 'retailerWithoutProducts', 'retailerWithModule', 'retailerWithProductsandModule'] as const) expect(matchesFilter(t, 'all')).toBe(true);
  });

  it('reads unknown query values as the defaults', () => {
    expect(parseListFilter('module')).toBe('module');
    expect(parseListFilter('bogus')).toBe('all');
    expect(parseListFilter(null)).toBe('all');
    expect(parseListSort('totalProducts;desc')).toEqual({ key: 'totalProducts', direction: 'desc' });
    expect(parseListSort('password;asc')).toEqual({ key: 'name', direction: 'asc' });
    expect(parseListSort('name;up')).toEqual({ key: 'name', direction: 'asc' });
  });
});

describe('sorting', () => {
  const rows = [rec('beta', { totalProducts: 5, approvedDate: '2026-01-02' }), rec('Alpha', { totalProducts: 5 }), rec('gamma', { totalProducts: 1, approvedDate: '2026-03-01' })];
  it('sorts names case-insensitively, both ways', () => {
    expect(sortRecords(rows, { key: 'name', direction: 'asc' }).map((r) => r.retailer.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(sortRecords(rows, { key: 'name', direction: 'desc' }).map((r) => r.retailer.name)).toEqual(['gamma', 'beta', 'Alpha']);
  });
  it('sorts Next Scan on its day (due, in review, overdue alike), missing ones last', () => {
    const next = [
      rec('due', { nextScan: { state: 'scheduled', date: '2026-12-07' } }),
      rec('late', { nextScan: { state: 'overdue', date: '2026-11-23' } }),
      rec('none'),
      rec('review', { nextScan: { state: 'in_review', date: '2026-11-30' } }),
    ];
    expect(sortRecords(next, { key: 'nextScanDay', direction: 'asc' }).map((r) => r.retailer.name)).toEqual(['late', 'review', 'due', 'none']);
    expect(sortRecords(next, { key: 'nextScanDay', direction: 'desc' }).map((r) => r.retailer.name)).toEqual(['due', 'review', 'late', 'none']);
  });
  it('sorts numbers as numbers with ties by name, and puts missing dates last either way', () => {
    expect(sortRecords(rows, { key: 'totalProducts', direction: 'desc' }).map((r) => r.retailer.name)).toEqual(['Alpha', 'beta', 'gamma']);
    expect(sortRecords(rows, { key: 'approvedDate', direction: 'asc' }).map((r) => r.retailer.name)).toEqual(['beta', 'gamma', 'Alpha']);
    expect(sortRecords(rows, { key: 'approvedDate', direction: 'desc' }).map((r) => r.retailer.name)).toEqual(['gamma', 'beta', 'Alpha']);
  });
});

describe('tiles', () => {
  it('layout defaults to three columns; chunks of 10 after 2 s', () => {
    expect(parseLayout('two-item-grid')).toBe('two-item-grid');
    expect(parseLayout('four-item-grid')).toBe(DEFAULT_LAYOUT);
    expect(DEFAULT_LAYOUT).toBe('three-item-grid');
    expect([TILE_CHUNK, TILE_DELAY_MS]).toEqual([10, 2000]);
  });
  it('filters by name (case-insensitive) and by rep name', () => {
    const rows = [rec('Harrow', { users: ['Ann'] }), rec('Lumen', { users: ['Bob', 'Ann'] }), rec('North')];
    expect(filterTiles(rows, ' harr ', '').map((r) => r.retailer.name)).toEqual(['Harrow']);
    expect(filterTiles(rows, '', 'Ann').map((r) => r.retailer.name)).toEqual(['Harrow', 'Lumen']);
    expect(filterTiles(rows, 'lu', 'Ann').map((r) => r.retailer.name)).toEqual(['Lumen']);
  });
  it('the name filter searches words, with case, accents and punctuation folded, in any order', () => {
    const rows = [rec('Lumière Boutique'), rec('Harrowgate & Finch'), rec('Saint-Clair Jewelers')];
    const names = (text: string) => filterTiles(rows, text, '').map((r) => r.retailer.name);
    expect(names('lumiere')).toEqual(['Lumière Boutique']);
    expect(names('finch harrowgate')).toEqual(['Harrowgate & Finch']);
    expect(names('saint clair')).toEqual(['Saint-Clair Jewelers']);
    expect(names('finch boutique')).toEqual([]);
  });
  it('trends say up, down or same with the size of the change', () => {
    expect(trendOf(12, 10)).toEqual({ direction: 'up', change: 2 });
    expect(trendOf(7, 10)).toEqual({ direction: 'down', change: 3 });
    expect(trendOf(4, 4)).toEqual({ direction: 'same', change: 0 });
  });
});
