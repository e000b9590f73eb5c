/**
 * The server basket (docs/basket.md): one per owner, brand and retailer, read a page at a time
 * with its count, which serials of an OH page are in it, add (one or a bulk import), remove,
 * clear, clear all, and the export job. Every write revalidates every basket key at once, so the
 * count, the page and the plus icons update together.
 */
import useSWR, { mutate, useSWRConfig, type ScopedMutator } from 'swr';
import useSWRMutation from 'swr/mutation';
import { BASKET_ADD_MAX } from '@shared/messages/basket';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

export const BASKET_KEY = 'basket';

export interface BasketTarget {
  brandId: string | undefined;
  retailerId: string;
}

const brandQuery = (brandId: string | undefined) => (brandId ? { brand: brandId } : {});

export type BasketPage = ResponseOf<'getBasket'>;
export type BasketAddResult = ResponseOf<'addBasketItems'>;
export type BasketExportJob = ResponseOf<'getBasketExport'>;

const isBasketKey = (key: unknown) => Array.isArray(key) && key[0] === BASKET_KEY;
/** Every basket read again (pages, counts, plus icons), in the given SWR cache (default: the app's). */
export const revalidateBaskets = (m: ScopedMutator = mutate) => m(isBasketKey);

export function useBasket({ brandId, retailerId }: BasketTarget, page: number) {
  return useSWR([BASKET_KEY, 'page', brandId, retailerId, page] as const, ([, , b, r, p]) => api('getBasket', { params: { retailerId: r }, query: { ...brandQuery(b), page: p } }), { keepPreviousData: true });
}

/** Which of these serials (one OH page's) are in the basket; one request for the page (SWR dedupes the rows' calls). */
export function useBasketHas({ brandId, retailerId }: BasketTarget, serials: readonly string[]) {
  const list = serials.join(',');
  return useSWR(list ? ([BASKET_KEY, 'has', brandId, retailerId, list] as const) : null, ([, , b, r, s]) => api('getBasketHas', { params: { retailerId: r }, query: { ...brandQuery(b), serialNo: s } }));
}

/** Adds serials, in parts of BASKET_ADD_MAX (a long bulk import), merging the answers. */
export async function addToBasket({ brandId, retailerId }: BasketTarget, serials: readonly string[]): Promise<BasketAddResult> {
  const out: BasketAddResult = { message: '', added: [], already: [], notImported: [], totalCount: 0 };
  for (let i = 0; i < serials.length; i += BASKET_ADD_MAX) {
    const part = await api('addBasketItems', { params: { retailerId }, query: brandQuery(brandId), body: { serialNo: serials.slice(i, i + BASKET_ADD_MAX) } });
    out.added.push(...part.added);
    out.already.push(...part.already);
    out.notImported.push(...part.notImported);
    out.totalCount = part.totalCount;
    out.message ||= part.message;
  }
  return out;
}

export function useAddToBasket(target: BasketTarget) {
  const { mutate: bound } = useSWRConfig();
  return useSWRMutation(
    [BASKET_KEY, 'add', target.brandId, target.retailerId] as const,
    async (_key, { arg }: { arg: readonly string[] }) => {
      try {
        return await addToBasket(target, arg);
      } finally {
        await revalidateBaskets(bound);
      }
    },
    MUTATION_OPTIONS,
  );
}

export function useRemoveFromBasket({ brandId, retailerId }: BasketTarget) {
  const { mutate: bound } = useSWRConfig();
  return useSWRMutation(
    [BASKET_KEY, 'remove', brandId, retailerId] as const,
    async (_key, { arg }: { arg: string }) => {
      try {
        return await api('removeBasketItem', { params: { retailerId, serialNo: arg }, query: brandQuery(brandId) });
      } finally {
        await revalidateBaskets(bound);
      }
    },
    MUTATION_OPTIONS,
  );
}

export function useClearBasket({ brandId, retailerId }: BasketTarget) {
  const { mutate: bound } = useSWRConfig();
  return useSWRMutation(
    [BASKET_KEY, 'clear', brandId, retailerId] as const,
    async () => {
      try {
        return await api('clearBasket', { params: { retailerId }, query: brandQuery(brandId) });
      } finally {
        await revalidateBaskets(bound);
      }
    },
    MUTATION_OPTIONS,
  );
}

/** The side menu's 'Clear All Baskets' (000 §2): every basket of the signed-in user. */
export async function clearAllBaskets(): Promise<ResponseOf<'clearAllBaskets'>> {
  try {
    return await api('clearAllBaskets', {});
  } finally {
    await revalidateBaskets();
  }
}

/** POST /exportBucketData: the whole basket (no serial list); answers the job, built in the background. */
export function startBasketExport({ brandId, retailerId }: BasketTarget): Promise<BasketExportJob> {
  return api('exportBucketData', { query: brandQuery(brandId), body: { retailerId } });
}

/** The job, read every second until it is done or failed. */
export function useBasketExportJob(jobId: string | null) {
  return useSWR(jobId ? ([BASKET_KEY, 'export', jobId] as const) : null, ([, , id]) => api('getBasketExport', { params: { jobId: id } }), {
    refreshInterval: (job) => (job && (job.status === 'done' || job.status === 'failed') ? 0 : 1000),
    revalidateOnFocus: false,
  });
}
