/**
 * The product tabs over a cached period (docs/product-reads.md): the same rows, order and
 * totals as productView, but with what does not change between requests computed once per
 * snapshot (sorted orders per sort key, folded search texts, OH matches) so a page costs
 * one pass over a precomputed order instead of a filter, sort and match of the whole period.
 * Edits (user fields) never change a sort key (name, price, style number). Pure.
 */
import type { ProductView } from '../../../shared/schemas/scrapings';
import { matchesWords, searchText, searchWords } from '../../../shared/search';
import { idKey, indexOhItems, matchProduct, type OhItem } from '../../inventory';
import type { ProductScrape, UserFields } from './product';
import { compareRows, ohRow, ohSearchFields, pricedRow, productSearchFields, type OhRow, type ViewOptions, type ViewRow } from './product-view';

/** The user fields an edit sets (every other field of a product is the snapshot's). */
export const USER_FIELD_KEYS = ['isFlagged', 'flagMessage', 'oh_map_id', 'brand_sku', 'product', 'edited', 'updatedAt'] as const;
export type UserFieldsState = Partial<UserFields> & { updatedAt?: string };

/** `field;dir` as an order is keyed (a missing or unknown direction is ascending). */
export const orderKey = (sort: string): string => {
  const [field = 'name', dir = 'asc'] = sort.split(';');
  return `${field};${dir === 'desc' ? 'desc' : 'asc'}`;
};

/** The positions of `rows` in the order of a sort (compareRows), stable: ties keep the input order, as Array.prototype.sort does. */
export function sortOrder(rows: readonly ViewRow[], sort: string): Uint32Array {
  const [field = 'name', dir = 'asc'] = orderKey(sort).split(';');
  const cmp = compareRows(field, dir === 'desc' ? -1 : 1);
  const idx = Array.from(rows, (_, i) => i);
  idx.sort((a, b) => cmp(rows[a]!, rows[b]!));
  return Uint32Array.from(idx);
}

/** Sort orders by `field;dir`, given (computed at publish: read-keys.ts) or computed on first use. */
class Orders<R extends ViewRow> {
  private readonly cache: Map<string, Uint32Array>;
  /** `rows`: the rows, asked for only when an order must be computed. */
  constructor(
    private readonly rows: () => readonly R[],
    preset?: ReadonlyMap<string, Uint32Array>,
  ) {
    this.cache = new Map(preset);
  }
  get(sort: string): Uint32Array {
    const key = orderKey(sort);
    let order = this.cache.get(key);
    if (!order) {
      order = sortOrder(this.rows(), key);
      this.cache.set(key, order);
    }
    return order;
  }
}

/**
 * The folded search text of each row (shared/search.ts), made on the first search and kept:
 * folding every row costs about as much as a sort, and most requests do not search.
 */
class SearchTexts<R> {
  private texts: string[] | undefined;
  constructor(
    private readonly rows: readonly R[],
    private readonly fieldsOf: (row: R) => readonly string[],
  ) {}
  /** Row i changed (an edit): its text again, if the texts were made. */
  refresh(i: number): void {
    if (this.texts) this.texts[i] = searchText(this.fieldsOf(this.rows[i]!));
  }
  matches(i: number, words: readonly string[]): boolean {
    this.texts ??= this.rows.map((r) => searchText(this.fieldsOf(r)));
    return matchesWords(this.texts[i]!, words);
  }
}

/** A period's products (in stored order) with their edits applied, sort orders and search texts. */
export class PeriodIndex {
  readonly products: ProductScrape[];
  readonly orders: Orders<ProductScrape>;
  private readonly posOf = new Map<string, number>();
  private readonly search: SearchTexts<ProductScrape>;
  /** The position of the product each applied edit changed: OH matches catch up from theirs. */
  private readonly editLog: number[] = [];

  /** `orders`: sort orders computed already (the read keys'), by orderKey. */
  constructor(products: ProductScrape[], orders?: ReadonlyMap<string, Uint32Array>) {
    this.products = products;
    this.orders = new Orders(() => this.products, orders);
    products.forEach((p, i) => this.posOf.set(p._id, i));
    this.search = new SearchTexts(products, productSearchFields);
  }

  /** How many edits were applied (OH matches remember the revision they are at). */
  get revision(): number {
    return this.editLog.length;
  }

  /** Positions of the products edited after `revision` (each once). */
  editedAfter(revision: number): number[] {
    return [...new Set(this.editLog.slice(revision))];
  }

  /** Apply the user fields of an edit (the product's state after it); unknown ids are ignored. */
  applyEdit(productId: string, state: UserFieldsState): void {
    const i = this.posOf.get(productId);
    if (i === undefined) return;
    const p: Record<string, unknown> = { ...this.products[i]! };
    for (const k of USER_FIELD_KEYS) {
      const v = (state as Record<string, unknown>)[k];
      if (v === undefined || v === null) delete p[k];
      else p[k] = v;
    }
    this.products[i] = p as unknown as ProductScrape;
    this.search.refresh(i);
    this.editLog.push(i);
  }

