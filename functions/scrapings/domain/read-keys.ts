/**
 * The read keys of a period version (docs/product-reads.md): per product only what decides the
 * rows and order of a page (tab membership, filters, matching, sort, search), in stored order,
 * with every sort order of PRODUCT_SORTS computed once, at publish. A cold reader parses these
 * (about a tenth of the snapshot's text) instead of every product's every field, sorts nothing,
 * and reads the page's own products from DynamoDB (product-reads.ts). Pure.
 */
import { PRODUCT_SORTS } from '../../../shared/schemas/scrapings';
import type { OhItem } from '../../inventory';
import type { BrandSkuRef, ProductScrape } from './product';
import { ohRow } from './product-view';
import { ArrayProducts, orderKey, sortOrder, type KeyedProducts } from './product-index';
import type { ProductChangeType } from '../../files';

/** Format of the keys' JSON; a reader meeting another one (but format 1, still read) rebuilds them (product-reads.ts). */
export const READ_KEYS_FORMAT = 2;

/** One product (format 1): id after the period id, type (0: none), isFlagged, oh_map_id, brand_sku, product (0: none), name, price, style_number. */
type KeyRow = [string, ProductChangeType | 0, string, string, string, BrandSkuRef | 0, string, number | null, string];

/** The columns kept as JSON text (one array, an entry per product), parsed on the first request that reads them. */
const TEXT_COLUMNS = ['id', 'oh_map_id', 'brand_sku', 'product', 'name', 'style_number'] as const;
type TextColumn = (typeof TEXT_COLUMNS)[number];

/** A product's change type as one character of `types`. */
const TYPE_CODES: Record<ProductChangeType | 'none', string> = { none: '-', added: 'a', deleted: 'd', change: 'c' };
const TYPE_OF = new Map<number, ProductChangeType>([
  ['a'.charCodeAt(0), 'added'],
  ['d'.charCodeAt(0), 'deleted'],
  ['c'.charCodeAt(0), 'change'],
]);
const FLAGGED = 'y'.charCodeAt(0);

/**
 * The read keys in columns (format 2). What every page reads is small and parsed at once: a
 * character per product for its type and its flag, the prices. The text columns (ids, map ids,
 * SKUs, names, style numbers) are each one JSON text, parsed when a request first needs it (a
 * page's ids; the map ids for the mapped filter; all for a search or a match): a cold products
 * tab builds no object per product (issue 21).
 */
export interface ReadKeysJson {
  format: typeof READ_KEYS_FORMAT;
  /** The period's edit sequence the keys include (edits after it are applied on read). */
  seq: number;
  count: number;
  /** One character per product: '-' none, 'a' added, 'd' deleted, 'c' change. */
  types: string;
  /** One character per product: 'y' flagged, 'n' not. */
  flags: string;
  prices: (number | null)[];
  /** By column: the JSON text of its array (ids after the period id; `product` 0 for none). */
  text: Record<TextColumn, string>;
  /** By orderKey: the products' positions in that order, a little-endian Uint32Array in base64. */
  orders: Record<string, string>;
}

/** Format 1 (one array per product): still read. */
export interface ReadKeysJsonV1 {
  format: 1;
  seq: number;
  rows: KeyRow[];
  orders: Record<string, string>;
}

/** Read keys as stored: this format or the one before. */
export type StoredReadKeysJson = ReadKeysJson | ReadKeysJsonV1;

/** The fields of a product the keys keep: a product with only these, as the tab logic reads it. */
export function keyProduct(periodId: string, p: ProductScrape): ProductScrape {
  return fromRow(periodId, toRow(periodId, p));
}

function toRow(periodId: string, p: ProductScrape): KeyRow {
  const id = p._id.startsWith(periodId) ? p._id.slice(periodId.length) : p._id;
  return [id, p.type ?? 0, p.isFlagged, p.oh_map_id, p.brand_sku, p.product ?? 0, p.name, p.price, p.style_number];
}

function fromRow(periodId: string, r: KeyRow): ProductScrape {
  const p: Record<string, unknown> = { _id: periodId + r[0], isFlagged: r[2], oh_map_id: r[3], brand_sku: r[4], name: r[6], price: r[7], style_number: r[8] };
  if (r[1] !== 0) p.type = r[1];
  if (r[5] !== 0) p.product = r[5];
  return p as unknown as ProductScrape;
}

