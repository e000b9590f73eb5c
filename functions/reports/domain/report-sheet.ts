/**
 * The monthly report's rows (000 §2 Manage Reports; docs/reports.md), pure: per retailer of the
 * brand, from the month's periods and their counters kept on write. Products, flagged, price
 * issues and OH coverage are those of the retailer's LAST scan of the month; added, removed and
 * updated are summed over the month's scans (each scan's changes against the one before).
 */
import { safeCell, type Cell } from '../../exports';
import type { ReportPeriod } from '../../scrapings';

export interface ReportRetailer {
  _id: string;
  name: string;
  optId?: string;
}

export interface ReportRow {
  retailer: string;
  optId: string;
  scans: number;
  lastScan: string | null;
  products: number | null;
  flagged: number | null;
  priceIssues: number | null;
  added: number;
  removed: number;
  updated: number;
  ohMapped: number | null;
  /** Share of the last scan's products with an OH map id, in percent (one decimal); null without products or counter. */
  ohCoverage: number | null;
}

export const REPORT_COLUMNS: readonly { header: string; width: number; key: keyof ReportRow }[] = [
  { header: 'Retailer', width: 32, key: 'retailer' },
  { header: 'Opt ID', width: 12, key: 'optId' },
  { header: 'Scans', width: 8, key: 'scans' },
  { header: 'Last scan', width: 12, key: 'lastScan' },
  { header: 'Products', width: 11, key: 'products' },
  { header: 'Flagged', width: 10, key: 'flagged' },
  { header: 'Price Issues (flagged Price)', width: 16, key: 'priceIssues' },
  { header: 'Added', width: 9, key: 'added' },
  { header: 'Removed', width: 10, key: 'removed' },
  { header: 'Updated', width: 10, key: 'updated' },
  { header: 'OH Mapped', width: 11, key: 'ohMapped' },
  { header: 'OH Coverage (%)', width: 15, key: 'ohCoverage' },
];

const pct = (part: number, whole: number) => Math.round((part / whole) * 1000) / 10;

/**
 * One row per retailer (sorted by name, then id), from the month's periods of the brand
 * (`flagged`: the flagged count of each period, for the periods published before `flaggedCount`).
 */
export function reportRows(retailers: readonly ReportRetailer[], periods: readonly ReportPeriod[], flagged: ReadonlyMap<string, number> = new Map()): ReportRow[] {
  const byRetailer = new Map<string, ReportPeriod[]>();
  for (const p of periods) {
    const list = byRetailer.get(p.retailer) ?? [];
    list.push(p);
    byRetailer.set(p.retailer, list);
  }
  return [...retailers]
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || (a._id < b._id ? -1 : 1))
    .map((r) => {
      const list = (byRetailer.get(r._id) ?? []).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
      const last = list[list.length - 1];
      const products = last ? (last.totalProducts ?? 0) : null;
      const mapped = last?.mappedCount ?? null;
      return {
        retailer: r.name,
        optId: r.optId ?? '',
        scans: list.length,
        lastScan: last?.date ?? null,
        products,
        flagged: last ? (last.flaggedCount ?? flagged.get(last._id) ?? null) : null,
        priceIssues: last?.priceFlaggedCount ?? null,
        added: list.reduce((n, p) => n + (p.added ?? 0), 0),
        removed: list.reduce((n, p) => n + (p.deleted ?? 0), 0),
        updated: list.reduce((n, p) => n + (p.changed ?? 0), 0),
        ohMapped: mapped,
        ohCoverage: mapped !== null && products ? pct(mapped, products) : null,
      };
    });
}

/** The Total row: sums over the rows (coverage: mapped over products of the retailers that have both). */
export function totalRow(rows: readonly ReportRow[]): ReportRow {
  const sum = (k: 'products' | 'flagged' | 'priceIssues' | 'ohMapped' | 'added' | 'removed' | 'updated' | 'scans') => rows.reduce((n, r) => n + (r[k] ?? 0), 0);
  const withCoverage = rows.filter((r) => r.ohMapped !== null && r.products);
  const covered = withCoverage.reduce((n, r) => n + r.products!, 0);
  return {
    retailer: 'Total',
    optId: '',
    scans: sum('scans'),
    lastScan: null,
    products: sum('products'),
    flagged: sum('flagged'),
    priceIssues: sum('priceIssues'),
    added: sum('added'),
    removed: sum('removed'),
    updated: sum('updated'),
    ohMapped: sum('ohMapped'),
    ohCoverage: covered ? pct(withCoverage.reduce((n, r) => n + r.ohMapped!, 0), covered) : null,
  };
}

/** A row's cells, each made safe against formula injection (text) and empty cells left out. */
export function reportCells(row: ReportRow, into: (Cell | undefined)[] = []): (Cell | undefined)[] {
  into.length = REPORT_COLUMNS.length;
  REPORT_COLUMNS.forEach((c, i) => {
    const v = safeCell(row[c.key]);
    into[i] = v === null || v === '' ? undefined : v;
  });
  return into;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'YYYY-MM' → 'Nov 2026' (the picker's 'MMM yyyy'). */
export const monthLabel = (ym: string): string => `${MONTHS[Number(ym.slice(5, 7)) - 1] ?? ym.slice(5, 7)} ${ym.slice(0, 4)}`;

/** "<brand> - Monthly report - Nov 2026.xlsx", characters a file system refuses as '-'. */
export function reportFileName(brandName: string, ym: string): string {
  // eslint-disable-next-line no-control-regex
  const base = `${brandName} - Monthly report - ${monthLabel(ym)}`.replace(/[\\/:*?"<>|\u0000-\u001f\u007f]/g, '-').replace(/\s+/g, ' ').trim();
  return `${base.slice(0, 150).trim()}.xlsx`;
}
