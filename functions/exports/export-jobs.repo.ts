/**
 * Export jobs of the product tabs (docs/exports.md "Every export is a job"):
 *
 *   EXPORTJOB#<id> / JOB   { brand, retailer, period, view, query, name, status, done, total, error,
 *                            createdBy, createdAt, updatedAt, attempts, expiresAt (TTL) }
 *
 * The job id is also the id of the export it makes (EXPORT#<id>), so a retried build can only
 * ever add one export to the history and one notification.
 */
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportFileQuery, TabExportStatus } from '../../shared/schemas/exports';
import type { ProductView } from '../../shared/schemas/scrapings';
import { ddb } from '../lib/clients/dynamodb';
import { clean, failedConditions, isConditionFailed, table } from '../lib/table';
import { exportRecordWrites, type ExportRecord } from './exports.repo';

export interface TabExportJobRecord {
  _id: string;
  brand: string;
  retailer: string;
  period: string;
  view: ProductView;
  /** The tab's query (filters, search, sort) as the request had it, JSON. */
  query: string;
  name: string;
  status: TabExportStatus;
  done: number;
  total?: number;
  error?: string;
  createdBy: string;
  createdAt: string;
  /** Written by every step of a build (its heartbeat): a build silent for JOB_STALE_MS is taken over. */
  updatedAt: string;
  /** Builds started (a retried event starts another only when the previous one failed or went silent). */
  attempts: number;
  /** TTL (epoch seconds): the job outlives its export's link by a day. */
  expiresAt: number;
}

/** A build that has written nothing for this long died (a Lambda timeout, a crash): a retry may take it over. */
export const JOB_STALE_MS = 120_000;

const jobKey = (id: string) => ({ pk: `EXPORTJOB#${id}`, sk: 'JOB' });

export const jobQuery = (j: Pick<TabExportJobRecord, 'query'>) => JSON.parse(j.query) as ExportFileQuery;

/** PutItem EXPORTJOB#id / JOB (new). */
export async function putTabJob(j: TabExportJobRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...jobKey(j._id), entity: 'TabExportJob', ...j }, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** GetItem EXPORTJOB#id / JOB (consistent). */
export async function getTabJob(id: string): Promise<TabExportJobRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: jobKey(id), ConsistentRead: true }));
  return out.Item ? clean<TabExportJobRecord>(out.Item) : undefined;
}

/**
 * Takes the job for one build: queued or failed (a retry), or building but silent for
 * JOB_STALE_MS (a build that died). Two deliveries of one event at once: one takes it, the other
 * gets undefined. A ready job is never taken again. Answers the job as taken (its `attempts`).
 */
export async function claimTabJob(id: string, now = Date.now()): Promise<TabExportJobRecord | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: jobKey(id),
        UpdateExpression: 'SET #s = :b, updatedAt = :now, done = :zero, attempts = if_not_exists(attempts, :zero) + :one REMOVE #e',
        ConditionExpression: 'attribute_exists(pk) AND (#s IN (:q, :f) OR (#s = :b AND updatedAt < :stale))',
        ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
        ExpressionAttributeValues: { ':b': 'building', ':q': 'queued', ':f': 'failed', ':now': new Date(now).toISOString(), ':stale': new Date(now - JOB_STALE_MS).toISOString(), ':zero': 0, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return clean<TabExportJobRecord>(out.Attributes!);
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}

/** Progress of the build (rows written of total); only while it is building. */
export async function progressTabJob(id: string, done: number, total?: number): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: jobKey(id),
      UpdateExpression: `SET done = :d, updatedAt = :now${total === undefined ? '' : ', #t = :t'}`,
      ConditionExpression: '#s = :b',
      ExpressionAttributeNames: { '#s': 'status', ...(total === undefined ? {} : { '#t': 'total' }) },
      ExpressionAttributeValues: { ':d': done, ':now': new Date().toISOString(), ':b': 'building', ...(total === undefined ? {} : { ':t': total }) },
    }),
  );
}

/**
 * One transaction: the export enters the retailer's history (EXPORT#<job id>, new, + its count)
 * and the job is ready. Answers false when the export was already recorded (nothing written).
 */
export async function finishTabJob(id: string, record: ExportRecord): Promise<boolean> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          ...exportRecordWrites(record),
          {
            Update: {
              TableName: table.name,
              Key: jobKey(id),
              UpdateExpression: 'SET #s = :r, done = :n, #t = :n, updatedAt = :now',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#s': 'status', '#t': 'total' },
              ExpressionAttributeValues: { ':r': 'ready', ':n': record.rows, ':now': new Date().toISOString() },
            },
          },
        ],
      }),
    );
    return true;
  } catch (e) {
    if (failedConditions(e)?.includes(0)) return false;
    throw e;
  }
}

/**
 * The build failed: `failed` with the reason for people when no try is left, else `queued` again
 * (the reason kept) for the next try; either way a retried event may take the job again.
 */
export async function failTabJob(id: string, error: string, final: boolean): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: jobKey(id),
      UpdateExpression: 'SET #s = :f, #e = :e, updatedAt = :now',
      ConditionExpression: '#s = :b',
      ExpressionAttributeNames: { '#s': 'status', '#e': 'error' },
      ExpressionAttributeValues: { ':f': final ? 'failed' : 'queued', ':e': error, ':b': 'building', ':now': new Date().toISOString() },
    }),
  );
}
