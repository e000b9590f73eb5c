/**
 * GET /RetailerScraping/{brandId} (000 §7): one record per retailer the caller sees (a User with
 * assigned retailers: only those), with counts kept on write. The summary tiles and the retailer
 * list both read it: a brand carries at most a few hundred retailers, listed in one answer.
 */
import useSWR from 'swr';
import type { RetailerScrapingRecord } from '@shared/schemas/retailer-scrapings';
import { api } from '../../../lib/api-client';

export type { RetailerScrapingRecord };
export const RETAILER_SCRAPINGS_KEY = 'retailer-scrapings';

export function getRetailerScrapings(brandId: string) {
  return api('listRetailerScrapings', { params: { brandId } });
}

export function useRetailerScrapings(brandId: string | undefined) {
  return useSWR(brandId ? ([RETAILER_SCRAPINGS_KEY, brandId] as const) : null, ([, b]) => getRetailerScrapings(b));
}
