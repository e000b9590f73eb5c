/** When a scraped price is in sync with the on-hand one (issue 24 §4): the brand's tolerance at its edges. */
import { describe, expect, it } from 'vitest';
import { priceInSync } from '../../shared/price-sync';

const t = (tolerancePercent: number, toleranceAmount: number) => ({ tolerancePercent, toleranceAmount });

describe('priceInSync', () => {
  it('without a tolerance: the same price only, as the spec’s tabs (not even a fraction of a cent off)', () => {
    expect(priceInSync(100, 100)).toBe(true);
    expect(priceInSync(100, 99.99)).toBe(false);
    expect(priceInSync(100, 100.001)).toBe(false);
  });

  it('a missing price is never in sync with a known one; both missing count as the same', () => {
    expect(priceInSync(null, 100, t(50, 1000))).toBe(false);
    expect(priceInSync(100, null, t(50, 1000))).toBe(false);
    expect(priceInSync(null, null)).toBe(true);
  });

  it('a percent of the on-hand price, up to and including it, either way', () => {
    expect(priceInSync(1000, 950, t(5, 0))).toBe(true);
    expect(priceInSync(1000, 1050, t(5, 0))).toBe(true);
    expect(priceInSync(1000, 949.99, t(5, 0))).toBe(false);
    expect(priceInSync(19.99, 19.0, t(5, 0))).toBe(true); // 0.99 ≤ 0.9995
    expect(priceInSync(19.99, 18.99, t(5, 0))).toBe(false);
  });

  it('an amount, compared in cents (0.1 + 0.2 is 0.3)', () => {
    expect(priceInSync(0.3, 0.1 + 0.2 - 0.3 + 0.3, t(0, 0.01))).toBe(true);
    expect(priceInSync(100.3, 100, t(0, 0.3))).toBe(true);
    expect(priceInSync(100.31, 100, t(0, 0.3))).toBe(false);
  });

  it('both set: the larger allowance applies', () => {
    expect(priceInSync(1000, 960, t(1, 40))).toBe(true); // 40 by amount, 10 by percent
    expect(priceInSync(10000, 9950, t(1, 40))).toBe(true); // 100 by percent
    expect(priceInSync(10000, 9899, t(1, 40))).toBe(false);
  });
});
