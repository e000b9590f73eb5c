/**
 * The read path of the product tabs (docs/product-reads.md): per request a constant number of
 * small reads (the period, and for on-hand views the retailer and the feed pointer, plus the
 * edits logged since this Lambda last looked, usually none), the page's own products (one
 * BatchGetItem of at most the page size), the rest from module memory:
 * - a page's rows and order come from the version's read keys in S3 (domain/read-keys.ts: per
 *   product only the fields that select and sort, every sort order computed at publish; built
 *   from the snapshot, or from DynamoDB, and written on the first read of a period published
 *   before them), so a cold Lambda parses about a tenth of the period and sorts nothing;
 * - an export (productRows: every row, every field) reads the whole S3 snapshot (written when
 *   staged; built from DynamoDB and written on the first read of a period staged before
 *   snapshots existed), kept with its sort orders and search fields;
 * - a retailer's items of a feed version come from their S3 snapshot (built the same way when
 *   missing), kept with their match index;
 * - matches of a period against a feed are computed once; an edit re-matches only its product.
 * Everything sits in one LRU bounded by an estimate of its size in memory.
 */
import { SCRAPING_MSG, type ListProductScrapingsQuery } from '../../shared/schemas/scrapings';
import { getCaseSettings } from '../cases';
import { getCurrentFeed, listCustomerItemsOfVersion, type OhItem } from '../inventory';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { imageLinker, withImageLinks } from '../lib/image-links';
import { logger } from '../lib/logger';
import { LRUCache } from 'lru-cache';
import { getRetailers } from '../retailers';
import { assertCanSee } from './access';
import type { ProductScrape } from './domain/product';
import { catchUpMatches, firstUnit, indexedRows, indexedView, isOhView, joinedMatches, matchAll, OhIndexed, pagePositions, PeriodIndex, storedMatches, type Matches, type RowOptions } from './domain/product-index';
import { needsOnHand, pricedRow, type ViewOptions, type ViewRow } from './domain/product-view';
import { buildReadKeys, decodeOrders, encodeJoin, readKeys } from './domain/read-keys';
import { getPeriod, getVersionProducts, listEditsSince, listVersionProducts, type RetailerBrandScraping } from './scrapings.repo';
import { getJoin, getOhSnapshot, getPeriodKeys, getPeriodSnapshot, putJoin, putOhSnapshot, putPeriodKeys, putPeriodSnapshot, type joinKey } from './snapshots.repo';

/** Memory the cache may hold (estimated as twice the snapshot's JSON text, plus the derived arrays). */
export const CACHE_BYTES = Math.floor(Number(process.env.PRODUCT_CACHE_MB ?? 384) * 1024 * 1024);

interface PeriodEntry {
  index: PeriodIndex;
  /** The highest edit sequence applied. */
  seq: number;
}
type Entry = PeriodEntry | OhIndexed | Matches;

/**
 * Least recently used first, bounded by the estimated bytes; an entry larger than the whole bound
 * is not kept (lru-cache's maxEntrySize defaults to maxSize: such a `set` stores nothing and drops the key).
 */
const cache = new LRUCache<string, Entry>({ maxSize: CACHE_BYTES });
/** lru-cache takes a positive integer size: an empty value still counts a byte. */
const sized = (bytes: number) => ({ size: Math.max(1, Math.ceil(bytes)) });
/** Loads in flight, so concurrent cold requests share one. */
const loading = new Map<string, Promise<Entry>>();

/** Empties the cache (a cold Lambda; the bench and tests use it). */
export function clearProductCache(): void {
  cache.clear();
}

async function cached<T extends Entry>(key: string, load: () => Promise<{ value: T; bytes: number }>): Promise<T> {
  const hit = cache.get(key) as T | undefined;
  if (hit) return hit;
  let p = loading.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load().then(({ value, bytes }) => {
      cache.set(key, value, sized(bytes));
      return value;
    });
    loading.set(key, p);
    void p.finally(() => loading.delete(key)).catch(() => undefined);
  }
  return p;
}

/** The snapshot of a version: S3, else built from DynamoDB (at the period's edit sequence as read) and written. */
async function loadPeriod(period: RetailerBrandScraping): Promise<{ value: PeriodEntry; bytes: number }> {
  const snap = await getPeriodSnapshot(period._id, period.version);
  if (snap) return { value: { index: new PeriodIndex(snap.value.products, undefined, snap.value.seq), seq: snap.value.seq }, bytes: snap.bytes * 2 };
  const seq = period.editSeq ?? 0;
  const products: ProductScrape[] = await listVersionProducts(period._id, period.version);
  await putPeriodSnapshot(period._id, period.version, { seq, products });
  return { value: { index: new PeriodIndex(products, undefined, seq), seq }, bytes: JSON.stringify(products).length * 2 };
}

async function loadOh(brand: string, version: string, optId: string): Promise<{ value: OhIndexed; bytes: number }> {
  const snap = await getOhSnapshot(brand, version, optId);
  let items: OhItem[];
  if (snap) items = snap.value.items;
  else {
    items = await listCustomerItemsOfVersion(brand, version, optId);
    await putOhSnapshot(brand, version, optId, items);
  }
  // The sort orders the snapshot holds (written since issue 21); an older one's are computed on first use.
  return { value: new OhIndexed(items, decodeOrders(snap?.value.orders, items.length)), bytes: items.length * 600 };
}

