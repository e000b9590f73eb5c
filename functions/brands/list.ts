import { PAGE } from '../../shared/constants';
import { route } from '../../shared/routes/lookups';
import { httpHandler } from '../http';
import { countBrands, listBrands, pageBrandsByName, type BrandRecord } from './brands.repo';

const view = ({ createdAt: _c, updatedAt: _u, ...b }: BrandRecord) => b;

/**
 * GET /brands (admin): every brand with its allowed retailers, by name; with `page`, `limit` or
 * `cursor`, one page by name (the User Retailer List: 100 a page) from gsi1 BRANDS with a cursor
 * and the total (Select COUNT of the brands' keys). A page past the end reads nothing more.
 */
export const handler = httpHandler(route('listBrands'), async ({ query }) => {
  if (query.page === undefined && query.limit === undefined && query.cursor === undefined) {
    const all = await listBrands();
    return { data: all.map(view), totalCount: all.length, nextCursor: null };
  }
  const limit = query.limit ?? PAGE.brandsAdmin;
  const skip = query.cursor ? 0 : ((query.page ?? 1) - 1) * limit;
  const totalCount = await countBrands();
  if (!query.cursor && skip >= totalCount) return { data: [], totalCount, nextCursor: null };
  const page = await pageBrandsByName({ limit, cursor: query.cursor, skip });
  return { data: page.items.map(view), totalCount, nextCursor: page.nextCursor ?? null };
});
