/**
 * An export job read every second until it is ready or failed (GET /exportFile/{jobId}: any
 * export's job, docs/exports.md "Every export is a job").
 */
import useSWR from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from './api-client';

export type ExportJobView = ResponseOf<'getExportJob'>;
export const EXPORT_JOB_KEY = 'export-job';

const finished = (job: ExportJobView | undefined) => !!job && (job.status === 'ready' || job.status === 'failed');

/** The job, read every `pollMs` until it is ready or failed. */
export function useExportJob(jobId: string | null, pollMs = 1000) {
  return useSWR(jobId ? ([EXPORT_JOB_KEY, jobId] as const) : null, ([, id]) => api('getExportJob', { params: { jobId: id } }), {
    refreshInterval: (job) => (finished(job) ? 0 : pollMs),
    revalidateOnFocus: false,
  });
}
