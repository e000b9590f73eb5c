/**
 * The table of one product tab (000 §2 "Product tables", 001 §2 "Tabs"): the columns of the tab's
 * kind, sortable Name / Price / Retailer Sku (on-hand rows: Description / Price / Serial #),
 * inline map id and Brand SKU edit on product rows; a removed product's row is disabled and
 * has no flag control and no edits. Rows open the product page: Details on most tables, the
 * product's name on Changes Since last scan (whose columns have no Details). The columns:
 * product-columns.tsx.
 */
import type { ReactNode } from 'react';
import type { OhRow, ProductRow, ProductScrapeRow } from '@shared/schemas/scrapings';
import { Table, type SortState } from '../../../components/ui/table';
import { RV_MSG } from '../messages';
import type { TabKind } from '../product-tabs';
import { isOhRow, OH_COLUMNS, productColumns, removed } from './product-columns';

export interface ProductTableProps {
  kind: TabKind;
  rows: ProductRow[];
  sort: SortState;
  onSort: (s: SortState) => void;
  busy?: boolean;
  retailerId: string;
  brandId: string | undefined;
  caption: string;
  /** No flag, map id, Brand SKU or Details controls (the B2B portal). */
  readOnly?: boolean;
  /** What an OH row shows at its end (the basket's plus icon), given the row and the page's serials. */
  ohRowAction?: (row: OhRow, pageSerials: readonly string[]) => ReactNode;
}

export function ProductTable({ kind, rows, sort, onSort, busy, retailerId, brandId, caption, readOnly = false, ohRowAction }: ProductTableProps) {
  const empty = <p className="products-empty">{RV_MSG.noProducts}</p>;
  if (kind === 'oh') {
    const ohRows = rows.filter(isOhRow);
    const serials = ohRows.map((r) => r.serialNo);
    const base = readOnly ? OH_COLUMNS.filter((c) => c.key !== 'flag') : OH_COLUMNS;
    const columns = ohRowAction ? [...base, { key: 'basket', header: <span className="sr-only">Add to basket</span>, cell: (r: OhRow) => ohRowAction(r, serials), className: 'col-basket' }] : base;
    return <Table caption={caption} columns={columns} rows={ohRows} rowKey={(r) => r._id} sort={sort} onSort={onSort} busy={busy} empty={empty} className="table products-table" />;
  }
  const products = rows.filter((r): r is ProductScrapeRow => !isOhRow(r));
  return (
    <Table
      caption={caption}
      columns={productColumns(kind, { retailerId, brandId, readOnly })}
      rows={products}
      rowKey={(r) => r._id}
      rowState={(r) => (r.type === 'deleted' ? 'removed' : r.type === 'change' ? 'changed' : r.type === 'added' ? 'added' : undefined)}
      rowClassName="product-row"
      rowProps={(r) => ({ 'data-product-id': r._id, 'aria-disabled': removed(r) ? 'true' : undefined })}
      sort={sort}
      onSort={onSort}
      busy={busy}
      empty={empty}
      className="table products-table"
    />
  );
}
