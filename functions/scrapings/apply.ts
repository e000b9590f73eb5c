/**
 * What approving a robot file does to what brands see (issue 3 §3, issue 6 §2), in three steps:
 * - stage: the products of each brand's period are written under a new version (the file's id),
 *   invisible, and a stage record per brand says what to publish (period totals, scan-info fields);
 * - publish: ONE transaction (per 32 brands) flips each period to the new version, updates the
 *   scan info and marks the file approved, only while the file's approval claim is the caller's;
 * - clean up: the superseded versions' products are removed (edits made on them since staging
 *   are carried over first) and the stage records deleted.
 * Staging and cleaning up are idempotent; publishing is all-or-nothing. Rules: docs/period-rules.md,
 * layout: docs/data-model-scrapings.md.
 */
import { carryingBrands } from '../brands';
import { pipelineNowIso } from '../lib/clock';
import { mapLimit } from '../lib/map-limit';
import { APPROVE_FILE_ENTRIES, approveFileItems, BRAND_COLUMNS, brandPageInfoFromRow, changedFields, claimCheckItem, productFieldsFromRow, readAllRows, readChunk, type FileRecord, type FileType, type ProductFields, type RobotRow, type Side } from '../files';
import { activityPut } from './activity';
import { brandOfRow, namesBrand, type CarryingBrand } from './domain/brand-split';
import { CarriedFields, PeriodStager, type BrandCounts, type StagedRow } from './domain/period-stage';
import { periodIdOf } from './domain/ids';
import { countReportFigures } from './domain/report-counts';
import { carryUserFields, toProductScrape, userFieldsOf, type ProductScrape } from './domain/product';
import { homepageFeature, nextScanDayOf } from './domain/scan-info';
import { buildReadKeys } from './domain/read-keys';
import { putPeriodKeys, putPeriodSnapshot, putPeriodSnapshotGz } from './snapshots.repo';
import { deleteSnapshotParts, snapshotFromParts, SnapshotPartWriter, type SnapshotPart } from './stage-snapshot';
import { type BrandPeriod, deleteStageStates, loadStageState, saveStageState, type StageState, type StateAt } from './stage-state';
import { refreshBrandRow } from './brand-rows.repo';
import {
  deleteStages,
  deleteVersionProducts,
  findPreviousPeriod,
  getPeriod,
  getScanInfo,
  listStages,
  listVersionProducts,
  listVersionProductsEditedSince,
  periodPutItem,
  scanDateItem,
  productWriter,
  putStage,
  scanInfoUpdateItem,
  transactWrite,
  updateProductFields,
  type RetailerBrandScraping,
  type ScanInfoFields,
  type ProductWriter,
  type ScanInfoSource,
  type StageRecord,
  type TransactItem,
  type UserFieldsCursor,
  versionUserFieldPage,
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

function assertApplicable(file: FileRecord, type: FileType): void {
  if (file.type !== type) throw new Error(`File ${file._id} is a ${file.type} file, not a ${type} file.`);
  if (file.error) throw new Error(`File ${file._id} could not be read and cannot be applied: ${file.error}`);
}

async function readRows(fileId: string, side: Side, chunks: number): Promise<RobotRow[]> {
  const rows: RobotRow[] = [];
  for await (const chunk of readAllRows(fileId, side, chunks)) for (const marked of chunk) rows.push(marked.row);
  return rows;
}

/** Previous chunks kept while listing changes: rows of a rescan mostly keep their order, so a few suffice. */
const PREVIOUS_CHUNKS_CACHED = 8;

/**
 * Where a product file's staging stands between two invocations of StageFile (the state machine
 * loops while `done` is false): the next chunk of the current side, the counts so far, the time
 * staging started. Small: it travels in the execution's state.
 */
export interface StageProgress {
  done: false;
  type: 'product';
  /** The next current-side chunk to stage. */
  next: number;
  /** Resume from the state saved for this chunk (stage-state.ts); absent in progress from before states were saved. */
  state?: number;
  /** Every chunk state saved so far (the last invocation deletes all the file's states). */
  saved?: number[];
  /**
   * What the invocations so far saved of their products for the read snapshots (per invocation,
   * the chunk it started at and its pieces per brand: stage-snapshot.ts). Absent in progress
   * from before parts were saved: the last invocation then reads the version back from DynamoDB
   * for the snapshot, as it used to.
   */
  parts?: SnapshotPart[];
  /**
   * The set-up is not finished: the user fields to carry (every product of the brands' previous
   * periods and of their own published versions) are read a DynamoDB page at a time over as many
   * invocations as they take, each resuming where the last stopped (`SetupCursor`) from the state
   * it saved (`setup-<step>`). No current chunk is staged before they are all read.
   */
  setup?: SetupCursor;
  /**
   * Every chunk and deleted product is staged and this many brands (in order) have their
   * snapshot and stage record: the next invocation writes the rest (a 200k-product period's
   * snapshot takes a while, and there may be several).
   */
  finishing?: number;
  stagedAt: string;
  counts: Record<string, BrandCounts>;
  skipped: number;
}

/** Where reading the user fields to carry resumes: the period (by brand index), which version of it, and the Query's LastEvaluatedKey. */
export interface SetupCursor {
  /** The set-up state to resume from (`setup-<step>`). */
  step: number;
  period: number;
  side: 'previous' | 'existing';
  after?: UserFieldsCursor;
}

export interface StageBudget {
  /** Stop staging current chunks (or reading user fields) after this long (then return progress); the deleted products and stage records follow in the last invocation. */
  ms: number;
  /** Or after this many chunks (tests). */
  chunks?: number;
  /** Read the user fields to carry in Query pages of this many items, one page an invocation (tests); else pages of 1 MB until `ms` is spent. */
  userFields?: number;
  /** Write at most this many periods' snapshots and stage records an invocation (tests); else `ms` decides. */
  brands?: number;
}

/**
 * Stage a product file: for each brand carrying the file's retailer, the products of its period
 * (brand × retailer × file date) under the version `file._id`, marked added / deleted / change
 * against the file's previous side, with the user fields carried from the period's published
 * version and else from the brand's previous period; and the stage record of the period. Brands
 * see none of it until publishFile.
 *
 * In bounded memory whatever the file's size (issue 7 §2, domain/period-stage.ts): the previous
 * side is read into a compact index, the current side streamed chunk by chunk (chunks read
 * ahead) into the product writer (parallel BatchWriteItem), then the deleted products read back
 * from their previous chunks. When `budget` runs out first, it returns where it stands
 * (`StageProgress`) and the next invocation, given that, resumes there (the index is rebuilt, the
 * chunks already staged skipped). Products are written ONLY in `writeStagedProduct` below.
 */
export async function stageProductFile(file: FileRecord, progress?: StageProgress, budget: StageBudget = { ms: Infinity }): Promise<ApplyProductResult | StageProgress> {
  assertApplicable(file, 'product');
  const started = Date.now();
  const version = file._id;
  const comparing = !!file.previousFileId;
  const from = progress?.next ?? 0;
  const total = file.currentPages ?? 0;
  // Before the first reads: an edit on the published version after this time is carried at cleanup.
  const stagedAt = progress?.stagedAt ?? new Date().toISOString();
  // Resuming: the state the previous invocation saved (brands, periods, user fields to carry, the
  // previous products not matched yet), read in one go. Else (a first invocation, one still
  // reading the user fields, or the progress of an execution started before states were saved)
  // it is built from DynamoDB and the pages, over as many invocations as the user fields take.
  let state: StageState;
  if (progress?.state !== undefined) state = await loadStageState(file._id, stagedAt, progress.state, comparing, progress.counts);
  else {
    const set = await setUpStaging(file, progress, stagedAt, started, budget);
    if ('done' in set) return set;
    state = set;
  }
  const { brands, periods, stager } = state;
  const periodOf = new Map(periods.map((p) => [p.brand, p]));

  const writer = productWriter(version);
  // The products this invocation writes, per brand, for the read snapshots (while the period may get one at staging).
  const snapshotting = !progress || progress.parts !== undefined;
  const pieces = new SnapshotPartWriter(file._id, stagedAt, from, brands.length);
  const brandIndex = new Map(brands.map((b, i) => [b._id, i]));
  const write = (staged: StagedRow) => {
    const counts = stager.counts.get(staged.brand)!;
    const keep = snapshotting && counts.total + counts.deleted <= SNAPSHOT_AT_STAGE_MAX ? (p: ProductScrape) => pieces.add(brandIndex.get(staged.brand)!, p) : undefined;
    return writeStagedProduct(writer, periodOf.get(staged.brand)!, staged, keep, counts);
  };
  const previousChunks = new PreviousChunks(file._id, brands);
  let n = from;
  for await (const chunk of readAllRows(file._id, 'current', total, undefined, from)) {
    for (const marked of chunk) {
      const staged = stager.addCurrent(marked.row);
      if (!staged) continue;
      if (staged.changedAt !== undefined) {
        const before = (await previousChunks.get(staged.changedAt)).get(`${staged.brand}\u0000${staged.product.style_number}`);
        const change = before ? changedFields(before, staged.product) : undefined;
        if (change) {
          staged.product.type = 'change';
          staged.product.change = change;
        }
        stager.settleChange(staged.brand, !!change);
      }
      await write(staged);
    }
    n++;
    if (n < total && (Date.now() - started >= budget.ms || n - from >= (budget.chunks ?? Infinity))) break;
  }
  const saved = progress?.saved ?? [];
  // Stage records written so far by earlier invocations (the finish is under way: deleted products staged).
  const finishing = progress?.finishing;
  // The last chunk staged late in the budget: the finish (deleted products, each period's snapshot
  // and stage record, minutes at 1M rows) is left to an invocation of its own.
  const finishLater = n === total && n > from && Date.now() - started >= budget.ms * FINISH_AFTER;
  if (n < total || finishLater) {
    // The state and the last snapshot pieces are saved while the last writes finish.
    const [, , part] = await Promise.all([writer.close(), saveStageState(file._id, stagedAt, n, { brands, periods, stager }, file.fileName), pieces.close()]);
    return {
      done: false,
      type: 'product',
      next: n,
      stagedAt,
      counts: Object.fromEntries(stager.counts),
      skipped: (progress?.skipped ?? 0) + stager.skipped,
      state: n,
      saved: [...saved, n],
      ...(snapshotting ? { parts: [...(progress?.parts ?? []), part] } : {}),
    };
  }
  let parts = progress?.parts ?? [];
  if (finishing === undefined) {
    if (comparing) {
      for (const d of [...stager.deletedChunks()].sort((a, b) => a - b)) {
        for (const marked of await readChunk(file._id, 'previous', d)) {
          const staged = stager.deletedOf(marked.row, d);
          if (staged) await write(staged);
        }
      }
    }
    const [, part] = await Promise.all([writer.close(), pieces.close()]);
    parts = [...parts, part];
  } else await writer.close();

  const result: ApplyProductResult = { brands: [], products: 0, added: 0, deleted: 0, changed: 0, skipped: (progress?.skipped ?? 0) + stager.skipped };
  for (const brand of brands) {
    const c = stager.counts.get(brand._id)!;
    result.brands.push(brand._id);
    result.products += c.total;
    result.added += c.added;
    result.deleted += c.deleted;
    result.changed += c.changed;
  }
  // Each period's snapshot and stage record; when the budget runs out between two, the next
  // invocation goes on from there (the deleted products are staged and counted: not again).
  const first = finishing ?? 0;
  for (let i = first; i < brands.length; i++) {
    if (i > first && (Date.now() - started >= budget.ms || i - first >= (budget.brands ?? Infinity))) {
      await saveStageState(file._id, stagedAt, total, { brands, periods, stager }, file.fileName);
      return {
        done: false,
        type: 'product',
        next: total,
        stagedAt,
        counts: Object.fromEntries(stager.counts),
        skipped: result.skipped,
        state: total,
        saved: [...saved, total],
        ...(snapshotting ? { parts } : {}),
        finishing: i,
      };
    }
    const sources = snapshotting ? { parts, brandIndex: i } : undefined;
    await putBrandStage(file, periodOf.get(brands[i]!._id)!, stager.counts.get(brands[i]!._id)!, stagedAt, sources);
  }
  await Promise.all([deleteStageStates(file._id), deleteSnapshotParts(file._id)]);
  return result;
}

/** Share of the budget after which an invocation that staged the last chunk leaves the finish to the next one. */
const FINISH_AFTER = 0.5;

const setupKey = (step: number): StateAt => `setup-${step}`;

/**
 * The state staging starts from: the carrying brands, their periods and the user fields to carry
 * (DynamoDB), the previous side's products (its pages, into the stager's compact index).
 *
 * The user fields are every product of each brand's previous period and of the period's own
 * published version: at 1M rows, more than one invocation can read (issue 7 §2). They are read a
 * Query page at a time; once the budget is spent, what was read so far is saved (`setup-<n>`,
 * stage-state.ts) and the set-up progress returned, with the Query's LastEvaluatedKey: the next
 * invocation loads that state and resumes after that key. A retried invocation (same progress)
 * reads the same state and the same pages again (the user fields are kept by style, so a page
 * read twice changes nothing). The previous side's index is built once the user fields are all
 * read, by the invocation that goes on staging.
 *
 * With `progress` of an execution from before states were saved (no `setup`, no `state`), the
 * current chunks already staged are read again to take their products out of the index.
 */
async function setUpStaging(file: FileRecord, progress: StageProgress | undefined, stagedAt: string, started: number, budget: StageBudget): Promise<StageState | StageProgress> {
  const comparing = !!file.previousFileId;
  let brands: CarryingBrand[];
  let periods: BrandPeriod[];
  let cursor: SetupCursor;
  if (progress?.setup) {
    cursor = progress.setup;
    ({ brands, periods } = await loadStageState(file._id, stagedAt, setupKey(cursor.step), false, {}));
  } else {
    brands = await carryingBrands(file.retailer);
    // A first invocation starts afresh: an earlier, failed try may have staged brands that no longer carry the retailer.
    if (!progress) await clearStages(file._id);
    periods = await Promise.all(brands.map((b) => readBrandPeriod(file, b._id)));
    cursor = { step: 0, period: 0, side: 'previous' };
  }
  const overBudget = () => Date.now() - started >= budget.ms;
  let pages = 0;
  for (;;) {
    const period = periods[cursor.period];
    if (!period) break;
    // Not the version being staged (the file approved again): that would read back what this staging writes.
    const version = cursor.side === 'previous' ? period.previous : period.existing?.version !== file._id ? period.existing : undefined;
    if (version) {
      if (pages > 0 && (overBudget() || budget.userFields !== undefined)) return saveSetup(file, progress, stagedAt, { brands, periods }, cursor);
      const page = await versionUserFieldPage(version._id, version.version, cursor.after, budget.userFields);
      pages++;
      // Every previous-period product before the period's own (`addExisting` looks the style up among them).
      for (const p of page.items) {
        if (cursor.side === 'previous') period.carried.addPrevious(p);
        else period.carried.addExisting(p);
      }
      if (page.next) {
        cursor = { ...cursor, after: page.next };
        continue;
      }
    }
    cursor = cursor.side === 'previous' ? { step: cursor.step, period: cursor.period, side: 'existing' } : { step: cursor.step, period: cursor.period + 1, side: 'previous' };
  }
  // All read; when the budget went on it, the previous side's index is left to the next invocation.
  if (pages > 0 && overBudget()) return saveSetup(file, progress, stagedAt, { brands, periods }, cursor);
  const stager = new PeriodStager(brands, comparing, progress?.counts, false, file.previousRowCount);
  if (comparing) {
    let n = 0;
    for await (const chunk of readAllRows(file._id, 'previous', file.previousPages ?? 0)) {
      for (const marked of chunk) stager.addPrevious(marked.row, n);
      n++;
    }
  }
  const from = progress?.next ?? 0;
  if (comparing && from > 0) for await (const chunk of readAllRows(file._id, 'current', from)) for (const marked of chunk) stager.skipCurrent(marked.row);
  return { brands, periods, stager };
}

/** Save the set-up's state so far (`setup-<step + 1>`) and return the progress that resumes from it at `cursor`. */
async function saveSetup(file: FileRecord, progress: StageProgress | undefined, stagedAt: string, state: Omit<StageState, 'stager'>, cursor: SetupCursor): Promise<StageProgress> {
  const step = cursor.step + 1;
  // No previous products yet: an empty stager (nothing unmatched to save).
  await saveStageState(file._id, stagedAt, setupKey(step), { ...state, stager: new PeriodStager(state.brands, false) }, file.fileName);
  return {
    done: false,
    type: 'product',
    next: progress?.next ?? 0,
    stagedAt,
    counts: progress?.counts ?? {},
    skipped: progress?.skipped ?? 0,
    // A first execution snapshots as it stages (an execution from before parts were saved keeps without).
    ...(!progress || progress.parts !== undefined ? { parts: progress?.parts ?? [] } : {}),
    ...(progress?.saved ? { saved: progress.saved } : {}),
    setup: { ...cursor, step },
  };
}

/** One brand's period items (the user fields to carry are read after, by `setUpStaging`). */
async function readBrandPeriod(file: FileRecord, brand: string): Promise<BrandPeriod> {
  const periodId = periodIdOf(brand, file.retailer, file.date);
  const [existing, previous] = await Promise.all([getPeriod(periodId), findPreviousPeriod(brand, file.retailer, file.date)]);
  return { brand, periodId, at: { periodId, brand, retailer: file.retailer, date: file.date }, existing, previous, carried: new CarriedFields() };
}

/**
 * Previous-side chunks read back by number (changes list the previous values), the last few
 * kept: brand + NUL + style number -> the product fields of that row.
 */
class PreviousChunks {
  private readonly cache = new Map<number, Promise<Map<string, ProductFields>>>();

  constructor(
    private readonly fileId: string,
    private readonly brands: readonly CarryingBrand[],
  ) {}

  get(n: number): Promise<Map<string, ProductFields>> {
    const hit = this.cache.get(n);
    if (hit) {
      this.cache.delete(n);
      this.cache.set(n, hit);
      return hit;
    }
    const read = readChunk(this.fileId, 'previous', n).then((rows) => {
      const byKey = new Map<string, ProductFields>();
      for (const { row } of rows) {
        const brand = brandOfRow(row, this.brands);
        if (!brand) continue;
        const fields = productFieldsFromRow(row);
        byKey.set(`${brand._id}\u0000${fields.style_number}`, fields);
      }
      return byKey;
    });
    this.cache.set(n, read);
    if (this.cache.size > PREVIOUS_CHUNKS_CACHED) this.cache.delete(this.cache.keys().next().value!);
    return read;
  }
}

/** Products of a period written into its read snapshot at staging; a larger period's snapshot is built on its first read. */
const SNAPSHOT_AT_STAGE_MAX = 200_000;

/** What the last invocation builds a period's read snapshot from: the pieces every invocation saved (its own included), of this brand. */
interface SnapshotSources {
  parts: readonly SnapshotPart[];
  brandIndex: number;
}

/**
 * Write the read snapshot and read keys of a staged version and return its flagged count: merged from the
 * pieces the invocations saved (stage-snapshot.ts: never holding the period's products). Without
 * `sources` (an execution from before parts were saved), or with a part missing (a retry of a
 * last invocation that had deleted them), from the version read back from DynamoDB.
 */
async function putStagedSnapshot(fileId: string, stagedAt: string, periodId: string, sources: SnapshotSources | undefined): Promise<number> {
  if (sources) {
    const built = await snapshotFromParts(fileId, stagedAt, sources.parts, sources.brandIndex, periodId);
    if (built) {
      await Promise.all([putPeriodSnapshotGz(periodId, fileId, built.body), putPeriodKeys(periodId, fileId, built.keys)]);
      return built.flagged;
    }
  }
  const products = await listVersionProducts(periodId, fileId);
  await Promise.all([putPeriodSnapshot(periodId, fileId, { seq: 0, products }), putPeriodKeys(periodId, fileId, buildReadKeys(periodId, 0, products))]);
  return products.filter((p) => p.isFlagged === 'yes' && p.type !== 'deleted').length;
}

/** The stage record of one brand's period: what Publish makes visible. */
async function putBrandStage(file: FileRecord, period: BrandPeriod, counts: BrandCounts, stagedAt: string, sources: SnapshotSources | undefined): Promise<StageRecord['period'] & object> {
  const { existing, previous } = period;
  // The read snapshot of the staged version (docs/product-reads.md) and its flagged count, from
  // the products as written (every invocation's chunks are in by now), saved in pieces as they
  // were written. A larger period gets both on its first read instead (the fallback in product-reads.ts).
  const flaggedCount = counts.total + counts.deleted <= SNAPSHOT_AT_STAGE_MAX ? await putStagedSnapshot(file._id, stagedAt, period.periodId, sources) : undefined;
  const staged: StageRecord['period'] & object = {
    _id: period.periodId,
    brand: period.brand,
    retailer: file.retailer,
    date: file.date,
    fileId: file._id,
    version: file._id,
    totalProducts: counts.total,
    previousTotalProducts: previous?.totalProducts ?? counts.previousTotal,
    previousPeriod: previous?.date ?? null,
    previousPeriodId: previous?._id ?? null,
    added: counts.added,
    deleted: counts.deleted,
    changed: counts.changed,
    unchanged: counts.unchanged,
    ...(flaggedCount !== undefined ? { flaggedCount } : {}),
    ...(counts.mapped !== undefined && counts.priceFlagged !== undefined ? { mappedCount: counts.mapped, priceFlaggedCount: counts.priceFlagged } : {}),
    createdAt: existing?.createdAt ?? stagedAt,
    updatedAt: stagedAt,
  };
  await putStage({ fileId: file._id, brand: period.brand, retailer: file.retailer, date: file.date, stagedAt, period: staged, ...(existing && existing.version !== file._id ? { supersedes: existing.version } : {}) });
  return staged;
}

/** THE place staging writes a product: the item of the file's version, with the user fields carried (also given to `keep`, for the read snapshot). */
function writeStagedProduct(writer: ProductWriter, period: BrandPeriod, staged: StagedRow, keep: ((p: ProductScrape) => void) | undefined, counts: BrandCounts): Promise<void> | undefined {
  const { product } = staged;
  const [existing, previous] = period.carried.of(product.style_number);
  const scrape = toProductScrape(product, period.at, carryUserFields(product, existing, previous));
  keep?.(scrape);
  countReportFigures(counts, scrape);
  return writer.add(scrape);
}
/** Entries of one transaction: 100 at most, up to three of them the file's (its approval or a check of the claim; the pending count; its retailer's waiting scans). */
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
 * brands than fit in one transaction (24: four entries a brand — period, its scan date, scan info, its activity-log event — and the file's three) are published
 * in several, each checking the claim, the file's approval in the last. Returns published: false
 * when the claim was lost (nothing of this call became visible). A scan info that a newer file
 * updated between the read and the write is read again (the transaction was cancelled whole).
 */
export async function publishFile(file: FileRecord, claimId: string): Promise<PublishResult> {
  const stages = await listStages(file._id);
  const approvedAt = pipelineNowIso();
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
        group.push(periodPutItem(period), scanDateItem(period.brand, period.retailer, period.date));
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
      // The brand's activity log (the daily and weekly digests): this file approved for it, with the product figures.
      if (group.length) {
        const p = st.period;
        group.push(
          activityPut(
            {
              kind: 'approved',
              brand: st.brand,
              retailer: st.retailer,
              at: approvedAt,
              fileId: file._id,
              fileType: file.type,
              date: file.date,
              ...(p ? { periodId: p._id, totalProducts: p.totalProducts, added: p.added, deleted: p.deleted, changed: p.changed } : {}),
            },
            file._id,
          ),
        );
        groups.push(group);
      }
    }
    const transactions: TransactItem[][] = [[]];
    for (const g of groups) {
      if (transactions.at(-1)!.length + g.length > TRANSACTION_ITEMS - APPROVE_FILE_ENTRIES) transactions.push([]);
      transactions.at(-1)!.push(...g);
    }
    let retry = false;
    for (let i = 0; i < transactions.length && !retry; i++) {
      const last = i === transactions.length - 1;
      const items = [...transactions[i]!, ...(last ? approveFileItems(file, claimId, approvedAt) : [claimCheckItem(file._id, claimId)])];
      const failed = await transactWrite(items);
      if (failed === undefined) continue;
      if (failed === items.length - 1) {
        // The claim was lost: maybe to this same step run again after it published; the rows follow the sources either way.
        await refreshRows(stages);
        return { published: false, approvedAt, updated: [], outdated: [] };
      }
      retry = true; // a scan info moved on meanwhile: read again
    }
    if (!retry) {
      await refreshRows(stages);
      return { published: true, approvedAt, updated, outdated };
    }
    if (attempt >= 4) throw new Error(`The scan info of ${file.retailer} kept changing while the file was published.`);
  }
}

/** The brand dashboard's rows (brand-rows.repo.ts) of each (brand, retailer) the file was staged for, after its publication committed. */
async function refreshRows(stages: readonly { brand: string; retailer: string }[]): Promise<void> {
  const pairs = [...new Map(stages.map((s) => [`${s.brand}\u0000${s.retailer}`, s])).values()];
  await mapLimit(pairs, 8, (s) => refreshBrandRow(s.brand, s.retailer));
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
    // Only the products edited since staging are fetched (a filter on the query), a page at a time.
    for await (const page of listVersionProductsEditedSince(st.period._id, st.supersedes, st.stagedAt)) {
      for (const p of page) if (await updateProductFields(p._id, userFieldsOf(p), st.period.version)) carried++;
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
  await clearStages(file._id);
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
  await clearStages(file._id);
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

/** An earlier, unfinished staging of the file may have named brands that no longer carry the retailer: start afresh. */
async function clearStages(fileId: string): Promise<void> {
  const old = await listStages(fileId);
  if (old.length) await deleteStages(fileId, old.map((s) => s.brand));
}
