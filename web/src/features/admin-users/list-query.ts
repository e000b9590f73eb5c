/** Manage Users' list state in the URL query (page, sort, keyword), so reload and back keep it. */
import { PAGE } from '@shared/constants';
import { readPage } from '../../lib/url-page';
import type { AdminUsersQuery } from './api/admin-users';

export const USER_SORT_FIELDS = ['name', 'email', 'brand'] as const;
const SORT = /^(name|email|brand);(asc|desc)$/;

export function readUsersQuery(search: URLSearchParams): AdminUsersQuery {
  const sort = search.get('sort') ?? '';
  return {
    page: readPage(search),
    sort: SORT.test(sort) ? sort : PAGE.usersSort,
    keyword: search.get('keyword')?.trim().slice(0, 100) || undefined,
  };
}

/** The query string of a list state; defaults are left out. */
export function writeUsersQuery(q: AdminUsersQuery): URLSearchParams {
  const out = new URLSearchParams();
  if (q.keyword) out.set('keyword', q.keyword);
  if (q.sort !== PAGE.usersSort) out.set('sort', q.sort);
  if (q.page > 1) out.set('page', String(q.page));
  return out;
}
