import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildPeriodProducts, changedFields, PERIOD_CHANGE_FIELDS, productFieldsFromRow, type PeriodProduct } from '../../../functions/files/domain/period-apply';
import type { RobotRow } from '../../../functions/files/domain/robot-types';
import { splitRowsByBrand, brandOfRow, type CarryingBrand } from '../../../functions/scrapings/domain/brand-split';
import { CarriedFields, fingerprintOf, PeriodStager } from '../../../functions/scrapings/domain/period-stage';
import { carryUserFields, type UserFields } from '../../../functions/scrapings/domain/product';

const aurelle: CarryingBrand = { _id: 'b-aurelle', name: 'Maison Aurelle', slug: 'maison-aurelle' };
const vell: CarryingBrand = { _id: 'b-vell', name: 'Vell', slug: 'vell' };
const BRANDS = [aurelle, vell];
const CHUNK = 100;

const row = (i: number, brand: string, price: string, name = `Bag ${i}`): RobotRow => ({
  'Style Number': `SN-${i}`,
  Name: name,
  Brand: brand,
  Price: price,
  'Image URLs': `https://img.example/${i}.jpg`,
  Description: `Piece ${i}`,
});

/** 450 rows over 3 brands (one carried by nobody); the next scan: some changed, some gone, some new, shuffled. */
function files() {
  const previous: RobotRow[] = [];
  for (let i = 0; i < 450; i++) previous.push(row(i, ['Maison Aurelle', 'Vell', 'Nobody'][i % 3]!, `${100 + i}.00`));
  const current: RobotRow[] = [];
  for (const r of previous) {
    const i = Number(r['Style Number']!.slice(3));
    if (i % 17 === 0) continue; // deleted
    if (i % 11 === 0) current.push({ ...r, Price: `${200 + i}.00` });
    else if (i % 13 === 0) current.push({ ...r, Name: `Renamed ${i}` });
    else current.push(r);
  }
  for (let i = 1000; i < 1040; i++) current.push(row(i, i % 2 ? 'Vell' : 'Maison Aurelle', '9.00'));
  // Reverse chunks of the current file, so a changed row's previous row is in another chunk.
  const shuffled: RobotRow[] = [];
  for (let s = 0; s < current.length; s += 70) shuffled.unshift(...current.slice(s, s + 70));
  return { previous, current: shuffled };
}

const chunksOf = <T>(rows: readonly T[]) => Array.from({ length: Math.ceil(rows.length / CHUNK) }, (_, n) => rows.slice(n * CHUNK, (n + 1) * CHUNK));

type Staged = Map<string, PeriodProduct[]>;
const emptyOut = (): Staged => new Map(BRANDS.map((b) => [b._id, []]));

/** What staging does with current rows (apply.ts), the previous chunks' reads replaced by arrays. */
function stageCurrent(stager: PeriodStager, prevChunks: RobotRow[][], rows: readonly RobotRow[], out: Staged, chunkReads = new Set<number>()): void {
  for (const r of rows) {
    const staged = stager.addCurrent(r);
    if (!staged) continue;
    if (staged.changedAt !== undefined) {
      chunkReads.add(staged.changedAt);
      const before = prevChunks[staged.changedAt]!.map(productFieldsFromRow).find((f, k) => f.style_number === staged.product.style_number && brandOfRow(prevChunks[staged.changedAt!]![k]!, BRANDS)?._id === staged.brand)!;
      const change = changedFields(before, staged.product);
      if (change) Object.assign(staged.product, { type: 'change', change });
      stager.settleChange(staged.brand, !!change);
    }
    out.get(staged.brand)!.push(staged.product);
  }
}

/** What staging does once the current side is done: the deleted products, read back from their chunks. */
function stageDeleted(stager: PeriodStager, prevChunks: RobotRow[][], out: Staged): void {
  for (const n of stager.deletedChunks()) for (const r of prevChunks[n]!) {
    const staged = stager.deletedOf(r, n);
    if (staged) out.get(staged.brand)!.push(staged.product);
  }
}

/** What staging does with the stager (apply.ts), the I/O replaced by arrays. */
function streamed(previous: RobotRow[] | null, current: RobotRow[]) {
  const stager = new PeriodStager(BRANDS, previous !== null);
  const prevChunks = previous ? chunksOf(previous) : [];
  prevChunks.forEach((chunk, n) => chunk.forEach((r) => stager.addPrevious(r, n)));
  const out = emptyOut();
  const chunkReads = new Set<number>();
  stageCurrent(stager, prevChunks, current, out, chunkReads);
  stageDeleted(stager, prevChunks, out);
  return { out, stager, chunkReads };
}

const byStyle = (list: PeriodProduct[]) => [...list].sort((a, b) => a.style_number.localeCompare(b.style_number));

