/**
 * The Manage Reports tab of Settings (000 §2, §9): a month picker ('MMM yyyy', August 2018 to the
 * current month) and Export, which has the month's report of the brand built
 * (GET /report_summary/{brandId}?month=MM-YYYY) and downloads it (the browser opens its 7-day
 * link and stays on the page). Errors through handle-error.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { MonthPicker } from '../../../components/ui/month-picker';
import { effectiveBrand } from '../../../lib/access';
import { handleError } from '../../../lib/handle-error';
import type { Session } from '../../../lib/session';
import { useReportSummary } from '../api/report-summary';
import '../reports.css';

/** The first month a report can be asked for (000 §9 "Report month minimum Aug 2018"). */
export const FIRST_REPORT_MONTH = new Date(2018, 7, 1);
const thisMonth = (now = new Date()) => new Date(now.getFullYear(), now.getMonth(), 1);
const openInBrowser = (link: string) => window.location.assign(link);

export interface ManageReportsTabProps {
  session: Session;
  /** How the link is opened (default: the browser goes to it). */
  open?: (link: string) => void;
  now?: Date;
}

export function ManageReportsTab({ session, open = openInBrowser, now }: ManageReportsTabProps) {
  const brand = effectiveBrand(session);
  const latest = thisMonth(now);
  const [month, setMonth] = useState<Date | null>(latest);
  const { trigger, isMutating } = useReportSummary(brand?._id ?? '');
  if (!brand) return null;

  const exportReport = async () => {
    if (!month) return;
    try {
      const { link } = await trigger(month);
      open(link);
    } catch (e) {
      handleError(e);
    }
  };

  return (
    <section className="reports" aria-labelledby="reports-title">
      <h2 id="reports-title" className="reports__title">
        Monthly report
      </h2>
      <p className="reports__intro">Per retailer of {brand.name}: products, flagged, price issues, changes and OH coverage of the month, as an Excel file.</p>
      <div className="reports__row">
        <MonthPicker label="Month" value={month} onChange={(d) => setMonth(d ? thisMonth(d) : null)} minDate={FIRST_REPORT_MONTH} maxDate={latest} />
        <Button onClick={() => void exportReport()} busy={isMutating} disabled={!month}>
          Export
        </Button>
      </div>
    </section>
  );
}
