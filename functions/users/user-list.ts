/**
 * The admin's list of users (GET /users without `?brand=`): sorted by name without a keyword
 * (the default), one page by key condition and cursor (gsi1 `USERS`), the brands of that page
 * only, totalCount by a COUNT; a keyword search or a sort by email or brand still reads every user
 * and brand and pages in memory (docs/decisions.md "Lists: key conditions and cursors").
 */
import { PAGE } from '../../shared/constants';
import type { HandlerResultOf } from '../../shared/routes/responses';
import { parseSort } from '../../shared/schemas/common';
import { getBrand, listBrands } from '../brands/brands.repo';
import { countUsers, listAllUsers, pageUsersByName, type UserRecord } from './users.repo';

/** A row of GET /users (its response schema: shared/schemas/users.ts, userListRow). */
export type UserRow = HandlerResultOf<'listUsers'>['data'][number];

export const userRow = (u: UserRecord, brandName?: string): UserRow => ({
  _id: u._id,
  name: u.name,
  firstname: u.firstname,
  lastname: u.lastname,
  email: u.email,
  roles: u.roles,
  brand: u.brand ? { _id: u.brand, name: brandName ?? '' } : null,
  associated_retailers: u.associated_retailers.map((_id) => ({ _id })),
  notify: u.notify,
  status: u.status,
});

export interface AdminUsersQuery {
  page: number;
  limit: number;
  sort?: string;
  keyword?: string;
  cursor?: string;
}

export async function listUsersForAdmin(query: AdminUsersQuery): Promise<HandlerResultOf<'listUsers'>> {
  const { field, dir } = parseSort(query.sort, PAGE.usersSort);
  if (field === 'name' && !query.keyword) {
    const skip = query.cursor ? 0 : (query.page - 1) * query.limit;
    const [page, totalCount] = await Promise.all([pageUsersByName({ ascending: dir === 1, limit: query.limit, cursor: query.cursor, skip }), countUsers()]);
    const brandIds = [...new Set(page.items.flatMap((u) => (u.brand ? [u.brand] : [])))];
    const brandName = new Map((await Promise.all(brandIds.map(getBrand))).flatMap((b) => (b ? [[b._id, b.name] as const] : [])));
    return { data: page.items.map((u) => userRow(u, u.brand ? brandName.get(u.brand) : undefined)), totalCount, nextCursor: page.nextCursor ?? null };
  }
  const [users, brands] = await Promise.all([listAllUsers(), listBrands()]);
  const brandName = new Map(brands.map((b) => [b._id, b.name]));
  const kw = query.keyword?.toLowerCase();
  const rows = users
    .map((u) => userRow(u, u.brand ? brandName.get(u.brand) : undefined))
    .filter((u) => !kw || u.name.toLowerCase().includes(kw) || u.email.includes(kw) || (u.brand?.name ?? '').toLowerCase().includes(kw));
  const value = (u: (typeof rows)[number]) => (field === 'brand' || field === 'brand.name' ? (u.brand?.name ?? '') : field === 'email' ? u.email : u.name).toLowerCase();
  rows.sort((a, b) => value(a).localeCompare(value(b)) * dir);
  const start = (query.page - 1) * query.limit;
  return { data: rows.slice(start, start + query.limit), totalCount: rows.length, nextCursor: null };
}
