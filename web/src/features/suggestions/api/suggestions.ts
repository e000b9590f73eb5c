/**
 * A retailer's Suggestions (issue 38 §3): GET /suggestions/{brandId}/{periodId} a page at a time by
 * status (polled every 2 s while the scan is being checked), and the decisions: Flag, Dismiss,
 * Check again. A decision refreshes every status's list (the counts move together).
 */
import { useSWRConfig } from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { SuggestionView } from '@shared/schemas/suggestions';
import { api } from '../../../lib/api-client';

export type { SuggestionView };
export type SuggestionStatus = 'open' | 'flagged' | 'dismissed';
export const SUGGESTIONS_KEY = 'suggestions';

const page = (brandId: string, periodId: string, status: SuggestionStatus, cursor: string | undefined) => api('listSuggestions', { params: { brandId, periodId }, query: { status, ...(cursor ? { cursor } : {}) } });
type Page = Awaited<ReturnType<typeof page>>;

export function useSuggestions(brandId: string, periodId: string, status: SuggestionStatus) {
  return useSWRInfinite(
    (index, previous: Page | null) => (previous && !previous.nextCursor ? null : ([SUGGESTIONS_KEY, brandId, periodId, status, index === 0 ? '' : previous!.nextCursor!] as const)),
    ([, b, p, s, c]) => page(b, p, s, c || undefined),
    { revalidateOnFocus: false, refreshInterval: (pages) => (pages?.[0]?.state.status === 'running' ? 2000 : 0) },
  );
}

/** After a Flag: the retailer view's reads again (its flag counts, the product's flag, its case), so every number agrees. */
export function useRefreshRetailerView() {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => Array.isArray(key) && key[0] !== SUGGESTIONS_KEY);
}

export const flagSuggestion = (brandId: string, periodId: string, suggestionId: string, message: string) => api('flagSuggestion', { params: { brandId, periodId, suggestionId }, body: { message } });
export const dismissSuggestion = (brandId: string, periodId: string, suggestionId: string, reason: string) => api('dismissSuggestion', { params: { brandId, periodId, suggestionId }, body: { reason } });
export const checkAgain = (brandId: string, periodId: string) => api('checkSuggestionsAgain', { params: { brandId, periodId } });
