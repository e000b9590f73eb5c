/** GET /getBrands (admin): brand names for the Select Brand modal. */
import useSWR from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

export type BrandOption = ResponseOf<'listBrandsForSelect'>['data'][number];

export const BRANDS_FOR_SELECT_KEY = 'getBrands';

export function getBrandsForSelect(): Promise<ResponseOf<'listBrandsForSelect'>> {
  return api('listBrandsForSelect');
}

/** Loads only while `enabled` (the modal is open). */
export function useBrandsForSelect(enabled: boolean) {
  return useSWR(enabled ? BRANDS_FOR_SELECT_KEY : null, getBrandsForSelect);
}
