/** GET /getBrands (admin): brand names for the Select Brand modal. */
import useSWR from 'swr';
import { route } from '@shared/routes';
import type { Brand } from '@shared/types';
import { apiRequest } from '../../../lib/api-client';

export type BrandOption = Pick<Brand, '_id' | 'name' | 'slug'>;

export const BRANDS_FOR_SELECT_KEY = 'getBrands';

export function getBrandsForSelect(): Promise<{ data: BrandOption[] }> {
  return apiRequest<{ data: BrandOption[] }>('GET', route('listBrandsForSelect').path);
}

/** Loads only while `enabled` (the modal is open). */
export function useBrandsForSelect(enabled: boolean) {
  return useSWR(enabled ? BRANDS_FOR_SELECT_KEY : null, getBrandsForSelect);
}
