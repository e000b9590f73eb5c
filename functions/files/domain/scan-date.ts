/**
 * The scan date of a drop's folder (`incoming/<type>/<slug>/<YYYY-MM-DD>/…`): a real calendar
 * date, not before 2000 and not more than a day after now (a scraper's clock may run ahead of
 * ours by hours, not days). Pure; docs/robot-files.md.
 */
import { FILE_MSG } from '../../../shared/messages';

export const EARLIEST_SCAN_DATE = '2000-01-01';
const DAY_MS = 86_400_000;

/** A real YYYY-MM-DD date (2026-02-30 and 2026-99-99 are not: the round trip changes them). */
export function isRealDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const d = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === date;
}

/** Why a folder date cannot be a scan date, or undefined when it can. */
export function scanDateProblem(date: string, now: Date = new Date()): string | undefined {
  if (!isRealDate(date)) return FILE_MSG.badScanDate(date);
  if (date < EARLIEST_SCAN_DATE) return FILE_MSG.oldScanDate(date);
  if (new Date(`${date}T00:00:00Z`).getTime() > now.getTime() + DAY_MS) return FILE_MSG.futureScanDate(date);
  return undefined;
}
