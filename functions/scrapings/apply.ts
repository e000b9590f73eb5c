/**
 * What approving a robot file does to what brands see (issue 3 §3, issue 6 §2), in three steps:
 * - stage: the products of each brand's period are written under a new version (the file's id),
 *   invisible, and a stage record per brand says what to publish (period totals, scan-info fields);
 * - publish: ONE transaction (per 49 brands) flips each period to the new version, updates the
 *   scan info and marks the file approved, only while the file's approval claim is the caller's;
 * - clean up: the superseded versions' products are removed (edits made on them since staging
 *   are carried over first) and the stage records deleted.
 * Staging and cleaning up are idempotent; publishing is all-or-nothing. Rules: docs/period-rules.md,
 * layout: docs/data-model-scrapings.md.
 */
import { listBrands } from '../brands/brands.repo';
import { brandPageInfoFromRow, buildPeriodProducts } from '../files/domain/period-apply';
import { BRAND_COLUMNS, type RobotRow } from '../files/domain/robot-types';
import { approveFileItem, claimCheckItem, type FileRecord, type FileType } from '../files/files.repo';
import { readAllRows, type Side } from '../files/pages';
import { namesBrand, splitRowsByBrand, type CarryingBrand } from './domain/brand-split';
import { periodIdOf } from './domain/ids';
import { carryUserFields, toProductScrape, userFieldsOf, type ProductScrape } from './domain/product';
import { homepageFeature, nextScanDayOf } from './domain/scan-info';
import { putPeriodSnapshot } from './snapshots.repo';
import {
  deleteStages,
  deleteVersionProducts,
  findPreviousPeriod,
  getPeriod,
  getScanInfo,
  listStages,
  listVersionProducts,
  periodPutItem,
  putProducts,
  putStage,
  scanInfoUpdateItem,
  transactWrite,
  updateProductFields,
  type RetailerBrandScraping,
  type ScanInfoFields,
  type ScanInfoSource,
  type StageRecord,
  type TransactItem,
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
 * Stage a product file: for each brand carrying the file's retailer, the products of its period
 * (brand × retailer × file date) under the version `file._id`, marked added / deleted / change
 * against the file's previous side, with the user fields carried from the period's published
 * version and else from the brand's previous period; and the stage record of the period. Brands
 * see none of it until publishFile.
 */
export async function stageProductFile(file: FileRecord): Promise<ApplyProductResult> {
  assertApplicable(file, 'product');
  const brands = await carryingBrands(file.retailer);
  const currentRows = await readRows(file._id, 'current', file.currentPages ?? 0);
  const previousRows = file.previousFileId ? await readRows(file._id, 'previous', file.previousPages ?? 0) : null;
  const current = splitRowsByBrand(currentRows, brands);
  const previous = previousRows ? splitRowsByBrand(previousRows, brands) : null;

  const result: ApplyProductResult = { brands: [], products: 0, added: 0, deleted: 0, changed: 0, skipped: current.unmatched.length };
  for (const brand of brands) {
    const period = await stageBrandPeriod(file, brand._id, current.byBrand.get(brand._id) ?? [], previous ? (previous.byBrand.get(brand._id) ?? []) : null);
    result.brands.push(brand._id);
    result.products += period.totalProducts;
    result.added += period.added;
    result.deleted += period.deleted;
    result.changed += period.changed;
  }
  return result;
}

async function stageBrandPeriod(file: FileRecord, brand: string, rows: RobotRow[], previousRows: RobotRow[] | null): Promise<StageRecord['period'] & object> {
  const { retailer, date } = file;
  const periodId = periodIdOf(brand, retailer, date);
  const version = file._id;
  // Before the reads: an edit on the published version after this time is carried at cleanup.
  const stagedAt = new Date().toISOString();
  const [existingPeriod, previousPeriod] = await Promise.all([getPeriod(periodId), findPreviousPeriod(brand, retailer, date)]);
  const [existing, previousProducts] = await Promise.all([
    existingPeriod ? listVersionProducts(periodId, existingPeriod.version) : Promise.resolve([]),
    previousPeriod ? listVersionProducts(previousPeriod._id, previousPeriod.version) : Promise.resolve([]),
  ]);
  const byStyle = (list: ProductScrape[]) => new Map(list.map((p) => [p.style_number, userFieldsOf(p)]));
  const existingUser = byStyle(existing);
  const previousUser = byStyle(previousProducts);

  const built = buildPeriodProducts({ currentRows: rows, previousRows });
  const at = { periodId, brand, retailer, date };
  const items = built.products.map((p) => toProductScrape(p, at, carryUserFields(p, existingUser.get(p.style_number), previousUser.get(p.style_number))));
  await putProducts(items, version);
  await writePeriodSnapshot(periodId, version, items);

  const period: StageRecord['period'] & object = {
    _id: periodId,
    brand,
    retailer,
    date,
    fileId: file._id,
    version,
    totalProducts: built.counts.total,
    previousTotalProducts: previousPeriod?.totalProducts ?? built.counts.previousTotal,
    previousPeriod: previousPeriod?.date ?? null,
    previousPeriodId: previousPeriod?._id ?? null,
    added: built.counts.added,
    deleted: built.counts.deleted,
    changed: built.counts.changed,
    unchanged: built.counts.unchanged,
    flaggedCount: items.filter((p) => p.isFlagged === 'yes' && p.type !== 'deleted').length,
    createdAt: existingPeriod?.createdAt ?? stagedAt,
    updatedAt: stagedAt,
  };
  await putStage({ fileId: file._id, brand, retailer, date, stagedAt, period, ...(existingPeriod && existingPeriod.version !== version ? { supersedes: existingPeriod.version } : {}) });
  return period;
}

/** The read snapshot of a staged version (docs/product-reads.md): the products as written, no edit yet. */
function writePeriodSnapshot(periodId: string, version: string, products: ProductScrape[]): Promise<void> {
  return putPeriodSnapshot(periodId, version, { seq: 0, products });
}

/** Entries of one transaction: 100 at most, one of them the file's (its approval or a check of the claim). */
const TRANSACTION_ITEMS = 100;

export interface PublishResult {
  /** The file was approved by this call (or by an earlier try of the same claim). */
  published: boolean;
  approvedAt: string;
  /** Brands whose scan info took this file's fields. */
  updated: string[];
  /** Brands whose scan info already had a newer file of the same source. */
  outdated: string[];
}

/**
 * Publish a staged file: for each brand, its period pointer (version, totals, listed in the
 * period indexes) and its scan-info update, and the file pending → approved, in ONE
 * TransactWriteItems, only while the file is pending and its approval claim is `claimId`. More
 * brands than fit in one transaction (49: two entries a brand, one for the file) are published
 * in several, each checking the claim, the file's approval in the last. Returns published: false
 * when the claim was lost (nothing of this call became visible). A scan info that a newer file
 * updated between the read and the write is read again (the transaction was cancelled whole).
 */
export async function publishFile(file: FileRecord, claimId: string): Promise<PublishResult> {
  const stages = await listStages(file._id);
  const approvedAt = new Date().toISOString();
  for (let attempt = 0; ; attempt++) {
    const groups: TransactItem[][] = [];
    const updated: string[] = [];
    const outdated: string[] = [];
    for (const st of stages) {
      const group: TransactItem[] = [];
      let source: ScanInfoSource | undefined;
      let fields: ScanInfoFields | undefined;
      if (st.period) {
        const period: RetailerBrandScraping = { ...st.period, approvedDate: approvedAt, updatedAt: approvedAt };
        group.push(periodPutItem(period));
        source = 'productDate';
        fields = { periodId: period._id, totalProducts: period.totalProducts, previousTotalProducts: period.previousTotalProducts, approvedDate: approvedAt, nextScanDay: nextScanDayOf(file.date) };
      } else if (st.scan) {
        source = st.scan.source;
        fields = st.scan.fields;
      }
      if (source && fields) {
        const info = await getScanInfo(st.brand, st.retailer);
        const newer = info?.[source] !== undefined && info[source]! > file.date;
        if (newer) outdated.push(st.brand);
        else {
          group.push(scanInfoUpdateItem(st.brand, st.retailer, source, file.date, fields));
          updated.push(st.brand);
        }
      }
      if (group.length) groups.push(group);
    }
    const transactions: TransactItem[][] = [[]];
    for (const g of groups) {
      if (transactions.at(-1)!.length + g.length > TRANSACTION_ITEMS - 1) transactions.push([]);
      transactions.at(-1)!.push(...g);
    }
    let retry = false;
    for (let i = 0; i < transactions.length && !retry; i++) {
      const last = i === transactions.length - 1;
      const items = [...transactions[i]!, last ? approveFileItem(file._id, claimId, approvedAt) : claimCheckItem(file._id, claimId)];
      const failed = await transactWrite(items);
      if (failed === undefined) continue;
      if (failed === items.length - 1) return { published: false, approvedAt, updated: [], outdated: [] };
      retry = true; // a scan info moved on meanwhile: read again
    }
    if (!retry) return { published: true, approvedAt, updated, outdated };
    if (attempt >= 4) throw new Error(`The scan info of ${file.retailer} kept changing while the file was published.`);
  }
}

/**
 * After publication: each period's superseded version is removed (an edit a person made on it
 * since staging is first carried to the published version), then the stage records. A stop
 * before this leaves only invisible items; running it again finishes the job.
 */
export async function cleanupFile(fileId: string): Promise<{ removed: number; carried: number }> {
  const stages = await listStages(fileId);
  let removed = 0;
  let carried = 0;
  for (const st of stages) {
    if (!st.period || !st.supersedes || st.supersedes === st.period.version) continue;
    const old = await listVersionProducts(st.period._id, st.supersedes);
    for (const p of old) {
      const editedAt = (p as ProductScrape & { updatedAt?: string }).updatedAt;
      if (editedAt && editedAt > st.stagedAt && (await updateProductFields(p._id, userFieldsOf(p), st.period.version))) carried++;
    }
    removed += await deleteVersionProducts(st.period._id, st.supersedes);
  }
  await deleteStages(
    fileId,
    stages.map((s) => s.brand),
  );
  return { removed, carried };
}

/**
 * Stage a brand landing page file: each carrying brand's row (Brand ID naming the brand's id or slug,
 * else Brand Name naming it) gives the brand-page fields of its scan info; a brand without a
 * row has no brand page at that retailer (fields emptied, not featured).
 */
export async function stageBrandFile(file: FileRecord): Promise<{ brands: string[]; found: string[] }> {
  assertApplicable(file, 'brand');
  const [brands, rows] = await Promise.all([carryingBrands(file.retailer), readRows(file._id, 'current', file.currentPages ?? 0)]);
  const found: string[] = [];
  for (const brand of brands) {
    const row =
      rows.find((r) => namesBrand(r[BRAND_COLUMNS.brandId] ?? '', brand)) ?? rows.find((r) => namesBrand(r[BRAND_COLUMNS.brandName] ?? '', brand));
    if (row) found.push(brand._id);
    const info = row ? brandPageInfoFromRow(row) : undefined;
    await stageScan(file, brand._id, 'brandPageDate', {
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

/** Stage a homepage file: whether each carrying brand appears in the retailer's menu (featuredInMenu). */
export async function stageHomepageFile(file: FileRecord): Promise<{ brands: string[]; featured: string[] }> {
  assertApplicable(file, 'homepage');
  const [brands, rows] = await Promise.all([carryingBrands(file.retailer), readRows(file._id, 'current', file.currentPages ?? 0)]);
  const featured: string[] = [];
  for (const brand of brands) {
    const f = homepageFeature(rows, brand, brands.length === 1);
    if (f.featured) featured.push(brand._id);
    await stageScan(file, brand._id, 'homepageDate', { featuredInMenuHomepage: f.featured, featuredMenus: f.menus });
  }
  return { brands: brands.map((b) => b._id), featured };
}

/** The stage record of a brand page or homepage file for one brand: the scan-info fields it publishes. */
function stageScan(file: FileRecord, brand: string, source: ScanInfoSource, fields: ScanInfoFields): Promise<void> {
  return putStage({ fileId: file._id, brand, retailer: file.retailer, date: file.date, stagedAt: new Date().toISOString(), scan: { source, fields } });
}
