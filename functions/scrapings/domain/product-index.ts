/**
 * The product tabs over a cached period (docs/product-reads.md): the same rows, order and
 * totals as productView, but with what does not change between requests computed once per
 * snapshot (sorted orders per sort key, folded search texts, OH matches) so a page costs
 * one pass over a precomputed order instead of a filter, sort and match of the whole period.
 * Edits (user fields) never change a sort key (name, price, style number). Pure.
 */
import { priceInSync, type PriceTolerance } from '../../../shared/price-sync';
import type { ProductView } from '../../../shared/schemas/scrapings';
import { matchesWords, searchText, searchWords } from '../../../shared/search';
import { indexOhPositions, matchIds, type OhItem, type OhPositionIndex } from '../../inventory';
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

/** Sort orders computed already, by orderKey: as arrays, or decoded on first use (undefined: compute it). */
export type OrdersPreset = ReadonlyMap<string, Uint32Array> | ((key: string) => Uint32Array | undefined);

/** Sort orders by `field;dir`, given (computed at publish: read-keys.ts) or computed on first use. */
class Orders<R extends ViewRow> {
  private readonly cache: Map<string, Uint32Array>;
  private readonly stored: ((key: string) => Uint32Array | undefined) | undefined;
  /** `rows`: the rows, asked for only when an order must be computed. */
  constructor(
    private readonly rows: () => readonly R[],
    preset?: OrdersPreset,
  ) {
    this.cache = new Map(typeof preset === 'function' ? undefined : preset);
    this.stored = typeof preset === 'function' ? preset : undefined;
  }
  get(sort: string): Uint32Array {
    const key = orderKey(sort);
    let order = this.cache.get(key);
    if (!order) {
      order = this.stored?.(key) ?? sortOrder(this.rows(), key);
      this.cache.set(key, order);
    }
    return order;
  }
}

/**
 * The folded search text of each row (shared/search.ts), made on the first search and kept:
 * folding every row costs about as much as a sort, and most requests do not search.
 */
class SearchTexts {
  private texts: string[] | undefined;
  constructor(
    private readonly length: number,
    private readonly fieldsAt: (i: number) => readonly string[],
  ) {}
  /** Row i changed (an edit): its text again, if the texts were made. */
  refresh(i: number): void {
    if (this.texts) this.texts[i] = searchText(this.fieldsAt(i));
  }
  matches(i: number, words: readonly string[]): boolean {
    this.texts ??= Array.from({ length: this.length }, (_, k) => searchText(this.fieldsAt(k)));
    return matchesWords(this.texts[i]!, words);
  }
}

/**
 * A period's products as the tab logic reads them, field by field: whole objects (a snapshot's,
 * `ArrayProducts`) or the read keys' columns (read-keys.ts), whose text columns are parsed only
 * when a request needs them (a page of the products tab needs no name, SKU or map id).
 */
export interface KeyedProducts {
  readonly length: number;
  id(i: number): string;
  type(i: number): ProductScrape['type'];
  isFlagged(i: number): string;
  mapId(i: number): string;
  brandSku(i: number): string;
  price(i: number): number | null;
  /** Product i as an object (the keys' fields only, for the keys). */
  at(i: number): ProductScrape;
}

export class ArrayProducts implements KeyedProducts {
  constructor(private readonly products: readonly ProductScrape[]) {}
  get length(): number {
    return this.products.length;
  }
  id = (i: number) => this.products[i]!._id;
  type = (i: number) => this.products[i]!.type;
  isFlagged = (i: number) => this.products[i]!.isFlagged;
  mapId = (i: number) => this.products[i]!.oh_map_id;
  brandSku = (i: number) => this.products[i]!.brand_sku;
  price = (i: number) => this.products[i]!.price;
  at = (i: number) => this.products[i]!;
}

/** A period's products (in stored order) with their edits applied, sort orders and search texts. */
export class PeriodIndex {
  private readonly source: KeyedProducts;
  /** Products changed by an edit: the source's product with the edit's user fields. */
  private readonly edited = new Map<number, ProductScrape>();
  readonly orders: Orders<ProductScrape>;
  /** Position by product id, made on the first edit (a page never needs it). */
  private posOf: Map<string, number> | undefined;
  private readonly search: SearchTexts;
  /** The position of the product each applied edit changed, and that edit's sequence: OH matches catch up from theirs. */
  private readonly editLog: number[] = [];
  private readonly editSeqs: number[] = [];
  /** The period's edit sequence the products include: the base's (`baseSeq`), then each applied edit's. */
  seq: number;

