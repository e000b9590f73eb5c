import { GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { clean, isConditionFailed, queryAll, table, updateParts } from '../lib/table';

export type ApprovedStatus = 'pending' | 'approved' | 'rejected';
export type FlagLevel = 'require_review' | 'caution' | 'unflagged';
export type FileType = 'product' | 'homepage' | 'brand';

/** A robot file in the post office (spec 001 §3 File, plus what the pipeline needs). */
export interface FileRecord {
  _id: string;
  /** Scan period, YYYY-MM-DD. */
  date: string;
  /** The S3 key it was dropped at (folder prefix included). */
  fileName: string;
  /** Retailer slug (the post office's Retailer select filters on it). */
  name: string;
  retailer: string;
  retailerName: string;
  type: FileType;
  /** The robot that produced it: the dropped file's base name. */
  robot: string;
  approvedStatus: ApprovedStatus;
  flag: FlagLevel;
  flagReasons: string[];
  rowCount: number;
  previousFileId?: string;
  previousDate?: string;
  previousRowCount?: number;
  /** Counts of the comparison with the previous file. */
  diff?: { added: number; removed: number; changed: number; unchanged: number };
  /** Set when the file could not be read: it cannot be approved. */
  error?: string;
  /** Set when approval failed; the file stays pending. */
  processingError?: string;
  /** Where the comparison pages live in the data bucket. */
  pagesPrefix?: string;
  pageSize?: number;
  currentPages?: number;
  previousPages?: number;
  sourceEtag?: string;
  createdAt: string;
  updatedAt: string;
  approvedAt?: string;
  rejectedAt?: string;
}

const fileKey = (id: string) => ({ pk: `FILE#${id}`, sk: 'FILE' });

function item(f: FileRecord) {
  return {
    ...fileKey(f._id),
    entity: 'File',
    gsi1pk: 'FILES',
    gsi1sk: `${f.date}#${f._id}`,
    gsi2pk: `RFILES#${f.retailer}#${f.type}`,
    gsi2sk: `${f.date}#${f.createdAt}#${f._id}`,
    ...f,
  };
}

/** PutItem FILE#id only if absent: the same S3 event twice makes one File. Returns false on a duplicate. */
export async function createFileOnce(f: FileRecord): Promise<boolean> {
  try {
    await ddb.send(new PutCommand({ TableName: table.name, Item: item(f), ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** PutItem FILE#id (overwrite: the ingest completes a record it created) */
export async function putFile(f: FileRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: item(f) }));
}

/** GetItem pk=FILE#id */
export async function getFile(id: string): Promise<FileRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: fileKey(id), ConsistentRead: true }));
  return out.Item ? clean<FileRecord>(out.Item) : undefined;
}

/** Query gsi1 pk=FILES (every file, by date): the post-office list, filtered and paged in memory */
export async function listFiles(): Promise<FileRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'FILES' },
    ScanIndexForward: false,
  });
  return items.map((i) => clean<FileRecord>(i));
}

/** Query gsi1 pk=FILES, sk begins_with date: files of one scan period */
export async function listFilesOfDate(date: string): Promise<FileRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk AND begins_with(gsi1sk, :d)',
    ExpressionAttributeValues: { ':pk': 'FILES', ':d': `${date}#` },
  });
  return items.map((i) => clean<FileRecord>(i));
}

/**
 * Query gsi2 pk=RFILES#retailer#type, sk < the new file's sort key, newest first, filtered to
 * readable files: the previous file of the same retailer and robot type.
 */
export async function findPreviousFile(retailer: string, type: FileType, date: string, createdAt: string): Promise<FileRecord | undefined> {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({
        TableName: table.name,
        IndexName: table.gsi2,
        KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk < :sk',
        FilterExpression: 'attribute_not_exists(#error) AND approvedStatus <> :rejected',
        ExpressionAttributeNames: { '#error': 'error' },
        ExpressionAttributeValues: { ':pk': `RFILES#${retailer}#${type}`, ':sk': `${date}#${createdAt}`, ':rejected': 'rejected' },
        ScanIndexForward: false,
        ExclusiveStartKey,
      }),
    );
    if (out.Items?.[0]) return clean<FileRecord>(out.Items[0]);
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return undefined;
}

/** UpdateItem FILE#id: set fields (and remove some), optionally only when in a given status */
export async function updateFile(
  id: string,
  fields: Partial<Omit<FileRecord, '_id' | 'date' | 'retailer' | 'type' | 'createdAt'>>,
  opts: { remove?: (keyof FileRecord)[]; ifStatus?: ApprovedStatus } = {},
): Promise<boolean> {
  const parts = updateParts({ ...fields, updatedAt: new Date().toISOString() }, opts.remove ?? []);
  let condition = 'attribute_exists(pk)';
  if (opts.ifStatus) {
    parts.ExpressionAttributeNames['#status'] = 'approvedStatus';
    parts.ExpressionAttributeValues[':ifStatus'] = opts.ifStatus;
    condition += ' AND #status = :ifStatus';
  }
  try {
    await ddb.send(new UpdateCommand({ TableName: table.name, Key: fileKey(id), ConditionExpression: condition, ...parts }));
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}
