/**
 * The read calls of periods, products, summaries and scan info: repos + pure rules + access
 * checks, so each handler stays a few lines. Access: the record's brand must be the caller's
 * (ADMIN: any) and a User with assigned retailers sees only those (403 otherwise).
 */
import { ROLE, type WebsiteType } from '../../shared/constants';
import { SCRAPING_MSG, type UpdateProductScrapingBody } from '../../shared/schemas/scrapings';
import { getBrand, type BrandRecord } from '../brands/brands.repo';
import { brandSkuIdOf } from '../inventory/domain/brand-skus';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { ConflictError, NotFoundError, ValidationError } from '../lib/http/errors';
import { imageLinker, withImageLinks } from '../lib/image-links';
import { getRetailers } from '../retailers/retailers.repo';
import { getUser, listUsersByBrand } from '../users/users.repo';
import { newestScansInReview } from '../files/waiting-scans';
import { assertCanSee, assertCanSeeRetailer } from './access';
import { scanInfoIdOf } from './domain/ids';
import type { EditableField, UserFields } from './domain/product';
import { nextScanOf, todayUtc } from './domain/scan-info';
import { brandSummary } from './domain/summary';
import { periodOption, retailerInfoView, retailerScrapingRecord, scrapingInfoView, shownPeriodOf, withoutGonePeriod } from './present';
import {
  findNextPeriod,
  getFlaggedCounts,
  getPeriodFigures,
  getPeriod,
  getProduct,
  getScanInfo,
  listBrandScanDates,
  listProductHistory,
  listRetailerPeriods,
  listScanInfos,
  updateProductFields,
} from './scrapings.repo';

/** The brand and the retailers it carries (enabled) that the caller may see. */
async function visibleRetailers(auth: AuthContext, brandId: string): Promise<{ brand: BrandRecord; entries: { retailer: string; webSiteType?: WebsiteType }[] }> {
  const brand = await getBrand(brandId);
  if (!brand) throw new NotFoundError(SCRAPING_MSG.brandNotFound);
  return { brand, entries: brand.retailers.filter((r) => r.flag !== false && canSeeRetailer(auth, r.retailer)) };
}

// ── Products of a period (the tabs' page: product-reads.ts, the one read that needs S3) ──────

async function visibleProduct(auth: AuthContext, id: string) {
  const product = await getProduct(id);
  if (!product) throw new NotFoundError(SCRAPING_MSG.productNotFound);
  assertCanSee(auth, product);
  return product;
}

/** GET /retailerBrandProductScrapings/{id} (its pictures as app links: functions/lib/image-links.ts). */
export async function getProductFor(auth: AuthContext, id: string) {
  const product = await visibleProduct(auth, id);
  return { data: withImageLinks(product, await imageLinker()) };
}

/** PUT /retailerBrandProductScrapings/{id}: map id, brand SKU (free text) or a Brand SKU option. */
export async function updateProductFor(auth: AuthContext, id: string, body: UpdateProductScrapingBody) {
  const product = await visibleProduct(auth, id);
  if (product.type === 'deleted') throw new ConflictError(SCRAPING_MSG.removedProduct);
  const edited = (f: EditableField) => [...new Set([...(product.edited ?? []), f])];
  let fields: Partial<UserFields>;
  let message: string;
  if (body.oh_map_id !== undefined) {
    fields = { oh_map_id: body.oh_map_id, edited: edited('oh_map_id') };
    message = SCRAPING_MSG.mapIdUpdated;
  } else if (body.brand_sku !== undefined) {
    fields = { brand_sku: body.brand_sku, product: undefined, edited: edited('brand_sku') };
    message = SCRAPING_MSG.brandSkuUpdated;
  } else {
    // An option's id derives from its SKU (GET /getBrandSkus): a made-up pair is not an option.
    if (body.product!._id !== brandSkuIdOf(body.product!.sku)) throw new ValidationError(SCRAPING_MSG.selectBrandSku);
    fields = { brand_sku: body.product!.sku, product: body.product, edited: edited('brand_sku') };
    message = SCRAPING_MSG.brandSkuUpdated;
  }
  const data = await updateProductFields(id, fields);
  if (!data) throw new NotFoundError(SCRAPING_MSG.productNotFound);
  return { message, data: withImageLinks(data, await imageLinker()) };
}

/** GET /getRelatedProducts: the same style number at the same retailer in every period, newest first. */
export async function relatedProducts(auth: AuthContext, q: { id: string; brand: string; retailer?: string }) {
  const product = await getProduct(q.id);
  if (!product || product.brand !== q.brand || (q.retailer !== undefined && q.retailer !== product.retailer)) throw new NotFoundError(SCRAPING_MSG.productNotFound);
  assertCanSee(auth, product);
  const history = (await listProductHistory(product.brand, product.retailer, product.style_number)).filter((p) => p.type !== 'deleted');
  const link = await imageLinker();
  return { data: history.map((p) => withImageLinks({ ...p, period: p.date }, link)), totalCount: history.length };
}

// ── Periods ─────────────────────────────────────────────────────────────────────

/** GET /RetailerSummaryDays/{brandId}: the dates on which any retailer the caller sees was scanned. */
export async function brandPeriodDays(auth: AuthContext, brandId: string) {
  const { entries } = await visibleRetailers(auth, brandId);
  const visible = new Set(entries.map((e) => e.retailer));
  // One item per distinct date (newest first), each naming the retailers scanned that day: not one per period.
  const dates = (await listBrandScanDates(brandId)).filter((d) => d.retailers.some((r) => visible.has(r)));
  const data = dates.map(({ date }) => ({ _id: date, value: date }));
  return { data, totalCount: data.length };
}

