/**
 * GET /RetailerScraping/{brandId}?page&limit&sort&filter&search&rep (000 §7): one page of the
 * records of the retailers the caller sees (a User with assigned retailers: only those), sorted,
 * filtered and paged by the server (docs/decisions.md "Summary and Retailer List at 200
 * retailers"): the Retailer List asks 25 a page, the tiles 10 a chunk.
 */
import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import type { RetailerScrapingRecord } from '@shared/schemas/retailer-scrapings';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

export type { RetailerScrapingRecord };
export type RetailerScrapingsPage = ResponseOf<'listRetailerScrapings'>;
export const RETAILER_SCRAPINGS_KEY = 'retailer-scrapings';

export interface RetailerScrapingsAsk {
  page: number;
  limit: number;
  sort?: string;
  filter?: string;
  search?: string;
  rep?: string;
}

/** Only the parameters that say something are sent (the server's defaults are the list's). */
function queryOf(q: RetailerScrapingsAsk): Record<string, string | number> {
  const out: Record<string, string | number> = { page: q.page, limit: q.limit };
  if (q.sort) out.sort = q.sort;
  if (q.filter && q.filter !== 'all') out.filter = q.filter;
  if (q.search?.trim()) out.search = q.search.trim();
  if (q.rep) out.rep = q.rep;
  return out;
}

export function getRetailerScrapings(brandId: string, q: RetailerScrapingsAsk): Promise<RetailerScrapingsPage> {
  return api('listRetailerScrapings', { params: { brandId }, query: queryOf(q) as never });
}

/** One page (the Retailer List); the page shown stays while the next one loads. */
export function useRetailerScrapings(brandId: string | undefined, q: RetailerScrapingsAsk) {
  return useSWR(brandId ? ([RETAILER_SCRAPINGS_KEY, brandId, JSON.stringify(queryOf(q))] as const) : null, ([, b]) => getRetailerScrapings(b, q), { keepPreviousData: true });
}

/** Pages of `limit` one after another (the tiles' chunks): `setSize(size + 1)` asks the next. */
export function useRetailerScrapingChunks(brandId: string | undefined, q: Omit<RetailerScrapingsAsk, 'page'>) {
  return useSWRInfinite(
    (index, previous: RetailerScrapingsPage | null) => {
      if (!brandId || (previous && index * q.limit >= previous.totalCount)) return null;
      return [RETAILER_SCRAPINGS_KEY, 'chunks', brandId, JSON.stringify(queryOf({ ...q, page: index + 1 }))] as const;
    },
    ([, , b, query]) => getRetailerScrapings(b, JSON.parse(query) as RetailerScrapingsAsk),
  );
}
