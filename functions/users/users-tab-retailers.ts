import { route } from '../../shared/routes/users';
import { httpHandler } from '../http';
import { brandRetailers } from '../retailers';

/**
 * GET /getRetailersForUsersTab/{brandId}: the brand's switched-on retailers, by name, for the
 * assigned-retailers modal (a plain User with assigned retailers sees only those, read-only).
 */
export const handler = httpHandler(route('getRetailersForUsersTab'), async ({ params, auth }) => {
  const { data, totalCount } = await brandRetailers(auth, params.brandId);
  return { data: data.map((r) => ({ _id: r._id, name: r.name })), totalCount };
});
