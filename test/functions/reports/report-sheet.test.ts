/**
 * The monthly report's pure parts: the counters kept on write (report-counts.ts), the rows per
 * retailer from the month's periods, the Total row, the cells (formula injection) and the name.
 */
import { describe, expect, it } from 'vitest';
import { monthLabel, reportCells, reportFileName, reportRows, totalRow } from '../../../functions/reports/domain/report-sheet';
import { countReportFigures, isMapped, isPriceFlagged } from '../../../functions/scrapings/domain/report-counts';
import type { ReportPeriod } from '../../../functions/scrapings/scrapings.repo';
import { parseReportMonth, reportMonth, REPORT_MSG } from '../../../shared/schemas/reports';
import { productScrape } from '../../support/scrapes';

const period = (retailer: string, date: string, over: Partial<ReportPeriod> = {}): ReportPeriod => ({
  _id: `${retailer}-${date}`,
  retailer,
  date,
  version: 'v',
  totalProducts: 10,
  added: 1,
  deleted: 1,
  changed: 1,
  ...over,
});

describe('report counters (kept on write)', () => {
  it('mapped: not removed, a non-blank OH map id; price-flagged: not removed, flagged with the Price reason', () => {
    expect(isMapped(productScrape({ _id: 'a', style_number: 'A', oh_map_id: 'INV-1' }))).toBe(true);
    expect(isMapped(productScrape({ _id: 'a', style_number: 'A', oh_map_id: '  ' }))).toBe(false);
    expect(isMapped(productScrape({ _id: 'a', style_number: 'A', oh_map_id: 'INV-1', type: 'deleted' }))).toBe(false);
    const price = { reason: [{ name: 'Price', value: 'Wrong price' }], message: '' };
    expect(isPriceFlagged(productScrape({ _id: 'a', style_number: 'A', isFlagged: 'yes', flagMessage: price }))).toBe(true);
    expect(isPriceFlagged(productScrape({ _id: 'a', style_number: 'A', isFlagged: 'no', flagMessage: price }))).toBe(false);
    expect(isPriceFlagged(productScrape({ _id: 'a', style_number: 'A', isFlagged: 'yes', flagMessage: { reason: [{ name: 'Other', value: 'x' }] } }))).toBe(false);
    expect(isPriceFlagged(productScrape({ _id: 'a', style_number: 'A', isFlagged: 'yes', flagMessage: price, type: 'deleted' }))).toBe(false);
    expect(isPriceFlagged(productScrape({ _id: 'a', style_number: 'A', isFlagged: 'yes', flagMessage: 'garbage' }))).toBe(false);
  });

  it('counts into the stage counts, and leaves counts staged before the counters existed uncounted', () => {
    const counts = { mapped: 0, priceFlagged: 0 };
    countReportFigures(counts, productScrape({ _id: 'a', style_number: 'A', oh_map_id: 'X', isFlagged: 'yes', flagMessage: { reason: [{ name: 'Price', value: 'Discount' }] } }));
    countReportFigures(counts, productScrape({ _id: 'b', style_number: 'B' }));
    expect(counts).toEqual({ mapped: 1, priceFlagged: 1 });
    const legacy: { mapped?: number; priceFlagged?: number } = {};
    countReportFigures(legacy, productScrape({ _id: 'a', style_number: 'A', oh_map_id: 'X' }));
    expect(legacy).toEqual({});
  });
});

