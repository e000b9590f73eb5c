/**
 * /dashboard/retailer/{rId} and /dashboard/retailer/{rId}/period/{pId} (000 §2, 001 §2): the
 * retailer view on its latest period or on one scan period: head (name, type badge, Period
 * select, Next / Previous Scan), the brand landing page side, the DETAILS and ALL EXPORTS tabs and
 * the product tabs with the export of the tab shown. Features meet here (a feature never imports
 * another's components).
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { Spinner } from '../../../components/ui/spinner';
import { Tabs } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { effectiveBrand } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { usePeriodInfo, useRetailerInfo } from '../../../features/retailer-view/api/get-retailer-info';
import { useRetailerPeriods } from '../../../features/retailer-view/api/get-retailer-periods';
import { ProductTabs } from '../../../features/retailer-view/components/product-tabs';
import { RetailerAside } from '../../../features/retailer-view/components/retailer-aside';
import { RetailerDetails } from '../../../features/retailer-view/components/retailer-details';
import { RetailerHeader } from '../../../features/retailer-view/components/retailer-header';
import { AddToBasket } from '../../../features/basket/components/add-to-basket';
import { BasketTab } from '../../../features/basket/components/basket-tab';
import { ExportButton } from '../../../features/exports/components/export-button';
import { ExportHistory } from '../../../features/exports/components/export-history';
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

export function RetailerRoute() {
  const { rId = '', pId } = useParams();
  const session = useSession();
  const brandId = session ? effectiveBrand(session)?._id : undefined;
  const info = useRetailerInfo(brandId, rId);
  const periods = useRetailerPeriods(brandId, rId);
  const period = usePeriodInfo(brandId, pId);
  const [side, setSide] = useState<'details' | 'exports'>('details');

  if (info.error) return <Unavailable text={RV_MSG.retailerNotFound} />;
  if (pId && (period.error || (period.data && period.data.retailer !== rId))) return <Unavailable text={RV_MSG.periodNotFound} />;
  if (!info.data || (pId && !period.data)) return <Spinner label="Loading retailer…" />;

  const r = info.data;
  const shown = pId && period.data ? { _id: period.data._id, previousPeriod: period.data.previousPeriod } : r.period;
  const figures = period.data
    ? { totalProducts: period.data.totalProducts, previousTotalProducts: period.data.previousTotalProducts, lastScan: period.data.approvedDate, nextScan: period.data.nextScanDay }
    : { totalProducts: r.totalProducts, previousTotalProducts: r.previousTotalProducts, lastScan: r.approvedDate, nextScan: r.nextScanDay };

  return (
    <div className="rv">
      <RetailerHeader info={r} periods={periods.data?.data ?? []} selected={pId} shownPeriodId={shown?._id} />
      <div className="rv-top">
        <RetailerAside info={r} />
        <div className="rv-main">
          <Tabs
            label="Retailer"
            tabs={[
              { id: 'details', label: 'DETAILS' },
              { id: 'exports', label: 'ALL EXPORTS' },
            ]}
            selected={side}
            onSelect={(id) => setSide(id === 'exports' ? 'exports' : 'details')}
          >
            {side === 'details' ? <RetailerDetails info={r} figures={figures} /> : <ExportHistory retailerId={rId} brandId={brandId} />}
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
          actions={({ retailer_brand_scraping, page: _page, limit: _limit, ...tab }) => <ExportButton retailerBrandScraping={retailer_brand_scraping} query={tab} />}
          extraTabs={[{ id: 'basket', label: 'BASKET', content: <BasketTab brandId={brandId} retailerId={rId} /> }]}
          ohRowAction={(row, pageSerials) => <AddToBasket brandId={brandId} retailerId={rId} serialNo={row.serialNo} pageSerials={pageSerials} />}
        />
      ) : (
        <section className="panel panel--empty">
          <p className="panel__text">{RV_MSG.noProducts}</p>
        </section>
      )}
    </div>
  );
}
