/**
 * /admin/retailers 'Retailer List' (001 §2, §5, §9; ADMIN only): the retailers by name, 100 a page
 * (the page in the URL query), with Add, and edit and delete per row. Deleting asks
 * 'Confirm Deletion ?'; a retailer something still refers to is refused with the reason
 * (docs/decisions.md "Retailer List").
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { RETAILER_MSG } from '@shared/messages/retailers';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useClampPage, useUrlPage } from '../../../lib/url-page';
import { RETAILERS_PAGE_SIZE, useDeleteRetailer, useRetailerPage, type RetailerRow } from '../../../features/retailers/api/admin-retailers';
import { RetailerFormModal } from '../../../features/retailers/components/retailer-form-modal';
import { RetailerTable } from '../../../features/retailers/components/retailer-table';

export function RetailersRoute() {
  const pager = useUrlPage({ scrollToTop: true });
  const { page, goToPage } = pager;
  const { data, isLoading, isValidating } = useRetailerPage(page);
  const [editing, setEditing] = useState<RetailerRow | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<RetailerRow | null>(null);
  const del = useDeleteRetailer();
  const totalCount = data?.totalCount ?? 0;
  const totalPages = Math.ceil(totalCount / RETAILERS_PAGE_SIZE);

  // A delete that emptied the last page, or a page number past the end in the address: show the last page.
  useClampPage(pager, data ? totalPages : undefined);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const res = await del.trigger(toDelete._id);
      notify.success(res.message || RETAILER_MSG.deleted);
    } catch (e) {
      handleError(e);
    } finally {
      setToDelete(null);
    }
  };

  return (
    <div className="retailers">
      <div className="page-head">
        <h1 className="page-head__title">Retailer List</h1>
        <nav className="page-head__actions" aria-label="Retailer List">
          <Link className="btn btn--outline btn--sm" to={paths.admin.home}>
            Back
          </Link>
          <Button size="sm" onClick={() => setEditing('new')}>
            Add
          </Button>
        </nav>
      </div>
      <p className="retailers__count" aria-live="polite">
        {data ? `${formatCount(totalCount)} retailer${totalCount === 1 ? '' : 's'}` : ''}
      </p>
      {isLoading && !data ? (
        <Spinner label="Loading retailers…" />
      ) : (
        <>
          <RetailerTable rows={data?.data ?? []} busy={isValidating && !!data} onEdit={(r) => setEditing(r)} onDelete={(r) => setToDelete(r)} />
          <Pagination page={page} totalPages={totalPages} onChange={goToPage} label="Retailer pages" />
        </>
      )}
      {editing ? <RetailerFormModal retailer={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} /> : null}
      {toDelete ? (
        <ConfirmDialog title="Delete retailer" confirmLabel="Delete" busy={del.isMutating} onConfirm={() => void confirmDelete()} onCancel={() => setToDelete(null)}>
          <p>{RETAILER_MSG.deleteConfirm}</p>
          <p className="muted">
            {toDelete.name} ({toDelete.slug})
          </p>
        </ConfirmDialog>
      ) : null}
    </div>
  );
}
