/**
 * Staging a product file's periods a row at a time, in bounded memory (issue 7 §2): what
 * `buildPeriodProducts` decides with both files in memory, decided instead from
 * - the previous side read first into a compact index: brand + style number -> the chunk the
 *   row is in and a 37-bit fingerprint of its compared fields (one number a row, not the row),
 *   held off the JS heap (`Md5KeyTable`: 16 bytes a slot, keyed by 64 bits of the key's MD5);
 * - then the current side row by row: a style not in the index is added, one with the same
 *   fingerprint unchanged, another one changed (the caller reads that previous row back from its
 *   chunk to list the old values, `changedFields`);
 * - what is left in the index at the end: the deleted products (read back from their chunks).
 * The user fields people set are carried from compact maps holding only products that have any.
 * Pure: functions/scrapings/apply.ts does the reads and writes.
 */
import { hash } from 'node:crypto';
import { Md5KeyTable } from '../../lib/md5-key-table';
import { PERIOD_CHANGE_FIELDS, productFieldsFromRow, type PeriodProduct, type ProductFields, type RobotRow } from '../../files';
import { brandOfRow, type CarryingBrand } from './brand-split';
import type { UserFields } from './product';

const FINGERPRINT_BITS = 2 ** 37;
/** Chunks a side may have for (chunk, fingerprint) to fit in a double's 53 exact bits: 65,536 (65M rows). */
export const MAX_CHUNKS = 2 ** 16;

/**
 * 37 bits of SHA-1 over the compared fields: two rows with different values share one with
 * probability 2^-37 (a changed product then shows as unchanged); equal values always agree.
 */
export function fingerprintOf(fields: ProductFields): number {
  // One string, one native call: the same bytes as an update per field, so the same digest.
  let text = '';
  for (const f of PERIOD_CHANGE_FIELDS) {
    const v = fields[f];
    text += (v === null ? '\u0001' : String(v)) + '\u0000';
  }
  const d = hash('sha1', text, 'buffer');
  return d.readUInt32BE(0) * 32 + (d[4]! >> 3);
}

export interface BrandCounts {
  total: number;
  previousTotal: number;
  added: number;
  deleted: number;
  changed: number;
  unchanged: number;
  /** Products written with an OH map id / flagged for Price (the report's counters: domain/report-counts.ts); absent in an execution staged before they existed. */
  mapped?: number;
  priceFlagged?: number;
}

/** A current row's product, decided but for a change: `changedAt` says which previous chunk to read its old values from. */
export interface StagedRow {
  brand: string;
  product: PeriodProduct;
  /** The previous row's chunk, when its fingerprint differs (a change to list). */
  changedAt?: number;
}

/** The previous side's index key of a brand's style. */
const indexKey = (brand: string, style: string) => `${brand}\u0000${style}`;

export class PeriodStager {
  /** brand + style -> chunk * 2^37 + fingerprint, for the previous rows not matched yet. */
  private readonly previous: Md5KeyTable;
  readonly counts = new Map<string, BrandCounts>();
  /** Current rows of no carrying brand (not stored). */
  skipped = 0;

  /** `comparing`: the file has a previous side (else every product is unchanged, none deleted). */
  constructor(
    private readonly brands: readonly CarryingBrand[],
    readonly comparing: boolean,
    /** Counts of the current rows an earlier invocation staged (resuming), per brand. */
    resumed?: Readonly<Record<string, BrandCounts>>,
    /** The previous side is restored (`restorePrevious`), not read again: its total is kept. */
    restoring = false,
    /** Previous rows expected (sizes the index once). */
    expectedPrevious = 1024,
  ) {
    this.previous = new Md5KeyTable(expectedPrevious);
    for (const b of brands) {
      const r = resumed?.[b._id];
      // Otherwise previousTotal is counted again by addPrevious.
      this.counts.set(b._id, r ? { ...r, previousTotal: restoring ? r.previousTotal : 0 } : { total: 0, previousTotal: 0, added: 0, deleted: 0, changed: 0, unchanged: 0, mapped: 0, priceFlagged: 0 });
    }
  }

  /** How many previous rows are not matched yet. */
  get unmatchedCount(): number {
    return this.previous.size;
  }

  /** The previous rows not matched yet (to save between invocations), as bytes: `Md5KeyTable.toBytes`. */
  unmatchedPrevious(): Generator<Buffer> {
    return this.previous.toBytes();
  }

  /** Previous rows not matched yet, as `unmatchedPrevious` gave them to an earlier invocation (constructed with `restoring`). */
  restoreUnmatched(bytes: Uint8Array): void {
    this.previous.addBytes(bytes);
  }

  /** One previous row not matched yet, saved by name (a state saved before the index was bytes). */
  restorePrevious(brand: string, style: string, packed: number): void {
    if (this.counts.has(brand)) this.previous.set(indexKey(brand, style), packed);
  }

  /** A current row an earlier invocation staged (resuming): taken out of the index, counted already. */
  skipCurrent(row: RobotRow): void {
    const brand = brandOfRow(row, this.brands);
    if (brand && this.comparing) this.previous.delete(indexKey(brand._id, productFieldsFromRow(row).style_number));
  }