describe('PeriodStager', () => {
  it('stages the same products and counts per brand as the in-memory build, across chunks, with changes, additions and deletions', () => {
    const { previous, current } = files();
    const { out, stager } = streamed(previous, current);
    const prevSplit = splitRowsByBrand(previous, BRANDS);
    const curSplit = splitRowsByBrand(current, BRANDS);
    expect(stager.skipped).toBe(curSplit.unmatched.length);
    for (const b of BRANDS) {
      const built = buildPeriodProducts({ currentRows: curSplit.byBrand.get(b._id)!, previousRows: prevSplit.byBrand.get(b._id)! });
      expect(byStyle(out.get(b._id)!)).toEqual(byStyle(built.products));
      // mapped / priceFlagged (the report's counters) are counted where products are written (apply.ts), from 0 here.
      expect(stager.counts.get(b._id)).toEqual({ ...built.counts, mapped: 0, priceFlagged: 0 });
      expect(built.counts.deleted).toBeGreaterThan(0);
      expect(built.counts.changed).toBeGreaterThan(0);
      expect(built.counts.added).toBeGreaterThan(0);
    }
  });

  it('stopped after any number of current rows and resumed from what it saved (as between StageFile invocations), stages the same products and counts', () => {
    const { previous, current } = files();
    const whole = streamed(previous, current);
    const prevChunks = chunksOf(previous);
    for (const stopAt of [0, 1, 137, current.length - 1, current.length]) {
      const first = new PeriodStager(BRANDS, true);
      prevChunks.forEach((chunk, n) => chunk.forEach((r) => first.addPrevious(r, n)));
      const out = emptyOut();
      stageCurrent(first, prevChunks, current.slice(0, stopAt), out);
      // What the invocation saves (saveStageState) and the next one restores (loadStageState), through JSON.
      const saved = JSON.parse(JSON.stringify({ counts: Object.fromEntries(first.counts), entries: [...first.unmatchedPrevious()].map((b) => b.toString('base64')) })) as { counts: Record<string, never>; entries: string[] };
      const next = new PeriodStager(BRANDS, true, saved.counts, true);
      for (const bytes of saved.entries) next.restoreUnmatched(Buffer.from(bytes, 'base64'));
      stageCurrent(next, prevChunks, current.slice(stopAt), out);
      stageDeleted(next, prevChunks, out);
      for (const b of BRANDS) {
        expect(byStyle(out.get(b._id)!), `stopped at ${stopAt}`).toEqual(byStyle(whole.out.get(b._id)!));
        expect(next.counts.get(b._id), `stopped at ${stopAt}`).toEqual(whole.stager.counts.get(b._id));
      }
    }
  });

  it('resumes from a state saved by name (brand, style, chunk and fingerprint: the form before the index was bytes) with the same products and counts', () => {
    const { previous, current } = files();
    const whole = streamed(previous, current);
    const prevChunks = chunksOf(previous);
    const restored = new PeriodStager(BRANDS, true, Object.fromEntries([...whole.stager.counts].map(([b, c]) => [b, { ...c, total: 0, added: 0, deleted: 0, changed: 0, unchanged: 0, mapped: 0, priceFlagged: 0 }])), true);
    prevChunks.forEach((chunk, n) =>
      chunk.forEach((r) => {
        const brand = brandOfRow(r, BRANDS);
        const fields = productFieldsFromRow(r);
        if (brand) restored.restorePrevious(brand._id, fields.style_number, n * 2 ** 37 + fingerprintOf(fields));
      }),
    );
    // A brand that no longer carries the retailer is left out.
    restored.restorePrevious('b-gone', 'SN-1', 5);
    expect(restored.unmatchedCount).toBe(previous.filter((r) => brandOfRow(r, BRANDS)).length);
    const out = emptyOut();
    stageCurrent(restored, prevChunks, current, out);
    stageDeleted(restored, prevChunks, out);
    for (const b of BRANDS) {
      expect(byStyle(out.get(b._id)!)).toEqual(byStyle(whole.out.get(b._id)!));
      expect(restored.counts.get(b._id)).toEqual(whole.stager.counts.get(b._id));
    }
  });

  it('marks nothing and deletes nothing for a retailer\'s first file', () => {
    const { current } = files();
    const { out, stager } = streamed(null, current);
    for (const b of BRANDS) {
      const built = buildPeriodProducts({ currentRows: splitRowsByBrand(current, BRANDS).byBrand.get(b._id)!, previousRows: null });
      expect(byStyle(out.get(b._id)!)).toEqual(byStyle(built.products));
      // mapped / priceFlagged (the report's counters) are counted where products are written (apply.ts), from 0 here.
      expect(stager.counts.get(b._id)).toEqual({ ...built.counts, mapped: 0, priceFlagged: 0 });
    }
  });
});

