/**
 * Starting a basket export and reading its job (docs/basket.md "Export"). The API answers at once;
 * the files are built by the worker (export-worker.ts), started by the job's request object
 * `jobs/basket-export/<id>.json` in the data bucket (an S3 notification in AWS, the local stack's
 * S3 event bridge locally: the same handler either way).
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { EXPORT_LINK_DAYS } from '../../shared/constants';
import { BASKET_EXPORT_SLOT_STALE_MS, BASKET_EXPORTS_RUNNING_MAX, BASKET_MSG } from '../../shared/messages/basket';
import type { ExportJob } from '../../shared/schemas/basket';
import { exportLink } from '../exports';
import { s3 } from '../lib/clients/s3';
import { env } from '../lib/env';
import type { AuthContext } from '../lib/http/auth';
import { NotFoundError, TooManyRequestsError, ValidationError } from '../lib/http/errors';
import { newId } from '../lib/table';
import { basketOf, ownerOf } from './basket';
import { countItems, getItems, getJob, putJob, releaseExportSlot, takeExportSlot, type ExportJobRecord } from './basket.repo';

/** infra/table-schema.ts DATA_PREFIX.jobs: request objects of background jobs (expire after a day). */
export const BASKET_JOB_PREFIX = 'jobs/basket-export/';
const DAY_MS = 86_400_000;

export interface BasketJobRequest {
  jobId: string;
  /** The serials to export (each must be in the basket); none: the whole basket. */
  serialNo?: string[];
}

/**
 * POST /exportBucketData: checks the basket, takes one of the owner's export slots (at most
 * BASKET_EXPORTS_RUNNING_MAX being prepared at once: 429 beyond), records the job, drops its request
 * object; answers the job (queued). The worker gives the slot back when the job ends.
 */
export async function startBasketExport(auth: AuthContext, body: { retailerId: string; serialNo?: string[] }, brand: string | undefined, now = new Date()): Promise<ExportJob> {
  const { ref } = await basketOf(auth, body.retailerId, brand);
  const total = body.serialNo ? (await getItems(ref, body.serialNo)).length : await countItems(ref);
  if (!total) throw new ValidationError(BASKET_MSG.exportEmpty);
  const job: ExportJobRecord = {
    ...ref,
    _id: newId(),
    status: 'queued',
    done: 0,
    total,
    failedImages: 0,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    linkExpiresAt: new Date(now.getTime() + EXPORT_LINK_DAYS * DAY_MS).toISOString(),
    // The job record outlives its links by a day.
    expiresAt: Math.floor(now.getTime() / 1000) + (EXPORT_LINK_DAYS + 1) * 86_400,
  };
  if (!(await takeExportSlot(job.owner, job._id, BASKET_EXPORTS_RUNNING_MAX, BASKET_EXPORT_SLOT_STALE_MS, now.getTime()))) {
    throw new TooManyRequestsError(BASKET_MSG.exportsRunning(BASKET_EXPORTS_RUNNING_MAX));
  }
  try {
    await putJob(job);
    const request: BasketJobRequest = { jobId: job._id, ...(body.serialNo ? { serialNo: body.serialNo } : {}) };
    await s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: `${BASKET_JOB_PREFIX}${job._id}.json`, Body: JSON.stringify(request), ContentType: 'application/json' }));
  } catch (e) {
    await releaseExportSlot(job.owner, job._id).catch(() => undefined);
    throw e;
  }
  return toJobView(job);
}

/** GET /exportBucketData/{jobId}: the caller's job only (another owner's: 404, as a missing one). */
export async function readBasketExport(auth: AuthContext, jobId: string): Promise<ExportJob> {
  const job = await getJob(jobId);
  if (!job || job.owner !== ownerOf(auth)) throw new NotFoundError(BASKET_MSG.jobNotFound);
  return toJobView(job);
}

export async function toJobView(job: ExportJobRecord, now = Date.now()): Promise<ExportJob> {
  const live = job.status === 'done' && Date.parse(job.linkExpiresAt) > now;
  const link = (id: string | undefined) => (live && id ? exportLink({ _id: id, linkExpiresAt: job.linkExpiresAt }) : Promise.resolve(null));
  return {
    jobId: job._id,
    status: job.status,
    done: job.done,
    total: job.total,
    s3ExcelLink: await link(job.excelExportId),
    s3ZipLink: await link(job.zipExportId),
    failedImages: job.failedImages,
    error: job.status === 'failed' ? (job.error ?? BASKET_MSG.exportFailed) : null,
  };
}
