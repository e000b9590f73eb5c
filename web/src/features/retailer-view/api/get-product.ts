/** GET /retailerBrandProductScrapings/{id} (000 §7): one product scrape. */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import { RETAILER_VIEW_KEY } from './keys';

export function useProduct(id: string) {
  return useSWR([RETAILER_VIEW_KEY, 'product', id] as const, async ([, , pId]) => (await api('getProductScraping', { params: { id: pId } })).data);
}

/** One product scrape as GET /retailerBrandProductScrapings/{id} answers it. */
export type ProductScrape = NonNullable<ReturnType<typeof useProduct>['data']>;
