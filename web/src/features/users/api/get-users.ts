/** GET /users?page&limit (001 §7): the admin's list of users. */
import useSWR from 'swr';
import { route } from '@shared/routes';
import type { Paged, PublicUser } from '@shared/types';
import { apiRequest } from '../../../lib/api-client';

export const USERS_KEY = 'users';

export interface ListUsersParams {
  page: number;
  limit: number;
  sort?: string;
  keyword?: string;
}

export function getUsers(params: ListUsersParams): Promise<Paged<PublicUser>> {
  return apiRequest<Paged<PublicUser>>('GET', route('listUsers').path, { query: { ...params } });
}

export function useUsers(params: ListUsersParams) {
  return useSWR([USERS_KEY, params] as const, ([, p]) => getUsers(p));
}
