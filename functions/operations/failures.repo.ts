/**
 * Failed deliveries in the table (docs/operations.md "Failed deliveries"):
 *  FAILURE#<id> / FAILURE, while open also gsi1 `FAILURES` / `<lastFailedAt>#<id>` (the post
 *  office's list, newest first); the open count kept on write in COUNTS#FAILURES.
 * A delivery is `open` (failed, waiting for a person), `redriving` (sent again, outcome not known
 * yet) or `resolved` (a later run of the same event succeeded; kept 30 days, off the list).
 * Every change is one transaction with conditions on the status, so two recorders, two admins
 * pressing Retry, and a success racing a failure each count once.
 */
import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { queryPage, gsi1Partition, type PagedResult } from '../lib/paged-query';
import { clean, failedConditions, table } from '../lib/table';
import type { FailedDelivery, FailureSource } from './domain/failures';
import { failureId } from './domain/failures';

export type FailureStatus = 'open' | 'redriving' | 'resolved';

export interface FailureRecord extends FailedDelivery {
  status: FailureStatus;
  firstFailedAt: string;
  lastFailedAt: string;
  /** How many times this delivery reached the failure queue (each after all its tries). */
  failures: number;
  /** How many times it was opened (first failure, and each failure after a redrive that succeeded... then failed again). */
  opened: number;
  /** The `opened` number whose alert email was sent (at most one email per opening). */
  alerted?: number;
  redrivenAt?: string;
  redrivenBy?: string;
  redrives?: number;
  resolvedAt?: string;
}

const failureKey = (id: string) => ({ pk: `FAILURE#${id}`, sk: 'FAILURE' });
const COUNTS_KEY = { pk: 'COUNTS#FAILURES', sk: 'COUNTS' };
const LIST_PK = 'FAILURES';
const RESOLVED_TTL_S = 30 * 24 * 3600;

const count = (by: number) => ({
  Update: { TableName: table.name, Key: COUNTS_KEY, UpdateExpression: 'ADD #open :n', ExpressionAttributeNames: { '#open': 'open' }, ExpressionAttributeValues: { ':n': by } },
});

async function transact(items: NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>): Promise<boolean> {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    return true;
  } catch (e) {
    if (failedConditions(e)?.length) return false;
    if ((e as Error).name === 'TransactionCanceledException') return false;
    throw e;
  }
}

/**
 * Record a failed delivery: a new one is opened (+1 open); a resolved one is opened again (+1);
 * an open or redriving one is updated (back to open: the redrive failed too). Answers the record
 * as stored and whether this failure opened it (then the admins are told).
 */
export async function recordFailure(f: FailedDelivery): Promise<{ record: FailureRecord; opened: boolean }> {
  const list = { gsi1pk: LIST_PK, gsi1sk: `${f.failedAt}#${f.id}` };
  for (let attempt = 0; attempt < 5; attempt++) {
    const fresh: FailureRecord = { ...f, status: 'open', firstFailedAt: f.failedAt, lastFailedAt: f.failedAt, failures: 1, opened: 1 };
    if (await transact([{ Put: { TableName: table.name, Item: { ...failureKey(f.id), entity: 'FailedDelivery', ...list, ...fresh }, ConditionExpression: 'attribute_not_exists(pk)' } }, count(1)])) {
      return { record: fresh, opened: true };
    }
    const update = (condition: string, opens: boolean) => ({
      Update: {
        TableName: table.name,
        Key: failureKey(f.id),
        UpdateExpression: `SET #status = :open, gsi1pk = :gpk, gsi1sk = :gsk, lastFailedAt = :at, reason = :reason, tries = :tries, targetArn = :target${f.payload !== undefined ? ', payload = :payload' : ''} ADD failures :one${opens ? ', opened :one' : ''} REMOVE expiresAt, resolvedAt`,
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: {
          ':open': 'open',
          ':gpk': LIST_PK,
          ':gsk': list.gsi1sk,
          ':at': f.failedAt,
          ':reason': f.reason,
          ':tries': f.tries,
          ':target': f.targetArn,
          ':one': 1,
          ':resolved': 'resolved',
          ...(f.payload !== undefined ? { ':payload': f.payload } : {}),
        },
      },
    });
    if (await transact([update('attribute_exists(pk) AND #status = :resolved', true), count(1)])) return { record: (await getFailure(f.id))!, opened: true };
    if (await transact([update('attribute_exists(pk) AND #status <> :resolved', false)])) return { record: (await getFailure(f.id))!, opened: false };
  }
  throw new Error(`Could not record the failed delivery ${f.id}: it kept changing under us`);
}

