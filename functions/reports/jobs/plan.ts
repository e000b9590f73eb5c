/**
 * PlanReports (the reports state machine's first task, infra/workflow/reports.ts): which period
 * the run covers and which brands it fans out to. Input: `{ job, time? }` from the EventBridge
 * schedule (`time`: the scheduled time, the same on a redelivery, so a retry addresses the same
 * period), or `{ job, period?, brands? }` from `npm run job`.
 */
import { taskBody } from '../../files';
import { logger } from '../../lib/logger';
import { isPeriodOf, isReportJob, periodOf, type ReportJob } from '../domain/job-periods';
import { escalatingBrandIds } from '../../contact';
import { brandsWithSso } from '../../sso';
import { listBrandIds } from './jobs.repo';

/** The one item the robots' check fans out to (its run record's 'brand'). */
export const ALL_ROBOTS = 'all-robots';

export interface PlanInput {
  job: string;
  /** ISO time the schedule fired at (EventBridge `time`); default now. */
  time?: string;
  /** The period itself ('YYYY-MM' monthly, 'YYYY-MM-DD' digests), instead of the one of `time`. */
  period?: string;
  /** Only these brands (default: every brand). */
  brands?: string[];
}
export interface Plan {
  job: ReportJob;
  period: string;
  brands: string[];
}

/** Thrown when the input cannot be planned (no retry). */
export class BadJobInputError extends Error {
  override name = 'BadJobInputError';
}

export async function plan(input: PlanInput, now = new Date()): Promise<Plan> {
  if (!isReportJob(input.job)) throw new BadJobInputError(`Unknown job "${String(input.job)}": monthly-report, daily-digest, weekly-digest, case-escalation, robot-health or sso-domains.`);
  const at = input.time ? new Date(input.time) : now;
  if (Number.isNaN(at.getTime())) throw new BadJobInputError(`Bad time "${input.time}".`);
  const period = input.period ?? periodOf(input.job, at);
  if (!isPeriodOf(input.job, period)) throw new BadJobInputError(`Bad period "${period}" for ${input.job}.`);
  // The daily case check: only the brands that escalate (their settings say draft or send).
  // The robots' check is not per brand: one run over every robot.
  if (input.job === 'robot-health') {
    if (input.brands?.length) throw new BadJobInputError('robot-health checks every robot at once: it takes no brand.');
    logger.info('report job planned', { job: input.job, period, brands: 1 });
    return { job: input.job, period, brands: [ALL_ROBOTS] };
  }
  // The domains' re-check: only the brands with single sign-on.
  const brands = input.brands?.length ? [...new Set(input.brands)] : input.job === 'case-escalation' ? await escalatingBrandIds() : input.job === 'sso-domains' ? await brandsWithSso(await listBrandIds()) : await listBrandIds();
  logger.info('report job planned', { job: input.job, period, brands: brands.length });
  return { job: input.job, period, brands };
}

export const handler = (input: PlanInput) =>
  taskBody(async () => {
    logger.setContext({ fn: 'reports', state: 'PlanReports', job: input.job });
    return plan(input);
  });