describe('reportRows', () => {
  const retailers = [
    { _id: 'r2', name: 'beta', optId: 'O2' },
    { _id: 'r1', name: 'Alpha', optId: 'O1' },
    { _id: 'r3', name: 'Gamma' },
  ];

  it('one row per retailer by name: last scan figures, changes summed over the month, coverage of the last scan', () => {
    const rows = reportRows(retailers, [
      period('r1', '2026-03-16', { totalProducts: 8, added: 2, deleted: 0, changed: 4, flaggedCount: 1, mappedCount: 2, priceFlaggedCount: 0 }),
      period('r1', '2026-03-30', { totalProducts: 12, added: 5, deleted: 1, changed: 0, flaggedCount: 3, mappedCount: 3, priceFlaggedCount: 2 }),
      period('r1', '2026-03-02', { totalProducts: 6, added: 6, deleted: 0, changed: 0, flaggedCount: 0, mappedCount: 0, priceFlaggedCount: 0 }),
      period('r2', '2026-03-09', { totalProducts: 0, flaggedCount: 0, mappedCount: 0, priceFlaggedCount: 0 }),
    ]);
    expect(rows.map((r) => r.retailer)).toEqual(['Alpha', 'beta', 'Gamma']);
    expect(rows[0]).toEqual({ retailer: 'Alpha', optId: 'O1', scans: 3, lastScan: '2026-03-30', products: 12, flagged: 3, priceIssues: 2, added: 13, removed: 1, updated: 4, ohMapped: 3, ohCoverage: 25 });
    // No products: no coverage (not a division by zero).
    expect(rows[1]!.ohCoverage).toBeNull();
    expect(rows[2]).toEqual({ retailer: 'Gamma', optId: '', scans: 0, lastScan: null, products: null, flagged: null, priceIssues: null, added: 0, removed: 0, updated: 0, ohMapped: null, ohCoverage: null });
  });

  it('a last scan published before the counters: flagged from the counted index, mapped and price issues empty', () => {
    const [row] = reportRows([{ _id: 'r1', name: 'A' }], [period('r1', '2026-03-02', { totalProducts: 3 })], new Map([['r1-2026-03-02', 2]]));
    expect(row).toMatchObject({ flagged: 2, priceIssues: null, ohMapped: null, ohCoverage: null });
  });

  it('the Total row sums, with coverage over the retailers that have both figures', () => {
    const rows = reportRows(retailers, [period('r1', '2026-03-02', { totalProducts: 10, mappedCount: 5, flaggedCount: 1 }), period('r2', '2026-03-02', { totalProducts: 30, mappedCount: 5, flaggedCount: 2 })]);
    expect(totalRow(rows)).toMatchObject({ retailer: 'Total', scans: 2, products: 40, flagged: 3, ohMapped: 10, ohCoverage: 25 });
  });
});

describe('cells, name, month', () => {
  it('text starting like a formula gets an apostrophe; numbers stay numbers; empty cells are left out', () => {
    const [row] = reportRows([{ _id: 'r', name: '=cmd|calc', optId: '+1' }], [period('r', '2026-03-02', { priceFlaggedCount: 0, mappedCount: 0, flaggedCount: 0 })]);
    const cells = reportCells(row!);
    expect(cells.slice(0, 5)).toEqual(["'=cmd|calc", "'+1", 1, '2026-03-02', 10]);
    expect(reportCells(totalRow([]))[3]).toBeUndefined();
  });

  it("the file is '<brand> - Monthly report - <Mon YYYY>.xlsx' with unsafe characters replaced", () => {
    expect(monthLabel('2018-08')).toBe('Aug 2018');
    expect(reportFileName('Maison/Aurelle: "x"', '2026-11')).toBe('Maison-Aurelle- -x- - Monthly report - Nov 2026.xlsx');
  });

  it('month: MM-YYYY from 08-2018 to the current month (UTC, with the grace of a browser east of UTC on the 1st)', () => {
    const schema = reportMonth(() => new Date(Date.UTC(2026, 10, 15, 12)));
    expect(schema.parse('08-2018')).toBe('2018-08');
    expect(schema.parse('11-2026')).toBe('2026-11');
    expect(parseReportMonth('13-2026')).toBeUndefined();
    const message = (v: string) => schema.safeParse(v).error?.issues[0]?.message;
    expect(message('12-2026')).toBe(REPORT_MSG.monthInFuture);
    expect(message('07-2018')).toBe(REPORT_MSG.monthTooEarly);
    expect(message('2026-99-99')).toBe(REPORT_MSG.monthFormat);
    expect(message('13-2026')).toBe(REPORT_MSG.monthFormat);
    // Nov 30, 11:00 UTC is already Dec 1 at UTC+14: December is accepted, January not.
    const lastDay = reportMonth(() => new Date(Date.UTC(2026, 10, 30, 11)));
    expect(lastDay.safeParse('12-2026').success).toBe(true);
    expect(lastDay.safeParse('01-2027').error?.issues[0]?.message).toBe(REPORT_MSG.monthInFuture);
  });
});
