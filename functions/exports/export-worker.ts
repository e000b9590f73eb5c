/**
 * The export workers (docs/exports.md "Every export is a job"): one handler for the functions of
 * every kind of export job, each started by its jobs' request objects `jobs/<kind>-export/<id>.json`
 * (an S3 ObjectCreated notification in AWS, one function a kind: infra/constructs/pipeline.ts;
 * locally the stack's S3 event bridge calls this same handler as an asynchronous invocation:
 * infra/local/async.ts). Builds the file (export-jobs.ts with the kind's build), then deletes the
 * request. A failure is thrown: Lambda tries again, then the failure queue records a failed
 * delivery (docs/operations.md); a retried or redriven event builds a job once.
 */
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { buildCaseActivityExport } from '../cases';
import { buildContactsExport } from '../contacts-import';
import { buildPermissionsExport } from '../brands';
import { s3 } from '../lib/clients/s3';
import { logger } from '../lib/logger';
import { resolveFailure, s3Subject } from '../operations';
import { EXPORT_JOB_SOURCES, jobPrefixOf, runExportJob, type JobBuilder, type JobRequest } from './export-jobs';
import { EXPORT_JOB_KINDS, type ExportJobKind } from './export-jobs.repo';
import { buildTab } from './export-tab';

/** How each kind's file is built. */
export const BUILDERS: Record<ExportJobKind, JobBuilder> = { tab: buildTab, permissions: buildPermissionsExport, contacts: buildContactsExport, caseActivity: buildCaseActivityExport };

const kindOfKey = (key: string) => EXPORT_JOB_KINDS.find((k) => key.startsWith(jobPrefixOf(k)));

export async function handler(event: S3Event): Promise<void> {
  let source: (typeof EXPORT_JOB_SOURCES)[ExportJobKind] | undefined;
  for (const record of event.Records) {
    const bucket = record.s3.bucket.name;
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    const kind = kindOfKey(key);
    if (!kind) continue;
    source ??= EXPORT_JOB_SOURCES[kind];
    const id = key.slice(jobPrefixOf(kind).length).replace(/\.json$/, '');
    let request: JobRequest;
    try {
      const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      request = JSON.parse(await out.Body!.transformToString()) as JobRequest;
    } catch (e) {
      // Already deleted: a redelivered event of a job that ended (its state is in the job record).
      if ((e as Error).name === 'NoSuchKey') {
        await runExportJob(id, BUILDERS);
        continue;
      }
      throw e;
    }
    if (typeof request.jobId !== 'string') {
      logger.error('export job: bad request object', { key });
      continue;
    }
    await runExportJob(request.jobId, BUILDERS);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }
  // A failed delivery of this event (an earlier run that failed every try) is done now.
  const subject = s3Subject(event);
  if (subject && source) await resolveFailure(source, subject);
}