  /** Whether product i holds every word of a search (searchWords). */
  matchesSearch(i: number, words: readonly string[]): boolean {
    return this.search.matches(i, words);
  }
}

/**
 * A retailer's on-hand items of one feed version: OH rows, sort orders, match index. What a cold
 * page does not need is made on first use (issue 21): the rows (a page makes its own 25), the
 * match index (product views that match), the positions by serial (on-hand row views).
 */
export class OhIndexed {
  private rowsMade: (OhRow | undefined)[];
  private indexMade: ReturnType<typeof indexOhItems> | undefined;
  private posMade: Map<string, number> | undefined;
  readonly orders: Orders<OhRow>;
  private readonly search: SearchTexts<OhItem>;
  /** `orders`: sort orders computed already (the snapshot's), by orderKey. */
  constructor(
    readonly items: OhItem[],
    orders?: ReadonlyMap<string, Uint32Array>,
  ) {
    this.rowsMade = new Array<OhRow | undefined>(items.length);
    this.orders = new Orders(() => this.rows, orders);
    this.search = new SearchTexts(items, ohSearchFields);
  }
  /** Item i as an OH row. */
  row(i: number): OhRow {
    return (this.rowsMade[i] ??= ohRow(this.items[i]!));
  }
  /** Every item as an OH row (an export, or an order not in the snapshot). */
  get rows(): OhRow[] {
    return this.items.map((_, i) => this.row(i));
  }
  /** The match index (inventory id, serial). */
  get index(): ReturnType<typeof indexOhItems> {
    return (this.indexMade ??= indexOhItems(this.items));
  }
  /** Item position by serial (trimmed, upper-cased). */
  positionOf(serialNo: string): number {
    if (!this.posMade) {
      this.posMade = new Map();
      for (let i = 0; i < this.items.length; i++) this.posMade.set(idKey(this.items[i]!.serialNo), i);
    }
    return this.posMade.get(idKey(serialNo))!;
  }
  /** Whether item i holds every word of a search (searchWords). */
  matchesSearch(i: number, words: readonly string[]): boolean {
    return this.search.matches(i, words);
  }
}

/** The OH units each product of a period stands for, and which items some product matches. */
export interface Matches {
  /** What they were computed from: the period index (at `revision`) and the items. */
  period: PeriodIndex;
  oh: OhIndexed;
  revision: number;
  /** Per product: the units it matches (empty: none; deleted products match nothing). */
  units: OhItem[][];
  /** Per OH item: how many products match it (OH views: matched by some product or not); counted on first use (refsOf). */
  refs?: Uint32Array;
}

const NONE: OhItem[] = [];

function setUnits(m: Matches, i: number, units: OhItem[]): void {
  if (m.refs) for (const u of m.units[i] ?? NONE) m.refs[m.oh.positionOf(u.serialNo)]!--;
  m.units[i] = units;
  if (m.refs) for (const u of units) m.refs[m.oh.positionOf(u.serialNo)]!++;
}

/** Per OH item, how many products match it (counted once, then kept by setUnits). */
export function refsOf(m: Matches): Uint32Array {
  if (!m.refs) {
    const refs = new Uint32Array(m.oh.items.length);
    for (const units of m.units) for (const u of units) refs[m.oh.positionOf(u.serialNo)]!++;
    m.refs = refs;
  }
  return m.refs;
}

const unitsOf = (p: ProductScrape, oh: OhIndexed) => (p.type === 'deleted' ? NONE : matchProduct(p, oh.index));

/** Match every product against the retailer's items (once per snapshot and feed). */
export function matchAll(period: PeriodIndex, oh: OhIndexed): Matches {
  const m: Matches = { period, oh, revision: period.revision, units: new Array<OhItem[]>(period.products.length) };
  period.products.forEach((p, i) => setUnits(m, i, unitsOf(p, oh)));
  return m;
}

/** Bring matches up to the period's edits since they were computed: only the edited products are matched again. */
export function catchUpMatches(m: Matches): Matches {
  for (const i of m.period.editedAfter(m.revision)) setUnits(m, i, unitsOf(m.period.products[i]!, m.oh));
  m.revision = m.period.revision;
  return m;
}

const isDeleted = (p: ProductScrape) => p.type === 'deleted';

