/**
 * GET /brandCatalog/{brandId} (ours; Manage Catalog): the brand's current on-hand items, in
 * serial order, 25 a page with a cursor; a User with assigned retailers sees only the items of
 * those retailers (their Opt IDs); pictures as app links. docs/decisions.md "Manage Catalog".
 */
import { ROLE } from '../../shared/constants';
import { SCRAPING_MSG } from '../../shared/schemas/scrapings';
import { getBrand } from '../brands';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { imageLinker, withImageLinks } from '../lib/image-links';
import { getRetailers } from '../retailers';
import { pageCatalogItems } from './catalog.repo';
import { getCurrentFeed } from './inventory.repo';

export async function brandCatalog(auth: AuthContext, brandId: string, q: { search?: string; limit: number; cursor?: string }) {
  const [brand, feed] = await Promise.all([getBrand(brandId), getCurrentFeed(brandId)]);
  if (!brand) throw new NotFoundError(SCRAPING_MSG.brandNotFound);
  const empty = { data: [], totalCount: 0, nextCursor: null };
  if (!feed) return empty;
  const restricted = auth.role === ROLE.USER && auth.retailers.length > 0;
  let customerIds: string[] | undefined;
  if (restricted) {
    const visible = brand.retailers.filter((r) => r.flag !== false && canSeeRetailer(auth, r.retailer)).map((r) => r.retailer);
    customerIds = (await getRetailers(visible)).map((r) => r.optId).filter((o) => o.trim() !== '');
    if (!customerIds.length) return empty;
  }
  const [page, link] = await Promise.all([pageCatalogItems(brandId, feed.version, { customerIds, search: q.search || undefined, limit: q.limit, cursor: q.cursor }), imageLinker()]);
  return { data: page.items.map((i) => withImageLinks(i, link)), totalCount: restricted || q.search ? null : feed.items, nextCursor: page.nextCursor ?? null };
}
