/**
 * GET /report_summary/{brandId}?month=MM-YYYY (000 §2 Manage Reports, §7, §9 "Report month
 * minimum Aug 2018"): the monthly report of a brand, an xlsx reached through the 7-day app link
 * of the exports (docs/reports.md).
 */
import * as z from 'zod';
import { REPORT_MONTH_MIN } from '../constants';

export const REPORT_MSG = {
  monthRequired: 'month is required (MM-YYYY, for example 08-2018).',
  monthFormat: 'month must be MM-YYYY with a month from 01 to 12 (for example 08-2018).',
  monthTooEarly: 'Reports start in August 2018: choose 08-2018 or a later month.',
  monthInFuture: 'That month has not started yet: choose the current month or an earlier one.',
} as const;

/** 'YYYY-MM' of a date, in UTC (the server's months; the web passes its local month as MM-YYYY). */
export const yearMonthOf = (d: Date): string => `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;

/** 'MM-YYYY' → 'YYYY-MM', or undefined when it is not a real month written MM-YYYY. */
export function parseReportMonth(v: string): string | undefined {
  const m = /^(0[1-9]|1[0-2])-(\d{4})$/.exec(v);
  return m ? `${m[2]}-${m[1]}` : undefined;
}

/**
 * `month`: 'MM-YYYY', from 08-2018 to the current month (UTC; a day of grace for a browser ahead
 * of UTC on the 1st). Output: 'YYYY-MM'.
 */
export const reportMonth = (now: () => Date = () => new Date()) =>
  z
    .string({ error: REPORT_MSG.monthRequired })
    .trim()
    .min(1, REPORT_MSG.monthRequired)
    .transform((v, ctx) => {
      const ym = parseReportMonth(v);
      if (!ym) {
        ctx.addIssue({ code: 'custom', message: REPORT_MSG.monthFormat });
        return z.NEVER;
      }
      if (ym < REPORT_MONTH_MIN) {
        ctx.addIssue({ code: 'custom', message: REPORT_MSG.monthTooEarly });
        return z.NEVER;
      }
      if (ym > yearMonthOf(new Date(now().getTime() + 14 * 3600 * 1000))) {
        ctx.addIssue({ code: 'custom', message: REPORT_MSG.monthInFuture });
        return z.NEVER;
      }
      return ym;
    });

export const reportSummaryQuery = z.object({ month: reportMonth() });
export type ReportSummaryQuery = z.output<typeof reportSummaryQuery>;

/** The app link of the report's file (valid 7 days) and the name it downloads under. */
export const reportSummaryResponse = z.object({ link: z.string(), name: z.string(), rows: z.number() });
