/** GET /users?page&limit (001 §7): the admin's list of users. */
import useSWR from 'swr';
import type * as z from 'zod';
import type { listUsersQuery } from '@shared/schemas/users';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';
import { createPageCursors } from '../../../lib/page-cursors';

export const USERS_KEY = 'users';

/** The list's state: page and limit as numbers (a page's cursor is kept by its number), sort and keyword as the route's query takes them. */
export type ListUsersParams = { page: number; limit: number } & Pick<z.input<typeof listUsersQuery>, 'sort' | 'keyword'>;

/** Where each seen page of each list state ends (page n + 1 is asked for with it). */
const cursors = createPageCursors();

/** A page of users: each with its brand's name and account status (not the full PublicUser). */
export type UsersPage = ResponseOf<'listUsers'>;

export async function getUsers(params: ListUsersParams): Promise<UsersPage> {
  const { page, ...list } = params;
  const listKey = JSON.stringify(list);
  const cursor = cursors.cursorFor(listKey, page);
  const out = await api('listUsers', { query: { ...params, ...(cursor ? { cursor } : {}) } });
  cursors.remember(listKey, page, out.nextCursor);
  return out;
}

export function useUsers(params: ListUsersParams) {
  return useSWR([USERS_KEY, params] as const, ([, p]) => getUsers(p));
}
