/**
 * /dashboard/stats, the Retailer List (000 §2, §4, §9): a table sorted by name ascending by
 * default (a header click sorts by that column, again reverses it), the filters all / with
 * product pages / without product pages / using module, 25 a page with the pager. Filter, sort
 * and page live in the URL query (`?filter=&sort=name;asc&page=`) and are the API's: the server
 * answers the page only, with the count of the retailers the filter matches.
 */
import { Link, useSearchParams } from 'react-router-dom';
import { PAGE } from '@shared/constants';
import { DataDelayed } from '../../../components/ui/data-delayed';
import { Pagination } from '../../../components/ui/pagination';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { effectiveBrand } from '../../../lib/access';
import { formatCount, formatDate } from '../../../lib/format';
import { nextScanText } from '../../../lib/next-scan';
import { useClampPage, useUrlPage } from '../../../lib/url-page';
import type { Session } from '../../../lib/session';
import { useRetailerScrapings, type RetailerScrapingRecord } from '../api/get-retailer-scrapings';
import { DEFAULT_LIST_SORT, LIST_FILTERS, parseListFilter, parseListSort, WEBSITE_TYPE_LABEL } from '../retailer-rules';
import { seesReps } from './summary-view';
import { Trend } from './trend';
import '../brand-summary.css';

/** Dates in tables: MM/DD/YY (000 §9). */
const TABLE_DATE = 'MM/DD/YY';

export function RetailerList({ session }: { session: Session }) {
  const brandId = effectiveBrand(session)?._id;
  const reps = seesReps(session);
  const [params, setParams] = useSearchParams();
  const filter = parseListFilter(params.get('filter'));
  const sort = parseListSort(params.get('sort'));
  const pager = useUrlPage();
  const records = useRetailerScrapings(brandId, {
    page: pager.page,
    limit: PAGE.defaultLimit,
    sort: sort.key === DEFAULT_LIST_SORT.key && sort.direction === DEFAULT_LIST_SORT.direction ? undefined : `${sort.key};${sort.direction}`,
    filter,
  });

  const update = (patch: Record<string, string | undefined>) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) next.delete(k);
        else next.set(k, v);
      }
      return next;
    });

  const answer = records.data;
  const all = answer?.data;
  const pageRows = all ?? [];
  const count = answer?.totalCount ?? 0;
  const totalPages = Math.max(1, Math.ceil(count / PAGE.defaultLimit));
  const page = answer?.page ?? 1;
  // A page number past the end in the address (an old link, a filter with fewer retailers): show the last page.
  useClampPage(pager, answer && !records.isValidating ? totalPages : undefined);

  const columns: Column<RetailerScrapingRecord>[] = [
    {
      key: 'name',
      header: 'Retailer',
      sortable: true,
      cell: (r) => (
        <>
          <Link to={paths.dashboard.retailer(r.retailer._id)}>{r.retailer.name}</Link>
          {r.delayedSince ? <DataDelayed since={r.delayedSince} /> : null}
        </>
      ),
    },
    { key: 'webSiteType', header: 'Website Type', sortable: true, cell: (r) => WEBSITE_TYPE_LABEL[r.brand_retailer.webSiteType] },
    {
      key: 'totalProducts',
      header: 'Total Products',
      sortable: true,
      className: 'num',
      cell: (r) => (
        <>
          {formatCount(r.totalProducts)} <Trend current={r.totalProducts} previous={r.previousTotalProducts} />
        </>
      ),
    },
    { key: 'flaggedProduct', header: 'Flagged Products', sortable: true, className: 'num', cell: (r) => formatCount(r.flaggedProduct) },
    { key: 'approvedDate', header: 'Last Scan', sortable: true, cell: (r) => formatDate(r.approvedDate, TABLE_DATE) },
    { key: 'nextScanDay', header: 'Next Scan', sortable: true, cell: (r) => nextScanText(r.nextScan, (d) => formatDate(d, TABLE_DATE)) },
    // The content checks' open suggestions of the shown scan (issue 38): a link to them; '—' before the scan was checked.
    {
      key: 'suggestions',
      header: 'Suggestions',
      className: 'num',
      cell: (r) => (r.suggestions === null ? <span title="Not checked yet">—</span> : <Link to={`${paths.dashboard.retailer(r.retailer._id)}?side=suggestions`} title="Open the suggestions">{formatCount(r.suggestions)}</Link>),
    },
    ...(reps ? [{ key: 'reps', header: 'Assigned Reps', cell: (r: RetailerScrapingRecord) => <span className="list-reps">{r.users.length ? r.users.join(', ') : 'None'}</span> }] : []),
  ];

  return (
    <section className="retailer-list" aria-labelledby="retailer-list-title">
      <h2 id="retailer-list-title" className="sr-only">
        Retailers
      </h2>
      <div className="list-tools">
        <Select label="Show" value={filter} onChange={(v) => update({ filter: v === 'all' ? undefined : v, page: undefined })} className="field list-tools__filter">
          {LIST_FILTERS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </Select>
        {all ? <p className="list-tools__count">{`${formatCount(count)} ${count === 1 ? 'Retailer' : 'Retailers'}`}</p> : null}
      </div>
      {!all ? (
        records.error ? (
          <p>The retailers could not be loaded.</p>
        ) : (
          <Spinner label="Loading retailers…" />
        )
      ) : (
        <>
          <Table
            caption="Retailers of the brand"
            columns={columns}
            rows={pageRows}
            rowKey={(r) => r.retailer._id}
            className="data-table rl-table"
            wrapClassName="rl-table-wrap"
            wrapLabel="Retailers table"
            rowClassName="rl-row"
            sort={sort}
            onSort={(next) => update({ sort: next.key === DEFAULT_LIST_SORT.key && next.direction === DEFAULT_LIST_SORT.direction ? undefined : `${next.key};${next.direction}`, page: undefined })}
            empty={<p className="rl-empty">No retailer found.</p>}
          />
          <Pagination page={page} totalPages={totalPages} onChange={pager.goToPage} />
        </>
      )}
    </section>
  );
}