/**
 * The read keys of a version: S3, else built from its snapshot (or, with none, from DynamoDB at
 * the period's edit sequence as read, the snapshot written too) and written. Keys of another
 * format are rebuilt the same way.
 */
async function loadKeys(period: RetailerBrandScraping): Promise<{ value: PeriodEntry; bytes: number }> {
  const got = await getPeriodKeys(period._id, period.version);
  const keys = got && readKeys(period._id, got.value);
  if (got && keys) return { value: { index: new PeriodIndex(keys.products, keys.orders, keys.seq), seq: keys.seq }, bytes: got.bytes * 3 };
  const snap = await getPeriodSnapshot(period._id, period.version);
  let seq: number;
  let products: ProductScrape[];
  if (snap) ({ seq, products } = snap.value);
  else {
    seq = period.editSeq ?? 0;
    products = await listVersionProducts(period._id, period.version);
    await putPeriodSnapshot(period._id, period.version, { seq, products });
  }
  const json = buildReadKeys(period._id, seq, products);
  await putPeriodKeys(period._id, period.version, json);
  const built = readKeys(period._id, json)!;
  return { value: { index: new PeriodIndex(built.products, built.orders, seq), seq }, bytes: products.length * 400 };
}

/** Which of a version's cached forms: its read keys (a page's rows and order) or its whole snapshot (an export's every field). */
type Form = 'keys' | 'full';

/** The period's products as of now (keys or whole): cached + edits newer than the cache has (one Query). */
async function periodIndex(period: RetailerBrandScraping, form: Form): Promise<PeriodIndex> {
  // approvedDate: a re-publication of the same version (re-staged) gets a new entry.
  const base = `${period._id}#${period.version}#${period.approvedDate}`;
  const entry = await (form === 'keys' ? cached(`K#${base}`, () => loadKeys(period)) : cached(`P#${base}`, () => loadPeriod(period)));
  if ((period.editSeq ?? 0) > entry.seq) {
    const edits = await listEditsSince(period._id, period.version, entry.seq);
    for (const e of edits) {
      if (e.seq <= entry.seq) continue;
      entry.index.applyEdit(e.productId, e.state, e.seq);
      entry.seq = e.seq;
    }
  }
  return entry.index;
}

/** The retailer's items of the brand's current feed (undefined: no feed or no Opt ID), and what names them. */
async function ohOfRetailer(brand: string, retailerId: string): Promise<{ key: string; feedVersion: string; optId: string; oh: OhIndexed } | undefined> {
  const [[retailer], feed] = await Promise.all([getRetailers([retailerId]), getCurrentFeed(brand)]);
  if (!retailer?.optId || !feed) return undefined;
  const key = `O#${brand}#${feed.version}#${retailer.optId.trim().toUpperCase()}`;
  return { key, feedVersion: feed.version, optId: retailer.optId, oh: await cached(key, () => loadOh(brand, feed.version, retailer.optId!)) };
}

/** A retailer's on-hand items when it has none: one instance (matches are cached by its identity), made on first use, not at module load (the scrapings and inventory modules import each other, through their index files). */
let noItems: OhIndexed | undefined;
const noItemsIndex = () => (noItems ??= new OhIndexed([]));

/**
 * GET /retailerBrandProductScrapings: one page of a tab of a period (here, not in ./reads.ts with
 * the other reads, so that only this handler bundles the S3 snapshots), its pictures as app links
 * (functions/lib/image-links.ts).
 */
export async function listProducts(auth: AuthContext, q: ListProductScrapingsQuery) {
  const period = await getPeriod(q.retailer_brand_scraping);
  if (!period) throw new NotFoundError(SCRAPING_MSG.periodNotFound);
  assertCanSee(auth, period);
  const [page, link] = await Promise.all([productPage(period, q), imageLinker()]);
  return { ...page, data: page.data.map((r) => withImageLinks(r, link)) };
}

type OhOfRetailer = NonNullable<Awaited<ReturnType<typeof ohOfRetailer>>>;
const joinOf = (period: RetailerBrandScraping, oh: OhOfRetailer): Parameters<typeof joinKey> => [period._id, period.version, period.approvedDate ?? '-', oh.feedVersion, oh.optId];
const matchesBytes = (m: Matches) => m.offsets.byteLength + m.positions.byteLength + m.oh.items.length * 8 + 1024;

/** The stored join of a period and a retailer's items, if there is one that fits these items. */
async function storedJoin(period: RetailerBrandScraping, oh: OhOfRetailer) {
  const join = await getJoin(...joinOf(period, oh));
  return join && join.items === oh.oh.items.length ? join : undefined;
}

