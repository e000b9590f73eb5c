/**
 * The Retailer List's and the summary tiles' rules (000 §2, §4, §9), shared by the server, which
 * answers one page of them (GET /RetailerScraping/{brandId}?page&limit&sort&filter&search&rep),
 * and the web, which writes them in the URL: the website-type filters, the sort keys and their
 * order (missing values last in both directions, ties by name), and the tiles' name search.
 */
import type { WebsiteType } from './constants';
import { matchesWords, searchText, searchWords } from './search';

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
export const LIST_FILTER_VALUES = LIST_FILTERS.map((f) => f.value) as [ListFilter, ...ListFilter[]];

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

/** `name;asc` → a sort; anything else → undefined. */
export function readListSort(v: string | null | undefined): ListSort | undefined {
  const [key, direction] = (v ?? '').split(';');
  if (!LIST_SORT_KEYS.includes(key as ListSortKey) || (direction !== 'asc' && direction !== 'desc')) return undefined;
  return { key: key as ListSortKey, direction };
}

/** What a row of the list is sorted and filtered on. */
export interface ListRowKeys {
  name: string;
  webSiteType: WebsiteType;
  totalProducts: number;
  flaggedProduct: number;
  approvedDate: string | null;
  /** The day its Next Scan is sorted on (nextScanSortDay), null for none. */
  nextScanDay: string | null;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

function sortValue(r: ListRowKeys, key: ListSortKey): string | number | null {
  return key === 'webSiteType' ? WEBSITE_TYPE_LABEL[r.webSiteType] : r[key];
}

/** Sorted copy; missing values (no scan yet) last in both directions; ties by name. */
export function sortRows<T>(rows: readonly T[], keysOf: (row: T) => ListRowKeys, sort: ListSort): T[] {
  const dir = sort.direction === 'asc' ? 1 : -1;
  const keyed = rows.map((row) => ({ row, k: keysOf(row) }));
  keyed.sort((a, b) => {
    const x = sortValue(a.k, sort.key);
    const y = sortValue(b.k, sort.key);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else {
      const c = typeof x === 'number' && typeof y === 'number' ? x - y : collator.compare(String(x), String(y));
      if (c !== 0) return c * dir;
    }
    return collator.compare(a.k.name, b.k.name);
  });
  return keyed.map((k) => k.row);
}

/**
 * The tiles' filters: the retailer name searched as every search box searches (shared/search.ts:
 * its words, folded, in any order) and, for ADMIN and BRAND_ADMIN, a rep's name ('' for all).
 */
export function tileMatcher(text: string | undefined, rep: string | undefined): (r: { name: string; users: readonly string[] }) => boolean {
  const words = searchWords(text ?? '');
  return (r) => (!words.length || matchesWords(searchText([r.name]), words)) && (!rep || r.users.includes(rep));
}