describe('CarriedFields', () => {
  const flagged: UserFields = { isFlagged: 'yes', flagMessage: { message: 'Wrong price' }, oh_map_id: '', brand_sku: '' };
  const plain: UserFields = { isFlagged: 'no', oh_map_id: '', brand_sku: 'SKU' };
  const scraped = { oh_map_id: '', brand_sku: 'SKU' };

  it('gives carryUserFields what the whole lists gave it: the period\'s own product (even unflagged) first, then the previous period\'s', () => {
    const carried = new CarriedFields();
    const previous = { 'A': flagged, 'B': flagged, 'C': { ...plain, oh_map_id: 'OH-C' }, 'D': plain };
    const existing = { 'A': plain, 'C': plain, 'D': { ...plain, edited: ['brand_sku'] as UserFields['edited'], brand_sku: 'MINE' } };
    for (const [s, u] of Object.entries(previous)) carried.addPrevious({ ...u, style_number: s });
    for (const [s, u] of Object.entries(existing)) carried.addExisting({ ...u, style_number: s });
    for (const style of ['A', 'B', 'C', 'D', 'E']) {
      const whole = carryUserFields(scraped, existing[style as keyof typeof existing], previous[style as keyof typeof previous]);
      expect(carryUserFields(scraped, ...carried.of(style)), style).toEqual(whole);
    }
    expect(carryUserFields(scraped, ...carried.of('A')).isFlagged).toBe('no');
    expect(carryUserFields(scraped, ...carried.of('B')).isFlagged).toBe('yes');
  });

  it('restored from its entries (as the next StageFile invocation reads them) gives the same fields', () => {
    const carried = new CarriedFields();
    carried.addPrevious({ ...flagged, style_number: 'A' });
    carried.addPrevious({ ...plain, oh_map_id: 'OH-B', style_number: 'B' });
    carried.addExisting({ ...plain, style_number: 'A' });
    carried.addExisting({ ...plain, edited: ['brand_sku'], brand_sku: 'MINE', style_number: 'C' });
    const restored = restoredFrom(carried);
    for (const style of ['A', 'B', 'C', 'D']) expect(restored.of(style), style).toEqual(carried.of(style));
  });

  it('holds 20,000 mapped products (OH map ids only, some multi-byte, some read twice) off the heap and gives what the whole lists give, restored too', () => {
    const carried = new CarriedFields();
    const previous = new Map<string, UserFields>();
    const existing = new Map<string, UserFields>();
    for (let i = 0; i < 20_000; i++) {
      const u: UserFields = i % 7 === 0 ? { ...flagged, oh_map_id: `OH-${i}` } : { ...plain, oh_map_id: i % 11 === 0 ? `OH-é-${i}-\u{1F600}` : `OH-${i}` };
      previous.set(`S${i}`, u);
      carried.addPrevious({ ...u, style_number: `S${i}` });
      // A page read again (a retried invocation) changes nothing.
      if (i % 500 === 0) carried.addPrevious({ ...u, style_number: `S${i}` });
    }
    for (let i = 0; i < 20_000; i += 3) {
      const u: UserFields = i % 9 === 0 ? { ...plain, oh_map_id: `OH-OWN-${i}` } : plain;
      existing.set(`S${i}`, u);
      carried.addExisting({ ...u, style_number: `S${i}` });
    }
    const restored = restoredFrom(carried);
    for (let i = 0; i < 20_010; i++) {
      const style = `S${i}`;
      const whole = carryUserFields(scraped, existing.get(style), previous.get(style));
      expect(carryUserFields(scraped, ...carried.of(style)), style).toEqual(whole);
      expect(carryUserFields(scraped, ...restored.of(style)), style).toEqual(whole);
    }
  });
});

/** A CarriedFields saved and read back as StageFile invocations do (stage-state.ts), through JSON. */
function restoredFrom(carried: CarriedFields): CarriedFields {
  const restored = new CarriedFields();
  for (const entry of JSON.parse(JSON.stringify([...carried.entries()])) as (['p' | 'e', string, UserFields] | ['p' | 'e', 'i' | 't', string])[]) {
    if (typeof entry[2] === 'string') restored.restoreOh(entry[0], entry[1] as 'i' | 't', entry[2]);
    else restored.restore(entry[0], entry[1], entry[2]);
  }
  return restored;
}

describe('fingerprintOf', () => {
  it('is 37 bits of SHA-1 over each compared field and a NUL (null as \\u0001), as an update per field gave: fingerprints saved by an earlier invocation still match', () => {
    for (const fields of [productFieldsFromRow(row(1, 'Vell', '10.00')), productFieldsFromRow({ ...row(2, 'Vell', ''), Name: 'Sac \u00e0 main \u{1F600}' })]) {
      const h = createHash('sha1');
      for (const f of PERIOD_CHANGE_FIELDS) h.update(fields[f] === null ? '\u0001' : String(fields[f])).update('\u0000');
      const d = h.digest();
      expect(fingerprintOf(fields)).toBe(d.readUInt32BE(0) * 32 + (d[4]! >> 3));
    }
  });
});
