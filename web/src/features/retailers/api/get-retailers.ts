/** GET /retailers (001 §7): every retailer, sorted by name. */
import useSWR from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

export const RETAILERS_KEY = 'retailers';

export function getRetailers(): Promise<ResponseOf<'listRetailers'>> {
  return api('listRetailers');
}

export function useRetailers() {
  return useSWR(RETAILERS_KEY, getRetailers);
}
