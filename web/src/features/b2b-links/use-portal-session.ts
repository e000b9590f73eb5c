/**
 * The B2B portal's session (docs/decisions.md "B2B portal"): the link's token comes in the URL
 * fragment (`#t=…`), is read once, kept in this tab's sessionStorage and removed from the address
 * bar, then exchanged for a portal session that every call of the page carries
 * (lib/portal-session.ts). A 401 (the session ran out, or the link was revoked or expired) opens a
 * new session from the kept token; when that fails too, the state is `ended` with the reason.
 */
import { useEffect, useRef, useState } from 'react';
import { mutate } from 'swr';
import { B2B } from '@shared/constants';
import type { PortalContext } from '@shared/schemas/b2b';
import { ApiError } from '../../lib/api-error';
import { startPortal, stopPortal } from '../../lib/portal-session';
import { openPortal } from './api/portal';
import { B2B_MSG } from './messages';

export type PortalState = { kind: 'loading' } | { kind: 'ready'; ctx: PortalContext } | { kind: 'ended'; message: string };

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

/** The portal session of retailer `rId`'s page: loading, ready (the link's context) or ended (why). */
export function usePortalSession(rId: string): PortalState {
  const [state, setState] = useState<PortalState>({ kind: 'loading' });
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
  return state;
}
