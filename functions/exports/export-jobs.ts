/**
 * What every export job shares (docs/exports.md "Every export is a job"): a product tab's (export-tab.ts),
 * the admin's Permissions list (functions/brands/permissions-export.ts), a brand's contacts
 * (functions/contacts-import/contacts-export.ts) and a retailer's case log
 * (functions/cases/activity-export.ts). Each kind only says how its file is built; here:
 * - `startExportJob`: the job recorded (queued) and its request object `jobs/<kind>-export/<id>.json`
 *   dropped in the data bucket; the request answers the job at once (202). The object starts the
 *   kind's worker (export-worker.ts): an S3 notification in AWS, the local stack's S3 event bridge
 *   locally, the same handler either way.
 * - `readExportJob` (GET /exportFile/{jobId}): a job, to whom may read its kind.
 * - `runExportJob` (the worker): the job taken once, the kind's build (its rows streamed to a file
 *   in /tmp, progress written on the way), the file put in S3, then one notification and one
 *   transaction: the file's record in its history + the job ready.
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { ASYNC_RETRY_ATTEMPTS, EXPORT_LINK_DAYS, ROLE } from '../../shared/constants';
import { EXPORT_MSG, type ExportJobView } from '../../shared/schemas/exports';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import { faultPoint } from '../lib/faults';
import { canSeeRetailer, type AuthContext } from '../lib/http/auth';
import { NotFoundError } from '../lib/http/errors';
import { logger } from '../lib/logger';
import { newId, type TransactItem } from '../lib/table';
import { createNotificationRecord, type NotificationRecord } from '../notifications';
import { contentDisposition } from './domain/export-sheet';
import { exportLink } from './exports';
import { claimExportJob, failExportJob, finishExportJob, getExportJob, kindOf, progressExportJob, putExportJob, type ExportJobKind, type ExportJobRecord } from './export-jobs.repo';

const DAY_MS = 24 * 3600 * 1000;
/** Progress is written at most this often (a build tells it at its own steps: each 2,000 rows, each page). */
const PROGRESS_MS = 500;
/** A contacts file's link (as its history gives it): long enough to start the download. */
const FILE_LINK_SECONDS = 300;

/** Each kind's worker and failure source (FAILURE_SOURCES), and its request objects' prefix (infra/table-schema.ts DATA_PREFIX.jobs). */
export const EXPORT_JOB_SOURCES = { tab: 'tab-export', permissions: 'permissions-export', contacts: 'contacts-export', caseActivity: 'case-activity-export' } as const satisfies Record<ExportJobKind, string>;
export type ExportJobSource = (typeof EXPORT_JOB_SOURCES)[ExportJobKind];
export const jobPrefixOf = (kind: ExportJobKind) => `jobs/${EXPORT_JOB_SOURCES[kind]}/`;

export interface JobRequest {
  jobId: string;
}

export const linkExpiry = (createdAt: string) => new Date(Date.parse(createdAt) + EXPORT_LINK_DAYS * DAY_MS).toISOString();

/** A job to record: what its kind says of it; the rest (queued, no rows, its times and TTL) here. */
export type NewExportJob = Pick<ExportJobRecord, 'kind' | 'brand' | 'retailer' | 'period' | 'view' | 'query' | 'name' | 'createdBy'>;

/** The job (queued), recorded; not started. */
export async function createExportJob(fields: NewExportJob, now = new Date()): Promise<ExportJobRecord> {
  const job: ExportJobRecord = {
    _id: newId(),
    ...fields,
    status: 'queued',
    done: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    attempts: 0,
    // TTL: the job outlives its file's link by a day.
    expiresAt: Math.floor(now.getTime() / 1000) + (EXPORT_LINK_DAYS + 1) * 86_400,
  };
  await putExportJob(job);
  return job;
}

/** The job recorded and its request object dropped (which starts its worker): the job as the request answers it (202). */
export async function startExportJob(fields: NewExportJob, now = new Date()): Promise<ExportJobView> {
  const job = await createExportJob(fields, now);
  const request: JobRequest = { jobId: job._id };
  await s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: `${jobPrefixOf(kindOf(job))}${job._id}.json`, Body: JSON.stringify(request), ContentType: 'application/json' }));
  // A job just queued: nothing to link yet (the start needs no right to read files).
  return { jobId: job._id, status: job.status, done: job.done, total: null, name: job.name, link: null, error: null };
}

/**
 * Who reads a job: an ADMIN any; a tab's or a case log's, its brand (a User with assigned retailers: theirs only);
 * the Permissions list's, ADMINs only; a brand's contacts, its accounts that see every retailer.
 */
function mayRead(auth: AuthContext, job: ExportJobRecord): boolean {
  if (auth.isAdmin) return true;
  if (auth.portal) return false;
  switch (kindOf(job)) {
    case 'permissions':
      return false;
    case 'contacts':
      return job.brand === auth.brand && !(auth.role === ROLE.USER && auth.retailers.length > 0);
    default:
      return job.brand === auth.brand && canSeeRetailer(auth, job.retailer);
  }
}

