/**
 * Settings → Contacts: the files of imports and exports and the import progress (README data model).
 *
 *   S3  imports/contacts/<brand>/<id>.<csv|xlsx>        an uploaded file (kept)
 *   S3  imports/contacts/<brand>/<id>-rejected.csv      its refused rows and why (kept)
 *   S3  exports/contacts/<brand>/<id>.<csv|xlsx>        an export (lifecycle: deleted after 7 days)
 *   ABFILE#<id> / FILE                                  the file record (gsi2 ABFILES#<brand>#<import|export>, <createdAt>#<id>)
 *   ABFILES#<brand>#<import|export> / COUNT             { total } kept on write
 *   ABIMPORT#<brand>#<id> / IMPORT                      an import's progress (its id: the client's, so a retry resumes it)
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { UploadType } from '../../shared/schemas/contacts-import';
import { contentDisposition } from '../exports';
import { s3 } from '../lib/clients/s3';
import { ddb } from '../lib/clients/dynamodb';
import { env } from '../lib/env';
import { gsi2Partition, queryPage, type PagedResult } from '../lib/paged-query';
import { conflicted } from '../address-book';
import { clean, failedConditions, table, type TransactItem } from '../lib/table';

export type FileKind = UploadType | 'rejected';

export interface ContactsFileRecord {
  _id: string;
  brand: string;
  kind: FileKind;
  fileName: string;
  /** The object in the data bucket. */
  key: string;
  /** Rows of the file (header not counted). */
  rows: number;
  /** An import's refused rows and their file. */
  rejected?: number;
  rejectedFileId?: string;
  createdBy: string;
  createdAt: string;
  /** An export's object is deleted by the bucket's lifecycle then. */
  expiresAt?: string;
}

export interface ImportJobRecord {
  _id: string;
  brand: string;
  status: 'running' | 'done';
  flag: 'ignore' | 'update';
  total: number;
  /** Rows settled, in file order: a resumed import starts there. */
  done: number;
  created: number;
  updated: number;
  ignored: number;
  rejected: number;
  fileId: string;
  rejectedFileId: string | null;
  createdBy: string;
  createdAt: string;
  /** Written with every step: a running import whose heartbeat is older than IMPORT_STALE_MS was interrupted. */
  updatedAt: string;
}

export const IMPORT_PREFIX = 'imports/contacts/';
export const EXPORT_PREFIX = 'exports/contacts/';
export const CONTENT_TYPES = { csv: 'text/csv; charset=utf-8', xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;
export const IMPORT_STALE_MS = 60_000;
const PRESIGN_SECONDS = 300;

const fileKey = (id: string) => ({ pk: `ABFILE#${id}`, sk: 'FILE' });
const historyPk = (brand: string, kind: UploadType) => `ABFILES#${brand}#${kind}`;
const countKey = (brand: string, kind: UploadType) => ({ pk: historyPk(brand, kind), sk: 'COUNT' });
const jobKey = (brand: string, id: string) => ({ pk: `ABIMPORT#${brand}#${id}`, sk: 'IMPORT' });

export async function putObject(key: string, body: Uint8Array | string, contentType: string): Promise<void> {
  await s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: key, Body: body, ContentType: contentType }));
}

/** PutObject from a local file, streamed (ContentLength known). */
export async function putObjectFile(key: string, file: string, contentType: string): Promise<void> {
  const { size } = await stat(file);
  await s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType }));
}

/** The two writes of an import or export record entering its history: PutItem ABFILE#id (new) + ADD total 1 on the history's count. */
export function fileRecordWrites(r: ContactsFileRecord & { kind: UploadType }): TransactItem[] {
  const item = { ...fileKey(r._id), entity: 'ContactsFile', ...r };
  return [
    { Put: { TableName: table.name, Item: { ...item, gsi2pk: historyPk(r.brand, r.kind), gsi2sk: `${r.createdAt}#${r._id}` }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Update: { TableName: table.name, Key: countKey(r.brand, r.kind), UpdateExpression: 'ADD #t :one', ExpressionAttributeNames: { '#t': 'total' }, ExpressionAttributeValues: { ':one': 1 } } },
  ];
}

/**
 * The file record, once: import and export records enter their history (count +1) in the same
 * transaction; a second put of the same id (a resumed import) changes nothing.
 */
export async function putFileRecord(r: ContactsFileRecord): Promise<void> {
  try {
    if (r.kind === 'rejected') {
      await ddb.send(new PutCommand({ TableName: table.name, Item: { ...fileKey(r._id), entity: 'ContactsFile', ...r }, ConditionExpression: 'attribute_not_exists(pk)' }));
      return;
    }
    await ddb.send(new TransactWriteCommand({ TransactItems: fileRecordWrites({ ...r, kind: r.kind }) }));
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException' || failedConditions(e)?.includes(0)) return;
    throw e;
  }
}

/** GetItem ABFILE#id */
export async function getFileRecord(id: string): Promise<ContactsFileRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: fileKey(id) }));
  return out.Item ? clean<ContactsFileRecord>(out.Item) : undefined;
}

