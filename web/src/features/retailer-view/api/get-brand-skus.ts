/** GET /getBrandSkus/{brandId} (000 §7): the Brand SKU options of the Brand SKU edit. */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import { RETAILER_VIEW_KEY } from './keys';

export function useBrandSkus(brandId: string | undefined) {
  return useSWR(brandId ? ([RETAILER_VIEW_KEY, 'skus', brandId] as const) : null, async ([, , b]) => (await api('getBrandSkus', { params: { brandId: b } })).data);
}
