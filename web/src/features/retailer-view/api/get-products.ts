/** GET /retailerBrandProductScrapings (000 §7, 001 §4): one page of a tab, filtered, sorted and paged on the server. */
import useSWR from 'swr';
import type * as z from 'zod';
import type { listProductScrapingsQuery } from '@shared/schemas/scrapings';
import { api } from '../../../lib/api-client';
import { RETAILER_VIEW_KEY } from './keys';

/** The list request of a tab: what the route's query schema takes (its input, before defaults). */
export type ProductsQuery = z.input<typeof listProductScrapingsQuery>;

export function getProducts(query: ProductsQuery) {
  return api('listProductScrapings', { query });
}

export function useProducts(query: ProductsQuery | null) {
  return useSWR(query ? ([RETAILER_VIEW_KEY, 'products', query] as const) : null, ([, , q]) => getProducts(q), { keepPreviousData: true });
}
