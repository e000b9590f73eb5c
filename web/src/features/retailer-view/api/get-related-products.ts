/** GET /getRelatedProducts?id=&brand=&retailer= (001 §7): the product's history across periods, newest first. */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import { RETAILER_VIEW_KEY } from './keys';

export function useRelatedProducts(id: string, brandId: string | undefined, retailerId: string) {
  return useSWR(brandId ? ([RETAILER_VIEW_KEY, 'history', id, brandId, retailerId] as const) : null, ([, , pId, b, r]) =>
    api('getRelatedProducts', { query: { id: pId, brand: b, retailer: r } }),
  );
}
