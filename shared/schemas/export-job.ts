/**
 * The job of an export (docs/exports.md "Every export is a job"): what GET /exportFile, the
 * Permissions export and the contacts export answer (202), and GET /exportFile/{jobId} reads. Kept
 * apart from exports.ts so that the routes of the other exports do not bundle the product tabs' schemas.
 */
import * as z from 'zod';
import { id } from './common';

/**
 * GET /exportFile answers 202 with the export's job (docs/exports.md "Every export is a job"), as do
 * the Permissions export and the contacts export; GET /exportFile/{jobId} reads any of them. `name`
 * and `link` are the fields the tab's answer always had: `link` is the file's link once the job is
 * `ready` (the 7-day app link; for contacts a fresh 5-minute link, as their history gives), null before.
 */
export const EXPORT_JOB_STATUS = ['queued', 'building', 'ready', 'failed'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUS)[number];
export const exportJobPath = z.object({ jobId: id });
export const exportFileResponse = z.object({
  jobId: z.string(),
  status: z.enum(EXPORT_JOB_STATUS),
  /** Rows written so far, of `total` (null until the rows have been counted). */
  done: z.number(),
  total: z.number().nullable(),
  /** The file's name (a tab's: retailer, tab, scan date). */
  name: z.string(),
  /** The file's link once ready, else null. */
  link: z.string().nullable(),
  /** Why it failed (a sentence for people), else null. */
  error: z.string().nullable(),
});
export type ExportJobView = z.output<typeof exportFileResponse>;
