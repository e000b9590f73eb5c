/**
 * The product tabs of a period (001 §2, §4): Price Issues (default) … In Price Sync; the tab, page,
 * sort, search and ALL SCRAPED's mapped filter live in the URL query. A tab switch resets to page
 * 1; a sort click toggles and refetches; the search box (all_oh, products) searches on Enter.
 */
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE } from '@shared/constants';
import type { OhRow } from '@shared/schemas/scrapings';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import type { SortState } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { useProducts } from '../api/get-products';
import { RV_MSG } from '../messages';
import type { ProductsQuery } from '../api/get-products';
import { PRODUCT_TABS, productsQuery, readTabState, writeTabState, type Mapped, type TabState } from '../product-tabs';
import { ProductTable } from './product-table';

export interface ProductTabsProps {
  periodId: string;
  previousPeriod: string | null;
  retailerId: string;
  brandId: string | undefined;
  /** Actions on the whole tab as it is filtered, searched and sorted (the export button), given the tab's list query. */
  actions?: (query: ProductsQuery) => ReactNode;
  /** Tabs after the product tabs drawn by another feature (BASKET): `?tab=<id>` selects one; switching to it does not read a product list. */
  extraTabs?: readonly ExtraTab[];
  /** What an OH row shows at its end (the basket's plus icon), given the row and the serials of the page. */
  ohRowAction?: (row: OhRow, pageSerials: readonly string[]) => ReactNode;
}

export interface ExtraTab {
  id: string;
  label: string;
  content: ReactNode;
}

export function ProductTabs({ periodId, previousPeriod, retailerId, brandId, actions, extraTabs = [], ohRowAction }: ProductTabsProps) {
  const [params, setParams] = useSearchParams();
  const state = readTabState(params);
  const extra = extraTabs.find((t) => t.id === params.get('tab'));
  const query = productsQuery(periodId, state);
  const { data, isLoading, isValidating } = useProducts(extra ? null : query);
  const totalPages = data ? Math.ceil(data.totalCount / PAGE.products) : 0;

  // From the URL as it is now (two quick changes in a row both stick).
  const latest = () => readTabState(new URLSearchParams(window.location.search));
  const update = (patch: Partial<TabState>) => setParams(writeTabState({ ...latest(), page: 1, ...patch }));
  const onTab = (id: string) => {
    if (extraTabs.some((t) => t.id === id)) {
      setParams(new URLSearchParams({ tab: id }));
      return;
    }
    const tab = PRODUCT_TABS.find((t) => t.id === id)!;
    setParams(writeTabState({ ...latest(), tab, page: 1, search: '', mapped: 'all' }));
  };
  const [field, dir] = state.sort.split(';') as [string, 'asc' | 'desc'];
  const sort: SortState = { key: field, direction: dir };

  return (
    <section className="products" aria-label="Products">
      <Tabs label="Product tabs" tabs={[...PRODUCT_TABS.map((t) => ({ id: t.id, label: t.label })), ...extraTabs.map((t) => ({ id: t.id, label: t.label }))]} selected={extra?.id ?? state.tab.id} onSelect={onTab}>
        {extra ? (
          extra.content
        ) : (
          <>
            <div className="products__toolbar">
              {state.tab.searchable ? <SearchBox key={`${state.tab.id}:${state.search}`} initial={state.search} onSearch={(search) => update({ search })} /> : null}
              {state.tab.id === 'products' ? <MappedFilter value={state.mapped} onChange={(mapped) => update({ mapped })} /> : null}
              {state.tab.id === 'changes' ? (
                <p className="products__compared">
                  {RV_MSG.comparedTo} {previousPeriod ? formatDate(previousPeriod) : '(N/A)'}
                </p>
              ) : null}
              <p className="products__count" aria-live="polite">
                {data ? RV_MSG.itemsFound(data.totalCount) : ''}
              </p>
              {actions ? <div className="products__actions">{actions(query)}</div> : null}
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
                  ohRowAction={ohRowAction}
                />
                <Pagination page={state.page} totalPages={totalPages} onChange={(page) => setParams(writeTabState({ ...latest(), page }))} label="Product pages" />
              </>
            )}
          </>
        )}
      </Tabs>
    </section>
  );
}

function SearchBox({ initial, onSearch }: { initial: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(initial);
  return (
    <div className="products__search">
      <label className="sr-only" htmlFor="products-search">
        Search products
      </label>
      <input
        id="products-search"
        type="search"
        className="field__input"
        placeholder={RV_MSG.searchPlaceholder}
        value={text}
        maxLength={200}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onSearch(text.trim());
          }
        }}
      />
    </div>
  );
}

const MAPPED: { value: Mapped; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'true', label: 'Mapped' },
  { value: 'false', label: 'NOT Mapped' },
];

function MappedFilter({ value, onChange }: { value: Mapped; onChange: (m: Mapped) => void }) {
  return (
    <div className="products__mapped" role="group" aria-label="Mapped filter">
      {MAPPED.map((m) => (
        <button key={m.value} type="button" className={`btn btn--sm ${m.value === value ? 'btn--primary' : 'btn--outline'}`} aria-pressed={m.value === value} onClick={() => onChange(m.value)}>
          {m.label}
        </button>
      ))}
    </div>
  );
}
