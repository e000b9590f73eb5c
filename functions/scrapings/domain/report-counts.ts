/**
 * The figures of a period the monthly report needs beyond the stored totals (docs/reports.md),
 * kept on write on the period item: `mappedCount` (products, not removed, with an OH map id: the
 * ALL SCRAPED tab's "Mapped") and `priceFlaggedCount` (products, not removed, flagged with the
 * Price reason). Counted at staging for every product written, and moved by every edit of a
 * product's user fields on the published version (updateProductFields). Pure.
 */
import type { ProductScrape } from './product';

/** Not removed, with a non-empty OH map id. */
export const isMapped = (p: Pick<ProductScrape, 'type' | 'oh_map_id'>): boolean => p.type !== 'deleted' && typeof p.oh_map_id === 'string' && p.oh_map_id.trim() !== '';

/** Not removed, flagged, with the Price reason among the flag's reasons (000 §5 product flag). */
export function isPriceFlagged(p: Pick<ProductScrape, 'type' | 'isFlagged' | 'flagMessage'>): boolean {
  if (p.type === 'deleted' || p.isFlagged !== 'yes') return false;
  const reason = (p.flagMessage as { reason?: unknown } | null | undefined)?.reason;
  return Array.isArray(reason) && reason.some((r) => (r as { name?: unknown } | null)?.name === 'Price');
}

export interface ReportCounts {
  mapped?: number;
  priceFlagged?: number;
}

/** Count one written product (counters absent: an execution staged before they existed, left uncounted). */
export function countReportFigures(counts: ReportCounts, p: ProductScrape): void {
  if (counts.mapped !== undefined && isMapped(p)) counts.mapped++;
  if (counts.priceFlagged !== undefined && isPriceFlagged(p)) counts.priceFlagged++;
}
