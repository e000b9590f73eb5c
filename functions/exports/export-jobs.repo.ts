/**
 * Export jobs (docs/exports.md "Every export is a job"): a product tab's, the admin's
 * Permissions list, a brand's contacts, a retailer's case log, one record each:
 *
 *   EXPORTJOB#<id> / JOB   { kind, brand, retailer, period, view, query, name, status, done, total,
 *                            error, key, createdBy, createdAt, updatedAt, attempts, expiresAt (TTL) }
 *
 * The job id is also the id of the file it makes (EXPORT#<id> for a tab or the Permissions list,
 * ABFILE#<id> for contacts), so a retried build can only ever add one file to its history and one
 * notification.
 */
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ExportJobStatus } from '../../shared/schemas/exports';
import type { ProductView } from '../../shared/schemas/scrapings';
import { ddb } from '../lib/clients/dynamodb';
import { clean, failedConditions, isConditionFailed, table, type TransactItem } from '../lib/table';

/**
 * What a job exports: a product tab (GET /exportFile), the admin's Permissions list (GET
 * /BrandRetailerExport?exportFlag=true), a brand's contacts (GET /addressBook/export/{brandId}), a
 * retailer's case log (POST /caseActivity/{brandId}/{retailerId}/export).
 */
export const EXPORT_JOB_KINDS = ['tab', 'permissions', 'contacts', 'caseActivity'] as const;
export type ExportJobKind = (typeof EXPORT_JOB_KINDS)[number];

export interface ExportJobRecord {
  _id: string;
  /** Absent on the tab jobs written before the other kinds existed: a tab's. */
  kind?: ExportJobKind;
  /** The brand exported ('' for a Permissions list by retailer). */
  brand: string;
  /** The retailer (a tab's, a case log's; a Permissions list by retailer); '' when none. */
  retailer: string;
  /** A tab's scan period and view. */
  period?: string;
  view?: ProductView;
  /** The request's query as it came (a tab's filters, search, sort; the Permissions filter; the contacts' file type; the log's kind of event), JSON. */
  query: string;
  name: string;
  status: ExportJobStatus;
  done: number;
  total?: number;
  error?: string;
  /** The file in the data bucket, once ready. */
  key?: string;
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

export const kindOf = (j: Pick<ExportJobRecord, 'kind'>): ExportJobKind => j.kind ?? 'tab';
export const jobQuery = <Q>(j: Pick<ExportJobRecord, 'query'>) => JSON.parse(j.query) as Q;

/** PutItem EXPORTJOB#id / JOB (new). */
export async function putExportJob(j: ExportJobRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...jobKey(j._id), entity: 'ExportJob', ...j }, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** GetItem EXPORTJOB#id / JOB (consistent). */
export async function getExportJob(id: string): Promise<ExportJobRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: jobKey(id), ConsistentRead: true }));
  return out.Item ? clean<ExportJobRecord>(out.Item) : undefined;
}

/**
 * Takes the job for one build: queued or failed (a retry), or building but silent for
 * JOB_STALE_MS (a build that died). Two deliveries of one event at once: one takes it, the other
 * gets undefined. A ready job is never taken again. Answers the job as taken (its `attempts`).
 */
export async function claimExportJob(id: string, now = Date.now()): Promise<ExportJobRecord | undefined> {
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
    return clean<ExportJobRecord>(out.Attributes!);
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}

/** Progress of the build (rows written of total); only while it is building. */
export async function progressExportJob(id: string, done: number, total?: number): Promise<void> {
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
 * One transaction: the file's record (its first write a conditional put of the record keyed by the
 * job id: EXPORT#<id> into a retailer's history, ABFILE#<id> into the address book's, + its count)
 * and the job ready with its file. Answers false when the file was already recorded (nothing written).
 */
export async function finishExportJob(id: string, done: { rows: number; key: string }, writes: TransactItem[]): Promise<boolean> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          ...writes,
          {
            Update: {
              TableName: table.name,
              Key: jobKey(id),
              UpdateExpression: 'SET #s = :r, done = :n, #t = :n, #k = :k, updatedAt = :now',
              ConditionExpression: 'attribute_exists(pk)',
              ExpressionAttributeNames: { '#s': 'status', '#t': 'total', '#k': 'key' },
              ExpressionAttributeValues: { ':r': 'ready', ':n': done.rows, ':k': done.key, ':now': new Date().toISOString() },
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
export async function failExportJob(id: string, error: string, final: boolean): Promise<void> {
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
