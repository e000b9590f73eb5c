/**
 * The Inbox (000 §2, §4, §6, §9): the brand's canned messages, 10 a page by name (ascending by
 * default, the Name header toggles), status shown as active / 'in active', a view modal, and for
 * BRAND_ADMIN (or ADMIN acting for the brand) the add and edit modals. Everyone else reads only
 * (the contact form offers them the active messages). Page and sort live in the URL query.
 */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { CANNED_MSG } from '@shared/messages/canned-messages';
import { PAGE } from '@shared/constants';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { effectiveBrand, isBrandAdminOrAdmin } from '../../../lib/access';
import { formatCount, formatTableDate } from '../../../lib/format';
import type { Session } from '../../../lib/session';
import { readPage, useClampPage, useUrlPage } from '../../../lib/url-page';
import { useCannedMessagesPage, type CannedMessage, type CannedSort } from '../api/get-canned-messages';
import { STATUS_LABEL, excerpt } from '../status';
import { MessageFormModal } from './message-form-modal';
import { MessageViewModal } from './message-view-modal';
import '../inbox.css';

type Open = { mode: 'view'; message: CannedMessage } | { mode: 'edit'; message: CannedMessage } | { mode: 'add' } | null;

/** ?page=n&sort=name;asc|name;desc, anything else the defaults. */
export function readInboxQuery(search: URLSearchParams): { page: number; sort: CannedSort } {
  return { page: readPage(search), sort: search.get('sort') === 'name;desc' ? 'name;desc' : 'name;asc' };
}

export function Inbox({ session }: { session: Session }) {
  const brand = effectiveBrand(session)?._id;
  const canWrite = isBrandAdminOrAdmin(session.user);
  const [search, setSearch] = useSearchParams();
  const { page, sort } = readInboxQuery(search);
  const pager = useUrlPage();
  const { data, isLoading, isValidating } = useCannedMessagesPage(brand, page, sort);
  const [open, setOpen] = useState<Open>(null);
  const totalPages = data ? Math.ceil(data.totalCount / PAGE.cannedMessages) : 0;
  // A page past the end (the last message of the last page deleted, an old link): the last page.
  useClampPage(pager, data && !isValidating ? totalPages : undefined);

  const go = (next: { page: number; sort: CannedSort }) => {
    const q = new URLSearchParams(window.location.search);
    if (next.page > 1) q.set('page', String(next.page));
    else q.delete('page');
    if (next.sort !== 'name;asc') q.set('sort', next.sort);
    else q.delete('sort');
    setSearch(q);
  };

  const columns: Column<CannedMessage>[] = [
    { key: 'name', header: 'Name', sortable: true, className: 'inbox__name', cell: (m) => m.name },
    { key: 'content', header: 'Message', className: 'inbox__excerpt', cell: (m) => excerpt(m.content) },
    { key: 'status', header: 'Status', className: 'inbox__status', cell: (m) => <Badge className={`inbox-status inbox-status--${m.status}`}>{STATUS_LABEL[m.status]}</Badge> },
    { key: 'updatedAt', header: 'Last updated', className: 'inbox__date', cell: (m) => formatTableDate(m.updatedAt) },
    {
      key: 'actions',
      header: 'Actions',
      className: 'inbox__actions',
      cell: (m) => (
        <span className="inbox__buttons">
          <Button size="sm" variant="outline" aria-label={`View ${m.name}`} onClick={() => setOpen({ mode: 'view', message: m })}>
            View
          </Button>
          {canWrite ? (
            <Button size="sm" variant="outline" aria-label={`Edit ${m.name}`} onClick={() => setOpen({ mode: 'edit', message: m })}>
              Edit
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <section className="inbox" aria-labelledby="inbox-title">
      <div className="page-head inbox__head">
        <h1 id="inbox-title" className="page-head__title">
          Canned messages
        </h1>
        {canWrite ? (
          <Button onClick={() => setOpen({ mode: 'add' })} disabled={!brand}>
            Add New Message
          </Button>
        ) : null}
      </div>
      {isLoading && !data ? (
        <Spinner label="Loading messages…" />
      ) : (
        <>
          <p className="inbox__count" aria-live="polite">
            {data ? `${formatCount(data.totalCount)} message${data.totalCount === 1 ? '' : 's'}` : ''}
          </p>
          <Table
            caption="Canned messages"
            columns={columns}
            rows={data?.data ?? []}
            rowKey={(m) => m._id}
            sort={{ key: 'name', direction: sort === 'name;desc' ? 'desc' : 'asc' }}
            onSort={(s) => go({ page: 1, sort: s.direction === 'desc' ? 'name;desc' : 'name;asc' })}
            busy={isValidating && !!data}
            empty={<p className="inbox__empty">{CANNED_MSG.empty}</p>}
            wrapLabel="Canned messages table"
          />
          <Pagination page={page} totalPages={totalPages} onChange={(p) => go({ page: p, sort })} label="Canned messages pages" />
        </>
      )}
      {open?.mode === 'view' ? <MessageViewModal message={open.message} onClose={() => setOpen(null)} onEdit={canWrite ? () => setOpen({ mode: 'edit', message: open.message }) : undefined} /> : null}
      {brand && canWrite && (open?.mode === 'add' || open?.mode === 'edit') ? <MessageFormModal brand={brand} message={open.mode === 'edit' ? open.message : undefined} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