  /** A row of the previous side, in chunk `chunk` (all of them before the first `addCurrent`). */
  addPrevious(row: RobotRow, chunk: number): void {
    if (chunk >= MAX_CHUNKS) throw new Error(`A side of more than ${MAX_CHUNKS} chunks cannot be staged.`);
    const brand = brandOfRow(row, this.brands);
    if (!brand) return;
    const fields = productFieldsFromRow(row);
    this.previous.set(indexKey(brand._id, fields.style_number), chunk * FINGERPRINT_BITS + fingerprintOf(fields));
    this.counts.get(brand._id)!.previousTotal++;
  }

  /** A row of the current side: its brand's product, or undefined (no carrying brand). */
  addCurrent(row: RobotRow): StagedRow | undefined {
    const brand = brandOfRow(row, this.brands);
    if (!brand) {
      this.skipped++;
      return undefined;
    }
    const counts = this.counts.get(brand._id)!;
    counts.total++;
    const product: PeriodProduct = productFieldsFromRow(row);
    if (!this.comparing) {
      counts.unchanged++;
      return { brand: brand._id, product };
    }
    const packed = this.previous.take(indexKey(brand._id, product.style_number));
    if (packed === undefined) {
      product.type = 'added';
      counts.added++;
      return { brand: brand._id, product };
    }
    const chunk = Math.floor(packed / FINGERPRINT_BITS);
    if (packed - chunk * FINGERPRINT_BITS === fingerprintOf(product)) {
      counts.unchanged++;
      return { brand: brand._id, product };
    }
    return { brand: brand._id, product, changedAt: chunk };
  }

  /** Count the outcome of a row `addCurrent` returned with `changedAt` (changed, or unchanged after all). */
  settleChange(brand: string, changed: boolean): void {
    const counts = this.counts.get(brand)!;
    if (changed) counts.changed++;
    else counts.unchanged++;
  }

  /** After the current side: the chunks holding deleted products (previous rows of no current row). */
  deletedChunks(): Set<number> {
    const chunks = new Set<number>();
    for (const packed of this.previous.values()) chunks.add(Math.floor(packed / FINGERPRINT_BITS));
    return chunks;
  }

  /** After the current side: a previous row's deleted product, if it is one (each is returned once). */
  deletedOf(row: RobotRow, chunk: number): StagedRow | undefined {
    const brand = brandOfRow(row, this.brands);
    if (!brand) return undefined;
    const fields = productFieldsFromRow(row);
    const key = indexKey(brand._id, fields.style_number);
    const packed = this.previous.get(key);
    if (packed === undefined || Math.floor(packed / FINGERPRINT_BITS) !== chunk) return undefined;
    this.previous.delete(key);
    this.counts.get(brand._id)!.deleted++;
    return { brand: brand._id, product: { ...fields, type: 'deleted' } };
  }
}

/** The user fields of a product nobody flagged, edited or mapped. */
export const DEFAULT_USER_FIELDS: UserFields = Object.freeze({ isFlagged: 'no', oh_map_id: '', brand_sku: '' }) as UserFields;

/**
 * User fields worth carrying, held compactly: only products a person flagged, edited or mapped
 * (an OH map id), and only those fields; undefined for the others (`DEFAULT_USER_FIELDS`).
 */
export function carriedUserFields(p: UserFields): UserFields | undefined {
  const flagged = p.isFlagged === 'yes' || (p.flagMessage !== undefined && p.flagMessage !== null);
  if (!flagged && !p.edited?.length && !p.oh_map_id) return undefined;
  const out: UserFields = { isFlagged: p.isFlagged === 'yes' ? 'yes' : 'no', oh_map_id: p.oh_map_id ?? '', brand_sku: p.brand_sku ?? '' };
  if (p.flagMessage !== undefined && p.flagMessage !== null) out.flagMessage = p.flagMessage;
  if (p.edited?.length) out.edited = [...p.edited];
  if (p.product) out.product = p.product;
  return out;
}

/** Whether carried user fields are only an OH map id (most mapped products: nobody flagged or edited them). */
const ohOnly = (u: UserFields) => u.isFlagged === 'no' && u.flagMessage === undefined && !u.edited?.length && !u.product && u.oh_map_id !== '';

/** Longest OH map id held off the heap (a longer one is held as an object). */
const OH_MAX_BYTES = 2 ** 16 - 1;

/**
 * Style -> OH map id, off the JS heap: the ids' UTF-8 bytes one after another in a Buffer, and an
 * `Md5KeyTable` of the style to the id's offset and length (offset * 2^16 + length). About 40
 * bytes a style at 1M, where a Map of style -> user-field objects took 161 bytes of heap
 * (measured). A style set again points at its new bytes (the old ones stay, unused). '' stands
 * for `DEFAULT_USER_FIELDS` (a carried entry never has an empty id: `ohOnly`).
 */
export class OhMapIds {
  private readonly index = new Md5KeyTable();
  private text = Buffer.allocUnsafe(64 * 1024);
  private used = 0;

