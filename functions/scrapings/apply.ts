/**
 * What the approval workflow does with an approved robot file (issue 3 §3): the products of the
 * period ("apply to the period") and the retailer's scan info ("update scan info").
 * Every function is idempotent: ids are derived from brand, retailer, date and style number,
 * items are overwritten whole, and a retry after a partial failure ends in the same state.
 * Rules: docs/period-rules.md.
 */
import { listBrands } from '../brands/brands.repo';
import { brandPageInfoFromRow, buildPeriodProducts } from '../files/domain/period-apply';
import { BRAND_COLUMNS, type RobotRow } from '../files/domain/robot-types';
import type { FileRecord, FileType } from '../files/files.repo';
import { readAllRows, type Side } from '../files/pages';
import { namesBrand, splitRowsByBrand, type CarryingBrand } from './domain/brand-split';
import { periodIdOf } from './domain/ids';
import { carryUserFields, toProductScrape, userFieldsOf, type ProductScrape } from './domain/product';
import { homepageFeature, nextScanDayOf } from './domain/scan-info';
import {
  deleteProducts,
  findPreviousPeriod,
  getPeriod,
  listPeriodProducts,
  putPeriod,
  putProducts,
  upsertScanInfo,
  type RetailerBrandScraping,
} from './scrapings.repo';

export interface ApplyProductResult {
  /** Every brand carrying the retailer: each got a period for the file's date (maybe empty). */
  brands: string[];
  /** Products in the file that went to a brand (the periods' totalProducts, summed). */
  products: number;
  added: number;
  deleted: number;
  changed: number;
  /** Rows of no carrying brand (not stored). */
  skipped: number;
}

/** The brands whose retailer list has this retailer enabled (Brand.retailers[].flag). */
export async function carryingBrands(retailer: string): Promise<CarryingBrand[]> {
  const brands = await listBrands();
  return brands
    .filter((b) => b.retailers.some((r) => r.retailer === retailer && r.flag !== false))
    .map((b) => ({ _id: b._id, name: b.name, slug: b.slug }));
}

function assertApplicable(file: FileRecord, type: FileType): void {
  if (file.type !== type) throw new Error(`File ${file._id} is a ${file.type} file, not a ${type} file.`);
  if (file.error) throw new Error(`File ${file._id} could not be read and cannot be applied: ${file.error}`);
}

async function readRows(fileId: string, side: Side, chunks: number): Promise<RobotRow[]> {
  const rows: RobotRow[] = [];
  for await (const chunk of readAllRows(fileId, side, chunks)) for (const marked of chunk) rows.push(marked.row);
  return rows;
}

/**
 * Apply to the period: for each brand carrying the file's retailer, the products of its period
 * (brand × retailer × file date), marked added / deleted / change against the file's previous
 * side, with the user fields carried from the brand's previous period (and from an earlier
 * apply of this same period). Products of the period that the file no longer has are removed.
 */
export async function applyProductFile(file: FileRecord): Promise<ApplyProductResult> {
  assertApplicable(file, 'product');
  const brands = await carryingBrands(file.retailer);
  const currentRows = await readRows(file._id, 'current', file.currentPages ?? 0);
  const previousRows = file.previousFileId ? await readRows(file._id, 'previous', file.previousPages ?? 0) : null;
  const current = splitRowsByBrand(currentRows, brands);
  const previous = previousRows ? splitRowsByBrand(previousRows, brands) : null;

  const result: ApplyProductResult = { brands: [], products: 0, added: 0, deleted: 0, changed: 0, skipped: current.unmatched.length };
  for (const brand of brands) {
    const period = await applyBrandPeriod(file, brand._id, current.byBrand.get(brand._id) ?? [], previous ? (previous.byBrand.get(brand._id) ?? []) : null);
    result.brands.push(brand._id);
    result.products += period.totalProducts;
    result.added += period.added;
    result.deleted += period.deleted;
    result.changed += period.changed;
  }
  return result;
}