/** Whether product i is a row of a product view (before mapped, unflagged and search filters). */
function productMember(view: ProductView, p: ProductScrape, i: number, m: Matches | undefined): boolean {
  switch (view) {
    case 'products':
      return !isDeleted(p);
    case 'change':
      return p.type === 'added' || p.type === 'deleted' || p.type === 'change';
    case 'flagged':
      return !isDeleted(p) && p.isFlagged === 'yes';
    case 'sd_data':
      return !isDeleted(p) && m!.units[i]!.length === 0;
    case 'price_diff':
    case 'price_match': {
      const unit = m!.units[i]![0];
      if (isDeleted(p) || !unit) return false;
      const same = unit.price === p.price;
      if ((view === 'price_match') !== same) return false;
      return !(view === 'price_match' && p.price === null);
    }
    default:
      return false;
  }
}

const OH_VIEWS: readonly ProductView[] = ['all_oh', 'oh_data', 'oh_sd_data'];

/** What selects and orders the rows of a view (a page adds `page` and `limit`). */
export type RowOptions = Omit<ViewOptions, 'page' | 'limit'>;

/**
 * The positions of a view's rows, in the view's order: OH item positions for the on-hand row
 * views, product positions otherwise. The one place the tab, mapped, unflagged and search filters
 * are applied, for a page and for an export alike.
 */
function* memberPositions(period: PeriodIndex, oh: OhIndexed | undefined, matches: Matches | undefined, o: RowOptions): Generator<number> {
  const words = searchWords(o.search ?? '');
  const needle = words.length ? words : undefined;
  if (OH_VIEWS.includes(o.view)) {
    if (!oh) return;
    const refs = o.view === 'all_oh' ? undefined : refsOf(matches!);
    for (const i of oh.orders.get(o.sort)) {
      if (refs && refs[i]! > 0 !== (o.view === 'oh_sd_data')) continue;
      if (needle && !oh.matchesSearch(i, needle)) continue;
      yield i;
    }
    return;
  }
  for (const i of period.orders.get(o.sort)) {
    const p = period.products[i]!;
    if (!productMember(o.view, p, i, matches)) continue;
    if (o.mapped !== undefined && (p.oh_map_id.trim() !== '') !== o.mapped) continue;
    if (o.unflaggedOnly && p.isFlagged === 'yes') continue;
    if (needle && !period.matchesSearch(i, needle)) continue;
    yield i;
  }
}

/** The row at a position memberPositions gave. */
function rowMaker(period: PeriodIndex, oh: OhIndexed | undefined, matches: Matches | undefined, view: ProductView): (i: number) => ViewRow {
  if (OH_VIEWS.includes(view)) return (i) => oh!.row(i);
  if (view === 'price_diff' || view === 'price_match') return (i) => pricedRow(period.products[i]!, matches!.units[i]![0]!);
  return (i) => period.products[i]!;
}

/**
 * Every row of a view, in the view's order, one at a time: the rows a page is cut from, and what
 * an export writes (nothing holds them all). `oh` and `matches` are needed by the on-hand views only.
 */
export function* indexedRows(period: PeriodIndex, oh: OhIndexed | undefined, matches: Matches | undefined, o: RowOptions): Generator<ViewRow> {
  const row = rowMaker(period, oh, matches, o.view);
  for (const i of memberPositions(period, oh, matches, o)) yield row(i);
}

/** Whether a view's rows are on-hand items (positions of `oh`) rather than products. */
export const isOhView = (view: ProductView): boolean => OH_VIEWS.includes(view);

/**
 * The positions of one page of a view (as memberPositions gives them: OH item positions for the
 * on-hand row views, product positions otherwise) and the view's total: what indexedView cuts,
 * for a caller that reads the page's rows elsewhere (product-reads.ts: the products' items).
 */
export function pagePositions(period: PeriodIndex, oh: OhIndexed | undefined, matches: Matches | undefined, o: ViewOptions): { positions: number[]; totalCount: number } {
  const start = (o.page - 1) * o.limit;
  const end = start + o.limit;
  const positions: number[] = [];
  let total = 0;
  for (const i of memberPositions(period, oh, matches, o)) {
    if (total >= start && total < end) positions.push(i);
    total++;
  }
  return { positions, totalCount: total };
}

/**
 * One page of a view, `{ data, totalCount }`, equal to productView(products, ohItems, o) over
 * the same products and items: the rows of indexedRows from (page - 1) × limit, all of them counted.
 */
export function indexedView(period: PeriodIndex, oh: OhIndexed | undefined, matches: Matches | undefined, o: ViewOptions): { data: ViewRow[]; totalCount: number } {
  const start = (o.page - 1) * o.limit;
  const end = start + o.limit;
  const row = rowMaker(period, oh, matches, o.view);
  const data: ViewRow[] = [];
  let total = 0;
  for (const i of memberPositions(period, oh, matches, o)) {
    if (total >= start && total < end) data.push(row(i));
    total++;
  }
  return { data, totalCount: total };
}
