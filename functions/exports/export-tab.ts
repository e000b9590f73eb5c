/**
 * Exports of a product tab are background jobs (docs/exports.md "Every export is a job"; the job
 * machinery every export shares is export-jobs.ts):
 * - `startTabExport` (GET /exportFile): checks the period and the caller, records the job and
 *   drops its request object `jobs/tab-export/<id>.json` in the data bucket; answers at once (202).
 * - `buildTab` (the worker's build of a tab job): every row of the tab the list call would show
 *   (same filters, search and sort: productRows of the tab read path), streamed into an xlsx in
 *   /tmp, put in S3 under `exports/`, recorded in the retailer's export history (ALL EXPORTS).
 */
import { TAB_LABELS, EXPORT_MSG, type ExportFileQuery, type ExportJobView } from '../../shared/schemas/exports';
import { SCRAPING_MSG } from '../../shared/schemas/scrapings';
import { env } from '../lib/env';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { imageLinker } from '../lib/image-links';
import { getRetailers } from '../retailers';
import { assertCanSee, getPeriod, productPage, productRows } from '../scrapings';
import { columnsOf, exportFileName, tabTitle } from './domain/export-sheet';
import { exportKeyOf, exportRecordWrites, putExportObject, type ExportRecord } from './exports.repo';
import { createExportJob, escapeHtml, JobError, linkExpiry, runExportJob, startExportJob, toJobView, type JobBuilder, type NewExportJob } from './export-jobs';
import { getExportJob, jobQuery } from './export-jobs.repo';
import { writeXlsxFile } from './xlsx';

/** GET /exportFile: 202 with the job (queued); the file is built in the background. */
export async function startTabExport(auth: AuthContext, q: ExportFileQuery, now = new Date()): Promise<ExportJobView> {
  return startExportJob(await tabJob(auth, q), now);
}

/** An export built here and now, without a request object (the local demo seed: its history, no notifications): the job, then its build. */
export async function exportTab(auth: AuthContext, q: ExportFileQuery): Promise<ExportJobView> {
  const job = await createExportJob(await tabJob(auth, q));
  await runExportJob(job._id, { tab: buildTab }, { notify: false });
  return toJobView((await getExportJob(job._id))!);
}

/** Checks the period and the caller: the job to record. */
async function tabJob(auth: AuthContext, q: ExportFileQuery): Promise<NewExportJob> {
  const period = await getPeriod(q.retailer_brand_scraping);
  if (!period) throw new NotFoundError(SCRAPING_MSG.periodNotFound);
  assertCanSee(auth, period);
  const [retailer] = await getRetailers([period.retailer]);
  return {
    kind: 'tab',
    brand: period.brand,
    retailer: period.retailer,
    period: period._id,
    view: q.view,
    query: JSON.stringify(q),
    name: exportFileName(retailer?.name ?? period.retailer, tabTitle(q), period.date),
    createdBy: auth.sub,
  };
}

/** The worker's build of a tab job: the xlsx of every row of the tab, into the retailer's ALL EXPORTS. */
export const buildTab: JobBuilder = async (job, ctx) => {
  const q = jobQuery<ExportFileQuery>(job);
  const period = await getPeriod(job.period!);
  if (!period) throw new JobError(EXPORT_MSG.periodGone);
  // Pictures as app links from the app's address: the sheet is opened outside the app.
  const [[retailer], { totalCount }, link] = await Promise.all([getRetailers([job.retailer]), productPage(period, { ...q, page: 1, limit: 1 }), imageLinker({ base: env.appUrl })]);
  await ctx.progress(0, totalCount);
  const file = ctx.tmpFile('xlsx');
  const count = await writeXlsxFile(file, tabTitle(q), columnsOf(q.view, link), await productRows(period, q), (n) => ctx.progress(n));
  const key = exportKeyOf(job.brand, job.retailer, job._id);
  await putExportObject(key, file);
  const record: ExportRecord = {
    _id: job._id,
    brand: job.brand,
    retailer: job.retailer,
    period: job.period!,
    view: q.view,
    name: job.name,
    key,
    rows: count,
    createdBy: job.createdBy,
    createdAt: job.createdAt,
    linkExpiresAt: linkExpiry(job.createdAt),
  };
  const where = retailer?.name ?? job.retailer;
  return {
    key,
    rows: count,
    writes: exportRecordWrites(record),
    notification: {
      subject: `export:Export ready`,
      retailer: where,
      retailerId: job.retailer,
      message: `<p>The export <b>${escapeHtml(job.name)}</b> (${count.toLocaleString('en-US')} rows, ${escapeHtml(TAB_LABELS[q.view])}) is ready in ALL EXPORTS of ${escapeHtml(where)}. Export links expire in 7 days.</p>`,
    },
  };
};