/** The products of format-2 keys, read column by column (KeyedProducts); a text column is parsed on first use. */
class ColumnProducts implements KeyedProducts {
  readonly length: number;
  private readonly parsed: Partial<Record<TextColumn, unknown[]>> = {};
  constructor(
    private readonly periodId: string,
    private readonly json: ReadKeysJson,
  ) {
    this.length = json.count;
  }
  private column<T>(name: TextColumn): T[] {
    let values = this.parsed[name];
    if (!values) {
      values = JSON.parse(this.json.text[name]) as unknown[];
      // Checked when first read (the keys were taken as whole without parsing it): a fault, not a page.
      if (!Array.isArray(values) || values.length !== this.length) throw new Error(`read keys: the ${name} column is not whole`);
      this.parsed[name] = values;
      this.json.text[name] = '';
    }
    return values as T[];
  }
  id(i: number): string {
    return this.periodId + this.column<string>('id')[i]!;
  }
  type(i: number): ProductChangeType | undefined {
    return TYPE_OF.get(this.json.types.charCodeAt(i));
  }
  isFlagged(i: number): string {
    return this.json.flags.charCodeAt(i) === FLAGGED ? 'yes' : 'no';
  }
  mapId(i: number): string {
    return this.column<string>('oh_map_id')[i]!;
  }
  brandSku(i: number): string {
    return this.column<string>('brand_sku')[i]!;
  }
  price(i: number): number | null {
    return this.json.prices[i] ?? null;
  }
  at(i: number): ProductScrape {
    const row: KeyRow = [
      this.column<string>('id')[i]!,
      this.type(i) ?? 0,
      this.isFlagged(i),
      this.mapId(i),
      this.brandSku(i),
      this.column<BrandSkuRef | 0>('product')[i]!,
      this.column<string>('name')[i]!,
      this.price(i),
      this.column<string>('style_number')[i]!,
    ];
    return fromRow(this.periodId, row);
  }
}

const toBase64 = (order: Uint32Array): string => Buffer.from(order.buffer, order.byteOffset, order.byteLength).toString('base64');
function fromBase64(text: string): Uint32Array {
  const bytes = Buffer.from(text, 'base64');
  const out = new Uint32Array(bytes.length / 4);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readUInt32LE(i * 4);
  return out;
}

/** The read keys of a version's products (stored order, as the snapshot holds them): every sort computed here. */
export function buildReadKeys(periodId: string, seq: number, products: readonly ProductScrape[]): ReadKeysJson {
  const keyed = products.map((p) => keyProduct(periodId, p));
  const orders: Record<string, string> = {};
  for (const sort of PRODUCT_SORTS) orders[orderKey(sort)] = toBase64(sortOrder(keyed, sort));
  const rows = products.map((p) => toRow(periodId, p));
  const text = (k: number) => JSON.stringify(rows.map((r) => r[k]));
  return {
    format: READ_KEYS_FORMAT,
    seq,
    count: rows.length,
    types: rows.map((r) => TYPE_CODES[r[1] === 0 ? 'none' : r[1]]).join(''),
    flags: rows.map((r) => (r[2] === 'yes' ? 'y' : 'n')).join(''),
    prices: rows.map((r) => r[7]),
    text: { id: text(0), oh_map_id: text(3), brand_sku: text(4), product: text(5), name: text(6), style_number: text(8) },
    orders,
  };
}

/** Orders by orderKey as stored (base64) back into arrays; undefined when one is not of `n` positions. */
export function decodeOrders(orders: Record<string, string> | undefined, n: number): Map<string, Uint32Array> | undefined {
  const out = new Map<string, Uint32Array>();
  for (const [k, v] of Object.entries(orders ?? {})) {
    const order = fromBase64(v);
    if (order.length !== n) return undefined;
    out.set(k, order);
  }
  return out;
}

/** Every sort order of a retailer's on-hand items (as OH rows sort: compareRows), for their snapshot: computed when it is written. */
export function ohReadOrders(items: readonly OhItem[]): Record<string, string> {
  const rows = items.map(ohRow);
  const orders: Record<string, string> = {};
  for (const sort of PRODUCT_SORTS) orders[orderKey(sort)] = toBase64(sortOrder(rows, sort));
  return orders;
}

/** The on-hand snapshot's column form (issue 21): parsed in about half the time of one object per item. */
export const OH_SNAPSHOT_FORMAT = 2;
const OH_FIELDS = ['serialNo', 'inventoryId', 'styleName', 'price', 'customerId', 'customerName', 'image'] as const satisfies readonly (keyof OhItem)[];
type OhField = (typeof OH_FIELDS)[number];

/**
 * A retailer's items of a feed version as stored in S3: one array per field (`columns`), or one
 * value (`same`) for a field every item holds alike (the customer's id and name, usually), and
 * their sort orders. Format 1 (before): `{ items, orders? }`, still read.
 */
export interface OhSnapshotJson {
  format?: number;
  /** How many items (format 2). */
  count?: number;
  columns?: Partial<Record<OhField, unknown[]>>;
  same?: Partial<Record<OhField, unknown>>;
  /** Format 1: one object per item. */
  items?: OhItem[];
  orders?: Record<string, string>;
}

/** The snapshot of a retailer's items (in the order given), with their sort orders computed here. */
export function encodeOhSnapshot(items: readonly OhItem[]): OhSnapshotJson {
  const columns: Partial<Record<OhField, unknown[]>> = {};
  const same: Partial<Record<OhField, unknown>> = {};
  for (const f of OH_FIELDS) {
    const first = items[0]?.[f];
    if (items.length > 0 && items.every((i) => i[f] === first)) same[f] = first;
    else columns[f] = items.map((i) => i[f]);
  }
  return { format: OH_SNAPSHOT_FORMAT, count: items.length, columns, same, orders: ohReadOrders(items) };
}