  /** `orders`: sort orders computed already (the read keys'), by orderKey. `baseSeq`: the edit sequence `products` include. */
  constructor(
    products: ProductScrape[] | KeyedProducts,
    orders?: OrdersPreset,
    readonly baseSeq = 0,
  ) {
    this.source = Array.isArray(products) ? new ArrayProducts(products) : products;
    this.orders = new Orders(() => Array.from({ length: this.length }, (_, i) => this.product(i)), orders);
    this.search = new SearchTexts(this.length, (i) => productSearchFields(this.product(i)));
    this.seq = baseSeq;
  }

  get length(): number {
    return this.source.length;
  }
  /** Product i, edits applied (the keys' fields only, for the keys). */
  product(i: number): ProductScrape {
    return this.edited.get(i) ?? this.source.at(i);
  }
  id(i: number): string {
    return this.source.id(i);
  }
  /** Never edited: from the source. */
  type(i: number): ProductScrape['type'] {
    return this.source.type(i);
  }
  price(i: number): number | null {
    return this.source.price(i);
  }
  isFlagged(i: number): string {
    const e = this.edited.size ? this.edited.get(i) : undefined;
    return e ? e.isFlagged : this.source.isFlagged(i);
  }
  mapId(i: number): string {
    const e = this.edited.size ? this.edited.get(i) : undefined;
    return e ? e.oh_map_id : this.source.mapId(i);
  }
  brandSku(i: number): string {
    const e = this.edited.size ? this.edited.get(i) : undefined;
    return e ? e.brand_sku : this.source.brandSku(i);
  }

  /** How many edits were applied (OH matches remember the revision they are at). */
  get revision(): number {
    return this.editLog.length;
  }

  /** Positions of the products edited after `revision` (each once). */
  editedAfter(revision: number): number[] {
    return [...new Set(this.editLog.slice(revision))];
  }

  /** Positions of the products an applied edit of a sequence above `seq` changed (each once). */
  editedAfterSeq(seq: number): number[] {
    const from = this.editSeqs.findIndex((s) => s > seq);
    return from < 0 ? [] : this.editedAfter(from);
  }

