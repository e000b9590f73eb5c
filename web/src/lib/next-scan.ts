/**
 * What a screen says under Next Scan (docs/period-rules.md "Last Scan and Next Scan"): the day,
 * or the state in words where a day would be one gone by or one before the Last Scan. The
 * server decides the state (`nextScan` of the retailer records, scan info and period info).
 */
import type { NextScan } from '@shared/schemas/retailer-scrapings';

export type { NextScan };

export const NEXT_SCAN_MSG = {
  overdue: (since: string) => `overdue since ${since}`,
  expected: (since: string) => `no newer scan yet, expected since ${since}`,
  inReview: 'a newer scan is in review',
  scannedEarlier: 'a newer scan came before this approval',
} as const;

/** `format` writes a day the way the screen writes its dates (MM/DD/YY in tables, 'MMMM DD, YYYY' on pages). */
export function nextScanText(next: NextScan | undefined, format: (day: string) => string): string {
  switch (next?.state) {
    case 'scheduled':
    case 'scanned':
      return format(next.date);
    case 'overdue':
      return NEXT_SCAN_MSG.overdue(format(next.date));
    case 'expected':
      return NEXT_SCAN_MSG.expected(format(next.date));
    case 'in_review':
      return NEXT_SCAN_MSG.inReview;
    case 'scanned_earlier':
      return NEXT_SCAN_MSG.scannedEarlier;
    default:
      return 'N/A';
  }
}

/** The day a Next Scan is sorted on (the due day, the file in review's scan date, the next period's date); null for none. */
export const nextScanSortDay = (next: NextScan | undefined): string | null => (next && next.state !== 'none' ? next.date : null);
