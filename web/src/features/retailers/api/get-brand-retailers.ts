/** GET /getRetailers/{brandId} (000 §7, 001 §7): the retailers of the brand the caller sees, by name ('Select a Retailer'). */
import useSWR from 'swr';
import type { BrandRetailerOption } from '@shared/schemas/retailer-scrapings';
import { api } from '../../../lib/api-client';

export type { BrandRetailerOption };
export const BRAND_RETAILERS_KEY = 'brand-retailers';

export function getBrandRetailers(brandId: string) {
  return api('getBrandRetailers', { params: { brandId } });
}

export function useBrandRetailers(brandId: string | undefined) {
  return useSWR(brandId ? ([BRAND_RETAILERS_KEY, brandId] as const) : null, ([, b]) => getBrandRetailers(b));
}
