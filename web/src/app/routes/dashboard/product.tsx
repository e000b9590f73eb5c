/**
 * /dashboard/retailer/{rId}/product/{pId} (and …/sku/{brandSKU}) (000 §2, 001 §2): the product
 * page: 'Details for {product} on {retailer}' with its flag state, screenshot and image, Quick
 * Details, the PRODUCT DETAILS drill-down, the FLAG REASON panel (with Contact Retailer: the
 * contact modal, opened at once when the query has `contact`), the product's case at the retailer
 * and its log (issue 24), Product History and Back.
 */
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { effectiveBrand } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useProduct } from '../../../features/retailer-view/api/get-product';
import { usePeriodInfo, useRetailerInfo } from '../../../features/retailer-view/api/get-retailer-info';
import { ProductCase } from '../../../features/cases';
import { ContactRetailerModal } from '../../../features/contact/components/contact-retailer-modal';
import { FlagState } from '../../../features/retailer-view/components/flag-state';
import { FlagReason, ProductDrillDown, ProductMedia, QuickDetails } from '../../../features/retailer-view/components/product-page';
import { ProductHistory } from '../../../features/retailer-view/components/product-history';
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
  const flagged = p.isFlagged === 'yes';

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
        <ProductMedia product={p} />
        <QuickDetails product={p} retailerName={r.retailer.name} period={period.data} />
      </div>
      <ProductDrillDown product={p} />
      <FlagReason product={p} retailerId={rId} onContact={() => setContact(true)} />
      <ProductCase brandId={brandId} retailerId={rId} retailerName={r.retailer.name} styleNumber={p.style_number} />
      {contactOpen ? (
        <ContactRetailerModal brandId={brandId} retailerId={rId} retailerBrandScraping={p.retailer_brand_scraping} source="product" products={[p._id]} onClose={() => setContact(false)} />
      ) : null}
      <ProductHistory productId={p._id} brandId={brandId} retailerId={rId} />
    </div>
  );
}
