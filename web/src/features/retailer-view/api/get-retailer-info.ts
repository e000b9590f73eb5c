/**
 * GET /RetailerScraping/{brandId}/{id} (001 §7): with a retailer id the retailer scan info, with a
 * period id the period's scraping info (one path, two meanings).
 */
import useSWR from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';
import { RETAILER_VIEW_KEY } from './keys';

type Info = ResponseOf<'getRetailerScraping'>['data'];
export type RetailerScanInfo = Extract<Info, { kind: 'retailer' }>;
export type PeriodInfo = Extract<Info, { kind: 'period' }>;

export function useRetailerInfo(brandId: string | undefined, retailerId: string) {
  return useSWR(brandId ? ([RETAILER_VIEW_KEY, 'retailer', brandId, retailerId] as const) : null, async ([, , b, r]) => {
    const { data } = await api('getRetailerScraping', { params: { brandId: b, id: r } });
    if (data.kind !== 'retailer') throw new Error('Not a retailer');
    return data;
  });
}

export function usePeriodInfo(brandId: string | undefined, periodId: string | undefined) {
  return useSWR(brandId && periodId ? ([RETAILER_VIEW_KEY, 'period', brandId, periodId] as const) : null, async ([, , b, p]) => {
    const { data } = await api('getRetailerScraping', { params: { brandId: b, id: p } });
    if (data.kind !== 'period') throw new Error('Not a period');
    return data;
  });
}
