/**
 * The scheduled report jobs (docs/reports.md "Scheduled reports"): their names, and the period each
 * run covers, in UTC. Pure: the plan task, the brand task and `npm run job` all derive the same
 * period from the same input, so a retried or re-run job addresses the same run records and
 * sent markers.
 * - monthly-report: the calendar month before the scheduled day ('YYYY-MM');
 * - daily-digest: the day before the scheduled day ('YYYY-MM-DD', [D, D+1));
 * - weekly-digest: the seven days before the scheduled day, named by the first ('YYYY-MM-DD', [D, D+7));
 * - case-escalation: the daily check of overdue cases (issue 24 §4), named by the day it runs ('YYYY-MM-DD');
 * - robot-health: the daily check of the robots (issue 25), named by the day it runs ('YYYY-MM-DD'); one run for all robots, not one per brand.
 * - sso-domains: the daily re-check of the single sign-on domains' DNS records (issue 36), named by the day it runs ('YYYY-MM-DD'); the brands with single sign-on.
 */
import type { EmailFrequency } from '../../../shared/constants';

export const REPORT_JOBS = ['monthly-report', 'daily-digest', 'weekly-digest', 'case-escalation', 'robot-health', 'sso-domains'] as const;
export type ReportJob = (typeof REPORT_JOBS)[number];

/** Who each job writes to: the users whose email frequency (000 §2 My Account) is this. */
/** The daily checks: named by the day they run. */
export type DailyCheckJob = 'case-escalation' | 'robot-health' | 'sso-domains';
export const isDailyCheck = (job: ReportJob): job is DailyCheckJob => job === 'case-escalation' || job === 'robot-health' || job === 'sso-domains';
export type DigestJob = Exclude<ReportJob, 'monthly-report' | DailyCheckJob>;
export const JOB_FREQUENCY: Record<Exclude<ReportJob, DailyCheckJob>, EmailFrequency> = { 'monthly-report': 'Monthly', 'daily-digest': 'Daily', 'weekly-digest': 'Weekly' };

export const isReportJob = (v: unknown): v is ReportJob => typeof v === 'string' && (REPORT_JOBS as readonly string[]).includes(v);

const DAY_MS = 24 * 3600 * 1000;
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && dayOf(new Date(`${v}T00:00:00Z`)) === v;
const isMonth = (v: string) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v);

/** The period a run scheduled at `at` covers. */
export function periodOf(job: ReportJob, at: Date): string {
  const today = Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate());
  if (job === 'monthly-report') {
    const prev = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
    return dayOf(prev).slice(0, 7);
  }
  if (isDailyCheck(job)) return dayOf(new Date(today));
  return dayOf(new Date(today - (job === 'daily-digest' ? 1 : 7) * DAY_MS));
}

/** Whether `period` is a period of this job ('YYYY-MM' for the monthly report, a real 'YYYY-MM-DD' for the digests). */
export const isPeriodOf = (job: ReportJob, period: string): boolean => (job === 'monthly-report' ? isMonth(period) : isDay(period));

/** The window of a digest period: [from, to) as ISO instants. */
export function windowOf(job: DigestJob, period: string): { from: string; to: string } {
  const start = Date.parse(`${period}T00:00:00.000Z`);
  return { from: new Date(start).toISOString(), to: new Date(start + (job === 'daily-digest' ? 1 : 7) * DAY_MS).toISOString() };
}

/** The digest period whose window ends with `lastDay` (the CLI's --date): that day, or the week ending on it. */
export function digestPeriodEnding(job: DigestJob, lastDay: string): string {
  return job === 'daily-digest' ? lastDay : dayOf(new Date(Date.parse(`${lastDay}T00:00:00Z`) - 6 * DAY_MS));
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** 'MMMM DD, YYYY' (000 §9) of a 'YYYY-MM-DD'. */
export const longDate = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${day.slice(8, 10)}, ${day.slice(0, 4)}`;
/** 'November 2026' of a 'YYYY-MM'. */
export const longMonth = (ym: string) => `${MONTHS[Number(ym.slice(5, 7)) - 1]} ${ym.slice(0, 4)}`;

/** How a period reads in an email: 'November 2026', 'November 22, 2026', 'November 16, 2026 – November 22, 2026'. */
export function periodLabel(job: ReportJob, period: string): string {
  if (job === 'monthly-report') return longMonth(period);
  if (job === 'daily-digest' || isDailyCheck(job)) return longDate(period);
  const last = dayOf(new Date(Date.parse(`${period}T00:00:00Z`) + 6 * DAY_MS));
  return `${longDate(period)} – ${longDate(last)}`;
}
