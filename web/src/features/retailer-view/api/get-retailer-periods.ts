/** GET /RetailerSummaryDays/{brandId}/{retailerId} (000 §7): the retailer's scan periods, newest first. */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import { RETAILER_VIEW_KEY } from './keys';

export function useRetailerPeriods(brandId: string | undefined, retailerId: string) {
  return useSWR(brandId ? ([RETAILER_VIEW_KEY, 'periods', brandId, retailerId] as const) : null, ([, , b, r]) => api('listRetailerPeriods', { params: { brandId: b, retailerId: r } }));
}
