/**
 * /admin/post-office (001 §2): the robot files waiting for review and those already decided.
 * Filters, sort and page live in the URL query. Above them, the failed deliveries and the Robot
 * Health panel (issue 25).
 */
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatCount } from '../../../lib/format';
import { useClampPage, useUrlPage } from '../../../lib/url-page';
import { useFiles } from '../../../features/post-office/api/get-files';
import { FailedDeliveries } from '../../../features/post-office/components/failed-deliveries';
import { FileFilters } from '../../../features/post-office/components/file-filters';
import { FileTable } from '../../../features/post-office/components/file-table';
import { FlagCounts } from '../../../features/post-office/components/flag-counts';
import { RobotHealthPanel } from '../../../features/post-office/components/robot-health-panel';
import { readListQuery, writeListQuery } from '../../../features/post-office/list-query';
import type { ListFilesParams } from '../../../features/post-office/types';

export function PostOfficeRoute() {
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const query = readListQuery(search);
  const { data, isLoading, isValidating } = useFiles(query);
  const totalPages = data ? Math.ceil(data.totalCount / query.limit) : 0;
  const pager = useUrlPage({ scrollToTop: true });
  // A page number past the end in the address (files decided meanwhile, an old link): show the last page.
  useClampPage(pager, data && !isValidating ? totalPages : undefined);

  // From the URL as it is now, not as this render saw it: two quick changes in a row must both
  // stick (react-router hands a functional update the render's params, not the latest).
  const latest = () => readListQuery(new URLSearchParams(window.location.search));
  const update = (patch: Partial<ListFilesParams>) => setSearch(writeListQuery({ ...latest(), page: 1, ...patch }));

  return (
    <div className="po">
      <div className="page-head">
        <h1 className="page-head__title">Post Office</h1>
        <nav className="page-head__actions" aria-label="Post office">
          <Link className="btn btn--outline btn--sm" to={paths.admin.home}>
            Go to Admin
          </Link>
          <Link className="btn btn--outline btn--sm" to={paths.admin.postOfficeSettings} state={{ from: `${location.pathname}${location.search}` }}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <circle cx="12" cy="12" r="3" />
              <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
            </svg>
            Settings
          </Link>
        </nav>
      </div>
      <FailedDeliveries />
      <RobotHealthPanel />
      <FlagCounts query={query} />
      <FileFilters query={query} onChange={update} />
      {isLoading && !data ? (
        <div className="po-loading">
          <Spinner label="Loading files…" />
        </div>
      ) : (
        <>
          <p className="po-total" aria-live="polite">
            {data ? `${formatCount(data.totalCount)} file${data.totalCount === 1 ? '' : 's'}` : ''}
          </p>
          <FileTable files={data?.data ?? []} busy={isValidating} />
          <Pagination page={query.page} totalPages={totalPages} onChange={pager.goToPage} label="Files pages" />
        </>
      )}
      <p className="po-back">
        <Link className="link" to={paths.admin.home}>
          Back
        </Link>
      </p>
    </div>
  );
}
