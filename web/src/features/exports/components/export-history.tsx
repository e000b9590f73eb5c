/**
 * ALL EXPORTS of the retailer page (000 §2, §3 "Export history item: name, url", §8 'No Files
 * Downloaded'): the retailer's exports, newest first, each its file name as a link while the link
 * lasts (7 days, 000 §9), with the date it was made. 25 a page (000 §9), the app's pagination.
 */
import { useState } from 'react';
import { EXPORT_MSG } from '@shared/schemas/exports';
import { PAGE } from '@shared/constants';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { Table } from '../../../components/ui/table';
import { formatCount, formatDate } from '../../../lib/format';
import { getSession } from '../../../lib/session';
import { effectiveBrand } from '../../../lib/access';
import { useExportHistory } from '../api/get-export-history';
import type { ExportHistoryPage } from '../api/get-export-history';
import '../exports.css';

export interface ExportHistoryProps {
  retailerId: string;
  /** The brand (default: the session's, or the one an ADMIN acts for). */
  brandId?: string;
  pageSize?: number;
}

type Item = ExportHistoryPage['data'][number];

export function ExportHistory({ retailerId, brandId, pageSize = PAGE.defaultLimit }: ExportHistoryProps) {
  const [page, setPage] = useState(1);
  const session = getSession();
  const brand = brandId ?? (session ? effectiveBrand(session)?._id : undefined) ?? undefined;
  const { data, isLoading, isValidating } = useExportHistory(retailerId, brand, page, pageSize);
  if (isLoading && !data) return <Spinner />;
  const rows = data?.data ?? [];
  return (
    <section className="export-history" aria-label="All exports">
      <Table<Item>
        caption="All exports"
        rows={rows}
        rowKey={(r) => r._id}
        busy={isValidating && !!data}
        empty={<p className="export-history__empty">{EXPORT_MSG.noExports}</p>}
        columns={[
          {
            key: 'name',
            header: 'Name',
            cell: (r) =>
              r.url ? (
                <a className="export-history__link" href={r.url} rel="noreferrer">
                  {r.name}
                </a>
              ) : (
                <span className="export-history__expired" title="Export links expire in 7 days">
                  {r.name} <em>(link expired)</em>
                </span>
              ),
          },
          { key: 'createdAt', header: 'Exported on', cell: (r) => formatDate(r.createdAt) },
          { key: 'rows', header: 'Rows', className: 'export-history__rows', cell: (r) => formatCount(r.rows) },
        ]}
      />
      <Pagination page={page} totalPages={Math.ceil((data?.totalCount ?? 0) / pageSize)} onChange={setPage} label="Export history pages" />
    </section>
  );
}
