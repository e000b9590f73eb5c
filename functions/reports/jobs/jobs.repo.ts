/**
 * What the scheduled report jobs keep in the table (README "Data model"; docs/reports.md
 * "Scheduled reports"):
 * - the run record of a brand's run:       pk JOBRUN#<job>#<period>, sk BRAND#<brand> (TTL 400 days)
 * - the sent marker of one recipient:      pk JOBSENT#<job>#<period>#<brand>, sk USER#<userId> (TTL 60 days)
 * - the brand's activity log (read only):  pk ACTIVITY#<brand>, sk <ISO time>#… (functions/scrapings/activity.ts)
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lib/clients/dynamodb';
import { clean, isConditionFailed, queryAll, queryPages, table } from '../../lib/table';
import { activityPk, type Activity } from '../../scrapings';
import type { ReportJob } from '../domain/job-periods';

const DAY_S = 24 * 3600;
const RUN_TTL_DAYS = 400;
const SENT_TTL_DAYS = 60;
/** A recipient claimed longer ago than this without being marked sent was a run that died mid-send (Lambda's longest run is 15 minutes). */
export const STALE_CLAIM_MS = 15 * 60 * 1000;

const epoch = (ms: number) => Math.floor(ms / 1000);

export type RunStatus = 'running' | 'done' | 'failed';
export interface JobRun {
  job: ReportJob;
  period: string;
  brand: string;
  status: RunStatus;
  attempts: number;
  startedAt: string;
  updatedAt: string;
  finishedAt?: string;
  /** Recipients of the brand for this job, sent now, sent by an earlier attempt, and failed. */
  recipients?: number;
  sent?: number;
  alreadySent?: number;
  failed?: number;
  error?: string;
}

const runKey = (job: ReportJob, period: string, brand: string) => ({ pk: `JOBRUN#${job}#${period}`, sk: `BRAND#${brand}` });

/** UpdateItem JOBRUN#job#period / BRAND#b: an attempt starts (attempts + 1, status running, the last error kept until it ends). */
export async function startRun(job: ReportJob, period: string, brand: string, now = new Date()): Promise<JobRun> {
  const out = await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: runKey(job, period, brand),
      UpdateExpression: 'SET entity = :e, job = :job, period = :period, brand = :brand, #s = :running, startedAt = if_not_exists(startedAt, :now), updatedAt = :now, #ttl = :ttl ADD attempts :one',
      ExpressionAttributeNames: { '#s': 'status', '#ttl': table.ttl },
      ExpressionAttributeValues: { ':e': 'JobRun', ':job': job, ':period': period, ':brand': brand, ':running': 'running', ':now': now.toISOString(), ':ttl': epoch(now.getTime()) + RUN_TTL_DAYS * DAY_S, ':one': 1 },
      ReturnValues: 'ALL_NEW',
    }),
  );
  return clean<JobRun>(out.Attributes ?? {});
}

/** UpdateItem of the run record: the attempt ended (done, or failed with its error). */
export async function endRun(job: ReportJob, period: string, brand: string, r: { status: 'done' | 'failed'; recipients?: number; sent?: number; alreadySent?: number; failed?: number; error?: string }, now = new Date()): Promise<void> {
  const sets = ['entity = :e', 'job = :job', 'period = :period', 'brand = :brand', '#s = :s', 'updatedAt = :now', 'finishedAt = :now', 'startedAt = if_not_exists(startedAt, :now)', '#ttl = :ttl'];
  const values: Record<string, unknown> = { ':e': 'JobRun', ':job': job, ':period': period, ':brand': brand, ':s': r.status, ':now': now.toISOString(), ':ttl': epoch(now.getTime()) + RUN_TTL_DAYS * DAY_S };
  for (const k of ['recipients', 'sent', 'alreadySent', 'failed'] as const) {
    if (r[k] !== undefined) {
      sets.push(`${k} = :${k}`);
      values[`:${k}`] = r[k];
    }
  }
  if (r.error !== undefined) {
    sets.push('#err = :err');
    values[':err'] = r.error.slice(0, 1000);
  }
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: runKey(job, period, brand),
      UpdateExpression: `SET ${sets.join(', ')}${r.error === undefined ? ' REMOVE #err' : ''}`,
      ExpressionAttributeNames: { '#s': 'status', '#ttl': table.ttl, '#err': 'error' },
      ExpressionAttributeValues: values,
    }),
  );
}

