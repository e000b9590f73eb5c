/** GET /RetailerSummaryDays/{brandId}/{retailerId} (000 §7): the retailer's scan periods, newest first ('Select Period'). */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';

export const RETAILER_PERIOD_OPTIONS_KEY = 'retailer-period-options';

export function getRetailerPeriodOptions(brandId: string, retailerId: string) {
  return api('listRetailerPeriods', { params: { brandId, retailerId } });
}

export function useRetailerPeriodOptions(brandId: string | undefined, retailerId: string | undefined) {
  return useSWR(brandId && retailerId ? ([RETAILER_PERIOD_OPTIONS_KEY, brandId, retailerId] as const) : null, ([, b, r]) => getRetailerPeriodOptions(b, r));
}
