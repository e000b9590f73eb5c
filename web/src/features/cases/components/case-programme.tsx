/**
 * The summary page's Cases panel (issue 24 §5): the programme at a glance (active cases, new,
 * resolved and notices this month, overdue, median days to resolve, compliant retailers), the
 * brand's monthly trend, and the retailers by compliance, the least compliant first, each a link
 * to its CASES tab.
 */
import { Link } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useCaseSummary, useCaseTrend } from '../api/cases';
import { TrendChart } from './trend-chart';

type Row = NonNullable<ReturnType<typeof useCaseSummary>['data']>['ranking'][number];

const figure = (v: number | null, suffix = '') => (v === null ? 'N/A' : `${v}${suffix}`);

export function CaseProgramme({ brandId }: { brandId: string | undefined }) {
  const summary = useCaseSummary(brandId);
  const trend = useCaseTrend(brandId);
  if (summary.error) return null;
  if (!summary.data) return <Spinner label="Loading cases…" />;
  const f = summary.data.figures;
  const columns: Column<Row>[] = [
    { key: 'name', header: 'Retailer', cell: (r) => <Link to={`${paths.dashboard.retailer(r.retailer)}?side=cases`}>{r.name}</Link> },
    { key: 'compliance', header: 'Compliance', cell: (r) => figure(r.compliance, '%') },
    { key: 'open', header: 'Active cases', cell: (r) => r.open },
    { key: 'latestDate', header: 'Last scan', cell: (r) => formatDate(r.latestDate) },
  ];
  const tiles: [string, string][] = [
    ['Active cases', String(f.open)],
    ['New this month', figure(f.newThisMonth)],
    ['Resolved this month', figure(f.resolvedThisMonth)],
    ['Notices sent this month', figure(f.noticesThisMonth)],
    [`Overdue (over ${f.overdueDays} days)`, figure(f.overdue)],
    ['Median days to resolve', f.medianDaysToResolve === null ? 'N/A' : `≤ ${f.medianDaysToResolve}`],
    ['Retailers with no active case', `${f.compliant} of ${f.retailers}`],
  ];
  return (
    <section className="programme" aria-labelledby="programme-title">
      <h2 id="programme-title" className="programme__title">
        Cases
      </h2>
      <dl className="programme__figures">
        {tiles.map(([k, v]) => (
          <div key={k} className="programme__figure">
            <dt>{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {trend.data ? <TrendChart title="Compliance and active cases by month" points={trend.data.data} /> : null}
      <Table caption="Retailers by compliance, the least compliant first" wrapLabel="Retailers by compliance" columns={columns} rows={summary.data.ranking.slice(0, 10)} rowKey={(r) => r.retailer} className="table programme__ranking" />
    </section>
  );
}
