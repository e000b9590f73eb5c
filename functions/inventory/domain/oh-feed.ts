/**
 * On-hand (OH) inventory feeds: the drop key, the CSV columns and the row rules
 * (docs/period-rules.md "On-hand inventory feed"). Pure: ingest-oh.ts does the I/O.
 */
import { parsePrice } from '../../files';

/** One unit of a brand's on-hand inventory (spec 001 §3 on-hand fields of a product record). */
export interface OhItem {
  serialNo: string;
  inventoryId: string;
  /** The Style Name (description) column. */
  styleName: string;
  price: number | null;
  /** The retailer's Opt ID. */
  customerId: string;
  customerName: string;
  image: string;
}

/** An item as stored (any extra attributes left out, missing ones empty). */
export const toOhItem = (i: Record<string, unknown>): OhItem => ({
  serialNo: String(i.serialNo ?? ''),
  inventoryId: String(i.inventoryId ?? ''),
  styleName: String(i.styleName ?? ''),
  price: typeof i.price === 'number' ? i.price : null,
  customerId: String(i.customerId ?? ''),
  customerName: String(i.customerName ?? ''),
  image: String(i.image ?? ''),
});

/** `incoming/oh/<brand-slug>/<YYYY-MM-DD>/<name>.csv` */
export const OH_KEY_PATTERN = /^incoming\/oh\/([a-z0-9][a-z0-9-]*)\/(\d{4}-\d{2}-\d{2})\/([^/]+\.csv)$/i;

export function parseOhKey(key: string): { slug: string; date: string; name: string } | undefined {
  const m = OH_KEY_PATTERN.exec(key);
  if (!m) return undefined;
  const date = m[2]!;
  if (Number.isNaN(new Date(`${date}T00:00:00Z`).getTime())) return undefined;
  return { slug: m[1]!.toLowerCase(), date, name: m[3]! };
}

type Field = keyof OhItem;

/** The feed's columns (matched ignoring case, spaces and punctuation) and the names they may go by. */
export const OH_COLUMNS: readonly { field: Field; name: string; aliases: readonly string[]; required?: boolean }[] = [
  { field: 'serialNo', name: 'Serial Number', aliases: ['serial', 'serial #', 'serial no', 'serialno', 'serial no.'], required: true },
  { field: 'inventoryId', name: 'Inventory ID', aliases: ['inventory', 'inventoryid'] },
  { field: 'styleName', name: 'Style Name', aliases: ['style name (description)', 'description', 'stylename', 'style'] },
  { field: 'price', name: 'Price', aliases: [] },
  { field: 'customerId', name: 'Customer ID', aliases: ['customerid', 'customer', 'opt id', 'optid'], required: true },
  { field: 'customerName', name: 'Customer Name', aliases: ['customername'] },
  { field: 'image', name: 'Image', aliases: ['image url', 'image urls', 'images'] },
];

const squash = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');
const bare = (s: string) => squash(s).replace(/[^a-z0-9]/g, '');

/** Key used to compare ids (serials, inventory ids, customer ids): trimmed, upper case. */
export const idKey = (s: string): string => s.trim().toUpperCase();

/** Maximum row problems listed (all are counted). */
export const MAX_LISTED_ERRORS = 100;

/**
 * Reads a feed row by row: `header()` once, then `row()` per record. Collects the problems
 * (`errors`, the first MAX_LISTED_ERRORS, and `errorCount`) and drops bad and repeated rows.
 */
export class OhFeedRows {
  private index = new Map<Field, number>();
  private seen = new Map<string, number>();
  private width = 0;
  readonly errors: string[] = [];
  errorCount = 0;
  accepted = 0;

  /** Map the header; returns the fatal problem (a required column missing, a repeated column) or undefined. */
  header(cells: readonly string[]): string | undefined {
    this.width = cells.length;
    const byName = new Map<string, Field>();
    for (const c of OH_COLUMNS) for (const n of [c.name, ...c.aliases]) byName.set(bare(n), c.field);
    for (let i = 0; i < cells.length; i++) {
      const field = byName.get(bare(cells[i] ?? ''));
      if (!field) continue;
      if (this.index.has(field)) return `Line 1: the column ${OH_COLUMNS.find((c) => c.field === field)!.name} appears twice.`;
      this.index.set(field, i);
    }
    const missing = OH_COLUMNS.filter((c) => c.required && !this.index.has(c.field)).map((c) => c.name);
    if (missing.length) {
      return `The feed's header lacks ${missing.join(' and ')} (expected columns: ${OH_COLUMNS.map((c) => c.name).join(', ')}).`;
    }
    return undefined;
  }

  /** One data record at physical line `line`; undefined when the row is refused (the reason is recorded). */
  row(cells: readonly string[], line: number): OhItem | undefined {
    if (cells.every((c) => c.trim() === '')) return undefined;
    const get = (f: Field) => {
      const i = this.index.get(f);
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    const problems: string[] = [];
    if (cells.length !== this.width) problems.push(`expected ${this.width} values as in the header, found ${cells.length}`);
    const serialNo = get('serialNo');
    const customerId = get('customerId');
    const priceText = get('price');
    const price = priceText === '' ? null : parsePrice(priceText);
    if (serialNo === '') problems.push('Serial Number is empty');
    if (customerId === '') problems.push('Customer ID is empty');
    if (priceText !== '' && price === null) problems.push(`Price "${priceText}" is not a number`);
    if (serialNo !== '') {
      const first = this.seen.get(idKey(serialNo));
      if (first !== undefined) problems.push(`Serial Number ${serialNo} repeats line ${first}; the first one is kept`);
    }
    if (problems.length) {
      this.fail(`Line ${line}: ${problems.join('; ')}.`);
      return undefined;
    }
    this.seen.set(idKey(serialNo), line);
    this.accepted++;
    return { serialNo, inventoryId: get('inventoryId'), styleName: get('styleName'), price, customerId, customerName: get('customerName'), image: get('image') };
  }

  fail(message: string): void {
    this.errorCount++;
    if (this.errors.length < MAX_LISTED_ERRORS) this.errors.push(message);
  }

  /** The problems as returned to the caller: the listed ones plus a count of the rest. */
  report(): string[] {
    const rest = this.errorCount - this.errors.length;
    return rest > 0 ? [...this.errors, `…and ${rest} more problem(s).`] : [...this.errors];
  }
}
