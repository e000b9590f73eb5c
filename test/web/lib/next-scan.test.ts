/** What Next Scan says on each screen (docs/period-rules.md "Last Scan and Next Scan"): a day, or the state in words. */
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatTableDate } from '../../../web/src/lib/format';
import { nextScanSortDay, nextScanText } from '../../../web/src/lib/next-scan';

describe('nextScanText', () => {
  it('writes a scheduled or a past period’s next scan as a day, in the screen’s date format', () => {
    expect(nextScanText({ state: 'scheduled', date: '2026-11-30' }, formatTableDate)).toBe('11/30/26');
    expect(nextScanText({ state: 'scanned', date: '2026-11-09', periodId: 'p' }, formatLongDate)).toBe('November 09, 2026');
  });
  it('says overdue since the due day, and that a newer scan is in review, rather than a day gone by', () => {
    expect(nextScanText({ state: 'overdue', date: '2026-11-23' }, formatTableDate)).toBe('overdue since 11/23/26');
    expect(nextScanText({ state: 'overdue', date: '2026-11-23' }, formatLongDate)).toBe('overdue since November 23, 2026');
    expect(nextScanText({ state: 'in_review', date: '2026-11-16' }, formatLongDate)).toBe('a newer scan is in review');
    expect(nextScanText({ state: 'expected', date: '2026-11-23' }, formatTableDate)).toBe('no newer scan yet, expected since 11/23/26');
    expect(nextScanText({ state: 'scanned_earlier', date: '2026-11-16', periodId: 'p' }, formatLongDate)).toBe('a newer scan came before this approval');
  });
  it('is N/A with no period (or nothing loaded)', () => {
    expect(nextScanText({ state: 'none' }, formatLongDate)).toBe('N/A');
    expect(nextScanText(undefined, formatLongDate)).toBe('N/A');
  });
  it('sorts on the day of each state, none without one', () => {
    expect(nextScanSortDay({ state: 'in_review', date: '2026-11-16' })).toBe('2026-11-16');
    expect(nextScanSortDay({ state: 'none' })).toBeNull();
    expect(nextScanSortDay(undefined)).toBeNull();
  });
});
