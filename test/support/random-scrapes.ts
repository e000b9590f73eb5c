/**
 * The pools and draws that random periods of tests are built from: names (with case and accent
 * variants), prices (one missing), change types (mostly none), and a `pick` over a seeded prng.
 * Each test keeps its own seed and its own order of draws, so its data stays what it was.
 */
import type { OhItem } from '../../functions/inventory/domain/oh-feed';

export const NAMES = ['Alpha Bag', 'alpha bag', 'Beta Tote', 'Zeta Clutch', 'Émile Wallet'] as const;
export const PRICES = [100, 250, 99.5, null, 1200] as const;
export const TYPES = [undefined, undefined, 'added', 'deleted', 'change'] as const;

/** One of `xs`, drawn with `rand` (one draw). */
export const picker =
  (rand: () => number) =>
  <T,>(xs: readonly T[]): T =>
    xs[Math.floor(rand() * xs.length)]!;

/** `length` on-hand items of customer OPT1, serials S1000..., styles and prices drawn from `names` and PRICES (two draws each). */
export function randomOhItems(rand: () => number, length: number, names: readonly string[]): OhItem[] {
  const pick = picker(rand);
  return Array.from({ length }, (_, i) => ({
    serialNo: `S${String(1000 + i)}`,
    inventoryId: `INV-${i % 40}`,
    styleName: pick(names),
    price: pick(PRICES),
    customerId: 'OPT1',
    customerName: 'Store',
    image: '',
  }));
}
