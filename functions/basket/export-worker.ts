/**
 * The basket export worker: started by the job's request object `jobs/basket-export/<id>.json`
 * (an S3 ObjectCreated notification in AWS; locally the stack's S3 event bridge calls this same
 * handler). Reads the request, builds the files (export-job.ts), then deletes the request.
 */
import { DeleteObjectCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import { s3 } from '../lib/clients/s3';
import { logger } from '../lib/logger';
import { resolveFailure, s3Subject } from '../operations';
import { runBasketExport } from './export-job';
import { BASKET_JOB_PREFIX, type BasketJobRequest } from './export-start';

export async function handler(event: S3Event): Promise<void> {
  for (const record of event.Records) {
    const bucket = record.s3.bucket.name;
    const key = decodeURIComponent(record.s3.object.key.replace(/\+/g, ' '));
    if (!key.startsWith(BASKET_JOB_PREFIX)) continue;
    const out = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    const request = JSON.parse(await out.Body!.transformToString()) as BasketJobRequest;
    if (typeof request.jobId !== 'string' || (request.serialNo !== undefined && !Array.isArray(request.serialNo))) {
      logger.error('basket export: bad request object', { key });
      continue;
    }
    await runBasketExport(request.jobId, request.serialNo);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
  }
  // A failed delivery of this event (an earlier run that failed every try: docs/operations.md) is done now.
  const subject = s3Subject(event);
  if (subject) await resolveFailure('basket-export', subject);
}