/** Store a join just computed, for the next cold Lambda: a failure only costs that Lambda the matching. */
async function storeJoin(period: RetailerBrandScraping, oh: OhOfRetailer, m: Matches): Promise<void> {
  try {
    await putJoin(joinOf(period, oh), encodeJoin(m, oh.oh.items.length));
  } catch (e) {
    logger.warn('join not stored: the next cold read matches again', { periodId: period._id, error: (e as Error).message });
  }
}

/**
 * What a tab of a published period is read from: the cached period (none for the on-hand row
 * views answered by a stored join alone), and for on-hand views the items and their matches.
 */
async function viewSources(period: RetailerBrandScraping, o: RowOptions, form: Form): Promise<{ index?: PeriodIndex; oh?: OhIndexed; matches?: Matches }> {
  if (!needsOnHand(o.view)) return { index: await periodIndex(period, form) };
  let join: Awaited<ReturnType<typeof storedJoin>> | null = null;
  const matchKey = (oh: OhOfRetailer | undefined) => `M#${form}#${period._id}#${period.version}#${period.approvedDate}#${oh?.key ?? '-'}`;
  if (form === 'keys' && isOhView(o.view)) {
    // The on-hand row views need the items and how many products match each, not the products:
    // matches that include every edit (cached, or a stored join) answer without the period's keys.
    const oh = await ohOfRetailer(period.brand, period.retailer);
    if (!oh) return { oh: noItemsIndex() };
    if (o.view === 'all_oh') return { oh: oh.oh };
    const editSeq = period.editSeq ?? 0;
    const hit = cache.get(matchKey(oh)) as Matches | undefined;
    if (hit && hit.oh === oh.oh && hit.seq >= editSeq) return { oh: oh.oh, matches: hit };
    if (!hit) {
      join = await storedJoin(period, oh);
      if (join && join.seq >= editSeq) {
        const m = storedMatches(oh.oh, join);
        cache.set(matchKey(oh), m, sized(matchesBytes(m)));
        return { oh: oh.oh, matches: m };
      }
    }
  }
  const [index, oh] = await Promise.all([periodIndex(period, form), ohOfRetailer(period.brand, period.retailer)]);
  const ohIndexed = oh?.oh ?? noItemsIndex();
  let matches = cache.get(matchKey(oh)) as Matches | undefined;
  if (matches && matches.period === index && matches.oh === ohIndexed) catchUpMatches(matches);
  else {
    // null: not read yet (undefined: read, and there is none that fits).
    if (join === null) join = form === 'keys' && oh ? await storedJoin(period, oh) : undefined;
    matches = join && joinedMatches(index, ohIndexed, join);
    if (!matches) {
      matches = matchAll(index, ohIndexed);
      if (form === 'keys' && oh && ohIndexed.items.length) await storeJoin(period, oh, matches);
    }
    cache.set(matchKey(oh), matches, sized(matchesBytes(matches)));
  }
  return { index, oh: ohIndexed, matches };
}

const PRICE_VIEWS: readonly string[] = ['price_diff', 'price_match'];

/** The options with the brand's price tolerance (its case settings, read on each request: a change shows at once) for the price tabs. */
async function withTolerance<O extends RowOptions>(period: RetailerBrandScraping, o: O): Promise<O> {
  if (!PRICE_VIEWS.includes(o.view)) return o;
  const s = await getCaseSettings(period.brand);
  return { ...o, priceTolerance: { tolerancePercent: s.tolerancePercent, toleranceAmount: s.toleranceAmount } };
}

/**
 * One page of a tab of a published period: `{ data, totalCount }` as productView answers it. The
 * rows and total from the read keys; the page's products as stored (edits included), read by id
 * (one BatchGetItem a 100 rows). A product of the keys no longer stored (its version superseded
 * while we read) sends the page to the whole snapshot instead, which answers as the keys would.
 */
export async function productPage(period: RetailerBrandScraping, query: ViewOptions): Promise<{ data: ViewRow[]; totalCount: number }> {
  const [{ index, oh, matches }, o] = await Promise.all([viewSources(period, query, 'keys'), withTolerance(period, query)]);
  const { positions, totalCount } = pagePositions(index, oh, matches, o);
  if (isOhView(o.view)) return { data: positions.map((i) => oh!.row(i)), totalCount };
  const ids = positions.map((i) => index!.id(i));
  const stored = await getVersionProducts(period._id, period.version, ids);
  if (ids.some((id) => !stored.has(id))) {
    const full = await viewSources(period, o, 'full');
    return indexedView(full.index, full.oh, full.matches, o);
  }
  const priced = o.view === 'price_diff' || o.view === 'price_match';
  const data = positions.map((i, k): ViewRow => {
    const p = stored.get(ids[k]!)!;
    return priced ? pricedRow(p, firstUnit(matches!, i)!) : p;
  });
  return { data, totalCount };
}

/**
 * Every row of a tab of a published period (its filters, search and sort), in order, one at a
 * time: the rows the pages of productPage are cut from (an export writes them as they come).
 */
export async function productRows(period: RetailerBrandScraping, query: RowOptions): Promise<Iterable<ViewRow>> {
  const [{ index, oh, matches }, o] = await Promise.all([viewSources(period, query, 'full'), withTolerance(period, query)]);
  return indexedRows(index, oh, matches, o);
}
