/** GET /brandRetailerSummary/{brandId} (000 §3 "Summary stats"): totals, each current and previous. */
import useSWR from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

export type BrandSummary = ResponseOf<'getBrandRetailerSummary'>;
export const BRAND_SUMMARY_KEY = 'brand-summary';

export function getBrandSummary(brandId: string): Promise<BrandSummary> {
  return api('getBrandRetailerSummary', { params: { brandId } });
}

export function useBrandSummary(brandId: string | undefined) {
  return useSWR(brandId ? ([BRAND_SUMMARY_KEY, brandId] as const) : null, ([, b]) => getBrandSummary(b));
}
