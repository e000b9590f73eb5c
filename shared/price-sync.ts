/** When a retailer's price is in sync with the brand's on-hand price (issue 24 §4: the brand's tolerance). Pure, no zod: the product tabs' domain code uses it. */
export interface PriceTolerance {
  /** A difference up to this share of the on-hand price is in sync (0: none). */
  tolerancePercent: number;
  /** A difference up to this amount is in sync (0: none). */
  toleranceAmount: number;
}
export const EXACT_PRICES: PriceTolerance = { tolerancePercent: 0, toleranceAmount: 0 };

const cents = (n: number) => Math.round(n * 100);

/**
 * Whether a scraped price is in sync with the on-hand one: the same price, or (both known) a
 * difference no larger than the tolerance's amount or its percent of the on-hand price, whichever
 * is larger, compared in cents (0.1 + 0.2 is 0.3). Without a tolerance: the same price only. Both
 * missing: the same (neither tab shows it).
 */
export function priceInSync(onHand: number | null, price: number | null, t: PriceTolerance = EXACT_PRICES): boolean {
  if (onHand === price) return true;
  if (onHand === null || price === null) return false;
  if (t.tolerancePercent <= 0 && t.toleranceAmount <= 0) return false; // no tolerance: the same price only, as the spec's tabs
  const gap = Math.abs(cents(onHand) - cents(price));
  const allowed = Math.max(cents(t.toleranceAmount), Math.floor((Math.abs(cents(onHand)) * t.tolerancePercent) / 100 + 1e-9));
  return gap <= allowed;
}
