/**
 * /b2bReatilerView/{rId} (001 §2, §6; docs/decisions.md "B2B portal"): one retailer's reduced view
 * for a brand's B2B partner, outside the dashboard (no side menu): a header in the brand's colours,
 * the retailer's name and Period select, and only the tabs All OH (default) and BASKET, read-only.
 * The link's token and the portal session: features/b2b-links/use-portal-session.ts; when the
 * link has ended, the page says so.
 */
import type { CSSProperties } from 'react';
import { useParams } from 'react-router-dom';
import type { PortalContext } from '@shared/schemas/b2b';
import { LinkUnavailable } from '../../components/ui/link-unavailable';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { brandColors } from '../../lib/access';
import { formatDate } from '../../lib/format';
import { B2B_UI } from '../../features/b2b-links/messages';
import { usePortalSession } from '../../features/b2b-links/use-portal-session';
import { AddToBasket } from '../../features/basket/components/add-to-basket';
import { BasketTab } from '../../features/basket/components/basket-tab';
import { useRetailerPeriods } from '../../features/retailer-view/api/get-retailer-periods';
import { ProductTabs } from '../../features/retailer-view/components/product-tabs';
import { RetailerHeader } from '../../features/retailer-view/components/retailer-header';
import { RV_MSG } from '../../features/retailer-view/messages';
import '../../features/retailer-view/retailer-view.css';
import '../../features/b2b-links/b2b-links.css';

export function B2bPortalRoute() {
  const { rId = '', pId } = useParams();
  const state = usePortalSession(rId);

  if (state.kind === 'ended') return <LinkUnavailable message={state.message} />;
  if (state.kind === 'loading') {
    return (
      <main className="portal">
        <Spinner label={B2B_UI.loading} />
      </main>
    );
  }
  return <Portal ctx={state.ctx} periodId={pId} />;
}

function Portal({ ctx, periodId }: { ctx: PortalContext; periodId: string | undefined }) {
  const colors = brandColors(ctx.brand.colors);
  const periods = useRetailerPeriods(ctx.brand._id, ctx.retailer._id);
  const list = periods.data?.data ?? [];
  const shownId = periodId ?? ctx.period?._id;
  const unknownPeriod = periodId !== undefined && periods.data !== undefined && !list.some((p) => p._id === periodId);
  const theme = { '--bg-color': colors.bgColor, '--text-color': colors.textColor, '--hover-color': colors.hoverColor, '--summary-section-color': colors.summaryPageSectionColor } as CSSProperties;
  const rId = ctx.retailer._id;

  return (
    <div className="portal" style={theme}>
      <header className="portal__header">
        <span className="portal__brand">{ctx.brand.name}</span>
        <span className="portal__note">Read-only view · link valid until {formatDate(ctx.linkExpiresAt)}</span>
      </header>
      <main id="main" className="portal__main rv">
        <RetailerHeader
          info={{ retailer: ctx.retailer }}
          nextScan={ctx.nextScan}
          periods={list}
          selected={periodId}
          shownPeriodId={shownId}
          periodHref={(p) => (p ? paths.b2bPortalPeriod(rId, p) : paths.b2bPortal(rId))}
        />
        {unknownPeriod ? (
          <section className="panel panel--empty">
            <p className="panel__text">{RV_MSG.periodNotFound}</p>
          </section>
        ) : shownId ? (
          <ProductTabs
            key={shownId}
            periodId={shownId}
            previousPeriod={null}
            retailerId={rId}
            brandId={ctx.brand._id}
            views={['all_oh']}
            defaultTab="all_oh"
            readOnly
            extraTabs={[{ id: 'basket', label: 'BASKET', content: <BasketTab brandId={ctx.brand._id} retailerId={rId} canExport={false} /> }]}
            ohRowAction={(row, pageSerials) => <AddToBasket brandId={ctx.brand._id} retailerId={rId} serialNo={row.serialNo} pageSerials={pageSerials} />}
          />
        ) : (
          <section className="panel panel--empty">
            <p className="panel__text">{RV_MSG.noProducts}</p>
          </section>
        )}
      </main>
    </div>
  );
}
