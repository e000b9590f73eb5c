/**
 * Robot health items (issue 25; docs/decisions/41-robot-health.md, docs/data-model.md):
 * - `ROBOT#<retailer>#<type>` / `HEALTH`: one per retailer and robot type, kept at ingest: the
 *   last file, the last good file (its columns and tracked columns' empty shares), the row counts
 *   of the recent good files, the admin's schedule (`cadenceDays`), the kinds of its open problems
 *   and, for the product robot, `delayed` (the brands' "data delayed since"). gsi1 `ROBOTS`, sk
 *   `<last file date>#<retailer>#<type>`: every robot, the stalest first.
 * - `ROBOTPROBLEM#<retailer>#<type>` / `<kind>`: an open problem (late, thin, broken, stuck), with
 *   `since`, its detail, its file, the last good file and when its alert and reminder went. gsi1
 *   `ROBOTPROBLEMS`, sk `<since>#<retailer>#<type>#<kind>`: the open problems, the oldest first.
 * - `ROBOTCHECK` / `LAST`: when the daily check last ran, and what it found.
 * Every change of a robot's problems is one transaction with its health item, conditioned on the
 * item's `rev` (`changeRobot`), so the problem list, the kinds on the item and `delayed` never
 * disagree, and two writers (an ingest and the daily check) cannot lose each other's change.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RobotProblemKind } from '../../shared/messages/robot-health';
import type { RobotType } from '../../shared/robot-columns';
import { ddb } from '../lib/clients/dynamodb';
import { gsi1Partition, queryPage } from '../lib/paged-query';
import { clean, isConditionFailed, queryAll, table } from '../lib/table';
import type { FileRef, RobotHealthState } from './domain/rules';

export interface RobotHealthItem extends RobotHealthState {
  retailer: string;
  retailerName: string;
  slug: string;
  type: RobotType;
  /** The robot's file name (its last file's). */
  robot: string;
  /** Days between two files, set by an admin (absent: the default). */
  cadenceDays?: number;
  /** The kinds of its open problems. */
  problems: RobotProblemKind[];
  /** Product robots: the data is delayed (a late or stuck problem is open) since that day. */
  delayed?: { since: string; kind: 'late' | 'stuck' };
  rev: number;
  updatedAt: string;
}

export interface RobotProblem {
  retailer: string;
  retailerName: string;
  slug: string;
  type: RobotType;
  robot: string;
  kind: RobotProblemKind;
  detail: string;
  since: string;
  file: FileRef | null;
  lastGoodFile: FileRef | null;
  openedAt: string;
  notifiedAt?: string;
  remindedAt?: string;
}

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

export const ROBOTS_PK = 'ROBOTS';
export const PROBLEMS_PK = 'ROBOTPROBLEMS';
export const healthKey = (retailer: string, type: RobotType) => ({ pk: `ROBOT#${retailer}#${type}`, sk: 'HEALTH' });
const problemPk = (retailer: string, type: RobotType) => `ROBOTPROBLEM#${retailer}#${type}`;
export const problemKey = (retailer: string, type: RobotType, kind: RobotProblemKind) => ({ pk: problemPk(retailer, type), sk: kind });
const CHECK_KEY = { pk: 'ROBOTCHECK', sk: 'LAST' };
/** A problem's id in the API: retailer, type and kind (ids are URL-safe, `~` is not in them). */
export const problemId = (p: Pick<RobotProblem, 'retailer' | 'type' | 'kind'>) => `${p.retailer}~${p.type}~${p.kind}`;

const HEALTH_FIELDS = ['retailer', 'retailerName', 'slug', 'type', 'robot', 'lastFile', 'lastGoodFile', 'recentRowCounts', 'cadenceDays', 'problems', 'delayed', 'rev', 'updatedAt'] as const;

function toHealth(i: Record<string, unknown>): RobotHealthItem {
  const out: Record<string, unknown> = {};
  for (const f of HEALTH_FIELDS) if (i[f] !== undefined) out[f] = i[f];
  return { recentRowCounts: [], problems: [], rev: 0, ...out } as unknown as RobotHealthItem;
}

export async function getRobotHealth(retailer: string, type: RobotType): Promise<RobotHealthItem | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: healthKey(retailer, type), ConsistentRead: true }));
  return out.Item ? toHealth(out.Item) : undefined;
}

