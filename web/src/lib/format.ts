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
