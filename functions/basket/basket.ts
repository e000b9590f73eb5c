/**
 * The basket calls (docs/basket.md): who may use which basket, and adding serials resolved as
 * GET /getBatchItems resolves them (the brand's current on-hand feed; the item's Customer ID must
 * be the retailer's Opt ID). The owner is the caller's user id (`ownerOf`); the repo takes any
 * owner string, so a portal link's principal can own a basket of its own.
 */
import { BASKET_CAP, BASKET_MSG } from '../../shared/messages/basket';
import { SCRAPING_MSG } from '../../shared/messages/scrapings';
import type { BasketAddResult, NotImported } from '../../shared/schemas/basket';
import { getBrand } from '../brands';
import { getOhItem, idKey, type OhItem } from '../inventory';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { ForbiddenError, NotFoundError, ValidationError } from '../lib/http/errors';
import { getRetailers, listRetailers, type RetailerRecord } from '../retailers';
import { mapLimit } from '../lib/map-limit';
import { addItem, countItems, type BasketRef } from './basket.repo';

/** The owner of the caller's baskets: their user id. */
export const ownerOf = (auth: AuthContext): string => auth.sub;

/**
 * The basket of the caller for a retailer: the brand is the caller's (an ADMIN passes `brand`),
 * it must carry the retailer (404), and a User with assigned retailers only has theirs (403).
 */
export async function basketOf(auth: AuthContext, retailerId: string, brandParam?: string): Promise<{ ref: BasketRef; retailer: RetailerRecord }> {
  const brandId = auth.isAdmin ? (brandParam ?? auth.brand) : auth.brand;
  if (!brandId) throw new ValidationError(BASKET_MSG.brandRequired);
  if (!canSeeRetailer(auth, retailerId)) throw new ForbiddenError();
  const [brand, [retailer]] = await Promise.all([getBrand(brandId), getRetailers([retailerId])]);
  if (!brand || !retailer || !brand.retailers.some((r) => r.retailer === retailerId && r.flag !== false)) throw new NotFoundError(BASKET_MSG.retailerNotFound);
  return { ref: { owner: ownerOf(auth), brand: brandId, retailer: retailerId }, retailer };
}

/**
 * Resolves each serial (001 §5: its Customer ID must be the retailer's Opt ID) and adds the
 * resolved ones. Unknown: 'SerialNo: {n} | Invalid Serial No.'; another retailer's: the message
 * of GET /getBatchItems naming it (id and name) to a caller who may see it.
 */
export async function addSerials(auth: AuthContext, ref: BasketRef, retailer: RetailerRecord, serials: readonly string[]): Promise<BasketAddResult> {
  const unique = [...new Map(serials.map((s) => [idKey(s), s.trim()])).values()];
  let retailers: Promise<RetailerRecord[]> | undefined;
  const resolved = await mapLimit(unique, 8, async (serialNo): Promise<{ item: OhItem } | { notImported: NotImported }> => {
    const item = await getOhItem(ref.brand, serialNo);
    if (!item) return { notImported: { serialNo, message: BASKET_MSG.invalidSerial(serialNo) } };
    if (idKey(item.customerId) === idKey(retailer.optId)) return { item };
    const owner = (await (retailers ??= listRetailers())).find((r) => idKey(r.optId) === idKey(item.customerId));
    if (!owner || !canSeeRetailer(auth, owner._id)) return { notImported: { serialNo: item.serialNo, message: SCRAPING_MSG.otherRetailerHidden(item.serialNo) } };
    return { notImported: { serialNo: item.serialNo, message: SCRAPING_MSG.otherRetailer(item.serialNo, item.customerId, owner.name), retailerId: item.customerId, retailerName: owner.name } };
  });
  const out: BasketAddResult = { message: '', added: [], already: [], notImported: [], totalCount: 0 };
  // One at a time: the order of a bulk import is kept and the cap is met exactly.
  for (const r of resolved) {
    if ('notImported' in r) {
      out.notImported.push(r.notImported);
      continue;
    }
    const outcome = await addItem(ref, r.item);
    if (outcome === 'added') out.added.push(r.item.serialNo);
    else if (outcome === 'already') out.already.push(r.item.serialNo);
    else out.notImported.push({ serialNo: r.item.serialNo, message: BASKET_MSG.full(BASKET_CAP) });
  }
  out.totalCount = await countItems(ref);
  out.message = out.added.length ? BASKET_MSG.added : out.already.length ? BASKET_MSG.alreadyAdded : out.notImported[0]?.message ?? BASKET_MSG.bulkEmpty;
  return out;
}
