/**
 * The admin Retailer List's calls (001 §2, §7): GET /retailers one page by name (100 a page; page
 * n + 1 is asked with page n's cursor, a jump by number alone), POST /retailers,
 * PUT /retailers/{id}, DELETE /retailers/{id}. After a change every retailers read is revalidated
 * (the pages, and the whole list the post office's Retailer select shows).
 */
import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE } from '@shared/constants';
import type { ResponseOf } from '@shared/routes/responses';
import type { RetailerInput } from '@shared/schemas/retailers';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { createPageCursors } from '../../../lib/page-cursors';
import { RETAILERS_KEY } from './get-retailers';

export type RetailerRow = ResponseOf<'listRetailers'>['data'][number];
export type RetailerPage = ResponseOf<'listRetailers'>;
export type { RetailerInput };

export const RETAILERS_PAGE_SIZE = PAGE.retailersAdmin;
const PAGES_KEY = 'retailers-admin';
const cursors = createPageCursors();

export async function getRetailerPage(page: number, limit: number = RETAILERS_PAGE_SIZE): Promise<RetailerPage> {
  const list = String(limit);
  const cursor = cursors.cursorFor(list, page);
  const out = await api('listRetailers', { query: cursor ? { limit, cursor } : { page, limit } });
  cursors.remember(list, page, out.nextCursor);
  return out;
}

export function useRetailerPage(page: number, limit: number = RETAILERS_PAGE_SIZE) {
  return useSWR([PAGES_KEY, page, limit] as const, ([, p, l]) => getRetailerPage(p, l), { keepPreviousData: true });
}

/** After an add, edit or delete: rows moved, so the cursors are forgotten and every retailers read reloads. */
export function revalidateRetailers(mutate: ScopedMutator): Promise<unknown> {
  cursors.clear();
  return mutate((key) => key === RETAILERS_KEY || (Array.isArray(key) && key[0] === PAGES_KEY));
}

export function createRetailer(body: RetailerInput) {
  return api('createRetailer', { body });
}
export function updateRetailer(id: string, body: RetailerInput) {
  return api('updateRetailer', { params: { id }, body });
}
export function deleteRetailer(id: string) {
  return api('deleteRetailer', { params: { id } });
}

/** Add (no id) or edit (id): reloads the lists after a success only. */
export function useSaveRetailer() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [PAGES_KEY, 'save'] as const,
    async (_key, { arg }: { arg: { id?: string; body: RetailerInput } }) => {
      const out = arg.id ? await updateRetailer(arg.id, arg.body) : await createRetailer(arg.body);
      await revalidateRetailers(mutate);
      return out;
    },
    MUTATION_OPTIONS,
  );
}

/** Delete: the lists reload whatever the answer (a refused delete may mean someone changed it meanwhile). */
export function useDeleteRetailer() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [PAGES_KEY, 'delete'] as const,
    async (_key, { arg: id }: { arg: string }) => {
      try {
        return await deleteRetailer(id);
      } finally {
        await revalidateRetailers(mutate);
      }
    },
    MUTATION_OPTIONS,
  );
}