/** GetItem JOBRUN#job#period / BRAND#b (consistent). */
export async function getRun(job: ReportJob, period: string, brand: string): Promise<JobRun | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: runKey(job, period, brand), ConsistentRead: true }));
  return out.Item ? clean<JobRun>(out.Item) : undefined;
}

/** Query pk JOBRUN#job#period: every brand's run of one period (what `npm run job` prints). */
export async function listRuns(job: ReportJob, period: string): Promise<JobRun[]> {
  const items = await queryAll<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `JOBRUN#${job}#${period}` }, ConsistentRead: true });
  return items.map((i) => clean<JobRun>(i));
}

const sentKey = (job: ReportJob, period: string, brand: string, userId: string) => ({ pk: `JOBSENT#${job}#${period}#${brand}`, sk: `USER#${userId}` });

/**
 * PutItem of a recipient's sent marker, status `sending`, only if there is none, or the one there
 * failed, or was claimed by a run that died before marking it (older than STALE_CLAIM_MS). False:
 * it was sent already (or is being sent right now): send nothing.
 */
export async function claimRecipient(job: ReportJob, period: string, brand: string, userId: string, email: string, now = new Date()): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...sentKey(job, period, brand, userId), entity: 'JobSent', job, period, brand, userId, email, status: 'sending', claimedAt: now.toISOString(), [table.ttl]: epoch(now.getTime()) + SENT_TTL_DAYS * DAY_S },
        ConditionExpression: 'attribute_not_exists(pk) OR #s = :failed OR (#s = :sending AND claimedAt < :stale)',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':failed': 'failed', ':sending': 'sending', ':stale': new Date(now.getTime() - STALE_CLAIM_MS).toISOString() },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** UpdateItem of the marker: sent (with the SES message id), or failed (a later attempt sends it). */
export async function markRecipient(job: ReportJob, period: string, brand: string, userId: string, r: { status: 'sent'; messageId?: string } | { status: 'failed'; error: string }, now = new Date()): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: sentKey(job, period, brand, userId),
      UpdateExpression: r.status === 'sent' ? 'SET #s = :s, sentAt = :now, messageId = :m REMOVE #err' : 'SET #s = :s, #err = :err',
      ExpressionAttributeNames: { '#s': 'status', '#err': 'error' },
      ExpressionAttributeValues: r.status === 'sent' ? { ':s': 'sent', ':now': now.toISOString(), ':m': r.messageId ?? '' } : { ':s': 'failed', ':err': r.error.slice(0, 500) },
    }),
  );
}

/** Query pk ACTIVITY#b, sk BETWEEN from AND to: the brand's events of a window, oldest first, a DynamoDB page at a time. */
export async function* brandActivity(brand: string, from: string, to: string): AsyncGenerator<Activity[]> {
  for await (const page of queryPages<Record<string, unknown>>({
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: { ':pk': activityPk(brand), ':from': from, ':to': to },
  })) {
    yield page.map((i) => {
      // eslint-disable-next-line @typescript-eslint/no-unused-vars
      const { expiresAt, ...rest } = clean<Activity & { expiresAt?: number }>(i);
      return rest as Activity;
    });
  }
}

/** Query gsi1 pk=BRANDS, projected to the ids: every brand a job fans out to. */
export async function listBrandIds(): Promise<string[]> {
  const items = await queryAll<{ _id: string }>({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'BRANDS' }, ProjectionExpression: '#id', ExpressionAttributeNames: { '#id': '_id' } });
  return items.map((i) => i._id);
}
