/**
 * The BASKET tab of the retailer view (001 §2, §4): the basket's items 25 a page, '{n} Items In
 * Basket', 'No Products.' when empty, remove per row ('Product Removed !'), clear ('Baket
 * cleared'), Bulk Items Import (and Items Not Imported), and Export with its progress and links.
 * Props are only the basket's brand and retailer, so any page (the B2B portal's too) can mount it.
 */
import { useState } from 'react';
import { BASKET_MSG } from '@shared/messages/basket';
import type { BasketItem } from '@shared/schemas/basket';
import { PAGE } from '@shared/constants';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Thumb } from '../../../components/ui/thumb';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { formatCurrency } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useBasket, useClearBasket, useRemoveFromBasket, type BasketTarget } from '../api/basket';
import { BasketExport } from './basket-export';
import { BulkImport } from './bulk-import';
import '../basket.css';

export interface BasketTabProps {
  brandId: string | undefined;
  retailerId: string;
  /** The Export button (default shown; the B2B portal may not export). */
  canExport?: boolean;
  /** Once an export's links are ready: open the contact form with this HTML body (001 §7). */
  onEmailLinks?: (html: string) => void;
}

export function BasketTab({ brandId, retailerId, canExport = true, onEmailLinks }: BasketTabProps) {
  const target: BasketTarget = { brandId, retailerId };
  const [page, setPage] = useState(1);
  const { data, isLoading, isValidating } = useBasket(target, page);
  const remove = useRemoveFromBasket(target);
  const clear = useClearBasket(target);
  const [confirmClear, setConfirmClear] = useState(false);
  const total = data?.totalCount ?? 0;
  const totalPages = Math.ceil(total / PAGE.defaultLimit);
  // The page emptied by a remove or a clear: show the last one that has items.
  if (data && page > 1 && page > totalPages) setPage(Math.max(1, totalPages));

  const onRemove = async (serialNo: string) => {
    try {
      await remove.trigger(serialNo);
      notify.success(BASKET_MSG.removed);
    } catch (e) {
      handleError(e);
    }
  };
  const onClear = async () => {
    try {
      await clear.trigger();
      notify.success(BASKET_MSG.cleared);
      setConfirmClear(false);
      setPage(1);
    } catch (e) {
      handleError(e);
    }
  };

  const columns: Column<BasketItem>[] = [
    { key: 'image', header: 'Product Image', cell: (r) => <Thumb src={r.image} alt={`Image of ${r.styleName || r.serialNo}`} title={r.styleName || r.serialNo} />, className: 'col-image' },
    { key: 'serial', header: 'Serial #', cell: (r) => r.serialNo },
    { key: 'inventory', header: 'Inventory ID', cell: (r) => r.inventoryId || 'N/A' },
    { key: 'description', header: 'Description', cell: (r) => r.styleName || 'N/A' },
    { key: 'price', header: 'Price', cell: (r) => formatCurrency(r.price) },
    {
      key: 'remove',
      header: <span className="sr-only">Remove</span>,
      cell: (r) => (
        <Button variant="ghost" size="sm" className="basket__remove" aria-label={`Remove ${r.serialNo} from the basket`} title="Remove from the basket" onClick={() => void onRemove(r.serialNo)}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
            <path d="M3 6h18M8 6V4h8v2M6 6l1 14h10l1-14" />
          </svg>
        </Button>
      ),
    },
  ];

  return (
    <div className="basket">
      <div className="products__toolbar basket__toolbar">
        <p className="products__count" aria-live="polite">
          {data ? BASKET_MSG.count(total) : ''}
        </p>
        <div className="products__actions">
          <BulkImport target={target} />
          {canExport ? <BasketExport target={target} disabled={!total} onEmail={onEmailLinks} /> : null}
          <Button variant="outline" size="sm" disabled={!total} onClick={() => setConfirmClear(true)}>
            Clear
          </Button>
        </div>
      </div>
      {isLoading && !data ? (
        <Spinner label="Loading the basket…" />
      ) : (
        <>
          <Table caption="Basket" columns={columns} rows={data?.data ?? []} rowKey={(r) => r.serialNo} busy={isValidating} empty={<p className="products-empty">{BASKET_MSG.empty}</p>} className="table products-table" />
          <Pagination page={page} totalPages={totalPages} onChange={setPage} label="Basket pages" />
        </>
      )}
      {confirmClear ? (
        <ConfirmDialog title="Clear the basket" confirmLabel="Clear" busy={clear.isMutating} onConfirm={() => void onClear()} onCancel={() => setConfirmClear(false)}>
          Remove all {total} items from this basket?
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