/** The items and sort orders of a stored snapshot (either format); undefined when it is not whole. */
export function decodeOhSnapshot(json: OhSnapshotJson): { items: OhItem[]; orders?: Record<string, string> } | undefined {
  if (json.format !== OH_SNAPSHOT_FORMAT) return Array.isArray(json.items) ? { items: json.items, orders: json.orders } : undefined;
  const columns = json.columns ?? {};
  const same = json.same ?? {};
  const n = json.count;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0) return undefined;
  for (const f of OH_FIELDS) if (!(f in same) && columns[f]?.length !== n) return undefined;
  const col = (f: OhField) => columns[f];
  const [serial, inv, style, price, cid, cname, image] = OH_FIELDS.map(col);
  const items = new Array<OhItem>(n);
  for (let i = 0; i < n; i++) {
    items[i] = {
      serialNo: (serial ? serial[i] : same.serialNo) as string,
      inventoryId: (inv ? inv[i] : same.inventoryId) as string,
      styleName: (style ? style[i] : same.styleName) as string,
      price: (price ? price[i] : same.price) as number | null,
      customerId: (cid ? cid[i] : same.customerId) as string,
      customerName: (cname ? cname[i] : same.customerName) as string,
      image: (image ? image[i] : same.image) as string,
    };
  }
  return { items, orders: json.orders };
}

/** One stored order (base64) back into an array; undefined when it is not of `n` positions (it is then computed). */
function decodeOrder(text: string | undefined, n: number): Uint32Array | undefined {
  if (typeof text !== 'string') return undefined;
  const order = fromBase64(text);
  return order.length === n ? order : undefined;
}

/**
 * The products (key fields only, read by column) and sort orders (decoded when a request first
 * sorts by one) of read keys, format 2 or 1; undefined when of another format or not whole.
 */
export function readKeys(periodId: string, json: StoredReadKeysJson): { seq: number; products: KeyedProducts; orders: (key: string) => Uint32Array | undefined } | undefined {
  const orders = (n: number) => (key: string) => decodeOrder(json.orders?.[key], n);
  if (json.format === 1) {
    if (!Array.isArray(json.rows)) return undefined;
    const rows = json.rows.map((r) => fromRow(periodId, r));
    return { seq: json.seq, products: new ArrayProducts(rows), orders: orders(rows.length) };
  }
  if (json.format !== READ_KEYS_FORMAT || !Number.isInteger(json.count)) return undefined;
  const n = json.count;
  if (json.types?.length !== n || json.flags?.length !== n || json.prices?.length !== n) return undefined;
  if (TEXT_COLUMNS.some((c) => typeof json.text?.[c] !== 'string')) return undefined;
  return { seq: json.seq, products: new ColumnProducts(periodId, json), orders: orders(n) };
}

/** Format of a stored join's JSON; a reader meeting another one computes the join again. */
export const JOIN_FORMAT = 1;

/**
 * A period version's products matched against a retailer's items of one feed version (issue 21):
 * per product, the positions of its units in the items snapshot's order, as one offsets array
 * (products + 1) and one positions array, little-endian Uint32Arrays in base64. Written by the
 * first read that matches them (product-reads.ts), read by every later cold Lambda instead of
 * matching 50k products against 50k items.
 */
export interface JoinJson {
  format: typeof JOIN_FORMAT;
  /** The period's edit sequence the products were matched at (later edits are matched on read). */
  seq: number;
  products: number;
  items: number;
  offsets: string;
  positions: string;
}

export function encodeJoin(m: { seq: number; offsets: Uint32Array; positions: Uint32Array }, items: number): JoinJson {
  return { format: JOIN_FORMAT, seq: m.seq, products: m.offsets.length - 1, items, offsets: toBase64(m.offsets), positions: toBase64(m.positions) };
}

/** A stored join back into arrays; undefined when of another format or not whole (its counts and offsets disagree). */
export function decodeJoin(json: JoinJson): { seq: number; items: number; offsets: Uint32Array; positions: Uint32Array } | undefined {
  if (json.format !== JOIN_FORMAT || !Number.isInteger(json.seq) || !Number.isInteger(json.products) || !Number.isInteger(json.items)) return undefined;
  if (typeof json.offsets !== 'string' || typeof json.positions !== 'string') return undefined;
  const offsets = fromBase64(json.offsets);
  const positions = fromBase64(json.positions);
  if (offsets.length !== json.products + 1 || offsets[0] !== 0 || offsets[json.products] !== positions.length) return undefined;
  for (let i = 0; i < json.products; i++) if (offsets[i]! > offsets[i + 1]!) return undefined;
  for (let k = 0; k < positions.length; k++) if (positions[k]! >= json.items) return undefined;
  return { seq: json.seq, items: json.items, offsets, positions };
}