  set(style: string, oh: string): void {
    const length = Buffer.byteLength(oh);
    if (length > OH_MAX_BYTES) throw new Error(`An OH map id held off the heap has at most ${OH_MAX_BYTES} bytes.`);
    this.reserve(length);
    this.text.write(oh, this.used, 'utf8');
    this.index.set(style, this.used * 2 ** 16 + length);
    this.used += length;
  }

  get(style: string): string | undefined {
    const at = this.index.get(style);
    if (at === undefined) return undefined;
    const length = at % 2 ** 16;
    const offset = (at - length) / 2 ** 16;
    return this.text.toString('utf8', offset, offset + length);
  }

  has(style: string): boolean {
    return this.index.get(style) !== undefined;
  }

  /** What `restore` takes back (to save between invocations): ['i', index bytes] and ['t', text bytes] parts, base64. */
  *parts(): Generator<['i' | 't', string]> {
    for (const bytes of this.index.toBytes()) yield ['i', bytes.toString('base64')];
    for (let at = 0; at < this.used; at += TEXT_PART) yield ['t', this.text.subarray(at, Math.min(this.used, at + TEXT_PART)).toString('base64')];
  }

  /** One part of `parts`, in their order (text parts appended as given). */
  restore(kind: 'i' | 't', base64: string): void {
    const bytes = Buffer.from(base64, 'base64');
    if (kind === 'i') return this.index.addBytes(bytes);
    this.reserve(bytes.length);
    bytes.copy(this.text, this.used);
    this.used += bytes.length;
  }

  private reserve(bytes: number): void {
    if (this.used + bytes <= this.text.length) return;
    const next = Buffer.allocUnsafe(Math.max(this.text.length * 2, this.used + bytes));
    this.text.copy(next, 0, 0, this.used);
    this.text = next;
  }
}

/** Bytes of text in one saved part. */
const TEXT_PART = 1024 * 1024;

const fromOh = (oh: string | undefined): UserFields | undefined => (oh === undefined ? undefined : oh === '' ? DEFAULT_USER_FIELDS : { isFlagged: 'no', oh_map_id: oh, brand_sku: '' });

/** One side of the carried fields: entries that are only an OH map id off the heap, the rest (flagged, edited) as objects. */
class CarriedSide {
  readonly fields = new Map<string, UserFields>();
  readonly oh = new OhMapIds();

  set(style: string, u: UserFields): void {
    if ((ohOnly(u) || u === DEFAULT_USER_FIELDS) && Buffer.byteLength(u.oh_map_id) <= OH_MAX_BYTES) {
      this.fields.delete(style);
      this.oh.set(style, u === DEFAULT_USER_FIELDS ? '' : u.oh_map_id);
    } else this.fields.set(style, u);
  }

  get(style: string): UserFields | undefined {
    return this.fields.get(style) ?? fromOh(this.oh.get(style));
  }

  has(style: string): boolean {
    return this.fields.has(style) || this.oh.has(style);
  }
}

/**
 * The user fields a new version's products take from one brand's period: first the previous
 * period's published version, then the period's own published version (an earlier approval of the
 * same period), each read a page at a time. Held: the products with user fields, plus the
 * period's own products whose style the previous period has user fields for (with the defaults:
 * `carryUserFields` takes the flag from the period's own product whenever there is one).
 */
export class CarriedFields {
  private readonly previous = new CarriedSide();
  private readonly existing = new CarriedSide();

  addPrevious(p: UserFields & { style_number: string }): void {
    const carried = carriedUserFields(p);
    if (carried) this.previous.set(p.style_number, carried);
  }

  /** After every `addPrevious`. */
  addExisting(p: UserFields & { style_number: string }): void {
    const carried = carriedUserFields(p);
    if (carried) this.existing.set(p.style_number, carried);
    else if (this.previous.has(p.style_number)) this.existing.set(p.style_number, DEFAULT_USER_FIELDS);
  }

  /**
   * Every entry held, to save between invocations: ['p' previous period / 'e' the period's own,
   * style, fields] for the flagged and edited ones, then the OH map ids' parts: ['p' | 'e', 'i' | 't', base64].
   */
  *entries(): Generator<['p' | 'e', string, UserFields] | ['p' | 'e', 'i' | 't', string]> {
    for (const [side, held] of [['p', this.previous], ['e', this.existing]] as const) {
      for (const [style, fields] of held.fields) yield [side, style, fields];
      for (const [kind, base64] of held.oh.parts()) yield [side, kind, base64];
    }
  }

  /** One entry of `entries`, saved by an earlier invocation (in their order). */
  restore(side: 'p' | 'e', style: string, fields: UserFields): void {
    (side === 'p' ? this.previous : this.existing).set(style, fields);
  }

  /** One OH map id part of `entries`, saved by an earlier invocation (in their order). */
  restoreOh(side: 'p' | 'e', kind: 'i' | 't', base64: string): void {
    (side === 'p' ? this.previous : this.existing).oh.restore(kind, base64);
  }

  /** [the period's own, the previous period's] user fields of a style, as `carryUserFields` takes them. */
  of(style: string): [UserFields | undefined, UserFields | undefined] {
    return [this.existing.get(style), this.previous.get(style)];
  }
}
