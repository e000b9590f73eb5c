import { describe, expect, it } from 'vitest';
import type { ProductScrape } from '../../../functions/scrapings/domain/product';
import { inStoredOrder } from '../../../functions/scrapings/stage-snapshot';

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
