/**
 * /b2bReatilerView/{rId} (001 §2, §6; docs/decisions.md "B2B portal"): one retailer's reduced view
 * for a brand's B2B partner, outside the dashboard (no side menu): a header in the brand's colours,
 * the retailer's name and Period select, and only the tabs All OH (default) and BASKET, read-only.
 *
 * The link's token comes in the URL fragment (`#t=…`): read once, kept in this tab's
 * sessionStorage and removed from the address bar, then exchanged for a portal session that every
 * call of the page carries (lib/portal-session.ts). A 401 (the session ran out, or the link was
 * revoked or expired) opens a new session from the kept token; when that fails too, the page says
 * the link ended.
 */
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useParams } from 'react-router-dom';
import { mutate } from 'swr';
import { B2B } from '@shared/constants';
import type { PortalContext } from '@shared/schemas/b2b';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { brandColors } from '../../lib/access';
import { ApiError } from '../../lib/api-error';
import { formatDate } from '../../lib/format';
import { startPortal, stopPortal } from '../../lib/portal-session';
import { openPortal } from '../../features/b2b-links/api/portal';
import { B2B_MSG, B2B_UI } from '../../features/b2b-links/messages';
import { AddToBasket } from '../../features/basket/components/add-to-basket';
import { BasketTab } from '../../features/basket/components/basket-tab';
import { useRetailerPeriods } from '../../features/retailer-view/api/get-retailer-periods';
import { ProductTabs } from '../../features/retailer-view/components/product-tabs';
import { RetailerHeader } from '../../features/retailer-view/components/retailer-header';
import { RV_MSG } from '../../features/retailer-view/messages';
import '../../features/retailer-view/retailer-view.css';
import '../../features/b2b-links/b2b-links.css';

type State = { kind: 'loading' } | { kind: 'ready'; ctx: PortalContext } | { kind: 'ended'; message: string };

const storeKey = (rId: string) => `b2b:${rId}`;

function stored(rId: string): string | null {
  try {
    return window.sessionStorage.getItem(storeKey(rId));
  } catch {
    return null;
  }
}

function keep(rId: string, token: string | null): void {
  try {
    if (token) window.sessionStorage.setItem(storeKey(rId), token);
    else window.sessionStorage.removeItem(storeKey(rId));
  } catch {
    /* storage disabled: the token lives in memory only */
  }
}

/** The token of the address's fragment, removed from the address bar (and so from history) at once. */
function takeFragmentToken(): string | null {
  const m = new RegExp(`(?:^#|&)${B2B.fragmentKey}=([^&]+)`).exec(window.location.hash);
  if (!window.location.hash) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  return m?.[1] ? decodeURIComponent(m[1]) : null;
}

function Ended({ message }: { message: string }) {
  return (
    <main className="portal">
      <section className="portal-ended" aria-labelledby="portal-ended-title">
        <h1 id="portal-ended-title">Link unavailable</h1>
        <p>{message}</p>
      </section>
    </main>
  );
}

export function B2bPortalRoute() {
  const { rId = '', pId } = useParams();
  const [state, setState] = useState<State>({ kind: 'loading' });
  /** Sessions opened by this page: a 401 opens the next one from the kept token. */
  const [attempt, setAttempt] = useState(0);
  const token = useRef<string | null>(null);

  useEffect(() => {
    const fromFragment = takeFragmentToken();
    if (fromFragment) keep(rId, fromFragment);
    token.current = fromFragment ?? stored(rId);
    // Another link pasted into this tab changes only the fragment (no reload): open that one.
    const onHash = () => {
      const next = takeFragmentToken();
      if (!next) return;
      keep(rId, next);
      token.current = next;
      setState({ kind: 'loading' });
      setAttempt((n) => n + 1);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [rId]);

  useEffect(() => {
    let live = true;
    const end = (message: string, forget: boolean) => {
      stopPortal();
      if (forget) keep(rId, null);
      if (live) setState({ kind: 'ended', message });
    };
    void (async () => {
      const linkToken = token.current;
      if (!linkToken) return end(B2B_MSG.linkEnded, false);
      try {
        const out = await openPortal(linkToken);
        if (!live) return;
        if (out.data.retailer._id !== rId) return end(B2B_MSG.linkInvalid, false);
        const opened = Date.now();
        startPortal(out.token, () => {
          // A 401 right after opening is the link itself refusing: no second try.
          if (Date.now() - opened < 5_000) end(B2B_MSG.linkEnded, true);
          else setAttempt((n) => n + 1);
        });
        setState({ kind: 'ready', ctx: out.data });
        if (attempt > 0) void mutate(() => true);
      } catch (e) {
        if (!(e instanceof ApiError)) return end((e as Error).message, false);
        const body = e.body as { message?: unknown } | undefined;
        end(e.status === 401 ? B2B_MSG.linkEnded : typeof body?.message === 'string' ? body.message : B2B_MSG.linkEnded, e.status === 401);
      }
    })();
    return () => {
      live = false;
      stopPortal();
    };
  }, [rId, attempt]);

  if (state.kind === 'ended') return <Ended message={state.message} />;
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
