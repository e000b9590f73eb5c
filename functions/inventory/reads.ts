/** The on-hand read call (GET /getBatchItems): a serial of the brand's current feed for one retailer. */
import { SCRAPING_MSG } from '../../shared/schemas/scrapings';
import { carryingBrands } from '../brands';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/http/errors';
import { imageLinker, withImageLinks } from '../lib/image-links';
import { getRetailers, listRetailers } from '../retailers';
import { idKey, type OhItem } from './domain/oh-feed';
import { getOhItem } from './inventory.repo';

/**
 * The item when its Customer ID is the retailer's Opt ID: `{ data: { data: item } }` (its picture as an app link).
 * Another retailer's serial: 409 naming that retailer (id and name) to a caller who may see it; a
 * User restricted to other retailers learns only that it belongs to another retailer (one message
 * whatever the retailer). Unknown: 404 'item not found'.
 * The brand: the caller's; an ADMIN may pass `brand`, else every brand carrying the retailer is tried.
 */
export async function batchItem(auth: AuthContext, q: { retailerId: string; serialNo: string; brand?: string }) {
  if (!canSeeRetailer(auth, q.retailerId)) throw new ForbiddenError();
  const [retailer] = await getRetailers([q.retailerId]);
  if (!retailer) throw new NotFoundError(SCRAPING_MSG.retailerNotFound);
  const brands = q.brand ? [q.brand] : auth.brand ? [auth.brand] : (await carryingBrands(q.retailerId)).map((b) => b._id);
  let item: OhItem | undefined;
  for (const brand of brands) if ((item = await getOhItem(brand, q.serialNo))) break;
  if (!item) throw new NotFoundError(SCRAPING_MSG.itemNotFound);
  if (idKey(item.customerId) !== idKey(retailer.optId)) {
    const owner = (await listRetailers()).find((r) => idKey(r.optId) === idKey(item.customerId));
    if (!canSeeRetailer(auth, owner?._id ?? '')) throw new ConflictError(SCRAPING_MSG.otherRetailerHidden(item.serialNo));
    throw new ConflictError(SCRAPING_MSG.otherRetailer(item.serialNo, item.customerId, owner?.name ?? item.customerName));
  }
  return { data: { data: withImageLinks({ ...item, _id: item.serialNo }, await imageLinker()) } };
}
