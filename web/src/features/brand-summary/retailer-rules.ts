/**
 * Pure rules of the summary tiles and the retailer list (000 §2, §4, §9): website-type labels,
 * the list filters, sorting, the layout of the tiles, the tile chunks, the trend of a count.
 */
import type { WebsiteType } from '@shared/constants';
import type { RetailerScrapingRecord } from '@shared/schemas/retailer-scrapings';
import { matchesWords, searchText, searchWords } from '@shared/search';
import { nextScanSortDay } from '../../lib/next-scan';

export const WEBSITE_TYPE_LABEL: Record<WebsiteType, string> = {
  retailerWithProducts: 'With product pages',
  retailerWithoutProducts: 'Without product pages',
  retailerWithModule: 'Using module',
  retailerWithProductsandModule: 'With product pages and module',
};

/** The Retailer List filters (000 §2): all, with product pages, without product pages, using module. */
export const LIST_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'with-products', label: 'With product pages' },
  { value: 'without-products', label: 'Without product pages' },
  { value: 'module', label: 'Using module' },
] as const;
export type ListFilter = (typeof LIST_FILTERS)[number]['value'];

export function parseListFilter(v: string | null): ListFilter {
  return LIST_FILTERS.some((f) => f.value === v) ? (v as ListFilter) : 'all';
}

/** A retailer with product pages AND a module counts under both filters. */
export function matchesFilter(type: WebsiteType, filter: ListFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'with-products':
      return type === 'retailerWithProducts' || type === 'retailerWithProductsandModule';
    case 'without-products':
      return type === 'retailerWithoutProducts';
    case 'module':
      return type === 'retailerWithModule' || type === 'retailerWithProductsandModule';
  }
}

export const LIST_SORT_KEYS = ['name', 'webSiteType', 'totalProducts', 'flaggedProduct', 'approvedDate', 'nextScanDay'] as const;
export type ListSortKey = (typeof LIST_SORT_KEYS)[number];
export interface ListSort {
  key: ListSortKey;
  direction: 'asc' | 'desc';
}
/** 000 §4: lists sort by name ascending by default. */
export const DEFAULT_LIST_SORT: ListSort = { key: 'name', direction: 'asc' };

/** `name;asc` → a sort; anything else → the default. */
export function parseListSort(v: string | null): ListSort {
  const [key, direction] = (v ?? '').split(';');
  if (!LIST_SORT_KEYS.includes(key as ListSortKey) || (direction !== 'asc' && direction !== 'desc')) return DEFAULT_LIST_SORT;
  return { key: key as ListSortKey, direction };
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function sortValue(r: RetailerScrapingRecord, key: ListSortKey): string | number | null {
  switch (key) {
    case 'name':
      return r.retailer.name;
    case 'webSiteType':
      return WEBSITE_TYPE_LABEL[r.brand_retailer.webSiteType];
    case 'totalProducts':
      return r.totalProducts;
    case 'flaggedProduct':
      return r.flaggedProduct;
    case 'approvedDate':
      return r.approvedDate;
    case 'nextScanDay':
      return nextScanSortDay(r.nextScan);
  }
}

/** Sorted copy; missing values (no scan yet) last in both directions; ties by name. */
export function sortRecords(rows: readonly RetailerScrapingRecord[], sort: ListSort): RetailerScrapingRecord[] {
  const dir = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = sortValue(a, sort.key);
    const y = sortValue(b, sort.key);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else {
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      if (c !== 0) return c * dir;
    }
    return collator.compare(a.retailer.name, b.retailer.name);
  });
}

/** The summary's layouts (000 §2): `?layout=`, default three. */
export const LAYOUTS = [
  { value: 'one-item-grid', label: 'One column', columns: 1 },
  { value: 'two-item-grid', label: 'Two columns', columns: 2 },
  { value: 'three-item-grid', label: 'Three columns', columns: 3 },
] as const;
export type Layout = (typeof LAYOUTS)[number]['value'];
export const DEFAULT_LAYOUT: Layout = 'three-item-grid';

export function parseLayout(v: string | null): Layout {
  return LAYOUTS.some((l) => l.value === v) ? (v as Layout) : DEFAULT_LAYOUT;
}

/** Tiles load in chunks of 10, each after a 2 second delay (000 §2, §9). */
export const TILE_CHUNK = 10;
export const TILE_DELAY_MS = 2000;

/** How a count moved since the previous scan. */
export interface Trend {
  direction: 'up' | 'down' | 'same';
  change: number;
}

export function trendOf(current: number, previous: number): Trend {
  const change = current - previous;
  return { direction: change > 0 ? 'up' : change < 0 ? 'down' : 'same', change: Math.abs(change) };
}

/**
 * Tiles shown for a name filter and a rep filter (rep: a rep's name, '' for all). The name filter
 * searches as every search box does (shared/search.ts): its words, folded, in any order
 * ('lumiere', 'Finch & Harrowgate').
 */
export function filterTiles(rows: readonly RetailerScrapingRecord[], text: string, rep: string): RetailerScrapingRecord[] {
  const words = searchWords(text);
  return rows.filter((r) => (!words.length || matchesWords(searchText([r.retailer.name]), words)) && (!rep || r.users.includes(rep)));
}
