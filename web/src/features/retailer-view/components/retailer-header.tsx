/**
 * The head of the retailer view (001 §2): the retailer name and its type badge, the Period
 * select ('January 05, 2020'; the empty option returns to the retailer route), and the Next Scan
 * and Previous Scan links (a newer or older period; on the latest one Next Scan says what the
 * DETAILS tab says: the day of the next scan, or that it is overdue or a newer scan is in review).
 * Beside the name, 'Data delayed since …' while the retailer's product robot is late or its file
 * held (issue 25).
 */
import type { ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { DataDelayed } from '../../../components/ui/data-delayed';
import { Select } from '../../../components/ui/select';
import { paths } from '../../../config/paths';
import { formatLongDate } from '../../../lib/format';
import { nextScanText, type NextScan } from '../../../lib/next-scan';
import type { RetailerScanInfo } from '../api/get-retailer-info';
import { WEBSITE_TYPE_LABEL } from '../messages';

export interface PeriodOption {
  _id: string;
  value: string;
}

export interface RetailerHeaderProps {
  info: { retailer: Pick<RetailerScanInfo['retailer'], '_id' | 'name'>; brand_retailer?: RetailerScanInfo['brand_retailer'] };
  /** Next Scan of the latest period (shown when no newer period is listed). */
  nextScan: NextScan | undefined;
  periods: PeriodOption[];
  selected: string | undefined;
  shownPeriodId: string | undefined;
  /** The page of a period (none: the retailer's latest); the dashboard's unless given (the B2B portal has its own). */
  periodHref?: (periodId?: string) => string;
  /** Controls beside the name (the retailer page's 'B2B portal link'). */
  actions?: ReactNode;
  /** The retailer's product data is delayed since this day (issue 25; YYYY-MM-DD): 'Data delayed since …' beside the name. */
  delayedSince?: string | null;
}

export function RetailerHeader({ info, nextScan, periods, selected, shownPeriodId, periodHref, actions, delayedSince }: RetailerHeaderProps) {
  const navigate = useNavigate();
  const rId = info.retailer._id;
  const href = periodHref ?? ((pId?: string) => (pId ? paths.dashboard.retailerPeriod(rId, pId) : paths.dashboard.retailer(rId)));
  const webSiteType = info.brand_retailer?.webSiteType;
  const badge = webSiteType ? WEBSITE_TYPE_LABEL[webSiteType] : undefined;
  const i = periods.findIndex((p) => p._id === shownPeriodId);
  const older = i >= 0 ? periods[i + 1] : undefined;
  const newer = i > 0 ? periods[i - 1] : undefined;
  return (
    <div className="rv-head">
      <div className="rv-head__title">
        <h2 className="rv-head__name">{info.retailer.name}</h2>
        {badge ? <span className={`rv-badge rv-badge--${webSiteType}`}>{badge}</span> : null}
        <DataDelayed since={delayedSince} />
        {actions}
      </div>
      <div className="rv-head__periods">
        <Select
          label="Period"
          className="field rv-head__select"
          value={selected ?? ''}
          onChange={(v) => navigate(href(v || undefined))}
        >
          <option value="">Select Period</option>
          {periods.map((p) => (
            <option key={p._id} value={p._id}>
              {formatLongDate(p.value)}
            </option>
          ))}
        </Select>
        <div className="rv-head__scans">
          <span className="rv-scan">
            Next Scan:{' '}
            {newer ? (
              <Link className="link" to={href(newer._id)} aria-label={`Next Scan: ${formatLongDate(newer.value)}`}>
                {formatLongDate(newer.value)}
              </Link>
            ) : (
              <span className="rv-scan__date">{nextScanText(nextScan, formatLongDate)}</span>
            )}
          </span>
          <span className="rv-scan">
            Previous Scan:{' '}
            {older ? (
              <Link className="link" to={href(older._id)} aria-label={`Previous Scan: ${formatLongDate(older.value)}`}>
                {formatLongDate(older.value)}
              </Link>
            ) : (
              <span className="rv-scan__date">N/A</span>
            )}
          </span>
        </div>
      </div>
    </div>
  );
}
