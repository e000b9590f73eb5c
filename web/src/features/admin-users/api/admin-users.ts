/**
 * Manage Users (001 §2, §7, §9): the admin's users a page at a time (GET /users?page&limit&sort&keyword,
 * 10 a page; page n + 1 asked for with page n's cursor), the brands and roles of the add-user
 * form, and POST /users, which revalidates the list after a 2xx.
 */
import useSWR, { useSWRConfig } from 'swr';
import useSWRMutation from 'swr/mutation';
import { PAGE } from '@shared/constants';
import type { ResponseOf } from '@shared/routes/responses';
import type { CreateUserBody } from '@shared/schemas/users';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { createPageCursors } from '../../../lib/page-cursors';

export const ADMIN_USERS_KEY = 'admin-users';

/** The list state of the screen (the URL query): `sort` is `field;asc|desc`, the Brand column sent as `brand`. */
export interface AdminUsersQuery {
  page: number;
  sort: string;
  keyword?: string;
}

export type AdminUsersPage = ResponseOf<'listUsers'>;
export type AdminUserRow = AdminUsersPage['data'][number];

const cursors = createPageCursors();

export async function getAdminUsers(q: AdminUsersQuery): Promise<AdminUsersPage> {
  const listKey = JSON.stringify([q.sort, q.keyword ?? '']);
  const cursor = cursors.cursorFor(listKey, q.page);
  const out = await api('listUsers', { query: { page: q.page, limit: PAGE.users, sort: q.sort, ...(q.keyword ? { keyword: q.keyword } : {}), ...(cursor ? { cursor } : {}) } });
  cursors.remember(listKey, q.page, out.nextCursor);
  return out;
}

export function useAdminUsers(q: AdminUsersQuery) {
  return useSWR([ADMIN_USERS_KEY, 'list', q.page, q.sort, q.keyword ?? ''] as const, ([, , page, sort, keyword]) => getAdminUsers({ page, sort, keyword: keyword || undefined }), {
    keepPreviousData: true,
  });
}

/** The Brand select of the add-user form: GET /getBrands. */
export function useBrandOptions() {
  return useSWR([ADMIN_USERS_KEY, 'brands'] as const, () => api('listBrandsForSelect'), { revalidateOnFocus: false });
}

/** The Role select: GET /roles (ADMIN included: only an admin adds users here). */
export function useRoleOptions() {
  return useSWR([ADMIN_USERS_KEY, 'roles'] as const, () => api('listRoles'), { revalidateOnFocus: false });
}

export function useCreateUser() {
  const { mutate } = useSWRConfig();
  return useSWRMutation(
    [ADMIN_USERS_KEY, 'create'] as const,
    async (_key, { arg }: { arg: CreateUserBody }) => {
      const out = await api('createUser', { body: arg });
      // Rows moved: every page again, from the first cursor.
      cursors.clear();
      await mutate((key) => Array.isArray(key) && key[0] === ADMIN_USERS_KEY && key[1] === 'list');
      return out;
    },
    MUTATION_OPTIONS,
  );
}
