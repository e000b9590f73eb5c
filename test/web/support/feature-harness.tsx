/**
 * The set-up every jsdom feature test shares: fetch stubbed at the network edge (each request
 * recorded, answered by the test's `answer`), a signed-in session (BRAND_ADMIN of brand-1 unless
 * the test says otherwise), a React root in the document (Testing Library's `render`, so
 * `screen` queries work; a second `render` in a test re-renders the same tree), a fresh SWR cache
 * per test without retries, and `settle` to let effects and fetches run. Toasts: ./notify-mock.ts.
 */
import { act, cleanup, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, beforeEach, vi } from 'vitest';
import { clearSession, setSession, type Session } from '../../../web/src/lib/session';
import { shown } from './notify-mock';

// Tests also call React's own act() (settling effects): outside Testing Library's render, React needs this to accept it.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

export interface Req {
  method: string;
  url: URL;
  /** JSON bodies parsed; FormData (multipart) as sent; undefined without a body. */
  body: unknown;
}
export interface Answer {
  status: number;
  body: unknown;
}

type SessionUser = Record<string, unknown>;

export interface HarnessOptions {
  /** The signed-in user; default a BRAND_ADMIN of brand-1. */
  user?: SessionUser;
}

export function featureHarness(opts: HarnessOptions = {}) {
  const calls: Req[] = [];
  let answer: (req: Req) => Answer | Promise<Answer> = () => ({ status: 200, body: {} });
  let rerender: ((ui: ReactNode) => void) | undefined;
  const h = {
    calls,
    host: undefined as unknown as HTMLDivElement,
    /** How the stubbed network answers from now on. */
    answer(fn: (req: Req) => Answer | Promise<Answer>) {
      answer = fn;
    },
    /** Renders inside a fresh SWR cache (no retries, no deduping). */
    render: (ui: ReactNode) => {
      const tree = <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false, dedupingInterval: 0 }}>{ui}</SWRConfig>;
      if (rerender) rerender(tree);
      else rerender = render(tree, { container: h.host }).rerender;
    },
    /** Lets `rounds` turns of effects, fetches and state updates run. */
    settle: async (rounds = 8) => {
      for (let i = 0; i < rounds; i++) await act(() => new Promise((r) => setTimeout(r, 0)));
    },
    /** Settles until `check()` holds (40 rounds of two turns and a 10 ms timer: a lazily loaded chunk's import), else fails naming `what`, the page's text and the calls made. */
    until: async (check: () => unknown, what: string) => {
      for (let i = 0; i < 40; i++) {
        if (check()) return;
        await h.settle(2);
        await act(() => new Promise((r) => setTimeout(r, 10)));
      }
      throw new Error(`never: ${what}\n${document.body.textContent}\n${JSON.stringify(calls.map((c) => [c.url.pathname, c.body]))}`);
    },
  };

  beforeEach(() => {
    calls.length = 0;
    shown.length = 0;
    answer = () => ({ status: 200, body: {} });
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const req: Req = {
        method: init.method ?? 'GET',
        url: new URL(url, 'http://localhost'),
        body: typeof init.body === 'string' ? JSON.parse(init.body) : (init.body ?? undefined),
      };
      calls.push(req);
      const a = await answer(req);
      return new Response(a.body === undefined ? '' : JSON.stringify(a.body), { status: a.status, headers: { 'content-type': 'application/json' } });
    });
    const user = opts.user ?? { _id: 'u1', name: 'Bea', roles: [{ name: 'BRAND_ADMIN' }], brand: { _id: 'brand-1', name: 'B' } };
    setSession({ token: 'tok', expiresAt: new Date(Date.now() + 60_000).toISOString(), user, actingBrand: null } as unknown as Session);
    h.host = document.body.appendChild(document.createElement('div'));
    rerender = undefined;
  });
  afterEach(() => {
    cleanup();
    document.body.innerHTML = '';
    vi.unstubAllGlobals();
    clearSession();
  });

  return h;
}
