/**
 * The brand summary tiles (000 §3 "Summary stats"): totals of the retailers a caller sees,
 * for their latest scan period (`current`) and the one before it (`prev`). Pure.
 */
export interface PeriodFigures {
  totalProducts: number;
  flaggedProducts: number;
}

/** One retailer: its latest period and the one before, when they exist. */
export interface RetailerFigures {
  current?: PeriodFigures;
  prev?: PeriodFigures;
}

export interface CurrentPrev {
  current: number;
  prev: number;
}

export interface BrandSummary {
  totalProducts: CurrentPrev;
  flaggedProducts: CurrentPrev;
  /** Retailers with a scan period (current) / with one before it (prev). */
  totalRetailers: CurrentPrev;
}

export function brandSummary(retailers: readonly RetailerFigures[]): BrandSummary {
  const out: BrandSummary = {
    totalProducts: { current: 0, prev: 0 },
    flaggedProducts: { current: 0, prev: 0 },
    totalRetailers: { current: 0, prev: 0 },
  };
  for (const r of retailers) {
    for (const side of ['current', 'prev'] as const) {
      const f = r[side];
      if (!f) continue;
      out.totalProducts[side] += f.totalProducts;
      out.flaggedProducts[side] += f.flaggedProducts;
      out.totalRetailers[side] += 1;
    }
  }
  return out;
}