export async function listRobotProblemsOf(retailer: string, type: RobotType): Promise<RobotProblem[]> {
  const items = await queryAll<Record<string, unknown>>({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': problemPk(retailer, type) }, ConsistentRead: true });
  return items.map((i) => clean<RobotProblem>(i));
}

/** The stalest first (gsi1 ROBOTS); a page and a cursor. */
export async function pageRobots(r: { limit: number; cursor?: string }) {
  const out = await queryPage<Record<string, unknown>>({ sources: [gsi1Partition(ROBOTS_PK)], ascending: true, limit: r.limit, cursor: r.cursor });
  return { ...out, items: out.items.map(toHealth) };
}

/** The open problems, oldest first (gsi1 ROBOTPROBLEMS); a page and a cursor. */
export async function pageProblems(r: { limit: number; cursor?: string }) {
  const out = await queryPage<Record<string, unknown>>({ sources: [gsi1Partition(PROBLEMS_PK)], ascending: true, limit: r.limit, cursor: r.cursor });
  return { ...out, items: out.items.map((i) => clean<RobotProblem>(i)) };
}

/** Select COUNT over a gsi1 partition: at most 600 robots and 4 problems each (keys only, one or two pages). */
export async function countGsi1(pk: string): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(new QueryCommand({ TableName: table.name, IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pk }, Select: 'COUNT', ExclusiveStartKey }));
    count += out.Count ?? 0;
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}

/** Every robot (the daily check): 600 items at 200 retailers, read as whole pages of gsi1. */
export async function allRobots(): Promise<RobotHealthItem[]> {
  const items = await queryAll<Record<string, unknown>>({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': ROBOTS_PK } });
  return items.map(toHealth);
}

/** Every open problem (the daily check). */
export async function allProblems(): Promise<RobotProblem[]> {
  const items = await queryAll<Record<string, unknown>>({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': PROBLEMS_PK } });
  return items.map((i) => clean<RobotProblem>(i));
}

/** What a change of a robot does: its health item as it should be, problems to put (open or update) and kinds to close. */
export interface RobotChange {
  health: Omit<RobotHealthItem, 'rev' | 'updatedAt' | 'problems' | 'delayed'>;
  put: RobotProblem[];
  close: RobotProblemKind[];
}

/** The delay the brands see: the oldest open late or stuck problem of a product robot. */
function delayOf(type: RobotType, problems: readonly Pick<RobotProblem, 'kind' | 'since'>[]): RobotHealthItem['delayed'] {
  if (type !== 'product') return undefined;
  const held = problems.filter((p): p is Pick<RobotProblem, 'since'> & { kind: 'late' | 'stuck' } => p.kind === 'late' || p.kind === 'stuck').sort((a, b) => a.since.localeCompare(b.since));
  return held[0] ? { since: held[0].since, kind: held[0].kind } : undefined;
}

export interface ChangeOutcome {
  health: RobotHealthItem;
  opened: RobotProblem[];
  closed: RobotProblemKind[];
  /** The product robot's delay moved: the brands' retailer rows need a refresh. */
  delayChanged: boolean;
}

/**
 * Read a robot's health item and open problems, let `decide` say what changes (undefined: nothing),
 * and write it in one transaction conditioned on the item's `rev`; on a lost race, again.
 * A problem that stays open keeps its `openedAt` and alert marks, and a thin or broken one its `since`.
 */
export async function changeRobot(retailer: string, type: RobotType, decide: (current: RobotHealthItem | undefined, open: RobotProblem[]) => RobotChange | undefined, now = new Date()): Promise<ChangeOutcome | undefined> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const [current, open] = await Promise.all([getRobotHealth(retailer, type), listRobotProblemsOf(retailer, type)]);
    const change = decide(current, open);
    if (!change) return undefined;
    const byKind = new Map(open.map((p) => [p.kind, p]));
    const put = change.put.map((p) => {
      const was = byKind.get(p.kind);
      // thin and broken stay dated by their first bad file; late and stuck say their own day (the expected day, the held file's arrival).
      return was ? { ...p, since: p.kind === 'thin' || p.kind === 'broken' ? was.since : p.since, openedAt: was.openedAt, ...(was.notifiedAt ? { notifiedAt: was.notifiedAt } : {}), ...(was.remindedAt ? { remindedAt: was.remindedAt } : {}) } : p;
    });
    const closing = change.close.filter((k) => byKind.has(k) && !put.some((p) => p.kind === k));
    const after = new Map(byKind);
    for (const k of closing) after.delete(k);
    for (const p of put) after.set(p.kind, p);
    const problems = [...after.keys()].sort();
    const delayed = delayOf(type, [...after.values()]);
    const rev = (current?.rev ?? 0) + 1;
    const health: RobotHealthItem = { ...change.health, problems, ...(delayed ? { delayed } : {}), rev, updatedAt: now.toISOString() };
    const items: TransactItem[] = [
      {
        Put: {
          TableName: table.name,
          Item: { ...healthKey(retailer, type), entity: 'RobotHealth', gsi1pk: ROBOTS_PK, gsi1sk: `${health.lastFile?.date ?? '0000-00-00'}#${retailer}#${type}`, ...health },
          ConditionExpression: current ? 'rev = :rev' : 'attribute_not_exists(pk)',
          ...(current ? { ExpressionAttributeValues: { ':rev': current.rev } } : {}),
        },
      },
      ...put.map((p) => ({ Put: { TableName: table.name, Item: { ...problemKey(retailer, type, p.kind), entity: 'RobotProblem', gsi1pk: PROBLEMS_PK, gsi1sk: `${p.since}#${retailer}#${type}#${p.kind}`, ...p } } })),
      ...closing.map((k) => ({ Delete: { TableName: table.name, Key: problemKey(retailer, type, k) } })),
    ];
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
    } catch (e) {
      if (!isConditionFailed(e) && !(e instanceof Error && e.name === 'TransactionCanceledException')) throw e;
      await new Promise((r) => setTimeout(r, Math.random() * Math.min(200, 5 * 2 ** attempt)));
      continue;
    }
    const before = current?.delayed;
    return {
      health,
      opened: put.filter((p) => !byKind.has(p.kind)),
      closed: closing,
      delayChanged: before?.since !== delayed?.since || before?.kind !== delayed?.kind,
    };
  }
  throw new Error(`The health of robot ${type} of retailer ${retailer} kept changing while it was written.`);
}

/** The admin's schedule of a robot (null: the default), on its health item. */
export async function setCadence(retailer: string, type: RobotType, cadenceDays: number | null, now = new Date()): Promise<RobotHealthItem | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: healthKey(retailer, type),
        UpdateExpression: cadenceDays === null ? 'REMOVE cadenceDays SET updatedAt = :now ADD rev :one' : 'SET cadenceDays = :d, updatedAt = :now ADD rev :one',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ':one': 1, ...(cadenceDays === null ? {} : { ':d': cadenceDays }) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? toHealth(out.Attributes) : undefined;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}