/** GET /RetailerSummaryDays/{brandId}/{retailerId}: the retailer's periods, newest first. */
export async function retailerPeriodDays(auth: AuthContext, brandId: string, retailerId: string) {
  assertCanSeeRetailer(auth, retailerId);
  const data = (await listRetailerPeriods(brandId, retailerId)).map(periodOption);
  return { data, totalCount: data.length };
}

// ── Retailer records and scan info ──────────────────────────────────────────────

/** GET /RetailerScraping/{brandId}?user=: one record per retailer of the brand (that user's assigned ones only). */
export async function retailerScrapings(auth: AuthContext, brandId: string, userId?: string) {
  const { brand, entries } = await visibleRetailers(auth, brandId);
  let ids = entries.map((e) => e.retailer);
  if (userId) {
    const user = await getUser(userId);
    if (!user || user.brand !== brandId) throw new NotFoundError(SCRAPING_MSG.userNotFound);
    if (user.associated_retailers.length) ids = ids.filter((id) => user.associated_retailers.includes(id));
  }
  // Assigned reps are shown to ADMIN and BRAND_ADMIN only (000 §6).
  const showReps = auth.role !== ROLE.USER;
  const [retailers, infos, users, inReview] = await Promise.all([
    getRetailers(ids),
    listScanInfos(brandId),
    showReps ? listUsersByBrand(brandId) : Promise.resolve([]),
    newestScansInReview(ids),
  ]);
  const infoOf = new Map(infos.map((i) => [i.retailer, i]));
  const typeOf = new Map(entries.map((e) => [e.retailer, e.webSiteType]));
  // Only periods still there answer (a retailer's latest period is gone 6 months after its date when no scan came since).
  const flaggedOf = await getFlaggedCounts(retailers.flatMap((r) => infoOf.get(r._id)?.periodId ?? []));
  const today = todayUtc();
  const link = await imageLinker();
  const data = retailers.map((r) => {
    const info = withoutGonePeriod(infoOf.get(r._id), flaggedOf.has(infoOf.get(r._id)?.periodId ?? ''));
    return withImageLinks(
      retailerScrapingRecord({
        retailer: r,
        webSiteType: typeOf.get(r._id),
        brandName: brand.name,
        info,
        flaggedProduct: flaggedOf.get(info?.periodId ?? '') ?? 0,
        users: users.filter((u) => u.associated_retailers.includes(r._id)).map((u) => u.name),
        nextScan: nextScanOf({ period: shownPeriodOf(info), newestInReview: inReview.get(r._id), today }),
      }),
      link,
    );
  });
  return { data, totalCount: data.length };
}

/**
 * GET /RetailerScraping/{brandId}/{id}: `id` is a period of the brand (scraping info) or a
 * retailer the brand carries (retailer scan info); `kind` says which.
 */
export async function retailerScrapingInfo(auth: AuthContext, brandId: string, id: string) {
  const period = await getPeriod(id);
  if (period && period.brand === brandId) {
    assertCanSee(auth, period);
    // The period's own dates: the scan after it when there is one, else what the latest period says.
    const newer = await findNextPeriod(brandId, period.retailer, period.date);
    const inReview = newer ? undefined : (await newestScansInReview([period.retailer])).get(period.retailer);
    return { data: scrapingInfoView(period, nextScanOf({ period, newer, newestInReview: inReview, today: todayUtc() })) };
  }
  const brand = await getBrand(brandId);
  const entry = brand?.retailers.find((r) => r.retailer === id && r.flag !== false);
  if (!brand || !entry) throw new NotFoundError(SCRAPING_MSG.retailerNotFound);
  assertCanSeeRetailer(auth, id);
  const [[retailer], stored, [latest], inReview] = await Promise.all([getRetailers([id]), getScanInfo(brandId, id), listRetailerPeriods(brandId, id, 1), newestScansInReview([id])]);
  if (!retailer) throw new NotFoundError(SCRAPING_MSG.retailerNotFound);
  const info = withoutGonePeriod(stored, latest !== undefined);
  const nextScan = nextScanOf({ period: shownPeriodOf(info), newestInReview: inReview.get(id), today: todayUtc() });
  const view = retailerInfoView({ id: scanInfoIdOf(brandId, id), retailer, webSiteType: entry.webSiteType, brandName: brand.name, info, latest, nextScan });
  return { data: withImageLinks(view, await imageLinker()) };
}

/**
 * GET /brandRetailerSummary/{brandId}: totals of the latest period (the scan info's `periodId`)
 * and the one before it (that period's `previousPeriodId`) of each retailer the caller sees, and
 * those retailers (the list the summary's sentence and tiles show: docs/decisions.md "Dates and
 * counts that agree"). One Query of the brand's scan infos and two BatchGetItem rounds of period figures
 * (counts kept on write): requests grow with retailers / 100, not one query per retailer.
 */
export async function brandRetailerSummary(auth: AuthContext, brandId: string) {
  const { entries } = await visibleRetailers(auth, brandId);
  const latestOf = new Map((await listScanInfos(brandId)).flatMap((i) => (i.periodId ? [[i.retailer, i.periodId] as const] : [])));
  const current = await getPeriodFigures([...new Set(entries.map((e) => e.retailer))].flatMap((r) => latestOf.get(r) ?? []));
  const prev = await getPeriodFigures([...current.values()].flatMap((f) => f.previousPeriodId ?? []));
  return brandSummary(
    [...new Set(entries.map((e) => e.retailer))].map((r) => {
      const cur = current.get(latestOf.get(r) ?? '');
      const before = cur?.previousPeriodId ? prev.get(cur.previousPeriodId) : undefined;
      return { current: cur, prev: before, firstScan: cur !== undefined && cur.previousPeriodId === null };
    }),
  );
}
