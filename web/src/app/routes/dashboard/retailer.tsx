/**
 * /dashboard/retailer/{rId} and /dashboard/retailer/{rId}/period/{pId} (000 §2, 001 §2): the
 * retailer view on its latest period or on one scan period: head (name, type badge, Period
 * select, Next / Previous Scan), the brand landing page side, the DETAILS, Address Book, EMAIL
 * HISTORY and ALL EXPORTS tabs (000 §2, in that order), then CASES (ours, issue 24), and
 * the product tabs with the export of the tab shown. Features meet here (a feature never imports
 * another's components).
 */
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { SuggestionsPanel } from '../../../features/suggestions';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { Button } from '../../../components/ui/button';
import { effectiveBrand, isBrandAdmin, isBrandAdminOrAdmin } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { usePeriodInfo, useRetailerInfo } from '../../../features/retailer-view/api/get-retailer-info';
import { useRetailerPeriods } from '../../../features/retailer-view/api/get-retailer-periods';
import { ProductTabs } from '../../../features/retailer-view/components/product-tabs';
import { RetailerAside } from '../../../features/retailer-view/components/retailer-aside';
import { RetailerDetails } from '../../../features/retailer-view/components/retailer-details';
import { RetailerHeader } from '../../../features/retailer-view/components/retailer-header';
import { AddressBook } from '../../../features/address-book/components/address-book';
import { EmailHistory } from '../../../features/address-book/components/email-history';
import { AddToBasket } from '../../../features/basket/components/add-to-basket';
import { BasketTab } from '../../../features/basket/components/basket-tab';
import { BulkImport } from '../../../features/basket/components/bulk-import';
import { ExportButton } from '../../../features/exports/components/export-button';
import { ExportHistory } from '../../../features/exports/components/export-history';
import { ContactRetailerButton } from '../../../features/contact/components/contact-retailer-button';
import { ContactRetailerModal } from '../../../features/contact';
import { B2bLinkModal } from '../../../features/b2b-links/components/b2b-link-modal';
import { RetailerCases } from '../../../features/cases';
import { RV_MSG } from '../../../features/retailer-view/messages';
import '../../../features/retailer-view/retailer-view.css';

function Unavailable({ text }: { text: string }) {
  return (
    <section className="panel panel--empty">
      <p className="panel__text">{text}</p>
      <Link className="btn btn--primary" to={paths.dashboard.summary}>
        Go to Summary view
      </Link>
    </section>
  );
}

const SIDE_TABS = [
  { id: 'details', label: 'DETAILS' },
  { id: 'address-book', label: 'Address Book' },
  { id: 'email-history', label: 'EMAIL HISTORY' },
  { id: 'exports', label: 'ALL EXPORTS' },
  { id: 'cases', label: 'CASES' },
  { id: 'suggestions', label: 'SUGGESTIONS' },
] as const;
type SideTab = (typeof SIDE_TABS)[number]['id'];

