import { PAGE, ROLE } from '../../shared/constants';
import { USER_MSG } from '../../shared/messages/users';
import { route } from '../../shared/routes/lookups';
import { parseSort } from '../../shared/schemas/common';
import { getBrand } from '../brands';
import { canSeeRetailer, requireAdmin } from '../lib/http/auth';
import { ValidationError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { listUsersForAdmin, userRow } from './user-list';
import { countUsersOfBrand, pageUsersOfBrand } from './users.repo';

/**
 * `?brand=`: the users of one brand (tenant-checked by the wrapper), the Settings Users tab: one
 * page by name (sort name;asc by default or name;desc, 10 a page, cursor or page number) from
 * gsi2 `BRAND#<id>#USERS`, the total by COUNT. A plain User with assigned retailers sees, in each
 * row, only the assigned retailers they may see themselves (`hiddenRetailers` counts the others).
 * Otherwise the admin's paged list (user-list.ts).
 */
export const handler = httpHandler(route('listUsers'), async ({ query, auth }) => {
  if (query.brand) {
    const { field, dir } = parseSort(query.sort, PAGE.usersSort);
    if (field !== 'name') throw new ValidationError(USER_MSG.sortNotSupported);
    const skip = query.cursor ? 0 : (query.page - 1) * query.limit;
    const [page, totalCount, brand] = await Promise.all([
      pageUsersOfBrand(query.brand, { ascending: dir === 1, limit: query.limit, cursor: query.cursor, skip }),
      countUsersOfBrand(query.brand),
      getBrand(query.brand),
    ]);
    const restricted = auth.role === ROLE.USER && auth.retailers.length > 0;
    const data = page.items.map((u) => {
      const row = userRow(u, brand?.name);
      if (!restricted) return row;
      const seen = row.associated_retailers.filter((r) => canSeeRetailer(auth, r._id));
      const hidden = row.associated_retailers.length - seen.length;
      return { ...row, associated_retailers: seen, ...(hidden ? { hiddenRetailers: hidden } : {}) };
    });
    return { data, totalCount, nextCursor: page.nextCursor ?? null };
  }
  requireAdmin(auth);
  return listUsersForAdmin(query);
});
