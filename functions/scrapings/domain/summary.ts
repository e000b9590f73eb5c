/**
 * The brand summary tiles (000 §3 "Summary stats"): totals of the retailers a caller sees, for
 * their latest scan period (`current`) and the one before it (`prev`). Pure.
 */
export interface PeriodFigures {
  totalProducts: number;
  flaggedProducts: number;
}

/** One retailer on the caller's list: its latest period and the one before, when they exist. */
export interface RetailerFigures {
  current?: PeriodFigures;
  prev?: PeriodFigures;
  /** Its latest period is its first at this brand (the retailer was not audited at the scan before). */
  firstScan?: boolean;
}

export interface CurrentPrev {
  current: number;
  prev: number;
}

export interface BrandSummary {
  totalProducts: CurrentPrev;
  flaggedProducts: CurrentPrev;
  /**
   * The retailers on the list ('You are currently auditing N websites', one tile each), scanned or
   * not (current); the same less those whose first scan is the latest one (prev).
   */
  totalRetailers: CurrentPrev;
}

/** `retailers`: every retailer the caller sees, one entry each (also those with no period yet). */
export function brandSummary(retailers: readonly RetailerFigures[]): BrandSummary {
  const out: BrandSummary = {
    totalProducts: { current: 0, prev: 0 },
    flaggedProducts: { current: 0, prev: 0 },
    totalRetailers: { current: retailers.length, prev: retailers.filter((r) => !r.firstScan).length },
  };
  for (const r of retailers) {
    for (const side of ['current', 'prev'] as const) {
      const f = r[side];
      if (!f) continue;
      out.totalProducts[side] += f.totalProducts;
      out.flaggedProducts[side] += f.flaggedProducts;
    }
  }
  return out;
}