  /** Apply the user fields of an edit (the product's state after it), the period's `seq`-th; unknown ids are ignored. */
  applyEdit(productId: string, state: UserFieldsState, seq = this.seq): void {
    if (!this.posOf) {
      this.posOf = new Map();
      for (let k = 0; k < this.length; k++) this.posOf.set(this.source.id(k), k);
    }
    this.seq = Math.max(this.seq, seq);
    const i = this.posOf.get(productId);
    if (i === undefined) return;
    const p: Record<string, unknown> = { ...this.product(i) };
    for (const k of USER_FIELD_KEYS) {
      const v = (state as Record<string, unknown>)[k];
      if (v === undefined || v === null) delete p[k];
      else p[k] = v;
    }
    this.edited.set(i, p as unknown as ProductScrape);
    this.search.refresh(i);
    this.editLog.push(i);
    this.editSeqs.push(seq);
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
  private indexMade: OhPositionIndex | undefined;
  readonly orders: Orders<OhRow>;
  private readonly search: SearchTexts;
  /** `orders`: sort orders computed already (the snapshot's), by orderKey. */
  constructor(
    readonly items: OhItem[],
    orders?: OrdersPreset,
  ) {
    this.rowsMade = new Array<OhRow | undefined>(items.length);
    this.orders = new Orders(() => this.rows, orders);
    this.search = new SearchTexts(items.length, (i) => ohSearchFields(items[i]!));
  }
  /** Item i as an OH row. */
  row(i: number): OhRow {
    return (this.rowsMade[i] ??= ohRow(this.items[i]!));
  }
  /** Every item as an OH row (an export, or an order not in the snapshot). */
  get rows(): OhRow[] {
    return this.items.map((_, i) => this.row(i));
  }
  /** The match index (inventory id, serial → item positions). */
  get index(): OhPositionIndex {
    return (this.indexMade ??= indexOhPositions(this.items));
  }
  /** Whether item i holds every word of a search (searchWords). */
  matchesSearch(i: number, words: readonly string[]): boolean {
    return this.search.matches(i, words);
  }
}

/**
 * The OH units each product of a period stands for, as positions of the retailer's items: what a
 * stored join keeps (read-keys.ts encodeJoin), so a cold Lambda reads them instead of matching.
 */
export interface Matches {
  /** What they were computed from: the period index (at `revision`; none for a stored join read alone) and the items. */
  period?: PeriodIndex;
  oh: OhIndexed;
  revision: number;
  /** The period's edit sequence they include. */
  seq: number;
  /** Product i's units are `positions[offsets[i]]` up to `positions[offsets[i + 1]]`, unless matched again after an edit (`changed`). */
  offsets: Uint32Array;
  positions: Uint32Array;
  changed: Map<number, readonly number[]>;
  /** Per OH item: how many products match it (OH views: matched by some product or not); counted on first use (refsOf). */
  refs?: Uint32Array;
}

/** The positions (in `m.oh.items`) of the units product i matches. */
export function unitPositions(m: Matches, i: number): ArrayLike<number> {
  return m.changed.get(i) ?? m.positions.subarray(m.offsets[i]!, m.offsets[i + 1]!);
}

/** The first unit product i matches (its OH price), if any. */
export function firstUnit(m: Matches, i: number): OhItem | undefined {
  const units = unitPositions(m, i);
  return units.length ? m.oh.items[units[0]!] : undefined;
}

function setUnits(m: Matches, i: number, units: readonly number[]): void {
  if (m.refs) {
    for (const u of Array.from(unitPositions(m, i))) m.refs[u]!--;
    for (const u of units) m.refs[u]!++;
  }
  m.changed.set(i, units);
}

/** Per OH item, how many products match it (counted once, then kept by setUnits). */
export function refsOf(m: Matches): Uint32Array {
  if (!m.refs) {
    const refs = new Uint32Array(m.oh.items.length);
    const n = m.offsets.length - 1;
    for (let i = 0; i < n; i++) {
      const units = unitPositions(m, i);
      for (let k = 0; k < units.length; k++) refs[units[k]!]!++;
    }
    m.refs = refs;
  }
  return m.refs;
}

const NONE: readonly number[] = [];
/** The units product i of a period matches (none when deleted), read by field: no product object is made. */
const unitsOf = (period: PeriodIndex, i: number, oh: OhIndexed): readonly number[] => (period.type(i) === 'deleted' ? NONE : matchIds(period.mapId(i), period.brandSku(i), oh.index));

/** Match every product against the retailer's items (once per snapshot and feed, or read from a stored join). */
export function matchAll(period: PeriodIndex, oh: OhIndexed): Matches {
  const n = period.length;
  const offsets = new Uint32Array(n + 1);
  const lists: (readonly number[])[] = new Array(n);
  let total = 0;
  for (let i = 0; i < n; i++) {
    lists[i] = unitsOf(period, i, oh);
    total += lists[i]!.length;
    offsets[i + 1] = total;
  }
  const positions = new Uint32Array(total);
  for (let i = 0; i < n; i++) positions.set(lists[i]!, offsets[i]!);
  return { period, oh, revision: period.revision, seq: period.seq, offsets, positions, changed: new Map() };
}

/**
 * Matches read from a stored join (computed at the period's edit sequence `seq`) for a period
 * index: the products edited after `seq` are matched again. Undefined when the join does not
 * fit the index (another number of products: the items' count and positions are checked as it is
 * read, decodeJoin and storedJoin; or older than what the index's base
 * includes, so the edits between cannot be told).
 */
export function joinedMatches(period: PeriodIndex, oh: OhIndexed, join: { seq: number; offsets: Uint32Array; positions: Uint32Array }): Matches | undefined {
  if (join.offsets.length !== period.length + 1 || join.seq < period.baseSeq || join.seq > period.seq) return undefined;
  const m: Matches = { period, oh, revision: period.revision, seq: period.seq, offsets: join.offsets, positions: join.positions, changed: new Map() };
  for (const i of period.editedAfterSeq(join.seq)) setUnits(m, i, unitsOf(period, i, oh));
  return m;
}

/** Matches read from a stored join alone, for the on-hand row views (which items some product matches): no period to catch up with. */
export function storedMatches(oh: OhIndexed, join: { seq: number; offsets: Uint32Array; positions: Uint32Array }): Matches {
  return { oh, revision: 0, seq: join.seq, offsets: join.offsets, positions: join.positions, changed: new Map() };
}

/** Bring matches up to the period's edits since they were computed: only the edited products are matched again. */
export function catchUpMatches(m: Matches): Matches {
  if (!m.period) return m;
  for (const i of m.period.editedAfter(m.revision)) setUnits(m, i, unitsOf(m.period, i, m.oh));
  m.revision = m.period.revision;
  m.seq = m.period.seq;
  return m;
}

/** Whether product i is a row of a product view (before mapped, unflagged and search filters). */
function productMember(view: ProductView, period: PeriodIndex, i: number, m: Matches | undefined, tolerance?: PriceTolerance): boolean {
  const type = period.type(i);
  switch (view) {
    case 'products':
      return type !== 'deleted';
    case 'change':
      return type === 'added' || type === 'deleted' || type === 'change';
    case 'flagged':
      return type !== 'deleted' && period.isFlagged(i) === 'yes';
    case 'sd_data':
      return type !== 'deleted' && unitPositions(m!, i).length === 0;
    case 'price_diff':
    case 'price_match': {
      const unit = firstUnit(m!, i);
      if (type === 'deleted' || !unit) return false;
      const price = period.price(i);
      const same = priceInSync(unit.price, price, tolerance);
      if ((view === 'price_match') !== same) return false;
      return !(view === 'price_match' && price === null);
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
function* memberPositions(period: PeriodIndex | undefined, oh: OhIndexed | undefined, matches: Matches | undefined, o: RowOptions): Generator<number> {
  const words = searchWords(o.search ?? '');
  const needle = words.length ? words : undefined;
  if (OH_VIEWS.includes(o.view)) {
    if (!oh?.items.length) return;
    const refs = o.view === 'all_oh' ? undefined : refsOf(matches!);
    for (const i of oh.orders.get(o.sort)) {
      if (refs && refs[i]! > 0 !== (o.view === 'oh_sd_data')) continue;
      if (needle && !oh.matchesSearch(i, needle)) continue;
      yield i;
    }
    return;
  }
  if (!period) throw new Error(`the ${o.view} view needs the period's products`);
  for (const i of period.orders.get(o.sort)) {
    if (!productMember(o.view, period, i, matches, o.priceTolerance)) continue;
    if (o.mapped !== undefined && (period.mapId(i).trim() !== '') !== o.mapped) continue;
    if (o.unflaggedOnly && period.isFlagged(i) === 'yes') continue;
    if (needle && !period.matchesSearch(i, needle)) continue;
    yield i;
  }
}

/** The row at a position memberPositions gave. */
function rowMaker(period: PeriodIndex | undefined, oh: OhIndexed | undefined, matches: Matches | undefined, view: ProductView): (i: number) => ViewRow {
  if (OH_VIEWS.includes(view)) return (i) => oh!.row(i);
  if (view === 'price_diff' || view === 'price_match') return (i) => pricedRow(period!.product(i), firstUnit(matches!, i)!);
  return (i) => period!.product(i);
}

/**
 * Every row of a view, in the view's order, one at a time: the rows a page is cut from, and what
 * an export writes (nothing holds them all). `oh` and `matches` are needed by the on-hand views only.
 */
export function* indexedRows(period: PeriodIndex | undefined, oh: OhIndexed | undefined, matches: Matches | undefined, o: RowOptions): Generator<ViewRow> {
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
export function pagePositions(period: PeriodIndex | undefined, oh: OhIndexed | undefined, matches: Matches | undefined, o: ViewOptions): { positions: number[]; totalCount: number } {
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
export function indexedView(period: PeriodIndex | undefined, oh: OhIndexed | undefined, matches: Matches | undefined, o: ViewOptions): { data: ViewRow[]; totalCount: number } {
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
