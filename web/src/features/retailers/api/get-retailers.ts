/** GET /retailers (001 §7): every retailer, sorted by name. */
import useSWR from 'swr';
import { route } from '@shared/routes';
import type { Retailer } from '@shared/types';
import { apiRequest } from '../../../lib/api-client';

export const RETAILERS_KEY = 'retailers';

export function getRetailers(): Promise<{ data: Retailer[] }> {
  return apiRequest<{ data: Retailer[] }>('GET', route('listRetailers').path);
}

export function useRetailers() {
  return useSWR(RETAILERS_KEY, getRetailers);
}
