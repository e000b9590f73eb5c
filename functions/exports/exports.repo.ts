/**
 * Exports of the product tabs (and of a retailer's case log): the xlsx objects in the data bucket
 * and the export history in the table (docs/exports.md).
 *
 *   S3  exports/<brand>/<retailer>/<export id>.xlsx        (lifecycle: deleted after 7 days)
 *   EXPORT#<id> / EXPORT                                   the record (gsi2 EXPORTS#<brand>#<retailer>, <createdAt>#<id>)
 *   EXPORTS#<brand>#<retailer> / COUNT                     { total } kept on write
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { ProductView } from '../../shared/schemas/scrapings';
import { s3 } from '../lib/clients/s3';
import { ddb } from '../lib/clients/dynamodb';
import { env } from '../lib/env';
import { gsi2Partition, queryPage, type PagedResult } from '../lib/paged-query';
import { clean, table, type TransactItem } from '../lib/table';
import { contentDisposition } from './domain/export-sheet';

/** infra/table-schema.ts DATA_PREFIX.exports */
export const EXPORT_PREFIX = 'exports/';
export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A case evidence pack (functions/cases/evidence-pack.ts). */
export const PDF_TYPE = 'application/pdf';
/** How long the S3 link a download redirects to lives: just long enough to start the download. */
export const PRESIGN_SECONDS = 300;

export interface ExportRecord {
  _id: string;
  brand: string;
  retailer: string;
  /** The scan period and the tab exported (a tab's export; a retailer's case log has none). */
  period?: string;
  view?: ProductView;
  /** The file name the user downloads (retailer, tab, scan date). */
  name: string;
  /** The object in the data bucket. */
  key: string;
  rows: number;
  /** Who exported it (user id). */
  createdBy: string;
  createdAt: string;
  /** When the app link stops working (createdAt + 7 days). */
  linkExpiresAt: string;
}

export const exportKeyOf = (brand: string, retailer: string, id: string) => `${EXPORT_PREFIX}${brand}/${retailer}/${id}.xlsx`;
const recordKey = (id: string) => ({ pk: `EXPORT#${id}`, sk: 'EXPORT' });
const historyPk = (brand: string, retailer: string) => `EXPORTS#${brand}#${retailer}`;
const countKey = (brand: string, retailer: string) => ({ pk: historyPk(brand, retailer), sk: 'COUNT' });

/** PutObject exports/… from a local file, streamed (ContentLength known: no buffering). */
export async function putExportObject(key: string, file: string, contentType = XLSX_TYPE): Promise<void> {
  const { size } = await stat(file);
  await s3.send(new PutObjectCommand({ Bucket: env.dataBucket, Key: key, Body: createReadStream(file), ContentLength: size, ContentType: contentType }));
}

/** What a download link needs of an export: a file of the basket export has no period nor tab, and no place in a retailer's history. */
export type LinkRecord = Pick<ExportRecord, '_id' | 'brand' | 'retailer' | 'name' | 'key' | 'rows' | 'createdBy' | 'createdAt' | 'linkExpiresAt'>;

/** PutItem EXPORT#id (new), outside any history: the record GET /exports/download opens (the basket export's files). */
export async function putLinkRecord(r: LinkRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...recordKey(r._id), entity: 'Export', ...r }, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/** The same record as a transaction's write (an export job's file outside any history: the Permissions list). */
export function linkRecordWrite(r: LinkRecord): TransactItem {
  return { Put: { TableName: table.name, Item: { ...recordKey(r._id), entity: 'Export', ...r }, ConditionExpression: 'attribute_not_exists(pk)' } };
}

/** The content type of an export's object, by its extension. */
export const exportContentType = (key: string) => (key.endsWith('.zip') ? 'application/zip' : key.endsWith('.pdf') ? PDF_TYPE : XLSX_TYPE);

/** The two writes of an export entering the history (a tab's, a retailer's case log): PutItem EXPORT#id (new) + ADD total 1 on the retailer's history count. */
export function exportRecordWrites(r: ExportRecord): TransactItem[] {
  return [
    {
      Put: {
        TableName: table.name,
        Item: { ...recordKey(r._id), entity: 'Export', gsi2pk: historyPk(r.brand, r.retailer), gsi2sk: `${r.createdAt}#${r._id}`, ...r },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    { Update: { TableName: table.name, Key: countKey(r.brand, r.retailer), UpdateExpression: 'ADD #t :one', ExpressionAttributeNames: { '#t': 'total' }, ExpressionAttributeValues: { ':one': 1 } } },
  ];
}

/** TransactWriteItems: PutItem EXPORT#id (new) + ADD total 1 on the retailer's history count. */
export async function putExportRecord(r: ExportRecord): Promise<void> {
  await ddb.send(new TransactWriteCommand({ TransactItems: exportRecordWrites(r) }));
}

/** GetItem EXPORT#id */
export async function getExportRecord(id: string): Promise<ExportRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: recordKey(id) }));
  return out.Item ? clean<ExportRecord>(out.Item) : undefined;
}

/** GetItem EXPORTS#brand#retailer / COUNT */
export async function countExports(brand: string, retailer: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: countKey(brand, retailer) }));
  return Number(out.Item?.total ?? 0);
}

/** Query gsi2 EXPORTS#brand#retailer newest first, one page (cursor, or skip for a page number). */
export async function pageExports(brand: string, retailer: string, r: { limit: number; cursor?: string; skip?: number }): Promise<PagedResult<ExportRecord>> {
  const out = await queryPage<Record<string, unknown>>({
    sources: [gsi2Partition(historyPk(brand, retailer))],
    ascending: false,
    ...r,
  });
  return { ...out, items: out.items.map((i) => clean<ExportRecord>(i)) };
}

/** A presigned GetObject of the export, short-lived, downloading under its name. */
export function presignExport(r: Pick<ExportRecord, 'key' | 'name'>): Promise<string> {
  return getSignedUrl(s3, new GetObjectCommand({ Bucket: env.dataBucket, Key: r.key, ResponseContentDisposition: contentDisposition(r.name), ResponseContentType: exportContentType(r.key) }), {
    expiresIn: PRESIGN_SECONDS,
  });
}
