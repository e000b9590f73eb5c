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
import { orderKey, sortOrder } from './product-index';
import type { ProductChangeType } from '../../files';

/** Format of the keys' JSON; a reader meeting another one rebuilds them (product-reads.ts). */
export const READ_KEYS_FORMAT = 1;

/** One product: id after the period id, type (0: none), isFlagged, oh_map_id, brand_sku, product (0: none), name, price, style_number. */
type KeyRow = [string, ProductChangeType | 0, string, string, string, BrandSkuRef | 0, string, number | null, string];

export interface ReadKeysJson {
  format: typeof READ_KEYS_FORMAT;
  /** The period's edit sequence the keys include (edits after it are applied on read). */
  seq: number;
  rows: KeyRow[];
  /** By orderKey: the products' positions in that order, a little-endian Uint32Array in base64. */
  orders: Record<string, string>;
}

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
  return { format: READ_KEYS_FORMAT, seq, rows: products.map((p) => toRow(periodId, p)), orders };
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

/** The products (key fields only) and sort orders of read keys; undefined when of another format or not whole. */
export function readKeys(periodId: string, json: ReadKeysJson): { seq: number; products: ProductScrape[]; orders: Map<string, Uint32Array> } | undefined {
  if (json.format !== READ_KEYS_FORMAT || !Array.isArray(json.rows)) return undefined;
  const products = json.rows.map((r) => fromRow(periodId, r));
  const orders = decodeOrders(json.orders, products.length);
  return orders && { seq: json.seq, products, orders };
}
