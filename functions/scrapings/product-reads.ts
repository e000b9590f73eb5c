/**
 * The read path of the product tabs (docs/product-reads.md): per request a constant number of
 * small reads (the period, and for on-hand views the retailer and the feed pointer, plus the
 * edits logged since this Lambda last looked, usually none), the rest from module memory:
 * - a period version's products come from its S3 snapshot (written when staged; built from
 *   DynamoDB and written on the first read of a period staged before snapshots existed), kept
 *   with its sort orders and search fields;
 * - a retailer's items of a feed version come from their S3 snapshot (built the same way when
 *   missing), kept with their match index;
 * - matches of a period against a feed are computed once; an edit re-matches only its product.
 * Everything sits in one LRU bounded by an estimate of its size in memory.
 */
import { SCRAPING_MSG, type ListProductScrapingsQuery } from '../../shared/schemas/scrapings';
import type { OhItem } from '../inventory/domain/oh-feed';
import { getCurrentFeed, listCustomerItemsOfVersion } from '../inventory/inventory.repo';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { imageLinker, withImageLinks } from '../lib/image-links';
import { SizedLru } from '../lib/lru';
import { getRetailers } from '../retailers/retailers.repo';
import { assertCanSee } from './access';
import type { ProductScrape } from './domain/product';
import { catchUpMatches, indexedRows, indexedView, matchAll, OhIndexed, PeriodIndex, type Matches, type RowOptions } from './domain/product-index';
import { needsOnHand, type ViewOptions, type ViewRow } from './domain/product-view';
import { getPeriod, listEditsSince, listVersionProducts, type RetailerBrandScraping } from './scrapings.repo';
import { getOhSnapshot, getPeriodSnapshot, putOhSnapshot, putPeriodSnapshot } from './snapshots.repo';

/** Memory the cache may hold (estimated as twice the snapshot's JSON text, plus the derived arrays). */
export const CACHE_BYTES = Number(process.env.PRODUCT_CACHE_MB ?? 384) * 1024 * 1024;

interface PeriodEntry {
  index: PeriodIndex;
  /** The highest edit sequence applied. */
  seq: number;
}
type Entry = PeriodEntry | OhIndexed | Matches;

const cache = new SizedLru<string, Entry>(CACHE_BYTES);
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
      cache.set(key, value, bytes);
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
  if (snap) return { value: { index: new PeriodIndex(snap.value.products), seq: snap.value.seq }, bytes: snap.bytes * 2 };
  const seq = period.editSeq ?? 0;
  const products: ProductScrape[] = await listVersionProducts(period._id, period.version);
  await putPeriodSnapshot(period._id, period.version, { seq, products });
  return { value: { index: new PeriodIndex(products), seq }, bytes: JSON.stringify(products).length * 2 };
}

async function loadOh(brand: string, version: string, optId: string): Promise<{ value: OhIndexed; bytes: number }> {
  const snap = await getOhSnapshot(brand, version, optId);
  let items: OhItem[];
  if (snap) items = snap.value.items;
  else {
    items = await listCustomerItemsOfVersion(brand, version, optId);
    await putOhSnapshot(brand, version, optId, items);
  }
  return { value: new OhIndexed(items), bytes: items.length * 600 };
}

/** The period's products as of now: cached snapshot + edits newer than the cache has (one Query). */
async function periodIndex(period: RetailerBrandScraping): Promise<PeriodIndex> {
  // approvedDate: a re-publication of the same version (re-staged) gets a new entry.
  const entry = await cached(`P#${period._id}#${period.version}#${period.approvedDate}`, () => loadPeriod(period));
  if ((period.editSeq ?? 0) > entry.seq) {
    const edits = await listEditsSince(period._id, period.version, entry.seq);
    for (const e of edits) {
      if (e.seq <= entry.seq) continue;
      entry.index.applyEdit(e.productId, e.state);
      entry.seq = e.seq;
    }
  }
  return entry.index;
}

/** The retailer's items of the brand's current feed (undefined: no feed or no Opt ID). */
async function ohOfRetailer(brand: string, retailerId: string): Promise<{ key: string; oh: OhIndexed } | undefined> {
  const [[retailer], feed] = await Promise.all([getRetailers([retailerId]), getCurrentFeed(brand)]);
  if (!retailer?.optId || !feed) return undefined;
  const key = `O#${brand}#${feed.version}#${retailer.optId.trim().toUpperCase()}`;
  return { key, oh: await cached(key, () => loadOh(brand, feed.version, retailer.optId!)) };
}

const NO_ITEMS = new OhIndexed([]);

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

/** What a tab of a published period is read from: the cached period, and for on-hand views the items and their matches. */
async function viewSources(period: RetailerBrandScraping, o: RowOptions): Promise<{ index: PeriodIndex; oh?: OhIndexed; matches?: Matches }> {
  const [index, oh] = await Promise.all([periodIndex(period), needsOnHand(o.view) ? ohOfRetailer(period.brand, period.retailer) : Promise.resolve(undefined)]);
  if (!needsOnHand(o.view)) return { index };
  const ohIndexed = oh?.oh ?? NO_ITEMS;
  const matchKey = `M#${period._id}#${period.version}#${period.approvedDate}#${oh?.key ?? '-'}`;
  let matches = cache.get(matchKey) as Matches | undefined;
  if (matches && matches.period === index && matches.oh === ohIndexed) catchUpMatches(matches);
  else {
    matches = matchAll(index, ohIndexed);
    cache.set(matchKey, matches, index.products.length * 64 + ohIndexed.items.length * 8);
  }
  return { index, oh: ohIndexed, matches };
}

/** One page of a tab of a published period: `{ data, totalCount }` as productView answers it. */
export async function productPage(period: RetailerBrandScraping, o: ViewOptions) {
  const { index, oh, matches } = await viewSources(period, o);
  return indexedView(index, oh, matches, o);
}

/**
 * Every row of a tab of a published period (its filters, search and sort), in order, one at a
 * time: the rows the pages of productPage are cut from (an export writes them as they come).
 */
export async function productRows(period: RetailerBrandScraping, o: RowOptions): Promise<Iterable<ViewRow>> {
  const { index, oh, matches } = await viewSources(period, o);
  return indexedRows(index, oh, matches, o);
}
