/**
 * The admin's list of users (GET /users without `?brand=`; docs/decisions.md "Manage Users"):
 * sorted by name, email or brand (`brand` or `brand.name`), each order one index partition read a
 * page at a time by key condition and cursor (a page number without a cursor passes over the
 * pages before it), the total from the count kept on write. A keyword is a prefix search: the
 * users whose folded name, address or folded brand name starts with it, three begins_with key
 * conditions reading only the matches (at most 1,000 each), merged, sorted and cut in memory.
 */
import { PAGE } from '../../shared/constants';
import { ADMIN_USERS_MSG } from '../../shared/messages/admin-users';
import type { HandlerResultOf } from '../../shared/routes/responses';
import { parseSort } from '../../shared/schemas/common';
import { getBrand } from '../brands';
import { ValidationError } from '../lib/http/errors';
import { userIdentity } from './present';
import { countAllUsers, pageUsers, userBrandKey, userIndexKeys, userNameKey, usersWithPrefix, type UserOrder, type UserRecord } from './users.repo';

/** A row of GET /users (its response schema: shared/schemas/users.ts, userListRow). */
export type UserRow = HandlerResultOf<'listUsers'>['data'][number];

export const userRow = (u: UserRecord, brandName?: string): UserRow => ({
  ...userIdentity(u),
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

/** Matches read per key condition of a search; more is refused (type more). */
export const SEARCH_CAP = 1000;

const ORDERS: Record<string, UserOrder> = { name: 'name', email: 'email', brand: 'brand', 'brand.name': 'brand' };

/** The names of the brands of these users (a GetItem per distinct brand: a page's worth). */
async function brandNames(users: readonly UserRecord[]): Promise<Map<string, string>> {
  const ids = [...new Set(users.flatMap((u) => (u.brand ? [u.brand] : [])))];
  return new Map((await Promise.all(ids.map(getBrand))).flatMap((b) => (b ? [[b._id, b.name] as const] : [])));
}

export async function listUsersForAdmin(query: AdminUsersQuery): Promise<HandlerResultOf<'listUsers'>> {
  const { field, dir } = parseSort(query.sort, PAGE.usersSort);
  const order = ORDERS[field];
  if (!order) throw new ValidationError(ADMIN_USERS_MSG.sortUnknown, [{ path: 'sort', message: ADMIN_USERS_MSG.sortUnknown }]);
  const keyword = query.keyword?.trim();
  if (keyword) return searchUsers(keyword, order, dir, query);

  const totalCount = await countAllUsers();
  const skip = query.cursor ? 0 : (query.page - 1) * query.limit;
  // A page past the end (page=99999) reads nothing.
  if (!query.cursor && skip >= totalCount) return { data: [], totalCount, nextCursor: null };
  const page = await pageUsers(order, { ascending: dir === 1, limit: query.limit, cursor: query.cursor, skip });
  const names = await brandNames(page.items);
  return { data: page.items.map((u) => userRow(u, u.brand ? names.get(u.brand) : undefined)), totalCount, nextCursor: page.nextCursor ?? null };
}

/**
 * A keyword: the users whose folded name (gsi1), address (gsi3) or folded brand name (gsi4)
 * starts with it (the keyword folded the same way; the address lower-cased). Every match is read
 * (at most SEARCH_CAP per condition, else 400), once each, in the asked order, one page cut.
 */
async function searchUsers(keyword: string, order: UserOrder, dir: 1 | -1, query: AdminUsersQuery): Promise<HandlerResultOf<'listUsers'>> {
  const folded = userNameKey(keyword);
  const lower = keyword.toLowerCase();
  const brandPrefix = userBrandKey(keyword);
  const found = await Promise.all([
    folded ? usersWithPrefix('name', folded, SEARCH_CAP) : [],
    usersWithPrefix('email', lower, SEARCH_CAP),
    brandPrefix ? usersWithPrefix('brand', brandPrefix, SEARCH_CAP) : [],
  ]);
  if (found.some((f) => f.length > SEARCH_CAP)) throw new ValidationError(ADMIN_USERS_MSG.tooManyMatches, [{ path: 'keyword', message: ADMIN_USERS_MSG.tooManyMatches }]);
  const byId = new Map(found.flat().map((u) => [u._id, u]));
  const users = [...byId.values()];
  const names = await brandNames(users);
  // The same order as the index of that sort (its sort key), so a search and the list agree.
  const sortKey = (u: UserRecord) => {
    const k = userIndexKeys(u, u.brand ? names.get(u.brand) : null);
    return order === 'name' ? k.gsi1sk : order === 'email' ? k.gsi3sk : k.gsi4sk;
  };
  const keyed = users.map((u) => [sortKey(u), u] as const).sort(([a], [b]) => (a < b ? -dir : a > b ? dir : 0));
  const start = (query.page - 1) * query.limit;
  const data = keyed.slice(start, start + query.limit).map(([, u]) => userRow(u, u.brand ? names.get(u.brand) : undefined));
  return { data, totalCount: keyed.length, nextCursor: null };
}
