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

/**
 * The drawn fields of product `i` of a 300-product period (style, name, price, flag, on-hand
 * reference from `ref`, brand SKU), drawing in that order: name, its suffix, price, flag, SKU.
 */
export function randomProductFields(rand: () => number, i: number, ref: number, names: readonly string[]) {
  const pick = picker(rand);
  return {
    style_number: `ST-${String((i * 37) % 300).padStart(3, '0')}`,
    name: `${pick(names)}${rand() < 0.5 ? '' : ` ${i % 7}`}`,
    price: pick(PRICES),
    isFlagged: rand() < 0.2 ? ('yes' as const) : ('no' as const),
    oh_map_id: ref < 0.3 ? `inv-${i % 50}` : ref < 0.4 ? `S${1000 + (i % 130)}` : '',
    brand_sku: rand() < 0.5 ? `INV-${i % 45}` : '',
  };
}
