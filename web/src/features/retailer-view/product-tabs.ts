/**
 * The product tabs of the retailer view (001 §2 "Tabs", §4 tab filters) and their state in the URL
 * query (`tab`, `page`, `sort`, `search`, `mapped`): a reload or a shared link shows the same table.
 */
import { DEFAULT_PRODUCT_SORT, PRODUCT_SORTS } from '@shared/schemas/scrapings';
import { PAGE } from '@shared/constants';
import { readPage } from '../../lib/url-page';
import type { ProductsQuery } from './api/get-products';

/** How a tab's rows are drawn. */
export type TabKind = 'price' | 'flagged' | 'changes' | 'oh' | 'products';

export interface ProductTab {
  id: string;
  label: string;
  kind: TabKind;
  /** The server filter of the tab (001 §4). */
  query: Pick<ProductsQuery, 'tab' | 'isFlagged' | 'filter'>;
  /** The search box shows on the all_oh and products tabs (001 §2). */
  searchable?: boolean;
}

export const PRODUCT_TABS: readonly ProductTab[] = [
  { id: 'price_issues', label: 'Price Issues', kind: 'price', query: { filter: 'price_diff' } },
  { id: 'flagged', label: 'Flagged Products', kind: 'flagged', query: { isFlagged: 'yes' } },
  { id: 'changes', label: 'Changes Since last scan', kind: 'changes', query: { tab: 'change' } },
  { id: 'all_oh', label: 'All OH', kind: 'oh', query: { filter: 'all_oh' }, searchable: true },
  { id: 'oh', label: 'OH (NOT Scraped)', kind: 'oh', query: { filter: 'oh_data' } },
  { id: 'oh_scraped', label: 'OH (Scraped)', kind: 'oh', query: { filter: 'oh_sd_data' } },
  { id: 'products', label: 'ALL SCRAPED', kind: 'products', query: {}, searchable: true },
  { id: 'not_oh', label: 'Scraped (NOT OH)', kind: 'products', query: { filter: 'sd_data' } },
  { id: 'in_price_sync', label: 'In Price Sync', kind: 'products', query: { filter: 'price_match' } },
];
export const DEFAULT_TAB = 'price_issues';

/**
 * Which product tabs a view shows and which one it starts on: the retailer view all of them from
 * Price Issues; the B2B portal only All OH (001 §2 "all_oh in the B2B portal").
 */
export interface TabSet {
  tabs: readonly ProductTab[];
  defaultTab: string;
}
export const ALL_TABS: TabSet = { tabs: PRODUCT_TABS, defaultTab: DEFAULT_TAB };

/** The tab set of the given tab ids (in the spec's order), starting on `defaultTab`. */
export function tabSet(ids: readonly string[], defaultTab: string): TabSet {
  const tabs = PRODUCT_TABS.filter((t) => ids.includes(t.id));
  return { tabs, defaultTab: tabs.some((t) => t.id === defaultTab) ? defaultTab : (tabs[0]?.id ?? DEFAULT_TAB) };
}

/** ALL SCRAPED's filter buttons All, Mapped, NOT Mapped. */
export type Mapped = 'all' | 'true' | 'false';

export interface TabState {
  tab: ProductTab;
  page: number;
  sort: NonNullable<ProductsQuery['sort']>;
  search: string;
  mapped: Mapped;
}

export function readTabState(search: URLSearchParams, set: TabSet = ALL_TABS): TabState {
  const tab = set.tabs.find((t) => t.id === search.get('tab')) ?? set.tabs.find((t) => t.id === set.defaultTab) ?? PRODUCT_TABS.find((t) => t.id === DEFAULT_TAB)!;
  const sort = search.get('sort');
  const mapped = search.get('mapped');
  return {
    tab,
    page: readPage(search),
    sort: sort && (PRODUCT_SORTS as readonly string[]).includes(sort) ? (sort as TabState['sort']) : DEFAULT_PRODUCT_SORT,
    search: tab.searchable ? (search.get('search') ?? '').trim() : '',
    mapped: tab.id === 'products' && (mapped === 'true' || mapped === 'false') ? mapped : 'all',
  };
}

/** The query string of a tab state; defaults left out. */
export function writeTabState(s: TabState, set: TabSet = ALL_TABS): URLSearchParams {
  const out = new URLSearchParams();
  if (s.tab.id !== set.defaultTab) out.set('tab', s.tab.id);
  if (s.page > 1) out.set('page', String(s.page));
  if (s.sort !== DEFAULT_PRODUCT_SORT) out.set('sort', s.sort);
  if (s.tab.searchable && s.search) out.set('search', s.search);
  if (s.tab.id === 'products' && s.mapped !== 'all') out.set('mapped', s.mapped);
  return out;
}

/** The list request of a tab state for one period. */
export function productsQuery(periodId: string, s: TabState): ProductsQuery {
  return {
    retailer_brand_scraping: periodId,
    page: s.page,
    limit: PAGE.products,
    sort: s.sort,
    ...s.tab.query,
    ...(s.search ? { search: s.search } : {}),
    ...(s.mapped !== 'all' ? { oh_map_id: s.mapped } : {}),
  };
}
