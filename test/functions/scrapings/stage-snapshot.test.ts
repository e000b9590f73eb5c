import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { ProductScrape } from '../../../functions/scrapings/domain/product';
import { gzLines, inStoredOrder, mergePieces, pieceText } from '../../../functions/scrapings/stage-snapshot';

const PERIOD = 'period-1';
const p = (key: string, name = key) => ({ _id: `${PERIOD}${key}`, name }) as ProductScrape;

describe('inStoredOrder (the snapshot built from staged products)', () => {
  it('orders products as the version Query returns them: by the key after the period id, in UTF-8 byte order', () => {
    // UTF-16 order puts U+FF5E before U+1F600 (a surrogate pair); UTF-8 bytes put it after.
    const keys = ['b', 'a', 'ab', '\u{1F600}', '\uFF5E', 'B', '_'];
    const out = inStoredOrder(PERIOD, keys.map((k) => p(k)));
    expect(out.map((x) => x._id.slice(PERIOD.length))).toEqual(['B', '_', 'a', 'ab', 'b', '\uFF5E', '\u{1F600}']);
  });

  it('keeps one product per id, the last given (the later write, as DynamoDB keeps the last put)', () => {
    const out = inStoredOrder(PERIOD, [p('x', 'first'), p('y'), p('x', 'second'), p('x', 'third')]);
    expect(out).toEqual([p('x', 'third'), p('y')]);
  });

  it('is empty for no products', () => {
    expect(inStoredOrder(PERIOD, [])).toEqual([]);
  });
});

describe('the snapshot merged from sorted pieces (never holding the period)', () => {
  const gzipped = (products: ProductScrape[]) => gzipSync(pieceText(products));
  const merge = async (pieces: ProductScrape[][]) => {
    const out: { product: ProductScrape; flagged: boolean }[] = [];
    for await (const m of mergePieces(pieces.map((p) => gzLines(gzipped(p))))) out.push({ product: JSON.parse(m.json) as ProductScrape, flagged: m.flagged });
    return out;
  };

  it('gives the products of all pieces in stored order, one per id, the later piece winning: as inStoredOrder of everything written', async () => {
    // Ids in an order of their own per piece, repeated within and across pieces, some multi-byte.
    const ids = ['b', 'a', 'ab', '\u{1F600}', '\uFF5E', 'B', '_', 'é', 'z9', 'z10'];
    const pieces = [0, 1, 2, 3].map((k) => Array.from({ length: 25 }, (_, i) => ({ ...p(ids[(i * (k + 3)) % ids.length]!, `piece ${k} item ${i}`), isFlagged: i % 4 === 0 ? 'yes' : 'no' }) as ProductScrape));
    const merged = await merge(pieces);
    const expected = inStoredOrder(PERIOD, pieces.flat());
    expect(merged.map((m) => m.product)).toEqual(expected);
    expect(merged.map((m) => m.flagged)).toEqual(expected.map((x) => x.isFlagged === 'yes'));
  });

  it('counts a deleted product as not flagged, and reads lines cut between gunzip chunks (multi-byte characters included)', async () => {
    // Over 64 KB of text a piece, names of 3- and 4-byte characters: chunk boundaries fall inside characters.
    const long = (i: number) => `${'\u{1F600}\u20AC'.repeat(200)} ${i}`;
    const piece = Array.from({ length: 300 }, (_, i) => ({ ...p(`k${String(i).padStart(4, '0')}`, long(i)), isFlagged: 'yes', ...(i % 2 ? { type: 'deleted' } : {}) }) as ProductScrape);
    const merged = await merge([piece]);
    expect(merged.map((m) => m.product)).toEqual(piece);
    expect(merged.filter((m) => m.flagged)).toHaveLength(150);
  });

  it('merges no pieces into no products', async () => {
    expect(await merge([])).toEqual([]);
    expect(await merge([[], []])).toEqual([]);
  });
});