/** GET /exportFile/{jobId}: the job to whom may read it, else 404 as a missing one. */
export async function readExportJob(auth: AuthContext, jobId: string): Promise<ExportJobView> {
  const job = await getExportJob(jobId);
  if (!job || !mayRead(auth, job)) throw new NotFoundError(EXPORT_MSG.jobNotFound);
  return toJobView(job);
}

/** The contacts file's link: a presigned GET of a few minutes, named as the file (their history's links are the same). */
function fileLink(job: ExportJobRecord): Promise<string> {
  const type = job.key!.endsWith('.csv') ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: env.dataBucket, Key: job.key!, ResponseContentDisposition: contentDisposition(job.name), ResponseContentType: type }), { expiresIn: FILE_LINK_SECONDS });
}

export async function toJobView(job: ExportJobRecord, now = Date.now()): Promise<ExportJobView> {
  const expires = linkExpiry(job.createdAt);
  const live = job.status === 'ready' && Date.parse(expires) > now;
  return {
    jobId: job._id,
    status: job.status,
    done: job.done,
    total: job.total ?? null,
    name: job.name,
    link: !live ? null : kindOf(job) === 'contacts' && job.key ? await fileLink(job) : await exportLink({ _id: job._id, linkExpiresAt: expires }),
    error: job.status === 'failed' ? (job.error ?? (kindOf(job) === 'tab' ? EXPORT_MSG.exportFailed : EXPORT_MSG.listExportFailed)) : null,
  };
}

/** What a failure tells the user (the log has the whole error): a reason no retry changes. */
export class JobError extends Error {}

export interface BuildContext {
  /** A file in /tmp for the build (deleted after it, whatever happens). */
  tmpFile(ext: string): string;
  /** Rows written so far (and the total, once known): written at once with a total, else at most every half second. */
  progress(done: number, total?: number): Promise<void>;
}

/** What a build made: its file (already in S3), its rows, the writes that record it (the first a conditional put keyed by the job id), and what the notification says. */
export interface Built {
  key: string;
  rows: number;
  writes: TransactItem[];
  notification: Omit<NotificationRecord, '_id' | 'createdAt' | 'seenFlag'>;
}
export type JobBuilder = (job: ExportJobRecord, ctx: BuildContext) => Promise<Built>;

/**
 * Builds the job's file, once: a job already ready is left alone (answers false); one being built
 * by another delivery throws (this event is tried again later and then finds it ready). A failure
 * is written to the job and thrown, so the asynchronous invocation is tried again and, after its
 * tries, is a failed delivery (docs/operations.md): the job reads `queued` between tries and
 * `failed` with the reason after the last (a JobError, a reason no retry changes, at once).
 */
export async function runExportJob(jobId: string, builders: Partial<Record<ExportJobKind, JobBuilder>>, opts: { notify?: boolean } = {}): Promise<boolean> {
  const job = await getExportJob(jobId);
  if (!job) {
    logger.warn('export job: no such job', { jobId });
    return false;
  }
  if (job.status === 'ready') return false;
  const kind = kindOf(job);
  const build = builders[kind];
  if (!build) throw new Error(`No builder for the ${kind} export job ${jobId}.`);
  const taken = await claimExportJob(jobId);
  if (!taken) {
    if ((await getExportJob(jobId))?.status === 'ready') return false;
    // Another delivery is building it (or died less than JOB_STALE_MS ago): this event is tried again later.
    throw new Error(`Export job ${jobId} is being built by another delivery.`);
  }
  const files: string[] = [];
  let last = 0;
  const ctx: BuildContext = {
    tmpFile: (ext) => {
      const file = path.join(tmpdir(), `export-${jobId}-${randomBytes(4).toString('hex')}.${ext}`);
      files.push(file);
      return file;
    },
    progress: async (done, total) => {
      if (total === undefined && Date.now() - last < PROGRESS_MS) return;
      last = Date.now();
      await progressExportJob(jobId, done, total);
    },
  };
  try {
    faultPoint(EXPORT_JOB_SOURCES[kind], job.name);
    const built = await build(job, ctx);
    // The notification first, by the job's id (a second one is not made): then a failure between the
    // two writes, retried, still ends with one file in the history and one notification.
    if (opts.notify !== false) await createNotificationRecord(built.notification, { seenFlag: false, id: `export-${jobId}` });
    // (Tests: a try that dies here has put its file and made its notification; the retry must add neither again.)
    faultPoint('export-finish', job.name);
    await finishExportJob(jobId, { rows: built.rows, key: built.key }, built.writes);
    return true;
  } catch (e) {
    logger.error('export job failed', { jobId, kind, error: String((e as Error)?.stack ?? e) });
    // The last of an invocation's tries (1 + Lambda's retries) says failed; before it the job waits, queued, for the next try.
    const final = taken.attempts % (1 + ASYNC_RETRY_ATTEMPTS) === 0 || e instanceof JobError;
    const reason = e instanceof JobError ? e.message : kind === 'tab' ? EXPORT_MSG.exportFailed : EXPORT_MSG.listExportFailed;
    await failExportJob(jobId, reason, final).catch(() => undefined);
    throw e;
  } finally {
    await Promise.all(files.map((f) => rm(f, { force: true })));
  }
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