export function RetailerRoute() {
  const { rId = '', pId } = useParams();
  const session = useSession();
  const brandId = session ? effectiveBrand(session)?._id : undefined;
  const info = useRetailerInfo(brandId, rId);
  const periods = useRetailerPeriods(brandId, rId);
  const period = usePeriodInfo(brandId, pId);
  // `?side=cases` (the summary's ranking links there) opens that tab.
  const [params] = useSearchParams();
  const [side, setSide] = useState<SideTab>(() => SIDE_TABS.find((t) => t.id === params.get('side'))?.id ?? 'details');
  const [linkModal, setLinkModal] = useState(false);
  /** The basket export's email body, while its contact form is open. */
  const [basketEmail, setBasketEmail] = useState<string | null>(null);

  if (info.error) return <Unavailable text={RV_MSG.retailerNotFound} />;
  if (pId && (period.error || (period.data && period.data.retailer !== rId))) return <Unavailable text={RV_MSG.periodNotFound} />;
  if (!info.data || (pId && !period.data)) return <Spinner label="Loading retailer…" />;

  const r = info.data;
  const shown = pId && period.data ? { _id: period.data._id, previousPeriod: period.data.previousPeriod } : r.period;
  const figures = period.data
    ? { totalProducts: period.data.totalProducts, previousTotalProducts: period.data.previousTotalProducts, lastScan: period.data.approvedDate, nextScan: period.data.nextScan }
    : { totalProducts: r.totalProducts, previousTotalProducts: r.previousTotalProducts, lastScan: r.approvedDate, nextScan: r.nextScan };

  return (
    <div className="rv">
      <RetailerHeader
        info={r}
        nextScan={period.data?.nextScan ?? r.nextScan}
        delayedSince={r.delayedSince}
        periods={periods.data?.data ?? []}
        selected={pId}
        shownPeriodId={shown?._id}
        actions={
          session && isBrandAdmin(session.user) ? (
            <Button size="sm" variant="outline" className="rv-head__b2b" onClick={() => setLinkModal(true)}>
              B2B portal link
            </Button>
          ) : null
        }
      />
      {basketEmail !== null ? (
        // About the retailer rather than products (its scan info, as the brand profile's form): the basket's links in the body.
        <ContactRetailerModal brandId={brandId} retailerId={rId} retailerBrandScraping={r._id} source="brand" initialMessage={basketEmail} onClose={() => setBasketEmail(null)} onSent={() => setBasketEmail(null)} />
      ) : null}
      {linkModal ? <B2bLinkModal brandId={brandId} retailerId={rId} retailerName={r.retailer.name} onClose={() => setLinkModal(false)} /> : null}
      <div className="rv-top">
        <RetailerAside info={r} />
        <div className="rv-main">
          <Tabs label="Retailer" tabs={[...SIDE_TABS]} selected={side} onSelect={(id) => setSide(SIDE_TABS.find((t) => t.id === id)?.id ?? 'details')}>
            {side === 'details' ? <RetailerDetails info={r} figures={figures} /> : null}
            {side === 'address-book' ? <AddressBook brandId={brandId} retailerId={rId} retailerName={r.retailer.name} canDelete={!!session && isBrandAdminOrAdmin(session.user)} /> : null}
            {side === 'email-history' ? <EmailHistory scanInfoId={r._id} /> : null}
            {side === 'exports' ? <ExportHistory retailerId={rId} brandId={brandId} /> : null}
            {side === 'cases' ? <RetailerCases brandId={brandId} retailerId={rId} retailerName={r.retailer.name} /> : null}
            {side === 'suggestions' && brandId && shown ? <SuggestionsPanel brandId={brandId} periodId={shown._id} canCheck={!!session && isBrandAdminOrAdmin(session.user)} /> : null}
          </Tabs>
        </div>
      </div>
      {shown ? (
        <ProductTabs
          key={shown._id}
          periodId={shown._id}
          previousPeriod={shown.previousPeriod}
          retailerId={rId}
          brandId={brandId}
          actions={({ retailer_brand_scraping, page: _page, limit: _limit, ...tab }, shown) => (
            <>
              {tab.isFlagged === 'yes' ? <ContactRetailerButton retailerId={rId} retailerBrandScraping={retailer_brand_scraping} source="product" products={shown} disabled={!shown.length} /> : null}
              <ExportButton retailerBrandScraping={retailer_brand_scraping} query={tab} />
            </>
          )}
          extraTabs={[{ id: 'basket', label: 'BASKET', content: <BasketTab brandId={brandId} retailerId={rId} onEmailLinks={setBasketEmail} /> }]}
          ohRowAction={(row, pageSerials) => <AddToBasket brandId={brandId} retailerId={rId} serialNo={row.serialNo} pageSerials={pageSerials} />}
          scrapedImport={<BulkImport target={{ brandId, retailerId: rId }} label="IMPORT" />}
        />
      ) : (
        <section className="panel panel--empty">
          <p className="panel__text">{RV_MSG.noProducts}</p>
        </section>
      )}
    </div>
  );
}
