/**
 * /dashboard/products-list, Manage Catalog: the brand's on-hand items across its retailers, 25
 * a page in serial order, searched by the start of a serial ('Type to search ...', Enter). Pages
 * follow the server's cursors (Previous / Next); the total shows when the server knows it.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { Thumb } from '../../../components/ui/thumb';
import { effectiveBrand } from '../../../lib/access';
import { formatCount } from '../../../lib/format';
import type { Session } from '../../../lib/session';
import { useCatalog, type CatalogItem } from '../api/get-catalog';
import { CatalogSearch } from './catalog-search';
import './catalog.css';

/** Dollar sign with thousands separators, 'N/A' when missing (000 §9). */
export function formatPrice(v: number | null): string {
  return v === null ? 'N/A' : `$${v.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

const COLUMNS: Column<CatalogItem>[] = [
  // The item's picture, opening large; the placeholder when it has none or it does not load.
  { key: 'image', header: 'Product Image', cell: (i) => <Thumb src={i.image} alt={`Image of ${i.styleName || i.serialNo}`} title={i.styleName || i.serialNo} /> },
  { key: 'serialNo', header: 'Serial #', cell: (i) => i.serialNo },
  { key: 'inventoryId', header: 'Inventory ID', cell: (i) => i.inventoryId },
  { key: 'styleName', header: 'Description', cell: (i) => i.styleName },
  { key: 'price', header: 'Price', className: 'num', cell: (i) => formatPrice(i.price) },
  { key: 'retailer', header: 'Retailer', cell: (i) => (i.customerName ? `${i.customerName} (${i.customerId})` : i.customerId) },
];

export function CatalogView({ session }: { session: Session }) {
  const brandId = effectiveBrand(session)?._id;
  const [search, setSearch] = useState('');
  /** The cursors of the pages walked so far: page n starts at cursors[n - 1] (page 1: none). */
  const [cursors, setCursors] = useState<string[]>([]);
  const page = cursors.length + 1;
  const catalog = useCatalog(brandId, search, cursors[cursors.length - 1]);
  const data = catalog.data;

  const submit = (text: string) => {
    setSearch(text);
    setCursors([]);
  };
  const first = (page - 1) * 25 + 1;
  return (
    <section className="catalog" aria-labelledby="catalog-title">
      <h2 id="catalog-title" className="sr-only">
        Catalog
      </h2>
      <div className="catalog__tools">
        <CatalogSearch onSearch={submit} />
        {data ? (
          <p className="catalog__count">
            {data.totalCount !== null
              ? `${formatCount(data.totalCount)} Items Found`
              : data.data.length
                ? `Showing ${formatCount(first)} - ${formatCount(first + data.data.length - 1)}`
                : ''}
          </p>
        ) : null}
      </div>
      {!data ? (
        catalog.error ? <p>The catalog could not be loaded.</p> : <Spinner label="Loading the catalog…" />
      ) : (
        <>
          <Table
            caption="The brand's on-hand items"
            columns={COLUMNS}
            rows={data.data}
            rowKey={(i) => i.serialNo}
            className="data-table rl-table catalog__table"
            wrapClassName="rl-table-wrap"
            wrapLabel="Catalog items"
            rowClassName="rl-row"
            busy={catalog.isValidating}
            empty={<p className="rl-empty">No product(s) found!</p>}
          />
          {page > 1 || data.nextCursor ? (
            <nav className="catalog__pager" aria-label="Pagination">
              <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setCursors([])}>
                First
              </Button>
              <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>
                Previous
              </Button>
              <span className="catalog__page">Page {page}</span>
              <Button variant="outline" size="sm" disabled={!data.nextCursor} onClick={() => data.nextCursor && setCursors((c) => [...c, data.nextCursor!])}>
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </section>
  );
}
