/**
 * The CASES tab of the retailer page (issue 24): the counts kept on write, the active cases (worst
 * first) or the resolved ones, and the retailer's log (one kind at a time, exported as an xlsx with
 * the kind shown: an export job whose file lands in ALL EXPORTS); a case opens with its evidence,
 * its log and the ways to resolve it. The Active view's "Evidence pack (PDF)" has the active cases
 * made into a PDF on the server and downloads it (issue 24 §2).
 */
import { useState } from 'react';
import { CASE_EVENT_KINDS, type CaseEventKind } from '@shared/schemas/cases';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { Table, type Column } from '../../../components/ui/table';
import { formatDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { JobExportButton } from '../../exports';
import { exportCaseActivity, useCaseActivity, useCaseTrend, useEvidencePack, useRetailerCases, type CaseEventRow, type CaseRow } from '../api/cases';
import { ACTIVITY_EXPORT_UI, BY_SCAN, CASE_MSG, CASE_UI, EVENT_LABEL, RESOLUTION_LABEL, STATUS_LABEL } from '../messages';
import { CaseLinks } from './case-links';
import { CaseModal } from './case-modal';
import { SecondNoticePanel } from './second-notice';
import { SeverityBadge } from './severity-badge';
import { TrendChart } from './trend-chart';
import '../cases.css';

type View = 'active' | 'resolved' | 'activity';
const VIEWS: { id: View; label: string }[] = [
  { id: 'active', label: 'Active' },
  { id: 'resolved', label: 'Resolved' },
  { id: 'activity', label: 'Activity' },
];

const subject = (c: { name: string; style_number: string }) => (
  <>
    <span className="cases__name">{c.name}</span>
    {c.style_number ? <span className="cases__style">{c.style_number}</span> : null}
  </>
);

const openInBrowser = (link: string) => window.location.assign(link);

export interface RetailerCasesProps {
  brandId: string | undefined;
  retailerId: string;
  retailerName: string;
  /** How the evidence pack's link is opened (default: the browser goes to it; the file downloads, the page stays). */
  open?: (link: string) => void;
}

export function RetailerCases({ brandId, retailerId, retailerName, open: openLink = openInBrowser }: RetailerCasesProps) {
  const [view, setView] = useState<View>('active');
  const [kind, setKind] = useState<CaseEventKind | ''>('');
  const [openCase, setOpenCase] = useState<string | null>(null);
  const list = useRetailerCases(brandId, retailerId, view === 'resolved' ? 'resolved' : 'active');
  const log = useCaseActivity(view === 'activity' ? brandId : undefined, retailerId, kind);
  const counts = list.data?.[0]?.counts;
  const trend = useCaseTrend(brandId, retailerId);
  const pack = useEvidencePack(brandId, retailerId);
  const activeCount = counts ? counts.open + counts.notified + counts.acknowledged : 0;
  const downloadPack = async () => {
    try {
      const out = await pack.trigger();
      notify.success(out.message);
      openLink(out.link);
    } catch (e) {
      handleError(e);
    }
  };

  const open = (c: { _id: string; name: string }) => (
    <Button size="sm" variant="outline" onClick={() => setOpenCase(c._id)} aria-label={`View the case of ${c.name}`}>
      View
    </Button>
  );
  const caseColumns: Column<CaseRow>[] = [
    { key: 'severity', header: 'Severity', cell: (c) => <SeverityBadge severity={c.severity} /> },
    { key: 'name', header: 'Product', cell: subject },
    { key: 'status', header: 'Status', cell: (c) => (c.status === 'resolved' && c.resolution ? RESOLUTION_LABEL[c.resolution] : STATUS_LABEL[c.status]) },
    { key: 'openedAt', header: 'Opened', cell: (c) => formatDate(c.openedAt) },
    ...(view === 'resolved' ? [{ key: 'resolvedAt', header: 'Resolved', cell: (c: CaseRow) => formatDate(c.resolvedAt) }] : []),
    { key: 'repeats', header: 'Repeats', cell: (c) => c.repeats },
    { key: 'view', header: <span className="sr-only">View</span>, cell: open },
  ];
  const eventColumns: Column<CaseEventRow>[] = [
    { key: 'at', header: 'When', cell: (e) => formatDate(e.at) },
    { key: 'kind', header: 'What', cell: (e) => EVENT_LABEL[e.kind] },
    { key: 'name', header: 'Product', cell: subject },
    { key: 'by', header: 'By', cell: (e) => e.by?.name || BY_SCAN },
    { key: 'detail', header: 'Detail', cell: (e) => e.detail },
    { key: 'view', header: <span className="sr-only">View</span>, cell: (e) => open({ _id: e.caseId, name: e.name }) },
  ];

  return (
    <section className="cases" aria-label={`Cases of ${retailerName}`}>
      <p className="cases__intro">{CASE_UI.intro}</p>
      {counts ? (
        <dl className="cases__counts">
          {(['open', 'notified', 'acknowledged', 'resolved', 'repeats'] as const).map((k) => (
            <div key={k} className="cases__count">
              <dt>{k === 'repeats' ? 'Repeats' : STATUS_LABEL[k]}</dt>
              <dd>{counts[k]}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {view === 'active' ? <SecondNoticePanel brandId={brandId} retailerId={retailerId} retailerName={retailerName} /> : null}
      <div className="cases__bar">
        <div className="cases__views" role="group" aria-label="Show">
          {VIEWS.map((v) => (
            <Button key={v.id} size="sm" variant={view === v.id ? 'primary' : 'outline'} aria-pressed={view === v.id} onClick={() => setView(v.id)}>
              {v.label}
            </Button>
          ))}
        </div>
        {view === 'active' ? (
          <div className="cases__pack">
            <Button size="sm" variant="outline" busy={pack.isMutating} disabled={!counts || activeCount === 0} aria-describedby={counts && activeCount === 0 ? 'cases-pack-none' : undefined} onClick={() => void downloadPack()}>
              {CASE_UI.pack}
            </Button>
            {counts && activeCount === 0 ? (
              <span id="cases-pack-none" className="cases__pack-note">
                {CASE_UI.packNone}
              </span>
            ) : null}
          </div>
        ) : null}
        {view === 'activity' ? (
          <div className="cases__log-tools">
            <Select label="Event" value={kind} onChange={(v) => setKind(v as CaseEventKind | '')} className="field cases__kind">
              <option value="">All events</option>
              {CASE_EVENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {EVENT_LABEL[k]}
                </option>
              ))}
            </Select>
            {brandId ? <JobExportButton start={() => exportCaseActivity(brandId, retailerId, kind)} ariaLabel={ACTIVITY_EXPORT_UI.name} title={ACTIVITY_EXPORT_UI.title} /> : null}
          </div>
        ) : null}
      </div>
      {view === 'activity' ? (
        log.data ? (
          <>
            <Table caption={`Case activity of ${retailerName}`} wrapLabel={`Case activity of ${retailerName}`} columns={eventColumns} rows={log.data.flatMap((p) => p.data)} rowKey={(e) => `${e.at}${e.caseId}${e.kind}`} empty={<p className="muted">{CASE_MSG.noActivity}</p>} className="table cases__table" />
            {log.data.at(-1)?.nextCursor ? (
              <Button variant="outline" size="sm" busy={log.isValidating} onClick={() => void log.setSize(log.size + 1)}>
                {CASE_UI.showMore}
              </Button>
            ) : null}
          </>
        ) : log.error ? (
          <p className="muted">{CASE_UI.listFailed}</p>
        ) : (
          <Spinner label="Loading activity…" />
        )
      ) : list.data ? (
        <>
          <Table
            caption={`${view === 'active' ? 'Active' : 'Resolved'} cases of ${retailerName}`}
            wrapLabel={`${view === 'active' ? 'Active' : 'Resolved'} cases of ${retailerName}`}
            columns={caseColumns}
            rows={list.data.flatMap((p) => p.data)}
            rowKey={(c) => c._id}
            rowClassName="cases__row"
            rowState={(c) => c.severity}
            empty={<p className="muted">{view === 'active' ? CASE_MSG.noCases : CASE_UI.noResolved}</p>}
            className="table cases__table"
          />
          {list.data.at(-1)?.nextCursor ? (
            <Button variant="outline" size="sm" busy={list.isValidating} onClick={() => void list.setSize(list.size + 1)}>
              {CASE_UI.showMore}
            </Button>
          ) : null}
        </>
      ) : list.error ? (
        <p className="muted">{CASE_UI.listFailed}</p>
      ) : (
        <Spinner label="Loading cases…" />
      )}
      {trend.data ? <TrendChart title={`Compliance and active cases of ${retailerName} by scan`} points={trend.data.data} /> : null}
      <CaseLinks brandId={brandId} retailerId={retailerId} retailerName={retailerName} />
      {openCase ? (
        <CaseModal
          caseId={openCase}
          onClose={() => setOpenCase(null)}
          onChanged={() => {
            void list.mutate();
            void log.mutate();
          }}
        />
      ) : null}
    </section>
  );
}
