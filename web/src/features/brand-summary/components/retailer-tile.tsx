/** One retailer tile of the summary (000 §2): screenshot, name, website type, 'Data delayed since' (issue 25), products with trend, flagged, last scan, reps. */
import { Link } from 'react-router-dom';
import { DataDelayed } from '../../../components/ui/data-delayed';
import { Picture } from '../../../components/ui/picture';
import { paths } from '../../../config/paths';
import { formatCount, formatDate } from '../../../lib/format';
import type { RetailerScrapingRecord } from '../api/get-retailer-scrapings';
import { WEBSITE_TYPE_LABEL } from '../retailer-rules';
import { Trend } from './trend';

export const LONG_DATE = 'MMMM DD, YYYY';

export function RetailerTile({ record, showReps }: { record: RetailerScrapingRecord; showReps: boolean }) {
  const r = record;
  return (
    <li className="tile" data-retailer={r.retailer._id}>
      <Picture className="tile__shot" src={r.brand_screenshot} alt={`${r.retailer.name}: brand landing page`} />
      <div className="tile__body">
        <h3 className="tile__name">
          <Link to={paths.dashboard.retailer(r.retailer._id)}>{r.retailer.name}</Link>
        </h3>
        <p className="tile__type">{WEBSITE_TYPE_LABEL[r.brand_retailer.webSiteType]}</p>
        {r.delayedSince ? (
          <p className="tile__delayed">
            <DataDelayed since={r.delayedSince} />
          </p>
        ) : null}
        <dl className="tile__facts">
          <div>
            <dt>Total products</dt>
            <dd>
              <span className="tile__count">{formatCount(r.totalProducts)}</span> <Trend current={r.totalProducts} previous={r.previousTotalProducts} />
            </dd>
          </div>
          <div>
            <dt>Flagged products</dt>
            <dd>
              <span className="tile__count">{formatCount(r.flaggedProduct)}</span>
            </dd>
          </div>
          {r.suggestions !== null ? (
            <div>
              <dt>Suggestions</dt>
              <dd>
                <span className="tile__count">{formatCount(r.suggestions)}</span>
              </dd>
            </div>
          ) : null}
          <div>
            <dt>Last scan</dt>
            <dd>{formatDate(r.approvedDate, LONG_DATE)}</dd>
          </div>
          {showReps ? (
            <div>
              <dt>Assigned reps</dt>
              <dd>{r.users.length ? r.users.join(', ') : 'None'}</dd>
            </div>
          ) : null}
        </dl>
      </div>
    </li>
  );
}
