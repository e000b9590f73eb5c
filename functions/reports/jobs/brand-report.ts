/**
 * BrandReport (the reports state machine's Map iteration, infra/workflow/reports.ts): one brand's
 * run of the job (./run-brand.ts); its run record says how it went. A failure is thrown for the
 * state machine to retry, then caught and recorded by RecordBrandFailure; the other brands go on.
 */
import { taskBody } from '../../files';
import { logger } from '../../lib/logger';
import { isPeriodOf, isReportJob } from '../domain/job-periods';
import { BadJobInputError } from './plan';
import { runBrand } from './run-brand';

export const handler = (input: { job: string; period: string; brand: string }) =>
  taskBody(async () => {
    logger.setContext({ fn: 'reports', state: 'BrandReport', job: input.job, period: input.period, brand: input.brand });
    if (!isReportJob(input.job) || !isPeriodOf(input.job, input.period) || typeof input.brand !== 'string' || !input.brand) {
      throw new BadJobInputError(`Bad brand run input ${JSON.stringify(input)}.`);
    }
    return runBrand(input.job, input.period, input.brand);
  });
