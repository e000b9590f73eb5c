/**
 * The tab export worker: started by the job's request object `jobs/tab-export/<id>.json` (an S3
 * ObjectCreated notification in AWS; locally the stack's S3 event bridge calls this same handler,
 * as an asynchronous invocation: infra/local/async.ts). Builds the file (export-tab.ts), then
 * deletes the request. A failure is thrown: Lambda tries again, then the failure queue records a
 * failed delivery (docs/operations.md); a retried or redriven event builds a job once.
 */
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { s3 } from '../lib/clients/s3';
import { logger } from '../lib/logger';
import { s3Subject } from '../operations/domain/failures';
import { resolveFailure } from '../operations/failures.repo';
import { runTabExport, TAB_JOB_PREFIX, type TabJobRequest } from './export-tab';

export async function handler(event: S3Event): Promise<void> {
  for (const record of event.Records) {
    const bucket = record.s3.bucket.name;
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    if (!key.startsWith(TAB_JOB_PREFIX)) continue;
    const id = key.slice(TAB_JOB_PREFIX.length).replace(/\.json$/, '');
    let request: TabJobRequest;
    try {
      const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      request = JSON.parse(await out.Body!.transformToString()) as TabJobRequest;
    } catch (e) {
      // Already deleted: a redelivered event of a job that ended (its state is in the job record).
      if ((e as Error).name === 'NoSuchKey') {
        await runTabExport(id);
        continue;
      }
      throw e;
    }
    if (typeof request.jobId !== 'string') {
      logger.error('tab export: bad request object', { key });
      continue;
    }
    await runTabExport(request.jobId);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }
  // A failed delivery of this event (an earlier run that failed every try) is done now.
  const subject = s3Subject(event);
  if (subject) await resolveFailure('tab-export', subject);
}
