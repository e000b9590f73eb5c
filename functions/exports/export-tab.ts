/**
 * Exports of a product tab are background jobs (docs/exports.md "Every export is a job"):
 * - `startTabExport` (GET /exportFile): checks the period and the caller, records the job and
 *   drops its request object `jobs/tab-export/<id>.json` in the data bucket; answers at once (202).
 *   The object starts the worker (export-worker.ts): an S3 notification in AWS, the local stack's
 *   S3 event bridge locally, the same handler either way, as the basket export.
 * - `readTabExport` (GET /exportFile/{jobId}): the job, for its brand only.
 * - `runTabExport` (the worker): every row of the tab the list call would show (same filters,
 *   search and sort: productRows of the tab read path), streamed into an xlsx in /tmp, put in S3
 *   under `exports/`, recorded in the retailer's export history, then one notification.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ASYNC_RETRY_ATTEMPTS, EXPORT_LINK_DAYS } from '../../shared/constants';
import { EXPORT_MSG, TAB_LABELS, type ExportFileQuery, type TabExportJob } from '../../shared/schemas/exports';
import { SCRAPING_MSG } from '../../shared/schemas/scrapings';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import { faultPoint } from '../lib/faults';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { imageLinker } from '../lib/image-links';
import { logger } from '../lib/logger';
import { newId } from '../lib/table';
import { createNotificationRecord } from '../notifications/notifications.repo';
import { getRetailers } from '../retailers/retailers.repo';
import { assertCanSee } from '../scrapings/access';
import { productPage, productRows } from '../scrapings/product-reads';
import { getPeriod } from '../scrapings/scrapings.repo';
import { columnsOf, exportFileName, tabTitle } from './domain/export-sheet';
import { exportLink } from './exports';
import { exportKeyOf, putExportObject, type ExportRecord } from './exports.repo';
import { claimTabJob, failTabJob, finishTabJob, getTabJob, jobQuery, progressTabJob, putTabJob, type TabExportJobRecord } from './export-jobs.repo';
import { writeXlsxFile } from './xlsx';

const DAY_MS = 24 * 3600 * 1000;
/** infra/table-schema.ts DATA_PREFIX.jobs: request objects of background jobs (expire after a day). */
export const TAB_JOB_PREFIX = 'jobs/tab-export/';
/** Progress is written at most this often (and every 2,000 rows at most). */
const PROGRESS_MS = 500;

export interface TabJobRequest {
  jobId: string;
}

const linkExpiry = (createdAt: string) => new Date(Date.parse(createdAt) + EXPORT_LINK_DAYS * DAY_MS).toISOString();

/** GET /exportFile: 202 with the job (queued); the file is built in the background. */
export async function startTabExport(auth: AuthContext, q: ExportFileQuery, now = new Date()): Promise<TabExportJob> {
  const job = await createTabJob(auth, q, now);
  const request: TabJobRequest = { jobId: job._id };
  await s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: `${TAB_JOB_PREFIX}${job._id}.json`, Body: JSON.stringify(request), ContentType: 'application/json' }));
  return toJobView(job);
}

/** An export built here and now, without a request object (the local demo seed: its history, no notifications): the job, then its build. */
export async function exportTab(auth: AuthContext, q: ExportFileQuery): Promise<TabExportJob> {
  const job = await createTabJob(auth, q);
  await runTabExport(job._id, { notify: false });
  return toJobView((await getTabJob(job._id))!);
}

/** Checks the period and the caller, then records the job (queued). */
async function createTabJob(auth: AuthContext, q: ExportFileQuery, now = new Date()): Promise<TabExportJobRecord> {
  const period = await getPeriod(q.retailer_brand_scraping);
  if (!period) throw new NotFoundError(SCRAPING_MSG.periodNotFound);
  assertCanSee(auth, period);
  const [retailer] = await getRetailers([period.retailer]);
  const job: TabExportJobRecord = {
    _id: newId(),
    brand: period.brand,
    retailer: period.retailer,
    period: period._id,
    view: q.view,
    query: JSON.stringify(q),
    name: exportFileName(retailer?.name ?? period.retailer, tabTitle(q), period.date),
    status: 'queued',
    done: 0,
    createdBy: auth.sub,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    attempts: 0,
    expiresAt: Math.floor(now.getTime() / 1000) + (EXPORT_LINK_DAYS + 1) * 86_400,
  };
  await putTabJob(job);
  return job;
}

