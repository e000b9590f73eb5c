/**
 * GET /exportFile (001 §7): every row of the current tab (its filter flag, mapped filter, search
 * and sort) as an xlsx, built in the background (docs/exports.md "Every export is a job"): the call
 * answers the job at once; GET /exportFile/{jobId} is read every second until the job is ready
 * (its `link`, the 7-day app link) or failed (its `error`). Once ready, the retailer's export
 * history (ALL EXPORTS) is read again.
 */
import { mutate, type ScopedMutator } from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import type { ApiOptions } from '../../../lib/api-client';
import { api } from '../../../lib/api-client';
import { EXPORT_HISTORY_KEY } from './get-export-history';

/** The query of the tab being exported: what the product list call was sent, without paging. */
export type ExportTabQuery = Omit<NonNullable<ApiOptions<'exportFile'>['query']>, 'retailer_brand_scraping' | 'page' | 'limit'>;
export type ExportJob = ResponseOf<'exportFile'>;

/** Starts the export: the job (queued). */
export function exportFile(retailerBrandScraping: string, query: ExportTabQuery): Promise<ExportJob> {
  return api('exportFile', { query: { ...query, retailer_brand_scraping: retailerBrandScraping } });
}

/** Every export history read again, in the given SWR cache (default: the app's): a new export is in one of them. */
export const revalidateExportHistory = (m: ScopedMutator = mutate) => m((key) => Array.isArray(key) && key[0] === EXPORT_HISTORY_KEY && key[1] === 'list');

/** The job, read every second until it is ready or failed (shared by every export: lib/export-job.ts). */
export { useExportJob } from '../../../lib/export-job';
