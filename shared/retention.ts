/**
 * Retention of scraped web data (the terms: archived after 4 weeks, deleted after 6 months;
 * docs/decisions.md "Retention"). Pure: the one place the table's per-period `expiresAt` is
 * computed, and the day counts the data bucket's lifecycle rules use.
 */
import { EXPORT_LINK_DAYS } from './constants';

/** A scan period's items are deleted this many calendar months after the period's date. */
export const RETENTION_MONTHS = 6;

/**
 * Days after upload the data bucket keeps scraped objects (incoming/, files/, screenshots/):
 * S3 lifecycle rules count days, not months. 180 is shorter than any 6 calendar months (181
 * days at the least), so an object uploaded on its scan date never outlives the promise (one
 * uploaded later lives that much longer: docs/decisions.md "Retention"); archived after 28 days.
 */
export const SCRAPED_OBJECT_DAYS = 180;
export const SCRAPED_ARCHIVE_DAYS = 28;

/** Days an export (exports/ prefix) is kept: as long as its links live ("expire in 7 days"). */
export const EXPORT_OBJECT_DAYS = EXPORT_LINK_DAYS;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Midnight UTC of a YYYY-MM-DD calendar date, in ms; undefined for anything else (2026-02-30, 2026-99-99, '2026-1-5'). */
export function utcDayMs(date: string): number | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const ms = Date.UTC(y, mo - 1, d);
  const back = new Date(ms);
  if (y < 1000 || back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return ms;
}

/**
 * `date` + `months` calendar months, UTC, as YYYY-MM-DD: the same day of the month, or the last
 * day of the target month when it is shorter (Aug 31 + 6 months = Feb 28, or Feb 29 in a leap
 * year). Throws on a date that is not a real YYYY-MM-DD date.
 */
export function addCalendarMonths(date: string, months: number): string {
  if (utcDayMs(date) === undefined) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = index - ty * 12;
  const lastDay = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(ty).padStart(4, '0')}-${String(tm + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The `expiresAt` (epoch seconds, the table's TTL attribute) of every item of the scan period
 * dated `date`: midnight UTC of the period's date + 6 calendar months. Throws on a bad date (a
 * period is never written without a real date, so a bad one is a bug, not data to keep forever).
 */
export function periodExpiresAt(date: string): number {
  return utcDayMs(addCalendarMonths(date, RETENTION_MONTHS))! / 1000;
}
