/**
 * A digest's content (pure): the brand's activity events of the window (functions/scrapings/
 * activity.ts), summed per retailer for the retailers one recipient sees. A retailer with nothing
 * in the window is left out; a digest with no retailer left is not sent.
 */
import type { Activity } from '../../scrapings';

/** How many flagged products a retailer's section names (the rest are counted). */
export const DIGEST_NAMES = 10;

export interface RetailerDigest {
  retailer: string;
  /** Files approved for the brand at this retailer (product, homepage, brand). */
  filesApproved: number;
  /** The scan dates of the product files approved, oldest first. */
  scans: string[];
  productsAdded: number;
  productsRemoved: number;
  productsUpdated: number;
  /** Products newly flagged, products newly flagged for Price, flags removed. */
  newFlags: number;
  priceIssues: number;
  flagsRemoved: number;
  /** Names of the newly flagged products (at most DIGEST_NAMES), Price ones marked. */
  flagged: { name: string; style_number?: string; price: boolean }[];
}

const empty = (retailer: string): RetailerDigest => ({ retailer, filesApproved: 0, scans: [], productsAdded: 0, productsRemoved: 0, productsUpdated: 0, newFlags: 0, priceIssues: 0, flagsRemoved: 0, flagged: [] });

/** Folds events into per-retailer sums; feed it every page of the window (bounded memory: one entry per retailer). */
export class DigestBuilder {
  private readonly byRetailer = new Map<string, RetailerDigest>();

  add(events: readonly Activity[]): void {
    for (const e of events) {
      let d = this.byRetailer.get(e.retailer);
      if (!d) this.byRetailer.set(e.retailer, (d = empty(e.retailer)));
      if (e.kind === 'approved') {
        d.filesApproved++;
        if (e.periodId) {
          d.scans.push(e.date);
          d.productsAdded += e.added ?? 0;
          d.productsRemoved += e.deleted ?? 0;
          d.productsUpdated += e.changed ?? 0;
        }
      } else {
        const newFlag = !e.wasFlagged && e.flagged;
        const newPrice = !e.wasPrice && e.price;
        if (newFlag) d.newFlags++;
        if (newPrice) d.priceIssues++;
        if (e.wasFlagged && !e.flagged) d.flagsRemoved++;
        if ((newFlag || newPrice) && d.flagged.length < DIGEST_NAMES) d.flagged.push({ name: e.name, ...(e.style_number ? { style_number: e.style_number } : {}), price: e.price });
      }
    }
  }

  /** The sections of one recipient: the retailers it sees that had something, in the order given (the brand's). */
  sectionsFor(visible: readonly string[]): RetailerDigest[] {
    return visible.flatMap((r) => {
      const d = this.byRetailer.get(r);
      return d && hasNews(d) ? [{ ...d, scans: [...new Set(d.scans)].sort() }] : [];
    });
  }
}

export const hasNews = (d: RetailerDigest): boolean => d.filesApproved + d.newFlags + d.priceIssues + d.flagsRemoved + d.productsAdded + d.productsRemoved > 0;
