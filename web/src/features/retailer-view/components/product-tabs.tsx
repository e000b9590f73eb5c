/**
 * The product tabs of a period (001 §2, §4): Price Issues (default) … In Price Sync; the tab, page,
 * sort, search and ALL SCRAPED's mapped filter live in the URL query. A tab switch resets to page
 * 1; a sort click toggles and refetches; the search box (all_oh, products) searches on Enter.
 * A view may show fewer tabs (`views`, `defaultTab`), tabs of its own after them (`extraTabs`, e.g.
 * BASKET) and no edit controls (`readOnly`): the B2B portal shows All OH and BASKET, read-only.
 */
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE } from '@shared/constants';
import type { OhRow } from '@shared/schemas/scrapings';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import type { SortState } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { useClampPage, useUrlPage } from '../../../lib/url-page';
import { useProducts } from '../api/get-products';
import { RV_MSG } from '../messages';
import type { ProductsQuery } from '../api/get-products';
import { ALL_TABS, productsQuery, readTabState, tabSet, writeTabState, type TabState } from '../product-tabs';
import { ProductTable } from './product-table';
import { MappedFilter, SearchBox } from './product-toolbar';

export interface ProductTabsProps {
  periodId: string;
  previousPeriod: string | null;
  retailerId: string;
  brandId: string | undefined;
  /** Actions on the whole tab as it is filtered, searched and sorted (the export button; the Flagged Products tab's Contact Retailer), given the tab's list query and the ids of the products shown. */
  actions?: (query: ProductsQuery, shownProductIds: string[]) => ReactNode;
  /** The product tabs shown (ids of PRODUCT_TABS, in the spec's order); all of them when left out. */
  views?: readonly string[];
  /** The tab shown first (default: Price Issues; it must be one of `views`). */
  defaultTab?: string;
  /** Tabs of the view's own after the product tabs (BASKET), each drawing its own content. */
  extraTabs?: readonly ExtraTab[];
  /** No flag, map id, Brand SKU or Details controls (the B2B portal). */
  readOnly?: boolean;
  /** What an OH row shows at its end (the basket's plus icon), given the row and the serials of the page. */
  ohRowAction?: (row: OhRow, pageSerials: readonly string[]) => ReactNode;
  /** ALL SCRAPED's IMPORT, after its filter buttons (001 §2: the Bulk Items Import). */
  scrapedImport?: ReactNode;
}

/** A tab after the product tabs drawn by another feature (BASKET): `?tab=<id>` selects it; switching to it reads no product list. */
export interface ExtraTab {
  id: string;
  label: string;
  content: ReactNode;
}

export function ProductTabs({ periodId, previousPeriod, retailerId, brandId, actions, views, defaultTab, extraTabs = [], readOnly = false, ohRowAction, scrapedImport }: ProductTabsProps) {
  const [params, setParams] = useSearchParams();
  const set = views ? tabSet(views, defaultTab ?? views[0] ?? '') : ALL_TABS;
  const extra = extraTabs.find((t) => t.id === params.get('tab'));
  const state = readTabState(params, set);
  const query = productsQuery(periodId, state);
  // An extra tab reads no products (and the basket is not refetched on a tab switch, 001 §4).
  const { data, isLoading, isValidating } = useProducts(extra ? null : query);
  const totalPages = data ? Math.ceil(data.totalCount / PAGE.products) : 0;
  const pager = useUrlPage();
  // A page number past the end in the address (an old link, products gone by a new scan): show the last page.
  useClampPage(pager, data && !extra && !isValidating ? totalPages : undefined);

  // From the URL as it is now (two quick changes in a row both stick).
  const latest = () => readTabState(new URLSearchParams(window.location.search), set);
  const write = (s: TabState) => writeTabState(s, set);
  const update = (patch: Partial<TabState>) => setParams(write({ ...latest(), page: 1, ...patch }));
  const onTab = (id: string) => {
    if (extraTabs.some((t) => t.id === id)) {
      setParams(new URLSearchParams({ tab: id }));
      return;
    }
    const tab = set.tabs.find((t) => t.id === id)!;
    setParams(write({ ...latest(), tab, page: 1, search: '', mapped: 'all' }));
  };
  const [field, dir] = state.sort.split(';') as [string, 'asc' | 'desc'];
  const sort: SortState = { key: field, direction: dir };
  const tabs = [...set.tabs.map((t) => ({ id: t.id, label: t.label })), ...extraTabs.map((t) => ({ id: t.id, label: t.label }))];

  if (extra) {
    return (
      <section className="products" aria-label="Products">
        <Tabs label="Product tabs" tabs={tabs} selected={extra.id} onSelect={onTab}>
          {extra.content}
        </Tabs>
      </section>
    );
  }

  return (
    <section className="products" aria-label="Products">
      <Tabs label="Product tabs" tabs={tabs} selected={state.tab.id} onSelect={onTab}>
        <div className="products__toolbar">
          {state.tab.searchable ? <SearchBox key={`${state.tab.id}:${state.search}`} initial={state.search} onSearch={(search) => update({ search })} /> : null}
          {state.tab.id === 'products' ? (
            <div className="products__scraped">
              <MappedFilter value={state.mapped} onChange={(mapped) => update({ mapped })} />
              {scrapedImport}
            </div>
          ) : null}
          {state.tab.id === 'changes' ? (
            <p className="products__compared">
              {RV_MSG.comparedTo} {previousPeriod ? formatDate(previousPeriod) : '(N/A)'}
            </p>
          ) : null}
          <p className="products__count" aria-live="polite">
            {data ? RV_MSG.itemsFound(data.totalCount) : ''}
          </p>
          {actions ? <div className="products__actions">{actions(query, (data?.data ?? []).flatMap((r) => ('style_number' in r && r.type !== 'deleted' ? [r._id] : [])))}</div> : null}
        </div>
        {isLoading && !data ? (
          <Spinner label="Loading products…" />
        ) : (
          <>
            <ProductTable
              kind={state.tab.kind}
              rows={data?.data ?? []}
              sort={sort}
              onSort={(s) => update({ sort: `${s.key};${s.direction}` as TabState['sort'] })}
              busy={isValidating}
              retailerId={retailerId}
              brandId={brandId}
              caption={state.tab.label}
              readOnly={readOnly}
              ohRowAction={ohRowAction}
            />
            <Pagination page={state.page} totalPages={totalPages} onChange={pager.goToPage} label="Product pages" />
          </>
        )}
      </Tabs>
    </section>
  );
}
