/**
 * The Permissions results (001 §2, §9): titled 'Brands Retailer Carries' (by retailer) or
 * 'Retailers that Carry Brand' (by brand), the Count, an Export button (the whole list as xlsx,
 * a background job: its progress beside the button, then a toast and the browser goes to the
 * file's link) and the table, 20 a page, with the 'Currently Enabled in Dashboard' column.
 */
import { useState } from 'react';
import { PERMISSIONS_MSG as M } from '@shared/messages/permissions';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { formatCount } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { ExportProgress, exportReadyText } from '../../../components/export-job/export-progress';
import { exportPermissions, PERMISSIONS_PAGE_SIZE, usePermissions, type PermissionRow, type PermissionsFilter } from '../api/permissions';
import '../../../components/ui/table.css';
import '../permissions.css';

export interface PermissionsResultsProps {
  filter: PermissionsFilter;
  page: number;
  onPage: (page: number) => void;
  /** How the export's link is opened once its job is ready (default: the browser goes to it). */
  open?: (url: string) => void;
  /** How often the export's job is read while it runs (ms). */
  pollMs?: number;
}

const openInBrowser = (url: string) => window.location.assign(url);

export function PermissionsResults({ filter, page, onPage, open = openInBrowser, pollMs }: PermissionsResultsProps) {
  const { data, isLoading, isValidating, error } = usePermissions(filter, page);
  const [exporting, setExporting] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  const title = filter.kind === 'retailer' ? M.retailerTitle : M.brandTitle;
  const totalPages = data ? Math.ceil(data.totalCount / PERMISSIONS_PAGE_SIZE) : 0;
  const columns: Column<PermissionRow>[] = [
    { key: 'name', header: filter.kind === 'retailer' ? 'Brand' : 'Retailer', className: 'permissions__name', cell: (r) => r.name },
    {
      key: 'value',
      header: M.enabledColumn,
      className: 'permissions__value',
      cell: (r) => <span className={`permissions__flag permissions__flag--${r.value === M.yes ? 'yes' : 'no'}`}>{r.value}</span>,
    },
  ];

  const onExport = async () => {
    setExporting(true);
    try {
      setJobId((await exportPermissions(filter)).jobId);
    } catch (e) {
      handleError(e);
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="permissions__results" aria-labelledby="permissions-title">
      <div className="permissions__head">
        <h2 id="permissions-title" className="permissions__title">
          {title}
        </h2>
        <p className="permissions__count" aria-live="polite">
          {data ? `Count: ${formatCount(data.totalCount)}` : ''}
        </p>
        <Button variant="outline" size="sm" busy={exporting} disabled={!data || data.totalCount === 0} onClick={() => void onExport()} title="Export the whole list as an Excel file">
          Export
        </Button>
        {jobId ? (
          <ExportProgress
            key={jobId}
            jobId={jobId}
            pollMs={pollMs}
            onReady={(job) => {
              notify.success(exportReadyText(job.name));
              open(job.link);
            }}
          />
        ) : null}
      </div>
      {isLoading && !data ? (
        <Spinner label="Loading…" />
      ) : error && !data ? (
        <p className="panel panel--empty permissions__empty" role="alert">
          {error instanceof Error ? error.message : 'The list could not be loaded.'}
        </p>
      ) : (
        <>
          <Table<PermissionRow>
            caption={title}
            columns={columns}
            rows={data?.data ?? []}
            rowKey={(r) => r._id}
            busy={isValidating && !!data}
            empty={<p className="panel panel--empty permissions__empty">{filter.kind === 'retailer' ? M.emptyRetailer : M.emptyBrand}</p>}
            className="table data-table permissions__table"
            wrapClassName="table-wrap table-frame"
            wrapLabel={title}
          />
          <Pagination page={page} totalPages={totalPages} onChange={onPage} label="Permissions pages" />
        </>
      )}
    </section>
  );
}
