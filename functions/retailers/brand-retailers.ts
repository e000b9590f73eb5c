/**
 * The brand dashboard's retailer look-ups: the retailers a brand carries that the caller may see
 * (GET /getRetailers/{brandId}) and the brand's assigned reps (GET /getAssignedReps). The brand's
 * record lists its retailers (one GetItem); a User with assigned retailers sees only those.
 */
import { ROLE, type WebsiteType } from '../../shared/constants';
import { SCRAPING_MSG } from '../../shared/schemas/scrapings';
import { getBrand } from '../brands';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { listUsersByBrand } from '../users';
import { getRetailers } from './retailers.repo';

/** The enabled retailers of the brand the caller may see, with their website type. */
async function visibleEntries(auth: AuthContext, brandId: string): Promise<Map<string, WebsiteType>> {
  const brand = await getBrand(brandId);
  if (!brand) throw new NotFoundError(SCRAPING_MSG.brandNotFound);
  return new Map(brand.retailers.filter((r) => r.flag !== false && canSeeRetailer(auth, r.retailer)).map((r) => [r.retailer, r.webSiteType ?? 'retailerWithProducts']));
}

/** GET /getRetailers/{brandId}?optId=: by name; `optId` keeps the retailer(s) with that Opt ID (case-insensitive). */
export async function brandRetailers(auth: AuthContext, brandId: string, optId?: string) {
  const entries = await visibleEntries(auth, brandId);
  const wanted = optId?.toUpperCase();
  const data = (await getRetailers([...entries.keys()]))
    .filter((r) => wanted === undefined || r.optId.toUpperCase() === wanted)
    .map((r) => ({ _id: r._id, name: r.name, optId: r.optId, slug: r.slug, website: r.website, webSiteType: entries.get(r._id) ?? 'retailerWithProducts' }));
  return { data, totalCount: data.length };
}

/**
 * GET /getAssignedReps?brand=: the brand's active users with assigned retailers (the reps), by
 * name, each with the assigned retailers the brand still carries (a rep left with none is not
 * listed). One Query of the brand's users (a brand has tens of users).
 */
export async function assignedReps(auth: AuthContext, brandId: string) {
  const entries = await visibleEntries(auth, brandId);
  const users = await listUsersByBrand(brandId);
  const data = users
    .filter((u) => u.status === 'active' && u.roles.every((r) => r.name !== ROLE.ADMIN))
    .map((u) => ({ _id: u._id, name: u.name, retailers: (u.associated_retailers ?? []).filter((r) => entries.has(r)) }))
    .filter((u) => u.retailers.length > 0);
  return { data, totalCount: data.length };
}