/** GetItem ABFILES#brand#kind / COUNT */
export async function countFiles(brand: string, kind: UploadType): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: countKey(brand, kind) }));
  return Number(out.Item?.total ?? 0);
}

/** Query gsi2 ABFILES#brand#kind newest first, one page (cursor, or skip for a page number). */
export async function pageFiles(brand: string, kind: UploadType, r: { limit: number; cursor?: string; skip?: number }): Promise<PagedResult<ContactsFileRecord>> {
  const out = await queryPage<Record<string, unknown>>({
    sources: [gsi2Partition(historyPk(brand, kind))],
    ascending: false,
    ...r,
  });
  return { ...out, items: out.items.map((i) => clean<ContactsFileRecord>(i)) };
}

/** A presigned GetObject of the file, a few minutes, downloading under its name. */
export function presignFile(r: Pick<ContactsFileRecord, 'key' | 'fileName'>): Promise<string> {
  const type = r.key.endsWith('.xlsx') ? CONTENT_TYPES.xlsx : CONTENT_TYPES.csv;
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: env.dataBucket, Key: r.key, ResponseContentDisposition: contentDisposition(r.fileName), ResponseContentType: type }), {
    expiresIn: PRESIGN_SECONDS,
  });
}

/** GetItem ABIMPORT#brand#id (consistent) */
export async function getImportJob(brand: string, id: string): Promise<ImportJobRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: jobKey(brand, id), ConsistentRead: true }));
  return out.Item ? clean<ImportJobRecord>(out.Item) : undefined;
}

/**
 * Claims the import: a new id, or one whose run was interrupted (running, heartbeat older than
 * IMPORT_STALE_MS). false: it is running elsewhere, or done (read it).
 */
export async function claimImportJob(job: ImportJobRecord, now = Date.now()): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...jobKey(job.brand, job._id), entity: 'ContactsImport', ...job, updatedAt: new Date(now).toISOString() },
        ConditionExpression: 'attribute_not_exists(pk) OR (#s = :running AND updatedAt < :stale)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':running': 'running', ':stale': new Date(now - IMPORT_STALE_MS).toISOString() },
      }),
    );
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/** Progress (and the heartbeat) of a running import. */
export async function updateImportJob(brand: string, id: string, set: Partial<Pick<ImportJobRecord, 'status' | 'done' | 'created' | 'updated' | 'ignored' | 'rejected' | 'rejectedFileId' | 'total'>>): Promise<void> {
  const entries = Object.entries({ ...set, updatedAt: new Date().toISOString() });
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: jobKey(brand, id),
      UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])),
      ExpressionAttributeValues: Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])),
    }),
  );
}

/**
 * One window of an import settled: its progress and the counts it moves, in ONE transaction, so
 * a count is moved exactly when the progress says the window is done (condition: the progress is
 * still at the window's start; a retry after an unknown outcome finds it moved and stops).
 */
export async function commitImportWindow(
  brand: string,
  id: string,
  from: number,
  set: Pick<ImportJobRecord, 'done' | 'created' | 'updated' | 'ignored'>,
  countItems: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>,
): Promise<void> {
  const entries = Object.entries({ ...set, updatedAt: new Date().toISOString() });
  for (let attempt = 0; ; attempt++) {
    try {
      await ddb.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Update: {
                TableName: table.name,
                Key: jobKey(brand, id),
                UpdateExpression: `SET ${entries.map((_, i) => `#k${i} = :v${i}`).join(', ')}`,
                ConditionExpression: '#done = :from',
                ExpressionAttributeNames: { ...Object.fromEntries(entries.map(([k], i) => [`#k${i}`, k])), '#done': 'done' },
                ExpressionAttributeValues: { ...Object.fromEntries(entries.map(([, v], i) => [`:v${i}`, v])), ':from': from },
              },
            },
            ...countItems,
          ],
        }),
      );
      return;
    } catch (e) {
      if (failedConditions(e)?.includes(0)) return; // committed by the try whose answer was lost
      if (!conflicted(e) || attempt >= 10) throw e;
      await new Promise((r) => setTimeout(r, 20 * 2 ** Math.min(attempt, 5) * (0.5 + Math.random())));
    }
  }
}