/** A run of the same event succeeded: resolved (off the list, −1 open). Nothing when there is no open failure of it. */
export async function resolveFailure(source: FailureSource, subject: string, now = new Date()): Promise<boolean> {
  const id = failureId(source, subject);
  return transact([
    {
      Update: {
        TableName: table.name,
        Key: failureKey(id),
        UpdateExpression: 'SET #status = :resolved, resolvedAt = :now, expiresAt = :ttl REMOVE gsi1pk, gsi1sk',
        ConditionExpression: 'attribute_exists(pk) AND #status <> :resolved',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':resolved': 'resolved', ':now': now.toISOString(), ':ttl': Math.floor(now.getTime() / 1000) + RESOLVED_TTL_S },
      },
    },
    count(-1),
  ]);
}

/**
 * Take an open failure for a redrive: `open` → `redriving`, one caller wins (two admins pressing
 * Retry send it once). Answers the record taken, or undefined when it is not open.
 */
export async function takeForRedrive(id: string, by: string, now = new Date()): Promise<FailureRecord | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: failureKey(id),
        UpdateExpression: 'SET #status = :redriving, redrivenAt = :now, redrivenBy = :by ADD redrives :one',
        ConditionExpression: 'attribute_exists(pk) AND #status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':redriving': 'redriving', ':open': 'open', ':now': now.toISOString(), ':by': by, ':one': 1 },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return clean<FailureRecord>(out.Attributes ?? {});
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return undefined;
    throw e;
  }
}

/** The redrive could not even be sent (the invoke was refused): open again. */
export async function releaseRedrive(id: string): Promise<void> {
  await ddb
    .send(
      new UpdateCommand({
        TableName: table.name,
        Key: failureKey(id),
        UpdateExpression: 'SET #status = :open',
        ConditionExpression: '#status = :redriving',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':open': 'open', ':redriving': 'redriving' },
      }),
    )
    .catch((e: Error) => {
      if (e.name !== 'ConditionalCheckFailedException') throw e;
    });
}

/** Mark the opening's alert email as being sent; false when it was (at most one email per opening). */
export async function takeAlert(id: string, opened: number): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: failureKey(id),
        UpdateExpression: 'SET alerted = :n',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(alerted) OR alerted < :n)',
        ExpressionAttributeValues: { ':n': opened },
      }),
    );
    return true;
  } catch (e) {
    if ((e as Error).name === 'ConditionalCheckFailedException') return false;
    throw e;
  }
}

/** The send failed: the mark is taken back so the retried message sends it. */
export async function releaseAlert(id: string, opened: number): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: failureKey(id),
      UpdateExpression: 'SET alerted = :prev',
      ConditionExpression: 'alerted = :n',
      ExpressionAttributeValues: { ':n': opened, ':prev': opened - 1 },
    }),
  ).catch((e: Error) => {
    if (e.name !== 'ConditionalCheckFailedException') throw e;
  });
}

export async function getFailure(id: string): Promise<FailureRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: failureKey(id), ConsistentRead: true }));
  return out.Item ? clean<FailureRecord>(out.Item) : undefined;
}

/** Open and redriving failures, newest failure first, one page. */
export async function pageFailures(r: { limit: number; cursor?: string }): Promise<PagedResult<FailureRecord>> {
  const out = await queryPage<Record<string, unknown>>({ sources: [gsi1Partition(LIST_PK)], ascending: false, limit: r.limit, cursor: r.cursor });
  return { ...out, items: out.items.map((i) => clean<FailureRecord>(i)) };
}

/** The open count, kept on write (consistent read). */
export async function countOpenFailures(): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: COUNTS_KEY, ConsistentRead: true }));
  return Number(out.Item?.open ?? 0);
}
