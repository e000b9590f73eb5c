/**
 * The read calls of periods, products, summaries and scan info: repos + pure rules + access
 * checks, so each handler stays a few lines. Access: the record's brand must be the caller's
 * (ADMIN: any) and a User with assigned retailers sees only those (403 otherwise).
 */
import { PAGE, ROLE, type WebsiteType } from '../../shared/constants';
import { readListSort } from '../../shared/retailer-list';
import { SCRAPING_MSG, type RetailerScrapingsQuery, type UpdateProductScrapingBody } from '../../shared/schemas/scrapings';
import { getBrand, type BrandRecord } from '../brands';
import { brandSkuIdOf } from '../inventory';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { ConflictError, NotFoundError, ValidationError } from '../lib/http/errors';
import { imageLinker, withImageLinks } from '../lib/image-links';
import { mapLimit } from '../lib/map-limit';
import { getRetailers } from '../retailers';
import { getUser, listUsersByBrand } from '../users';
import { newestScansInReview } from '../files';
import { assertCanSee, assertCanSeeRetailer } from './access';
import { buildBrandRow, existingPeriods, getBrandRow, listBrandRows, type BrandRow } from './brand-rows.repo';
import { scanInfoIdOf } from './domain/ids';
import type { EditableField, UserFields } from './domain/product';
import { nextScanOf, todayUtc } from './domain/scan-info';
import { delayedFields, listedRetailer, listPage, periodsToCheck, rowsSummary, withoutGone, type Entry } from './domain/retailer-rows';
import { periodOption, retailerInfoView, scrapingInfoView, shownPeriodOf, withoutGonePeriod } from './present';
import {
  findNextPeriod,
  getPeriod,
  getProduct,
  getScanInfo,
  listBrandScanDates,
  listProductHistory,
  listRetailerPeriods,
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

/**
 * The brand's retailers the caller sees (enabled on the brand's list; a User with assigned
 * retailers: those; `userId`: that user's assigned ones) as their rows (brand-rows.repo.ts): one
 * Query of the brand's rows, a row computed from its sources for a retailer never refreshed (none
 * once the backfill ran), and a look-up of the periods past their retention date (retention's TTL
 * may have deleted them: shown as gone). Retailers whose record is gone are left out.
 */
async function visibleRows(auth: AuthContext, brandId: string, userId?: string): Promise<{ brand: BrandRecord; entries: Map<string, Entry>; rows: BrandRow[] }> {
  const { brand, entries } = await visibleRetailers(auth, brandId);
  let ids = [...new Set(entries.map((e) => e.retailer))];
  if (userId) {
    const user = await getUser(userId);
    if (!user || user.brand !== brandId) throw new NotFoundError(SCRAPING_MSG.userNotFound);
    if (user.associated_retailers.length) ids = ids.filter((id) => user.associated_retailers.includes(id));
  }
  const stored = await listBrandRows(brandId);
  const missing = ids.filter((id) => !stored.has(id));
  for (const row of await mapLimit(missing, 16, (r) => buildBrandRow(brandId, r))) stored.set(row.retailer, row);
  const rows = ids.flatMap((id) => (stored.get(id)?.name !== undefined ? [stored.get(id)!] : []));
  const check = new Set(periodsToCheck(rows, Date.now() / 1000));
  const present = check.size ? await existingPeriods([...check]) : new Set<string>();
  const gone = (periodId: string) => check.has(periodId) && !present.has(periodId);
  return { brand, entries: new Map(entries.map((e) => [e.retailer, e])), rows: rows.map((r) => withoutGone(r, gone)) };
}

/**
 * GET /RetailerScraping/{brandId}?user=&page=&limit=&sort=&filter=&search=&rep=: one page of the
 * records of the retailers the caller sees (visibleRows), filtered, sorted, with `totalCount`
 * (the matches). Assigned reps (and the filter by rep) for ADMIN and BRAND_ADMIN only (000 §6):
 * the brand's users, one Query (grows with users, not retailers). Only the page's screenshots are
 * made links.
 */
export async function retailerScrapings(auth: AuthContext, brandId: string, q: Partial<RetailerScrapingsQuery> = {}) {
  const showReps = auth.role !== ROLE.USER;
  // The reps are read beside the rows (neither needs the other).
  const [{ brand, entries, rows }, users] = await Promise.all([visibleRows(auth, brandId, q.user), showReps ? listUsersByBrand(brandId) : Promise.resolve([])]);
  const repsOf = new Map<string, string[]>();
  for (const u of users) for (const r of u.associated_retailers) repsOf.set(r, [...(repsOf.get(r) ?? []), u.name]);
  const today = todayUtc();
  const records = rows.map((row) => listedRetailer(row, { webSiteType: entries.get(row.retailer)?.webSiteType, brandName: brand.name, users: repsOf.get(row.retailer) ?? [], today }));
  const page = listPage(records, {
    page: q.page ?? 1,
    limit: q.limit ?? PAGE.defaultLimit,
    sort: readListSort(q.sort),
    filter: q.filter,
    search: q.search,
    rep: showReps ? q.rep : undefined,
  });
  const link = await imageLinker();
  return { data: page.data.map((r) => withImageLinks(r, link)), totalCount: page.totalCount, page: page.page };
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
  // The brand's row of the retailer says whether its data is delayed (issue 25), as the Retailer List says it.
  const [[retailer], stored, [latest], inReview, row] = await Promise.all([getRetailers([id]), getScanInfo(brandId, id), listRetailerPeriods(brandId, id, 1), newestScansInReview([id]), getBrandRow(brandId, id)]);
  if (!retailer) throw new NotFoundError(SCRAPING_MSG.retailerNotFound);
  const info = withoutGonePeriod(stored, latest !== undefined);
  const nextScan = nextScanOf({ period: shownPeriodOf(info), newestInReview: inReview.get(id), today: todayUtc() });
  const view = retailerInfoView({ id: scanInfoIdOf(brandId, id), retailer, webSiteType: entry.webSiteType, brandName: brand.name, info, latest, nextScan, delayed: delayedFields(row) });
  return { data: withImageLinks(view, await imageLinker()) };
}

/**
 * GET /brandRetailerSummary/{brandId}: totals of the latest period (the scan info's `periodId`)
 * and the one before it (that period's `previousPeriodId`) of each retailer the caller sees, and
 * those retailers (the list the summary's sentence and tiles show: docs/decisions.md "Dates and
 * counts that agree"): the sums of the same rows the Retailer List pages (visibleRows), so the
 * tiles, the sentence and the list agree. One Query of the brand's rows, not reads per retailer.
 */
export async function brandRetailerSummary(auth: AuthContext, brandId: string) {
  return rowsSummary((await visibleRows(auth, brandId)).rows);
}
