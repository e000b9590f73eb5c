/**
 * /dashboard/retailer/{rId}/product/{pId} (and …/sku/{brandSKU}) (000 §2, 001 §2): the product
 * page: 'Details for {product} on {retailer}' with its flag state, screenshot and image, Quick
 * Details, the PRODUCT DETAILS drill-down, the FLAG REASON panel (with Contact Retailer: the
 * contact modal, opened at once when the query has `contact`), Product History and Back.
 */
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { effectiveBrand } from '../../../lib/access';
import { formatCurrency, formatLongDate } from '../../../lib/format';
import { nextScanText } from '../../../lib/next-scan';
import { useSession } from '../../../lib/session';
import { useProduct } from '../../../features/retailer-view/api/get-product';
import { usePeriodInfo, useRetailerInfo } from '../../../features/retailer-view/api/get-retailer-info';
import { ContactRetailerModal } from '../../../features/contact/components/contact-retailer-modal';
import { FlagControl } from '../../../features/retailer-view/components/flag-control';
import { FlagState } from '../../../features/retailer-view/components/flag-state';
import { ChangeType, flagMessageOf, flagReasonsText } from '../../../features/retailer-view/components/product-cells';
import { ProductHistory } from '../../../features/retailer-view/components/product-history';
import { firstImage } from '../../../components/ui/picture';
import { Thumb } from '../../../components/ui/thumb';
import { RV_MSG } from '../../../features/retailer-view/messages';
import '../../../features/retailer-view/retailer-view.css';

export function ProductRoute() {
  const { rId = '', pId = '' } = useParams();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const contactOpen = params.has('contact');
  const setContact = (open: boolean) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (open) next.set('contact', '1');
        else next.delete('contact');
        return next;
      },
      { replace: !open },
    );
  const session = useSession();
  const brandId = session ? effectiveBrand(session)?._id : undefined;
  const product = useProduct(pId);
  const retailer = useRetailerInfo(brandId, rId);
  // Quick Details show the dates of the product's own period (docs/period-rules.md "Last Scan and Next Scan").
  const period = usePeriodInfo(brandId, product.data?.retailer_brand_scraping);
  const back = () => (window.history.state?.idx > 0 ? navigate(-1) : navigate(paths.dashboard.retailer(rId)));

  if (product.error || retailer.error || (product.data && product.data.retailer !== rId)) {
    return (
      <section className="panel panel--empty">
        <p className="panel__text">{RV_MSG.productNotFound}</p>
        <Link className="btn btn--primary" to={paths.dashboard.summary}>
          Go to Summary view
        </Link>
      </section>
    );
  }
  if (!product.data || !retailer.data || (!period.data && !period.error)) return <Spinner label="Loading product…" />;
  const p = product.data;
  const r = retailer.data;
  const flag = flagMessageOf(p.flagMessage);
  const reasons = flagReasonsText(flag);
  const flagged = p.isFlagged === 'yes';
  const url = /^https?:\/\//i.test(p.URL) ? p.URL : '';

  return (
    <div className="pp">
      <div className="pp-head">
        <Button variant="outline" size="sm" onClick={back}>
          Back
        </Button>
        <div className="pp-head__row">
          <h2 className="pp-head__title">{RV_MSG.productHeading(p.name, r.retailer.name)}</h2>
          {p.type === 'deleted' ? null : <FlagState flagged={flagged} />}
        </div>
      </div>
      <div className="pp-top">
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
        <section className="pp-quick" aria-labelledby="pp-quick-title">
          <h3 id="pp-quick-title" className="pp-section__title">
            Quick Details
          </h3>
          <dl className="rv-details__list">
            <div>
              <dt>Last Scan</dt>
              <dd>{formatLongDate(period.data?.approvedDate)}</dd>
            </div>
            <div>
              <dt>Next Scan</dt>
              <dd>{nextScanText(period.data?.nextScan, formatLongDate)}</dd>
            </div>
            <div>
              <dt>Retailer Name</dt>
              <dd>{r.retailer.name}</dd>
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
      </div>
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
            <FlagControl target="product" variant="button" id={p._id} flagged={flagged} subject={p.name || p.style_number} contact={{ retailerId: rId, retailerBrandScraping: p.retailer_brand_scraping }} />
          )}
          <Button variant="outline" onClick={() => setContact(true)}>
            Contact Retailer
          </Button>
        </div>
      </section>
      {contactOpen ? (
        <ContactRetailerModal brandId={brandId} retailerId={rId} retailerBrandScraping={p.retailer_brand_scraping} source="product" products={[p._id]} onClose={() => setContact(false)} />
      ) : null}
      <ProductHistory productId={p._id} brandId={brandId} retailerId={rId} />
    </div>
  );
}
