/**
 * The retailer's page of a brand's open cases (issue 24 §3): POST /retailerCases (the link's
 * token in the body) and POST /retailerCases/{caseId} (fixed, or a note). No session: the token
 * goes with every call. The token comes in the address's fragment (`#t=…`), is kept in this tab's
 * sessionStorage and removed from the address bar at once.
 */
import useSWRInfinite from 'swr/infinite';
import useSWRMutation from 'swr/mutation';
import type { AnswerRetailerCaseBody } from '@shared/schemas/cases';
import { api } from '../../lib/api-client';
import { MUTATION_OPTIONS } from '../../lib/mutation';

const KEY = 'retailer-cases';
const STORE = 'retailer-cases:token';

/** The page's token: the fragment's (then kept and taken out of the address bar), else the one kept in this tab. */
export function takeToken(): string | null {
  const m = /(?:^#|&)t=([^&]+)/.exec(window.location.hash);
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  const token = m?.[1] ? decodeURIComponent(m[1]) : null;
  try {
    if (token) window.sessionStorage.setItem(STORE, token);
    return token ?? window.sessionStorage.getItem(STORE);
  } catch {
    return token;
  }
}

const page = (token: string, cursor: string | undefined) => api('openRetailerCases', { auth: false, body: { token, ...(cursor ? { cursor } : {}) } });
type Page = Awaited<ReturnType<typeof page>>;
export type RetailerCase = Page['data'][number];

export function useRetailerCases(token: string | null) {
  return useSWRInfinite(
    (index, previous: Page | null) => {
      if (!token || (previous && !previous.nextCursor)) return null;
      return [KEY, token, index === 0 ? undefined : previous!.nextCursor!] as const;
    },
    ([, t, cursor]) => page(t, cursor),
    // A 401 here is the link's end, shown by the page: not the app's "session expired" (no login to go back to).
    { revalidateOnFocus: false, shouldRetryOnError: false, onError: () => undefined },
  );
}

export function useAnswerCase(caseId: string) {
  return useSWRMutation([KEY, 'answer', caseId] as const, async (_key, { arg }: { arg: AnswerRetailerCaseBody }) => api('answerRetailerCase', { auth: false, params: { caseId }, body: arg }), MUTATION_OPTIONS);
}
