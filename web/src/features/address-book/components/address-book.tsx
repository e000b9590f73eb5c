/**
 * The Address Book tab of the retailer page (000 §2, §3 Contact, §6, §8): the retailer's contacts
 * (First Name, Last Name, Email, Role), 25 a page with the app's pagination, an Add Contact form,
 * and a delete icon per row for BRAND_ADMIN and ADMIN only (a confirmation first). Empty:
 * 'Contact(s) not found.'.
 */
import { useState } from 'react';
import { PAGE } from '@shared/constants';
import { ADDRESS_BOOK_MSG } from '@shared/messages/address-book';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useDeleteContact } from '../api/delete-contact';
import { useRetailerContacts, type Contact } from '../api/get-contacts';
import { AddContactForm } from './add-contact-form';
import '../address-book.css';

export interface AddressBookProps {
  brandId: string | undefined;
  retailerId: string;
  retailerName: string;
  /** 000 §6: BRAND_ADMIN (and ADMIN) can delete contacts; others see no delete icons. */
  canDelete: boolean;
  pageSize?: number;
}

/** The last page that still has rows after `totalCount` changed (a delete emptied the last page). */
export function clampPage(page: number, totalCount: number, pageSize: number): number {
  return Math.max(1, Math.min(page, Math.ceil(totalCount / pageSize)));
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3 6h18M8 6V4h8v2M19 6l-1 14H6L5 6M10 11v6M14 11v6" />
    </svg>
  );
}

export function AddressBook({ brandId, retailerId, retailerName, canDelete, pageSize = PAGE.defaultLimit }: AddressBookProps) {
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<Contact | null>(null);
  const { data, isLoading, isValidating } = useRetailerContacts(brandId, retailerId, page, pageSize);
  const del = useDeleteContact(brandId, retailerId);
  const totalCount = data?.totalCount ?? 0;
  const shownPage = data ? clampPage(page, totalCount, pageSize) : page;
  if (shownPage !== page) setPage(shownPage);

  const confirmDelete = async () => {
    if (!toDelete) return;
    try {
      const res = await del.trigger(toDelete._id);
      notify.success(res.message || ADDRESS_BOOK_MSG.contactDeleted);
    } catch (e) {
      handleError(e);
    } finally {
      setToDelete(null);
    }
  };

  const columns: Column<Contact>[] = [
    { key: 'firstName', header: 'First Name', cell: (c) => c.firstName },
    { key: 'lastName', header: 'Last Name', cell: (c) => c.lastName },
    { key: 'email', header: 'Email', className: 'address-book__email', cell: (c) => <a href={`mailto:${c.email}`}>{c.email}</a> },
    { key: 'role', header: 'Role', cell: (c) => c.role },
  ];
  if (canDelete) {
    columns.push({
      key: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'address-book__actions',
      cell: (c) => (
        <button type="button" className="table-action table-action--danger" aria-label={`Delete contact ${c.firstName} ${c.lastName}`} title="Delete contact" onClick={() => setToDelete(c)}>
          <TrashIcon />
        </button>
      ),
    });
  }

  return (
    <section className="address-book" aria-label="Address Book">
      <div className="address-book__bar">
        <p className="address-book__count">{totalCount ? `${totalCount} contact${totalCount === 1 ? '' : 's'}` : ''}</p>
        <Button size="sm" onClick={() => setAdding(true)}>
          Add Contact
        </Button>
      </div>
      {isLoading && !data ? (
        <Spinner />
      ) : (
        <Table<Contact>
          caption={`Contacts of ${retailerName}`}
          rows={data?.retailer_contacts ?? []}
          rowKey={(c) => c._id}
          busy={isValidating && !!data}
          empty={<p className="address-book__empty">{ADDRESS_BOOK_MSG.noContacts}</p>}
          columns={columns}
        />
      )}
      <Pagination page={shownPage} totalPages={Math.ceil(totalCount / pageSize)} onChange={setPage} label="Address Book pages" />
      {adding ? <AddContactForm brandId={brandId} retailerId={retailerId} retailerName={retailerName} onClose={() => setAdding(false)} /> : null}
      {toDelete ? (
        <ConfirmDialog title="Delete contact" confirmLabel="Yes" cancelLabel="No" busy={del.isMutating} onConfirm={() => void confirmDelete()} onCancel={() => setToDelete(null)}>
          <p>{ADDRESS_BOOK_MSG.deleteQuestion}</p>
          <p className="muted">
            {toDelete.firstName} {toDelete.lastName} ({toDelete.email})
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