/**
 * Claim a problem's alert (`notifiedAt` set only when unset) or its reminder of `day` (only when
 * `remindedAt` is still what the check read): true for the one caller that may send it.
 */
export async function claimAlert(p: RobotProblem, mark: 'notifiedAt' | 'remindedAt', now: Date): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: problemKey(p.retailer, p.type, p.kind),
        UpdateExpression: `SET ${mark} = :now`,
        ConditionExpression:
          mark === 'notifiedAt' ? 'attribute_exists(pk) AND attribute_not_exists(notifiedAt)' : p.remindedAt ? 'attribute_exists(pk) AND remindedAt = :was' : 'attribute_exists(pk) AND attribute_not_exists(remindedAt)',
        ExpressionAttributeValues: { ':now': now.toISOString(), ...(mark === 'remindedAt' && p.remindedAt ? { ':was': p.remindedAt } : {}) },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** A send that failed gives its claim back (the next run sends it). */
export async function releaseAlert(p: RobotProblem, mark: 'notifiedAt' | 'remindedAt'): Promise<void> {
  const was = mark === 'remindedAt' ? p.remindedAt : undefined;
  await ddb
    .send(
      new UpdateCommand({
        TableName: table.name,
        Key: problemKey(p.retailer, p.type, p.kind),
        UpdateExpression: was ? `SET ${mark} = :was` : `REMOVE ${mark}`,
        ConditionExpression: 'attribute_exists(pk)',
        ...(was ? { ExpressionAttributeValues: { ':was': was } } : {}),
      }),
    )
    .catch((e: unknown) => {
      if (!isConditionFailed(e)) throw e;
    });
}

export interface CheckRecord {
  at: string;
  day: string;
  robots: number;
  open: number;
  opened: number;
  closed: number;
  alerts: number;
  reminders: number;
}

export async function putLastCheck(r: CheckRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...CHECK_KEY, entity: 'RobotCheck', ...r } }));
}

export async function getLastCheck(): Promise<CheckRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: CHECK_KEY, ConsistentRead: true }));
  return out.Item ? clean<CheckRecord>(out.Item) : undefined;
}

/** A deleted retailer's robots: their items and problems (three types, a few items each). */
export async function forgetRobotsOf(retailer: string): Promise<void> {
  for (const type of ['product', 'homepage', 'brand'] as const) await deleteRobot(retailer, type);
}

/** Forget a robot (its item and problems). */
export async function deleteRobot(retailer: string, type: RobotType): Promise<void> {
  for (const p of await listRobotProblemsOf(retailer, type)) await ddb.send(new DeleteCommand({ TableName: table.name, Key: problemKey(retailer, type, p.kind) }));
  await ddb.send(new DeleteCommand({ TableName: table.name, Key: healthKey(retailer, type) }));
}
