/**
 * RecordBrandFailure (the Catch of the reports state machine's BrandReport): the brand's run
 * record says failed with the reason, even when the task could not write it itself (a timeout, a
 * crash); the Map goes on with the other brands.
 */
import { failureReason, taskBody } from '../../files';
import { logger } from '../../lib/logger';
import { isPeriodOf, isReportJob } from '../domain/job-periods';
import { endRun, getRun } from './jobs.repo';

interface FailureInput {
  job: string;
  period: string;
  brand: string;
  error?: { Error?: string; Cause?: string };
}

export const handler = (input: FailureInput) =>
  taskBody(async () => {
    const reason = failureReason(input.error);
    logger.warn('brand report failed', { job: input.job, period: input.period, brand: input.brand, reason });
    if (isReportJob(input.job) && isPeriodOf(input.job, input.period) && input.brand) {
      const run = await getRun(input.job, input.period, input.brand);
      await endRun(input.job, input.period, input.brand, { status: 'failed', error: run?.status === 'failed' && run.error ? run.error : reason });
    }
    return { job: input.job, period: input.period, brand: input.brand, status: 'failed' as const, error: reason };
  });
