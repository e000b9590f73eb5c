/**
 * Pure rules of the summary tiles and the retailer list (000 §2, §4, §9): website-type labels,
 * the list filters, sorting, the layout of the tiles, the tile chunks, the trend of a count.
 */
import type { RetailerScrapingRecord } from '@shared/schemas/retailer-scrapings';
import { DEFAULT_LIST_SORT, LIST_FILTERS, readListSort, sortRows, tileMatcher, type ListFilter, type ListSort } from '@shared/retailer-list';
import { nextScanSortDay } from '../../lib/next-scan';

// The list's rules are the server's (it pages the list): shared/retailer-list.ts.
export { DEFAULT_LIST_SORT, LIST_FILTERS, LIST_SORT_KEYS, matchesFilter, WEBSITE_TYPE_LABEL, type ListFilter, type ListSort, type ListSortKey } from '@shared/retailer-list';

export function parseListFilter(v: string | null): ListFilter {
  return LIST_FILTERS.some((f) => f.value === v) ? (v as ListFilter) : 'all';
}

/** `name;asc` → a sort; anything else → the default. */
export function parseListSort(v: string | null): ListSort {
  return readListSort(v) ?? DEFAULT_LIST_SORT;
}

/** Sorted copy, as the server sorts a page (shared/retailer-list.ts sortRows); missing values last in both directions; ties by name. */
export function sortRecords(rows: readonly RetailerScrapingRecord[], sort: ListSort): RetailerScrapingRecord[] {
  return sortRows(
    rows,
    (r) => ({ name: r.retailer.name, webSiteType: r.brand_retailer.webSiteType, totalProducts: r.totalProducts, flaggedProduct: r.flaggedProduct, approvedDate: r.approvedDate, nextScanDay: nextScanSortDay(r.nextScan) }),
    sort,
  );
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

/** Tiles shown for a name filter and a rep filter (rep: a rep's name, '' for all), as the server filters them (shared/retailer-list.ts tileMatcher). */
export function filterTiles(rows: readonly RetailerScrapingRecord[], text: string, rep: string): RetailerScrapingRecord[] {
  const match = tileMatcher(text, rep);
  return rows.filter((r) => match({ name: r.retailer.name, users: r.users }));
}
