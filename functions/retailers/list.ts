import { PAGE } from '../../shared/constants';
import { route } from '../../shared/routes/lookups';
import { httpHandler } from '../http';
import { retailerView } from './present';
import { countRetailers, listRetailers, pageRetailersByName } from './retailers.repo';

/**
 * GET /retailers (001 §7): every retailer by name (selects, checklists); with `page`, `limit` or
 * `cursor`, one page by name (the admin Retailer List: 100 a page) from gsi1 RETAILERS with a
 * cursor, the total from the count kept on write. A page past the end reads nothing.
 */
export const handler = httpHandler(route('listRetailers'), async ({ query }) => {
  if (query.page === undefined && query.limit === undefined && query.cursor === undefined) {
    const all = await listRetailers();
    return { data: all.map(retailerView), totalCount: all.length, nextCursor: null };
  }
  const limit = query.limit ?? PAGE.retailersAdmin;
  const skip = query.cursor ? 0 : ((query.page ?? 1) - 1) * limit;
  const totalCount = await countRetailers();
  if (!query.cursor && skip >= totalCount) return { data: [], totalCount, nextCursor: null };
  const page = await pageRetailersByName({ limit, cursor: query.cursor, skip });
  return { data: page.items.map(retailerView), totalCount, nextCursor: page.nextCursor ?? null };
});
