import { route } from '../../shared/routes/lookups';
import { requireAdmin } from '../lib/http/auth';
import { httpHandler } from '../lib/http/handler';
import { listUsersForAdmin, userRow } from './user-list';
import { listUsersByBrand } from './users.repo';

/**
 * `?brand=`: the users of one brand (tenant-checked by the wrapper; one key condition, the whole
 * list as the brand side expects). Otherwise the admin's paged list (user-list.ts).
 */
export const handler = httpHandler(route('listUsers'), async ({ query, auth }) => {
  if (query.brand) {
    const users = await listUsersByBrand(query.brand);
    return { data: users.map((u) => userRow(u)), totalCount: users.length };
  }
  requireAdmin(auth);
  return listUsersForAdmin(query);
});
