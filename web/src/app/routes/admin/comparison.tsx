/**
 * /admin/post-office/comparison/{fId} (001 §2, §4): a robot file next to the previous file of
 * the same retailer and robot type, 100 rows a side per page, with what the admin needs to
 * decide (the flag's reasons, errors) and the Approve / Needs Attention actions.
 */
import { Link, useLocation, useParams } from 'react-router-dom';
import { Pagination } from '../../../components/ui/pagination';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { useClampPage, useUrlPage } from '../../../lib/url-page';
import { useFile } from '../../../features/post-office/api/get-file';
import { useFileData } from '../../../features/post-office/api/get-file-data';
import { useSamePeriodFiles } from '../../../features/post-office/api/get-same-period-files';
import { ComparisonGrid } from '../../../features/post-office/components/comparison-grid';
import { ComparisonLegend } from '../../../features/post-office/components/comparison-legend';
import { FileActions } from '../../../features/post-office/components/file-actions';
import { FlagBadge } from '../../../features/post-office/components/file-badges';
import { FileReview } from '../../../features/post-office/components/file-review';
import { SamePeriodFiles } from '../../../features/post-office/components/same-period-files';
import { robotTypeLabel } from '../../../features/post-office/labels';
import { PO_MSG } from '../../../features/post-office/messages';

/** The comparison spec: up to 8 page buttons and 5 margin pages (001 §9). */
const PAGE_BUTTONS = 8;
const MARGIN_PAGES = 5;

function Comparison({ fId }: { fId: string }) {
  const location = useLocation();
  // The page keeps the history entry's state: where Back goes.
  const urlPage = useUrlPage({ keepState: true });
  const { page, goToPage } = urlPage;
  const { data: file, isLoading: fileLoading, error: fileError } = useFile(fId);
  const { data, isLoading: dataLoading, error: dataError } = useFileData(fId, page);
  // Same period files are read with the file, not after it (SWR shares the answer with the list below).
  useSamePeriodFiles(fId);
  // A page number past the end in the address: show the last page.
  useClampPage(urlPage, data?.totalPages);
  const back = (location.state as { from?: string } | null)?.from ?? paths.admin.postOffice;

  const head = (
    <div className="page-head">
      <h1 className="page-head__title">File Comparison</h1>
      <Link className="btn btn--outline btn--sm" to={back}>
        Back
      </Link>
    </div>
  );

  if (fileLoading) {
    return (
      <>
        {head}
        <Spinner label={PO_MSG.loading} />
      </>
    );
  }
  if (!file) {
    return (
      <>
        {head}
        <section className="panel panel--empty">
          <p className="panel__text">{fileError ? 'This file could not be loaded.' : 'There is no such file.'}</p>
          <Link className="btn btn--outline btn--sm" to={paths.admin.postOffice}>
            Go to PO
          </Link>
        </section>
      </>
    );
  }

  const nothing = !!data && data.currentProductData.total === 0 && data.previousProductData.total === 0;
  const pager = (where: string) =>
    data ? <Pagination page={page} totalPages={data.totalPages} onChange={goToPage} maxButtons={PAGE_BUTTONS} marginPages={MARGIN_PAGES} label={`Comparison pages (${where})`} /> : null;

  return (
    <div className="cmp">
      {head}
      <section className="po-file" aria-label="File">
        <div className="po-file__main">
          <p className="po-file__name" title={file.fileName}>
            {file.fileName}
          </p>
          <dl className="po-file__meta">
            <div>
              <dt>Retailer</dt>
              <dd>
                {file.retailerName} <span className="muted-inline">({file.name})</span>
              </dd>
            </div>
            <div>
              <dt>Robot Type</dt>
              <dd>{robotTypeLabel(file.type)}</dd>
            </div>
            <div>
              <dt>Robot</dt>
              <dd>{file.robot}</dd>
            </div>
            <div>
              <dt>Date</dt>
              <dd>{formatDate(file.date)}</dd>
            </div>
            <div>
              <dt>Flag</dt>
              <dd>
                <FlagBadge flag={file.flag} />
              </dd>
            </div>
          </dl>
        </div>
        <FileActions file={file} />
      </section>
      <FileReview file={file} />
      <section className="cmp-body" aria-label="Comparison">
        <div className="cmp-body__bar">
          {nothing ? null : <ComparisonLegend />}
          {pager('top')}
        </div>
        {data ? (
          <ComparisonGrid key={page} data={data} />
        ) : dataLoading || !dataError ? (
          <Spinner label={PO_MSG.loading} />
        ) : (
          <p className="cmp-nothing">{dataError instanceof ApiError && dataError.status === 410 ? dataError.message : 'The rows of this file could not be loaded.'}</p>
        )}
        <div className="cmp-body__bar cmp-body__bar--end">{pager('bottom')}</div>
      </section>
      <SamePeriodFiles fileId={file._id} />
    </div>
  );
}

export function ComparisonRoute() {
  const { fId = '' } = useParams();
  return <Comparison key={fId} fId={fId} />;
}
