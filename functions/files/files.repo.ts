import { GetCommand, PutCommand, QueryCommand, UpdateCommand, type TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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
  /** The claim of the execution that approved it (a retried Publish recognises its own work). */
  approvedBy?: string;
  rejectedAt?: string;
  /** Set while an approval runs: only that execution may publish the file (docs/data-model-scrapings.md). */
  approvalClaim?: ApprovalClaim;
  /** The ingest's steps after the record was written, done ones marked (a retried event completes the rest). */
  steps?: IngestSteps;
}

/** Who is approving the file: the execution's claim id (also its execution name) and when it claimed. */
export interface ApprovalClaim {
  id: string;
  at: string;
}

export interface IngestSteps {
  /** The review / error notification exists. */
  notified?: boolean;
  /** The alert email: 'sending' from just before the send, 'sent' after (at most one email). */
  alertEmail?: 'sending' | 'sent';
  /** The approval of an unflagged or caution file was started. */
  approvalStarted?: boolean;
}

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

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

// ── Approval claim: Approve and Needs Attention exclude each other ─────────────

const PENDING_UNCLAIMED = '#status = :pending AND (attribute_not_exists(approvalClaim) OR approvalClaim.#at < :stale)';

/**
 * UpdateItem FILE#id SET approvalClaim, condition: pending, readable, and no live claim (none,
 * or one taken before `staleBefore`). Returns false when another outcome got there first.
 */
export async function claimApproval(id: string, claim: ApprovalClaim, staleBefore: string): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: fileKey(id),
        UpdateExpression: 'SET approvalClaim = :claim, updatedAt = :now',
        ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(#error) AND ${PENDING_UNCLAIMED}`,
        ExpressionAttributeNames: { '#status': 'approvedStatus', '#at': 'at', '#error': 'error' },
        ExpressionAttributeValues: { ':claim': claim, ':pending': 'pending', ':stale': staleBefore, ':now': claim.at },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** UpdateItem FILE#id SET approvedStatus = rejected, condition: pending and no live claim (Needs Attention) */
export async function rejectFile(id: string, rejectedAt: string, staleBefore: string): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: fileKey(id),
        UpdateExpression: 'SET #status = :rejected, rejectedAt = :now, updatedAt = :now REMOVE approvalClaim',
        ConditionExpression: `attribute_exists(pk) AND ${PENDING_UNCLAIMED}`,
        ExpressionAttributeNames: { '#status': 'approvedStatus', '#at': 'at' },
        ExpressionAttributeValues: { ':rejected': 'rejected', ':pending': 'pending', ':stale': staleBefore, ':now': rejectedAt },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** UpdateItem FILE#id SET processingError REMOVE approvalClaim, condition: pending and the claim is ours (a failed approval) */
export async function releaseApproval(id: string, claimId: string, reason: string): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: fileKey(id),
        UpdateExpression: 'SET processingError = :reason, updatedAt = :now REMOVE approvalClaim',
        ConditionExpression: '#status = :pending AND approvalClaim.#id = :claim',
        ExpressionAttributeNames: { '#status': 'approvedStatus', '#id': 'id' },
        ExpressionAttributeValues: { ':reason': reason, ':pending': 'pending', ':claim': claimId, ':now': new Date().toISOString() },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** Transaction entry: UpdateItem FILE#id pending → approved, condition: pending and the claim is ours */
export function approveFileItem(id: string, claimId: string, approvedAt: string): TransactItem {
  return {
    Update: {
      TableName: table.name,
      Key: fileKey(id),
      UpdateExpression: 'SET #status = :approved, approvedAt = :now, approvedBy = :claim, updatedAt = :now REMOVE processingError, approvalClaim',
      ConditionExpression: '#status = :pending AND approvalClaim.#id = :claim',
      ExpressionAttributeNames: { '#status': 'approvedStatus', '#id': 'id' },
      ExpressionAttributeValues: { ':approved': 'approved', ':pending': 'pending', ':claim': claimId, ':now': approvedAt },
    },
  };
}

/** Transaction entry: ConditionCheck FILE#id pending and the claim is ours (a publication in several transactions) */
export function claimCheckItem(id: string, claimId: string): TransactItem {
  return {
    ConditionCheck: {
      TableName: table.name,
      Key: fileKey(id),
      ConditionExpression: '#status = :pending AND approvalClaim.#id = :claim',
      ExpressionAttributeNames: { '#status': 'approvedStatus', '#id': 'id' },
      ExpressionAttributeValues: { ':pending': 'pending', ':claim': claimId },
    },
  };
}

// ── Ingest steps after the record (resumable) ──────────────────────────────────

/** UpdateItem FILE#id SET steps.<step> = :value (a record written by the ingest always has `steps`) */
export async function markIngestStep<K extends keyof IngestSteps>(id: string, step: K, value: NonNullable<IngestSteps[K]>): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: fileKey(id),
      UpdateExpression: 'SET steps.#step = :v, updatedAt = :now',
      ExpressionAttributeNames: { '#step': step },
      ExpressionAttributeValues: { ':v': value, ':now': new Date().toISOString() },
    }),
  );
}

/** UpdateItem FILE#id SET steps.alertEmail = sending, condition: no alert email sent or being sent. False: another delivery has it. */
export async function takeAlertEmail(id: string): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: fileKey(id),
        UpdateExpression: 'SET steps.alertEmail = :sending',
        ConditionExpression: 'attribute_not_exists(steps.alertEmail)',
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** UpdateItem FILE#id REMOVE steps.alertEmail, condition: still 'sending' (the send failed: a retry may send) */
export async function releaseAlertEmail(id: string): Promise<void> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: fileKey(id),
        UpdateExpression: 'REMOVE steps.alertEmail',
        ConditionExpression: 'steps.alertEmail = :sending',
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    );
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
}
