/**
 * The Settings tabs My Account and Users (000 §2, §7, §9): the brand's users a page at a time
 * (10, name;asc; the cursor of each seen page), the roles, the brand's retailers for the
 * assigned-retailers modal, and the mutations (add, edit, delete, own settings), each
 * revalidating the users list after a 2xx.
 */
import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE } from '@shared/constants';
import type { ResponseOf } from '@shared/routes/responses';
import type { UpdateUserBody } from '@shared/schemas/users';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { createPageCursors } from '../../../lib/page-cursors';
import { getSession, updateSession } from '../../../lib/session';

export const BRAND_USERS_KEY = 'brand-users';
const cursors = createPageCursors();

export type BrandUsersPage = ResponseOf<'listUsers'>;
export type BrandUserRow = BrandUsersPage['data'][number];

export async function getBrandUsers(brandId: string, page: number, sort: string): Promise<BrandUsersPage> {
  const listKey = `${brandId}|${sort}`;
  const cursor = cursors.cursorFor(listKey, page);
  const out = await api('listUsers', { query: { brand: brandId, page, limit: PAGE.users, sort, ...(cursor ? { cursor } : {}) } });
  cursors.remember(listKey, page, out.nextCursor);
  return out;
}

export function useBrandUsers(brandId: string | undefined, page: number, sort: string = PAGE.usersSort) {
  return useSWR(brandId ? ([BRAND_USERS_KEY, 'list', brandId, page, sort] as const) : null, ([, , b, p, s]) => getBrandUsers(b, p, s), { keepPreviousData: true });
}

export function useRoles() {
  return useSWR('roles', () => api('listRoles'), { revalidateOnFocus: false });
}

export function useUsersTabRetailers(brandId: string | undefined) {
  return useSWR(brandId ? ([BRAND_USERS_KEY, 'retailers', brandId] as const) : null, ([, , b]) => api('getRetailersForUsersTab', { params: { brandId: b } }), { revalidateOnFocus: false });
}

/** After an add, edit or delete: every page of the list again (rows moved), from the first cursor. */
function revalidateUsers(mutate: ScopedMutator): Promise<unknown> {
  cursors.clear();
  return mutate((key) => Array.isArray(key) && key[0] === BRAND_USERS_KEY && key[1] === 'list');
}

export interface NewUser {
  firstname: string;
  lastname: string;
  email: string;
  roles: string[];
  associated_retailers: string[];
  notify: boolean;
}

/** ADMIN acting for a brand names it (`?brand=`); a brand admin's own brand is implied. */
const brandQuery = (actingBrand: string | undefined) => (actingBrand ? { brand: actingBrand } : {});

export function useAddUser(actingBrand: string | undefined) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [BRAND_USERS_KEY, 'add'] as const,
    async (_key, { arg }: { arg: NewUser }) => {
      const out = await api('registerAndNotify', { body: { ...arg, name: `${arg.firstname} ${arg.lastname}`, user_email_bcc: '' }, query: brandQuery(actingBrand) });
      await revalidateUsers(mutate);
      return out;
    },
    MUTATION_OPTIONS,
  );
}

export function useEditUser(actingBrand: string | undefined) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [BRAND_USERS_KEY, 'edit'] as const,
    async (_key, { arg }: { arg: { id: string; body: UpdateUserBody } }) => {
      const out = await api('updateUser', { params: { id: arg.id }, body: arg.body, query: brandQuery(actingBrand) });
      // Editing oneself here (one's own assigned retailers) ends one's sessions as any change of
      // access does: this one goes on with the token the answer holds.
      if (out.token && getSession()?.user._id === arg.id) updateSession({ user: out.user, token: out.token, ...(out.expiresAt ? { expiresAt: out.expiresAt } : {}) });
      await revalidateUsers(mutate);
      return out;
    },
    MUTATION_OPTIONS,
  );
}

export function useDeleteUser(actingBrand: string | undefined) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [BRAND_USERS_KEY, 'delete'] as const,
    async (_key, { arg: id }: { arg: string }) => {
      const out = await api('removeAndNotify', { params: { id }, query: brandQuery(actingBrand) });
      await revalidateUsers(mutate);
      return out;
    },
    MUTATION_OPTIONS,
  );
}

/** My Account: the caller's own settings (PUT /users/{own id}). */
export function useUpdateAccount(userId: string) {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [BRAND_USERS_KEY, 'account', userId] as const,
    async (_key, { arg }: { arg: UpdateUserBody }) => {
      const out = await api('updateUser', { params: { id: userId }, body: arg });
      await revalidateUsers(mutate);
      return out;
    },
    MUTATION_OPTIONS,
  );
}
