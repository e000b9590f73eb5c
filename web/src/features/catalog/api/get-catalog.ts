/** GET /brandCatalog/{brandId} (ours; Manage Catalog): one page of the brand's on-hand items, with a cursor. */
import useSWR from 'swr';
import type { CatalogItem } from '@shared/schemas/retailer-scrapings';
import { api } from '../../../lib/api-client';

export type { CatalogItem };
export const CATALOG_KEY = 'brand-catalog';

export function getCatalog(brandId: string, search: string, cursor: string | undefined) {
  return api('getBrandCatalog', { params: { brandId }, query: { ...(search ? { search } : {}), ...(cursor ? { cursor } : {}) } });
}

export function useCatalog(brandId: string | undefined, search: string, cursor: string | undefined) {
  return useSWR(brandId ? ([CATALOG_KEY, brandId, search, cursor ?? ''] as const) : null, ([, b, s, c]) => getCatalog(b, s, c || undefined), { keepPreviousData: true });
}
