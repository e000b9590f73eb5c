/**
 * Cases of one retailer (issue 24): GET /cases/{brandId}/{retailerId} (active, worst first, or
 * resolved, latest first, with the counts kept on write), GET /caseActivity/{brandId}/{retailerId}
 * (the log, newest first, one kind), GET /case/{caseId} (a case, its evidence and its log),
 * PUT /case/{caseId}/resolve, POST /caseActivity/{brandId}/{retailerId}/export (the log as an
 * export job) and GET /productCase/{brandId}/{retailerId}?style_number= (a product's case, its log
 * newest first). Lists read a page at a time by the API's cursor.
 */
import useSWR, { mutate } from 'swr';
import useSWRInfinite from 'swr/infinite';
import useSWRMutation from 'swr/mutation';
import type { CaseEventKind, ResolveCaseBody } from '@shared/schemas/cases';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { BRAND_SUMMARY_KEY, RETAILER_SCRAPINGS_KEY } from '../../brand-summary';
import { RETAILER_VIEW_KEY } from '../../retailer-view';

export const CASES_KEY = 'cases';

const casesPage = (brandId: string, retailerId: string, status: 'active' | 'resolved', cursor: string | undefined) =>
  api('listRetailerCases', { params: { brandId, retailerId }, query: { status, ...(cursor ? { cursor } : {}) } });
type CasesPage = Awaited<ReturnType<typeof casesPage>>;
export type CaseRow = CasesPage['data'][number];

export function useRetailerCases(brandId: string | undefined, retailerId: string, status: 'active' | 'resolved') {
  return useSWRInfinite(
    (index, previous: CasesPage | null) => {
      if (!brandId || (previous && !previous.nextCursor)) return null;
      return [CASES_KEY, 'list', brandId, retailerId, status, index === 0 ? undefined : previous!.nextCursor!] as const;
    },
    ([, , brand, retailer, s, cursor]) => casesPage(brand, retailer, s, cursor),
  );
}

const activityPage = (brandId: string, retailerId: string, kind: CaseEventKind | '', cursor: string | undefined) =>
  api('listCaseActivity', { params: { brandId, retailerId }, query: { ...(kind ? { kind } : {}), ...(cursor ? { cursor } : {}) } });
type ActivityPage = Awaited<ReturnType<typeof activityPage>>;
export type CaseEventRow = ActivityPage['data'][number];

export function useCaseActivity(brandId: string | undefined, retailerId: string, kind: CaseEventKind | '') {
  return useSWRInfinite(
    (index, previous: ActivityPage | null) => {
      if (!brandId || (previous && !previous.nextCursor)) return null;
      return [CASES_KEY, 'activity', brandId, retailerId, kind, index === 0 ? undefined : previous!.nextCursor!] as const;
    },
    ([, , brand, retailer, k, cursor]) => activityPage(brand, retailer, k, cursor),
  );
}

/** Starts the export of the retailer's log (one kind, as the Activity view shows it): the job (queued); the file lands in ALL EXPORTS. */
export function exportCaseActivity(brandId: string, retailerId: string, kind: CaseEventKind | '') {
  return api('exportCaseActivity', { params: { brandId, retailerId }, body: kind ? { kind } : {} });
}

const productCasePage = (brandId: string, retailerId: string, styleNumber: string, cursor: string | undefined) =>
  api('getProductCase', { params: { brandId, retailerId }, query: { style_number: styleNumber, ...(cursor ? { cursor } : {}) } });
type ProductCasePage = Awaited<ReturnType<typeof productCasePage>>;

/** A product's case at the retailer (null when it never had one) and its log, newest first, a page at a time ("Show more"). */
export function useProductCase(brandId: string | undefined, retailerId: string, styleNumber: string) {
  return useSWRInfinite(
    (index, previous: ProductCasePage | null) => {
      if (!brandId || !styleNumber || (previous && !previous.nextCursor)) return null;
      return [CASES_KEY, 'product', brandId, retailerId, styleNumber, index === 0 ? undefined : previous!.nextCursor!] as const;
    },
    ([, , brand, retailer, style, cursor]) => productCasePage(brand, retailer, style, cursor),
  );
}

export function useCase(caseId: string | null) {
  return useSWR(caseId ? ([CASES_KEY, 'one', caseId] as const) : null, ([, , id]) => api('getCase', { params: { caseId: id }, query: { limit: '100' } }));
}

/** Resolving unflags the product: every read that shows a flag, a flag count or a case is read again. */
export function useResolveCase(caseId: string) {
  return useSWRMutation(
    [CASES_KEY, 'resolve', caseId] as const,
    async (_key, { arg }: { arg: ResolveCaseBody }) => {
      const out = await api('resolveCase', { params: { caseId }, body: arg });
      void mutate((key) => Array.isArray(key) && [RETAILER_VIEW_KEY, BRAND_SUMMARY_KEY, RETAILER_SCRAPINGS_KEY, CASES_KEY].includes(String(key[0])) && key[1] !== 'resolve');
      return out;
    },
    MUTATION_OPTIONS,
  );
}

const linksPage = (brandId: string, retailerId: string, cursor: string | undefined) => api('listCaseLinks', { params: { brandId, retailerId }, query: { status: 'active', ...(cursor ? { cursor } : {}) } });
type LinksPage = Awaited<ReturnType<typeof linksPage>>;
export type CaseLinkRow = LinksPage['data'][number];

/** The active links sent to the retailer (by the contact form's "Add a link to this retailer's open cases"). */
export function useCaseLinks(brandId: string | undefined, retailerId: string) {
  return useSWRInfinite(
    (index, previous: LinksPage | null) => {
      if (!brandId || (previous && !previous.nextCursor)) return null;
      return [CASES_KEY, 'links', brandId, retailerId, index === 0 ? undefined : previous!.nextCursor!] as const;
    },
    ([, , brand, retailer, cursor]) => linksPage(brand, retailer, cursor),
  );
}

export function useRevokeCaseLink(brandId: string | undefined) {
  return useSWRMutation([CASES_KEY, 'revoke-link', brandId] as const, async (_key, { arg: id }: { arg: string }) => api('revokeCaseLink', { params: { brandId: brandId ?? '', id } }), MUTATION_OPTIONS);
}

/** The brand's programme at a glance (figures kept on write, the retailers by compliance). */
export function useCaseSummary(brandId: string | undefined) {
  return useSWR(brandId ? ([CASES_KEY, 'summary', brandId] as const) : null, ([, , brand]) => api('getCaseSummary', { params: { brandId: brand } }));
}

/** Compliance, open cases and price flags per scan (a retailer) or per month (the brand), oldest first. */
export function useCaseTrend(brandId: string | undefined, retailerId?: string) {
  return useSWR(brandId ? ([CASES_KEY, 'trend', brandId, retailerId ?? ''] as const) : null, ([, , brand, retailer]) => api('getCaseTrend', { params: { brandId: brand }, query: retailer ? { retailerId: retailer } : {} }));
}

/**
 * GET /caseEvidencePack/{brandId}/{retailerId} (issue 24 §2): the retailer's active cases, worst
 * first, made into a PDF on the server; the answer's `link` is its 7-day app link, which the
 * browser opens (the file downloads, the page stays).
 */
export function useEvidencePack(brandId: string | undefined, retailerId: string) {
  return useSWRMutation([CASES_KEY, 'pack', brandId, retailerId] as const, async ([, , brand, retailer]) => api('getCaseEvidencePack', { params: { brandId: brand ?? '', retailerId: retailer } }), MUTATION_OPTIONS);
}
