/**
 * The User Retailer List's calls (001 §2, §7, §9): GET /brands one page by name (100 a page; page
 * n + 1 asked with page n's cursor, a jump by number alone) and PUT /brands/{id} with the brand's
 * retailers as a list of {retailer, flag} and the `retailersVersion` the screen showed (a change
 * by another admin meanwhile: 409). After a save every brands read and the Permissions results
 * are read again.
 */
import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE } from '@shared/constants';
import type { ResponseOf } from '@shared/routes/responses';
import type { RetailerFlagInput } from '@shared/schemas/brand-settings';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { createPageCursors } from '../../../lib/page-cursors';
import { BRANDS_KEY } from '../../brands';
import { PERMISSIONS_KEY } from '../../permissions';

export type BrandRow = ResponseOf<'listBrands'>['data'][number];
export type BrandPage = ResponseOf<'listBrands'>;

export const BRANDS_PAGE_SIZE = PAGE.brandsAdmin;
const PAGES_KEY = 'brands-admin';
const cursors = createPageCursors();

export async function getBrandPage(page: number, limit: number = BRANDS_PAGE_SIZE): Promise<BrandPage> {
  const list = String(limit);
  const cursor = cursors.cursorFor(list, page);
  const out = await api('listBrands', { query: cursor ? { limit, cursor } : { page, limit } });
  cursors.remember(list, page, out.nextCursor);
  return out;
}

export function useBrandPage(page: number, limit: number = BRANDS_PAGE_SIZE) {
  return useSWR([PAGES_KEY, page, limit] as const, ([, p, l]) => getBrandPage(p, l), { keepPreviousData: true });
}

/** After a save: the brands pages, the whole list (Settings › Brand, Select Brand) and the Permissions results reload. */
export function revalidateBrands(mutate: ScopedMutator): Promise<unknown> {
  return mutate((key) => key === BRANDS_KEY || (Array.isArray(key) && (key[0] === PAGES_KEY || key[0] === PERMISSIONS_KEY)));
}

export function updateBrandRetailers(brandId: string, retailers: RetailerFlagInput[], retailersVersion: number) {
  return api('updateBrand', { params: { brandId }, body: { retailers, retailersVersion } });
}

/** Save a brand's checklist: reloads the lists whatever the answer (a refusal may mean another admin saved meanwhile). */
export function useSaveBrandRetailers() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [PAGES_KEY, 'save'] as const,
    async (_key, { arg }: { arg: { brandId: string; retailers: RetailerFlagInput[]; retailersVersion: number } }) => {
      try {
        return await updateBrandRetailers(arg.brandId, arg.retailers, arg.retailersVersion);
      } finally {
        await revalidateBrands(mutate);
      }
    },
    MUTATION_OPTIONS,
  );
}

/**
 * What the checklist sends (pure): an entry for each retailer whose checked state differs from
 * the brand's list (a retailer not on the list counts as not enabled), in the checklist's order.
 */
export function changedEntries(listed: readonly { retailer: string; flag: boolean }[], checked: ReadonlySet<string>, order: readonly string[]): RetailerFlagInput[] {
  const enabled = new Set(listed.filter((e) => e.flag !== false).map((e) => e.retailer));
  return order.filter((id) => enabled.has(id) !== checked.has(id)).map((id) => ({ retailer: id, flag: checked.has(id) }));
}