/** GET /exportFile/{jobId}: a job of the caller's brand (and, for a User with assigned retailers, of theirs); else 404 as a missing one. */
export async function readTabExport(auth: AuthContext, jobId: string): Promise<TabExportJob> {
  const job = await getTabJob(jobId);
  if (!job || (!auth.isAdmin && (job.brand !== auth.brand || !canSeeRetailer(auth, job.retailer)))) throw new NotFoundError(EXPORT_MSG.jobNotFound);
  return toJobView(job);
}

export async function toJobView(job: TabExportJobRecord, now = Date.now()): Promise<TabExportJob> {
  const expires = linkExpiry(job.createdAt);
  return {
    jobId: job._id,
    status: job.status,
    done: job.done,
    total: job.total ?? null,
    name: job.name,
    link: job.status === 'ready' && Date.parse(expires) > now ? await exportLink({ _id: job._id, linkExpiresAt: expires }) : null,
    error: job.status === 'failed' ? (job.error ?? EXPORT_MSG.exportFailed) : null,
  };
}

/** What a failure tells the user (the log has the whole error). */
class JobError extends Error {}

/**
 * Builds the job's file, once: a job already ready is left alone (answers false); one being built
 * by another delivery throws (this event is tried again later and then finds it ready). A failure
 * is written to the job and thrown, so the asynchronous invocation is tried again and, after its
 * tries, is a failed delivery (docs/operations.md): the job reads `queued` between tries and
 * `failed` with the reason after the last (a JobError, a reason no retry changes, at once).
 */
export async function runTabExport(jobId: string, opts: { notify?: boolean } = {}): Promise<boolean> {
  const job = await getTabJob(jobId);
  if (!job) {
    logger.warn('tab export: no such job', { jobId });
    return false;
  }
  if (job.status === 'ready') return false;
  const taken = await claimTabJob(jobId);
  if (!taken) {
    if ((await getTabJob(jobId))?.status === 'ready') return false;
    // Another delivery is building it (or died less than JOB_STALE_MS ago): this event is tried again later.
    throw new Error(`Tab export ${jobId} is being built by another delivery.`);
  }
  const file = path.join(tmpdir(), `export-${jobId}-${randomBytes(4).toString('hex')}.xlsx`);
  try {
    const q = jobQuery(job);
    const period = await getPeriod(job.period);
    if (!period) throw new JobError(EXPORT_MSG.periodGone);
    faultPoint('tab-export', job.name);
    // Pictures as app links from the app's address: the sheet is opened outside the app.
    const [[retailer], { totalCount }, link] = await Promise.all([getRetailers([job.retailer]), productPage(period, { ...q, page: 1, limit: 1 }), imageLinker({ base: env.appUrl })]);
    await progressTabJob(jobId, 0, totalCount);
    const rows = await productRows(period, q);
    let last = 0; // the first 2,000 rows are always told
    const count = await writeXlsxFile(file, tabTitle(q), columnsOf(q.view, link), rows, async (n) => {
      if (Date.now() - last < PROGRESS_MS) return;
      last = Date.now();
      await progressTabJob(jobId, n);
    });
    const key = exportKeyOf(job.brand, job.retailer, jobId);
    await putExportObject(key, file);
    const record: ExportRecord = {
      _id: jobId,
      brand: job.brand,
      retailer: job.retailer,
      period: job.period,
      view: job.view,
      name: job.name,
      key,
      rows: count,
      createdBy: job.createdBy,
      createdAt: job.createdAt,
      linkExpiresAt: linkExpiry(job.createdAt),
    };
    // The notification first, by the job's id (a second one is not made): then a failure between the
    // two writes, retried, still ends with one export and one notification.
    const where = retailer?.name ?? job.retailer;
    if (opts.notify !== false) await createNotificationRecord(
      {
        subject: `export:Export ready`,
        retailer: where,
        retailerId: job.retailer,
        message: `<p>The export <b>${escapeHtml(job.name)}</b> (${count.toLocaleString('en-US')} rows, ${escapeHtml(TAB_LABELS[job.view])}) is ready in ALL EXPORTS of ${escapeHtml(where)}. Export links expire in 7 days.</p>`,
      },
      { seenFlag: false, id: `export-${jobId}` },
    );
    await finishTabJob(jobId, record);
    return true;
  } catch (e) {
    logger.error('tab export failed', { jobId, error: String((e as Error)?.stack ?? e) });
    // The last of an invocation's tries (1 + Lambda's retries) says failed; before it the job waits, queued, for the next try.
    const final = taken.attempts % (1 + ASYNC_RETRY_ATTEMPTS) === 0 || e instanceof JobError;
    await failTabJob(jobId, e instanceof JobError ? e.message : EXPORT_MSG.exportFailed, final).catch(() => undefined);
    throw e;
  } finally {
    await rm(file, { force: true });
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