async function applyBrandPeriod(file: FileRecord, brand: string, rows: RobotRow[], previousRows: RobotRow[] | null): Promise<RetailerBrandScraping> {
  const { retailer, date } = file;
  const periodId = periodIdOf(brand, retailer, date);
  const [existingPeriod, previousPeriod, existing] = await Promise.all([
    getPeriod(periodId),
    findPreviousPeriod(brand, retailer, date),
    listPeriodProducts(periodId),
  ]);
  const previousProducts = previousPeriod ? await listPeriodProducts(previousPeriod._id) : [];
  const byStyle = (list: ProductScrape[]) => new Map(list.map((p) => [p.style_number, userFieldsOf(p)]));
  const existingUser = byStyle(existing);
  const previousUser = byStyle(previousProducts);

  const built = buildPeriodProducts({ currentRows: rows, previousRows });
  const at = { periodId, brand, retailer, date };
  const items = built.products.map((p) => toProductScrape(p, at, carryUserFields(p, existingUser.get(p.style_number), previousUser.get(p.style_number))));

  await putProducts(items);
  const keep = new Set(items.map((i) => i._id));
  await deleteProducts(existing.filter((e) => !keep.has(e._id)).map((e) => e._id));

  const now = new Date().toISOString();
  const period: RetailerBrandScraping = {
    _id: periodId,
    brand,
    retailer,
    date,
    fileId: file._id,
    totalProducts: built.counts.total,
    previousTotalProducts: previousPeriod?.totalProducts ?? built.counts.previousTotal,
    previousPeriod: previousPeriod?.date ?? null,
    previousPeriodId: previousPeriod?._id ?? null,
    added: built.counts.added,
    deleted: built.counts.deleted,
    changed: built.counts.changed,
    unchanged: built.counts.unchanged,
    // A retry keeps the first apply's time; another file of the same period takes its own.
    approvedDate: existingPeriod?.fileId === file._id ? existingPeriod.approvedDate : (file.approvedAt ?? now),
    createdAt: existingPeriod?.createdAt ?? now,
    updatedAt: now,
  };
  // Written last: a period is listed only once all of its products are stored.
  await putPeriod(period);
  return period;
}

/**
 * Update scan info after a product file: each brand's scan info for the retailer takes the
 * period's totals, approval time and next scan day, unless a newer period already did.
 */
export async function updateScanInfo(file: FileRecord, result: Pick<ApplyProductResult, 'brands'>): Promise<{ updated: string[]; outdated: string[] }> {
  assertApplicable(file, 'product');
  const updated: string[] = [];
  const outdated: string[] = [];
  for (const brand of result.brands) {
    const period = await getPeriod(periodIdOf(brand, file.retailer, file.date));
    if (!period) throw new Error(`No period of brand ${brand} at ${file.retailer} on ${file.date}: apply the file first.`);
    const applied = await upsertScanInfo(brand, file.retailer, 'productDate', file.date, {
      periodId: period._id,
      totalProducts: period.totalProducts,
      previousTotalProducts: period.previousTotalProducts,
      approvedDate: period.approvedDate,
      nextScanDay: nextScanDayOf(file.date),
    });
    (applied ? updated : outdated).push(brand);
  }
  return { updated, outdated };
}

/**
 * A brand landing page file: each carrying brand's row (Brand ID naming the brand's id or slug,
 * else Brand Name naming it) gives the brand-page fields of its scan info; a brand without a
 * row has no brand page at that retailer (fields emptied, not featured).
 */
export async function applyBrandFile(file: FileRecord): Promise<{ brands: string[]; found: string[] }> {
  assertApplicable(file, 'brand');
  const [brands, rows] = await Promise.all([carryingBrands(file.retailer), readRows(file._id, 'current', file.currentPages ?? 0)]);
  const found: string[] = [];
  for (const brand of brands) {
    const row =
      rows.find((r) => namesBrand(r[BRAND_COLUMNS.brandId] ?? '', brand)) ?? rows.find((r) => namesBrand(r[BRAND_COLUMNS.brandName] ?? '', brand));
    if (row) found.push(brand._id);
    const info = row ? brandPageInfoFromRow(row) : undefined;
    await upsertScanInfo(brand._id, file.retailer, 'brandPageDate', file.date, {
      siteLink: info?.siteLink ?? '',
      brandLink: info?.brandLink ?? '',
      brand_description: info?.brand_description ?? '',
      brand_logo: info?.brand_logo ?? '',
      brand_hero_image: info?.brand_hero_image ?? '',
      brand_screenshot: info?.brand_screenshot ?? '',
      brand_screenshot_large: (row?.['Screenshot Large'] || info?.brand_screenshot) ?? '',
      featuredInMenuBrandPage: info?.featuredInMenu ?? false,
    });
  }
  return { brands: brands.map((b) => b._id), found };
}

/** A homepage file: whether each carrying brand appears in the retailer's menu (featuredInMenu). */
export async function applyHomepageFile(file: FileRecord): Promise<{ brands: string[]; featured: string[] }> {
  assertApplicable(file, 'homepage');
  const [brands, rows] = await Promise.all([carryingBrands(file.retailer), readRows(file._id, 'current', file.currentPages ?? 0)]);
  const featured: string[] = [];
  for (const brand of brands) {
    const f = homepageFeature(rows, brand, brands.length === 1);
    if (f.featured) featured.push(brand._id);
    await upsertScanInfo(brand._id, file.retailer, 'homepageDate', file.date, { featuredInMenuHomepage: f.featured, featuredMenus: f.menus });
  }
  return { brands: brands.map((b) => b._id), featured };
}
