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
import { PERIOD_CHANGE_FIELDS, productFieldsFromRow, type PeriodProduct, type ProductFields } from '../../files/domain/period-apply';
import type { RobotRow } from '../../files/domain/robot-types';
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
    const key = indexKey(brand._id, product.style_number);
    const packed = this.previous.get(key);
    if (packed === undefined) {
      product.type = 'added';
      counts.added++;
      return { brand: brand._id, product };
    }
    this.previous.delete(key);
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

/**
 * The user fields a new version's products take from one brand's period: first the previous
 * period's published version, then the period's own published version (an earlier approval of the
 * same period), each read a page at a time. Held: the products with user fields, plus the
 * period's own products whose style the previous period has user fields for (with the defaults:
 * `carryUserFields` takes the flag from the period's own product whenever there is one).
 */
export class CarriedFields {
  private readonly previous = new Map<string, UserFields>();
  private readonly existing = new Map<string, UserFields>();

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

  /** Every entry held (to save between invocations): ['p' previous period / 'e' the period's own, style, fields]. */
  *entries(): Generator<['p' | 'e', string, UserFields]> {
    for (const [style, fields] of this.previous) yield ['p', style, fields];
    for (const [style, fields] of this.existing) yield ['e', style, fields];
  }

  /** One entry of `entries`, saved by an earlier invocation. */
  restore(side: 'p' | 'e', style: string, fields: UserFields): void {
    (side === 'p' ? this.previous : this.existing).set(style, fields);
  }

  /** [the period's own, the previous period's] user fields of a style, as `carryUserFields` takes them. */
  of(style: string): [UserFields | undefined, UserFields | undefined] {
    return [this.existing.get(style), this.previous.get(style)];
  }
}
