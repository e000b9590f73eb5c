/** GET /retailerBrandProductScrapings (000 §7, 001 §4): one page of a tab, filtered, sorted and paged on the server. */
import useSWR from 'swr';
import type { PRODUCT_SORTS } from '@shared/schemas/scrapings';
import { api } from '../../../lib/api-client';
import { RETAILER_VIEW_KEY } from './keys';

export interface ProductsQuery {
  retailer_brand_scraping: string;
  page: number;
  limit: number;
  sort: (typeof PRODUCT_SORTS)[number];
  search?: string;
  tab?: 'change';
  isFlagged?: 'yes';
  filter?: 'price_diff' | 'all_oh' | 'sd_data' | 'oh_data' | 'price_match' | 'oh_sd_data';
  oh_map_id?: 'true' | 'false';
}

export function getProducts(query: ProductsQuery) {
  return api('listProductScrapings', { query });
}

export function useProducts(query: ProductsQuery | null) {
  return useSWR(query ? ([RETAILER_VIEW_KEY, 'products', query] as const) : null, ([, , q]) => getProducts(q), { keepPreviousData: true });
}
