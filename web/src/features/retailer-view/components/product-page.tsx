/**
 * The sections of the product page (/dashboard/retailer/{rId}/product/{pId}): the screenshot and
 * image, Quick Details (the dates of the product's own period), the PRODUCT DETAILS drill-down
 * and the FLAG REASON panel with its flag control and Contact Retailer.
 */
import { Button } from '../../../components/ui/button';
import { firstImage } from '../../../components/ui/picture';
import { Thumb } from '../../../components/ui/thumb';
import { formatCurrency, formatLongDate } from '../../../lib/format';
import { nextScanText } from '../../../lib/next-scan';
import type { ProductScrape } from '../api/get-product';
import type { PeriodInfo } from '../api/get-retailer-info';
import { FlagControl } from './flag-control';
import { ChangeType, flagMessageOf, flagReasonsText } from './product-cells';

export function ProductMedia({ product: p }: { product: ProductScrape }) {
  return (
    <div className="pp-media">
      <figure className="pp-media__item">
        <Thumb className="pp-shot" src={p.screenshot} alt={`Screenshot of ${p.name}`} title={`Screenshot of ${p.name}`} />
        <figcaption>Screenshot</figcaption>
      </figure>
      <figure className="pp-media__item">
        <Thumb className="pp-shot" src={firstImage(p.image, p.imageUrl)} alt={`Image of ${p.name}`} title={p.name} />
        <figcaption>Image</figcaption>
      </figure>
    </div>
  );
}

export function QuickDetails({ product: p, retailerName, period }: { product: ProductScrape; retailerName: string; period: PeriodInfo | undefined }) {
  const url = /^https?:\/\//i.test(p.URL) ? p.URL : '';
  return (
    <section className="pp-quick" aria-labelledby="pp-quick-title">
      <h3 id="pp-quick-title" className="pp-section__title">
        Quick Details
      </h3>
      <dl className="rv-details__list">
        <div>
          <dt>Last Scan</dt>
          <dd>{formatLongDate(period?.approvedDate)}</dd>
        </div>
        <div>
          <dt>Next Scan</dt>
          <dd>{nextScanText(period?.nextScan, formatLongDate)}</dd>
        </div>
        <div>
          <dt>Retailer Name</dt>
          <dd>{retailerName}</dd>
        </div>
        <div>
          <dt>Product Name</dt>
          <dd>{p.name || 'N/A'}</dd>
        </div>
        <div>
          <dt>URL</dt>
          <dd>
            {url ? (
              <a className="link rv-details__url" href={url} target="_blank" rel="noopener noreferrer">
                {url}
              </a>
            ) : (
              'N/A'
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function ProductDrillDown({ product: p }: { product: ProductScrape }) {
  return (
    <details className="pp-drill">
      <summary className="pp-drill__summary">PRODUCT DETAILS</summary>
      <dl className="rv-details__list">
        <div>
          <dt>Price</dt>
          <dd>{formatCurrency(p.price)}</dd>
        </div>
        <div>
          <dt>Retailer Sku</dt>
          <dd>{p.style_number || 'N/A'}</dd>
        </div>
        <div>
          <dt>Brand Sku</dt>
          <dd>{p.brand_sku || 'N/A'}</dd>
        </div>
        <div>
          <dt>Map id</dt>
          <dd>{p.oh_map_id || 'N/A'}</dd>
        </div>
        <div>
          <dt>Shoppability</dt>
          <dd>{p.shoppability || 'N/A'}</dd>
        </div>
        <div>
          <dt>Since last scan</dt>
          <dd>
            <ChangeType type={p.type} />
          </dd>
        </div>
        <div>
          <dt>Scan date</dt>
          <dd>{formatLongDate(p.date)}</dd>
        </div>
        <div>
          <dt>Description</dt>
          <dd className="rv-details__description">{p.product_description || 'N/A'}</dd>
        </div>
      </dl>
    </details>
  );
}

export function FlagReason({ product: p, retailerId, onContact }: { product: ProductScrape; retailerId: string; onContact: () => void }) {
  const flag = flagMessageOf(p.flagMessage);
  const reasons = flagReasonsText(flag);
  const flagged = p.isFlagged === 'yes';
  return (
    <section className="pp-flag" aria-labelledby="pp-flag-title">
      <h3 id="pp-flag-title" className="pp-section__title">
        FLAG REASON
      </h3>
      {flagged ? (
        <>
          <p className="pp-flag__state">This product is flagged.</p>
          {reasons.length ? (
            <ul className="pp-flag__reasons">
              {reasons.map((x) => (
                <li key={x}>{x}</li>
              ))}
            </ul>
          ) : null}
          {flag?.message ? <p className="pp-flag__message">{flag.message}</p> : null}
        </>
      ) : (
        <p className="pp-flag__state muted">This product is not flagged.</p>
      )}
      <div className="pp-flag__actions">
        {p.type === 'deleted' ? null : (
          <FlagControl target="product" variant="button" id={p._id} flagged={flagged} subject={p.name || p.style_number} contact={{ retailerId, retailerBrandScraping: p.retailer_brand_scraping }} />
        )}
        <Button variant="outline" onClick={onContact}>
          Contact Retailer
        </Button>
      </div>
    </section>
  );
}
