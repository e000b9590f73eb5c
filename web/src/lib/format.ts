/** Dates as the spec writes them (000 §9, 001 §9): MM/DD/YYYY, and "time since" for notifications. */
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';

dayjs.extend(relativeTime);

/** '2026-11-16' or an ISO time → '11/16/2026'; 'N/A' when missing or unreadable. */
export function formatDate(value: string | null | undefined, format = 'MM/DD/YYYY'): string {
  if (!value) return 'N/A';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : 'N/A';
}

/** '3 hours ago' */
export function timeSince(value: string, now?: string | number | Date): string {
  const d = dayjs(value);
  if (!d.isValid()) return '';
  return now === undefined ? d.fromNow() : d.from(dayjs(now));
}

/** 1234 → '1,234' */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}

/** Scan dates of the period select and the retailer page (000 §9): 'January 05, 2020'; 'N/A' when missing. */
export const formatLongDate = (value: string | null | undefined): string => formatDate(value, 'MMMM DD, YYYY');

/** Dates in product tables (000 §9): MM/DD/YY. */
export const formatTableDate = (value: string | null | undefined): string => formatDate(value, 'MM/DD/YY');

/** 1450 → '$1,450.00', -50 → '-$50.00'; 'N/A' when missing (000 §9). */
export function formatCurrency(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return 'N/A';
  const text = Math.abs(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${value < 0 ? '-' : ''}$${text}`;
}
