/**
 * The DETAILS tab of the retailer view (000 §2): total products with the trend against the
 * previous scan, last scan (or N/A), next scan, featured in menu, site link, brand landing page
 * and brand description; the sentences of the retailerWithoutProducts and retailerWithModule types.
 */
import { formatCount, formatLongDate } from '../../../lib/format';
import { nextScanText, type NextScan } from '../../../lib/next-scan';
import type { RetailerScanInfo } from '../api/get-retailer-info';
import { RV_MSG } from '../messages';

export interface DetailFigures {
  totalProducts: number;
  previousTotalProducts: number;
  /** The approval of the period shown. */
  lastScan: string | null;
  /** That period's Next Scan (never a day before its Last Scan). */
  nextScan: NextScan | undefined;
}

function Trend({ now, before }: { now: number; before: number }) {
  const d = now - before;
  if (d === 0) return <span className="rv-trend rv-trend--flat">no change since the previous scan</span>;
  return (
    <span className={`rv-trend ${d > 0 ? 'rv-trend--up' : 'rv-trend--down'}`}>
      <span aria-hidden="true">{d > 0 ? '▲' : '▼'}</span> {d > 0 ? '+' : '−'}
      {formatCount(Math.abs(d))} since the previous scan
    </span>
  );
}

const ExternalLink = ({ href }: { href: string }) =>
  /^https?:\/\//i.test(href) ? (
    <a className="link rv-details__url" href={href} target="_blank" rel="noopener noreferrer">
      {href}
    </a>
  ) : (
    <span>{href || 'N/A'}</span>
  );

export function RetailerDetails({ info, figures }: { info: RetailerScanInfo; figures: DetailFigures }) {
  const type = info.brand_retailer.webSiteType;
  return (
    <div className="rv-details">
      {type === 'retailerWithoutProducts' ? <p className="rv-details__note">{RV_MSG.withoutProducts}</p> : null}
      {type === 'retailerWithModule' ? <p className="rv-details__note">{RV_MSG.withModule(info.brand_name)}</p> : null}
      <dl className="rv-details__list">
        <div>
          <dt>Total Products</dt>
          <dd>
            <strong>{formatCount(figures.totalProducts)}</strong> <Trend now={figures.totalProducts} before={figures.previousTotalProducts} />
          </dd>
        </div>
        <div>
          <dt>Last Scan</dt>
          <dd>{formatLongDate(figures.lastScan)}</dd>
        </div>
        <div>
          <dt>Next Scan</dt>
          <dd>{nextScanText(figures.nextScan, formatLongDate)}</dd>
        </div>
        <div>
          <dt>Featured in Menu</dt>
          <dd>{info.featuredInMenu ? `Yes${info.featuredMenus.length ? ` (${info.featuredMenus.join(', ')})` : ''}` : 'No'}</dd>
        </div>
        <div>
          <dt>Site Link</dt>
          <dd>
            <ExternalLink href={info.siteLink || info.retailer.website} />
          </dd>
        </div>
        <div>
          <dt>Brand Landing Page</dt>
          <dd>
            <ExternalLink href={info.brandLink} />
          </dd>
        </div>
        <div>
          <dt>Brand Description</dt>
          <dd className="rv-details__description">{info.brand_description || 'N/A'}</dd>
        </div>
      </dl>
    </div>
  );
}
