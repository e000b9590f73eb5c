import { settleDecidedFile, type FileHealthFacts } from '../robot-health';
import { refreshRetailerRows } from '../scrapings';
import { BatchGetCommand, GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { FLAG_LEVELS, type ApprovedStatus, type FlagLevel } from '../../shared/constants';
import { ROBOT_TYPES, type RobotType } from '../../shared/robot-columns';
import { ddb } from '../lib/clients/dynamodb';
import { queryPage, type PagedResult, type PagedSource } from '../lib/paged-query';
import { clean, failedConditions, isConditionFailed, queryAll, queryCount, queryPages, table, transactIf, updateParts } from '../lib/table';
import {
  allFilesSortKey,
  allScope,
  dateSortKey,
  nameScope,
  nameSortKey,
  positionDeltas,
  retailerScope,
  retailerTag,
  positionStart,
  statusFlagScope,
  type PositionedFile,
  type PositionStart,
  type PositionSource,
} from './positions';

export type { ApprovedStatus, FlagLevel };
/** A robot file's type: the robot types of shared/robot-columns.ts. */
export type FileType = RobotType;

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
  /** What robot health reads of the file (issue 25): its columns, its tracked columns' empty shares, the parser's refusal code. */
  health?: FileHealthFacts;
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
  /** The robot's health item took the file (robot health, issue 25). */
  robotHealth?: boolean;
}

type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

const fileKey = (id: string) => ({ pk: `FILE#${id}`, sk: 'FILE' });
/** The post-office partition of a file: its status and flag (gsi3). */
const statusFlagPk = (status: ApprovedStatus, flag: FlagLevel) => `FILES#${status}#${flag}`;
/** The partition of a file in the name / type sorts: its status, flag and type (gsi4). */
const statusFlagTypePk = (status: ApprovedStatus, flag: FlagLevel, type: FileType) => `${statusFlagPk(status, flag)}#${type}`;
// A file's place in the name / type sorts (`nameSortKey`, positions.ts): the retailer name
// (case-insensitive), then newest first within a name when ascending (the order the list had
// when it sorted in memory).

function item(f: FileRecord) {
  return {
    ...fileKey(f._id),
    entity: 'File',
    gsi1pk: 'FILES',
    gsi1sk: allFilesSortKey(f),
    gsi2pk: `RFILES#${f.retailer}#${f.type}`,
    gsi2sk: dateSortKey(f),
    gsi3pk: statusFlagPk(f.approvedStatus, f.flag),
    gsi3sk: dateSortKey(f),
    gsi4pk: statusFlagTypePk(f.approvedStatus, f.flag, f.type),
    gsi4sk: nameSortKey(f),
    /** For the file-name search (case-insensitive `contains`). */
    fileNameLower: f.fileName.toLowerCase(),
    ...f,
  };
}

// ── Counts kept on write: files per status and flag ───────────────────────────

const COUNTS_KEY = { pk: 'COUNTS#FILES', sk: 'COUNTS' };
const countName = (status: ApprovedStatus, flag: FlagLevel) => `${status}_${flag}`;
export type FileCounts = Record<ApprovedStatus, Record<FlagLevel, number>>;

/** Transaction entry: UpdateItem COUNTS#FILES, ADD +1 to (status, flag) and, when moving, -1 to (from, flag) */
function countItem(flag: FlagLevel, to: ApprovedStatus, from?: ApprovedStatus): TransactItem {
  const names: Record<string, string> = { '#to': countName(to, flag) };
  const values: Record<string, number> = { ':one': 1 };
  let expr = 'ADD #to :one';
  if (from) {
    names['#from'] = countName(from, flag);
    values[':minus'] = -1;
    expr += ', #from :minus';
  }
  return { Update: { TableName: table.name, Key: COUNTS_KEY, UpdateExpression: expr, ExpressionAttributeNames: names, ExpressionAttributeValues: values } };
}

/** Transaction entry: UpdateItem COUNTS#FILES, ADD −1 to (status, flag): a file record deleted */
function uncountItem(flag: FlagLevel, status: ApprovedStatus): TransactItem {
  return { Update: { TableName: table.name, Key: COUNTS_KEY, UpdateExpression: 'ADD #s :minus', ExpressionAttributeNames: { '#s': countName(status, flag) }, ExpressionAttributeValues: { ':minus': -1 } } };
}

// ── Positions kept on write: a page by number reads one page (positions.ts) ──────

/** FPOS#<scope> / '#': counts per coarse bucket; FPOS#<scope> / C#<coarse>: counts per fine bucket of it. */
const positionKey = (scope: string, coarse: string) => ({ pk: `FPOS#${scope}`, sk: coarse ? `C#${coarse}` : '#' });

/**
 * Transaction entries: UpdateItem FPOS#<scope> ADD the counters of the file's place in each list
 * partition (+1 for `after`, −1 for `before`; one entry per item). ADD commutes, so writers in any
 * order leave the same counts; each write that calls this is conditional on the file's state, so
 * a retried event or a lost race changes no counter (the whole transaction is cancelled).
 */
export function positionItems(before: PositionedFile | undefined, after: PositionedFile | undefined): TransactItem[] {
  return positionDeltas(before, after).map(({ scope, coarse, adds }) => {
    const attrs = Object.entries(adds);
    return {
      Update: {
        TableName: table.name,
        Key: positionKey(scope, coarse),
        UpdateExpression: `SET entity = :e ADD ${attrs.map((_, i) => `#a${i} :v${i}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(attrs.map(([a], i) => [`#a${i}`, a])),
        ExpressionAttributeValues: { ':e': 'FilePositions', ...Object.fromEntries(attrs.map(([, n], i) => [`:v${i}`, n])) },
      },
    };
  });
}

/** BatchGetItem of position items (consistent reads are not offered by BatchGet: eventually consistent, like the list's GSI reads). */
async function getPositionItems(keys: { scope: string; coarse: string }[]): Promise<Map<string, Record<string, unknown>>> {
  const got = new Map<string, Record<string, unknown>>();
  const unique = [...new Map(keys.map((k) => [`${k.scope}\n${k.coarse}`, positionKey(k.scope, k.coarse)])).values()];
  for (let i = 0; i < unique.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[] }> | undefined = { [table.name]: { Keys: unique.slice(i, i + 100) } };
    while (request && Object.keys(request).length) {
      const out = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const it of out.Responses?.[table.name] ?? []) got.set(`${String(it.pk)}\n${String(it.sk)}`, it);
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return got;
}
const positionId = (scope: string, coarse: string) => {
  const k = positionKey(scope, coarse);
  return `${k.pk}\n${k.sk}`;
};

/**
 * The start of the page whose first item is at `offset` (positions.ts `positionStart`): BatchGet
 * the totals of the list's scopes (one item each), then BatchGet the fine items of the coarse
 * bucket found (one per scope of it). Undefined: pass over the earlier items instead.
 */
export async function findPositionStart(sources: readonly PositionSource[], ascending: boolean, offset: number, expectedTotal: number): Promise<PositionStart | undefined> {
  return positionStart(sources, ascending, offset, expectedTotal, async (keys) => {
    const got = await getPositionItems(keys);
    return (scope, coarse) => got.get(positionId(scope, coarse));
  });
}

/** The position sources of the post-office list without a retailer (the partitions its page reads, in the same order). */
export function listPositionSources(pairs: [ApprovedStatus, FlagLevel][], sort: 'date' | 'name' | 'type', filtered: boolean): PositionSource[] {
  if (sort !== 'date') return pairs.flatMap(([s, f]) => FILE_TYPES_ORDER.map((t) => ({ scope: nameScope(s, f, t), kind: 'name' as const, tags: [''], mergePrefix: sort === 'type' ? `${t}#` : '' })));
  if (!filtered) return [{ scope: allScope(), kind: 'all', tags: [''], mergePrefix: '' }];
  return pairs.map(([s, f]) => ({ scope: statusFlagScope(s, f), kind: 'date' as const, tags: [''], mergePrefix: '' }));
}

/** The position sources of a retailer's partitions (`RFILES#<key>#<type>`), the list's (status, flag) pairs as tags. */
export function retailerPositionSources(partitions: string[], pairs: [ApprovedStatus, FlagLevel][], sort: 'date' | 'name' | 'type'): PositionSource[] {
  return partitions.map((p) => ({ scope: retailerScope(p), kind: 'date' as const, tags: pairs.map(([s, f]) => retailerTag(s, f)), mergePrefix: sort === 'type' ? `${p.slice(p.lastIndexOf('#') + 1)}#` : '' }));
}

/** GetItem COUNTS#FILES (consistent): files per status and flag, kept by the writes that create or move a file */
export async function getFileCounts(): Promise<FileCounts> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: COUNTS_KEY, ConsistentRead: true }));
  const n = (s: ApprovedStatus, f: FlagLevel) => Number(out.Item?.[countName(s, f)] ?? 0);
  const row = (s: ApprovedStatus) => ({ require_review: n(s, 'require_review'), caution: n(s, 'caution'), unflagged: n(s, 'unflagged') });
  return { pending: row('pending'), approved: row('approved'), rejected: row('rejected') };
}

/**
 * TransactWriteItems: PutItem FILE#id only if absent + the count of its status and flag (+ a
 * pending product file in its retailer's waiting scans): the same S3 event twice makes one File
 * and counts it once. Returns false on a duplicate.
 */
export async function createFileOnce(f: FileRecord): Promise<boolean> {
  const done = await createFileOnceWritten(f);
  // The brand dashboard's rows of the retailer (scrapings/brand-rows.repo.ts): also on a repeat
  // (done false), which may be a retry of a call stopped before its refresh.
  if (f.approvedStatus === 'pending' && becomesScan(f)) await refreshRetailerRows(f.retailer);
  return done;
}

async function createFileOnceWritten(f: FileRecord): Promise<boolean> {
  return transactIf([
    { Put: { TableName: table.name, Item: item(f), ConditionExpression: 'attribute_not_exists(pk)' } },
    countItem(f.flag, f.approvedStatus),
    ...(f.approvedStatus === 'pending' && becomesScan(f) ? [pendingScanItem(f, 'ADD')] : []),
    ...positionItems(undefined, f),
  ]);
}

// ── Scans waiting in the post office, per retailer (kept on write) ────────────

/**
 * PENDINGSCANS#<retailer> / PENDINGSCANS: `files`, a string set of `<date>#<fileId>`, one per
 * product file of the retailer that is pending; ADDed in the transaction that creates the file,
 * DELETEd in the one that approves or rejects it. What the brand dashboard says instead of a
 * next-scan date in the past ("a newer scan is in review"), read with the retailers, never by
 * listing files.
 */
const pendingScansKey = (retailer: string) => ({ pk: `PENDINGSCANS#${retailer}`, sk: 'PENDINGSCANS' });

/** A product file that approving would make a scan period: readable and of a known retailer (an unreadable file never can). */
const becomesScan = (f: Pick<FileRecord, 'type' | 'error' | 'retailer'>): boolean => f.type === 'product' && !f.error && !f.retailer.startsWith('oh:');

/** Transaction entry: UpdateItem PENDINGSCANS#<retailer>, ADD or DELETE `<date>#<fileId>` in `files` (a DELETE of a missing element changes nothing) */
function pendingScanItem(f: Pick<FileRecord, '_id' | 'retailer' | 'date'>, op: 'ADD' | 'DELETE'): TransactItem {
  return {
    Update: {
      TableName: table.name,
      Key: pendingScansKey(f.retailer),
      UpdateExpression: `SET entity = :e, retailer = :r ${op} files :f`,
      ExpressionAttributeValues: { ':e': 'PendingScans', ':r': f.retailer, ':f': new Set([`${f.date}#${f._id}`]) },
    },
  };
}

/**
 * BatchGetItem PENDINGSCANS#<retailer> (100 keys a request): the scan date of each retailer's
 * newest product file still pending in the post office (retailers with none are absent).
 */
export async function getNewestPendingScans(retailers: readonly string[]): Promise<Map<string, string>> {
  const newest = new Map<string, string>();
  const ids = [...new Set(retailers)];
  for (let i = 0; i < ids.length; i += 100) {
    let request: Record<string, { Keys: Record<string, unknown>[]; ProjectionExpression: string }> | undefined = {
      [table.name]: { Keys: ids.slice(i, i + 100).map(pendingScansKey), ProjectionExpression: 'retailer, files' },
    };
    while (request && Object.keys(request).length) {
      const out = await ddb.send(new BatchGetCommand({ RequestItems: request }));
      for (const it of out.Responses?.[table.name] ?? []) {
        const dates = [...((it.files as Set<string> | undefined) ?? [])].map((e) => e.slice(0, e.indexOf('#')));
        if (dates.length) newest.set(String(it.retailer), dates.reduce((a, b) => (b > a ? b : a)));
      }
      request = out.UnprocessedKeys as typeof request;
    }
  }
  return newest;
}

/**
 * Backfill of the waiting scans for files ingested before they were kept: each pending product
 * file (Query gsi3 FILES#pending#<flag>) is ADDed, in a transaction with a ConditionCheck that it
 * is still pending (so a file approved meanwhile is not added back). Idempotent. Returns the
 * number of files added.
 */
export async function backfillPendingScans(): Promise<number> {
  let added = 0;
  for (const flag of FLAG_LEVELS) {
    const pending = await queryAll<FileRecord>({
      IndexName: table.gsi3,
      KeyConditionExpression: 'gsi3pk = :pk',
      ExpressionAttributeValues: { ':pk': statusFlagPk('pending', flag) },
    });
    for (const f of pending.filter(becomesScan)) {
      try {
        await ddb.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                ConditionCheck: {
                  TableName: table.name,
                  Key: fileKey(f._id),
                  ConditionExpression: '#status = :pending',
                  ExpressionAttributeNames: { '#status': 'approvedStatus' },
                  ExpressionAttributeValues: { ':pending': 'pending' },
                },
              },
              pendingScanItem(f, 'ADD'),
            ],
          }),
        );
        added++;
      } catch (e) {
        if (!failedConditions(e)?.length) throw e;
      }
    }
  }
  return added;
}

// ── The post-office list: key conditions and cursors ─────────────────────────

export interface FilePageRequest {
  ascending: boolean;
  limit: number;
  cursor?: string;
  skip?: number;
  /** Without a cursor: where each partition starts (a page by number located by the positions: findPositionStart). */
  starts?: PositionStart['starts'];
  /** A search in the file name (no index can answer it: a filter expression, read budget bounded). */
  fileNameContains?: string;
  /** Status / flag, as a filter expression (only with the retailer's partitions). */
  status?: ApprovedStatus;
  flag?: FlagLevel;
}
export type FilePage = PagedResult<FileRecord>;

const FILE_NAME_BUDGET = 1000;
const FILES_KEYS = ['pk', 'sk'] as const;

function fileFilter(r: FilePageRequest) {
  const terms = [
    r.fileNameContains ? { expr: 'contains(#lfn, :fn)', name: ['#lfn', 'fileNameLower'], value: [':fn', r.fileNameContains.toLowerCase()] } : undefined,
    r.status ? { expr: '#st = :st', name: ['#st', 'approvedStatus'], value: [':st', r.status] } : undefined,
    r.flag ? { expr: '#fl = :fl', name: ['#fl', 'flag'], value: [':fl', r.flag] } : undefined,
  ].filter((x) => x !== undefined);
  if (!terms.length) return undefined;
  return {
    expression: terms.map((x) => x.expr).join(' AND '),
    names: Object.fromEntries(terms.map((x) => x.name)) as Record<string, string>,
    values: Object.fromEntries(terms.map((x) => x.value)) as Record<string, unknown>,
  };
}

async function pageOf(sources: PagedSource[], r: FilePageRequest, orderKey?: (item: Record<string, unknown>) => string): Promise<FilePage> {
  const filter = fileFilter(r);
  const out = await queryPage<Record<string, unknown>>({ sources, ascending: r.ascending, limit: r.limit, cursor: r.cursor, skip: r.skip, starts: r.starts, filter, orderKey, evaluateBudget: r.fileNameContains ? FILE_NAME_BUDGET : undefined });
  return { ...out, items: out.items.map((i) => clean<FileRecord>(i)) };
}

const gsi3Source = (status: ApprovedStatus, flag: FlagLevel): PagedSource => ({
  IndexName: table.gsi3,
  partitionKey: 'gsi3pk',
  sortKey: 'gsi3sk',
  keyAttributes: [...FILES_KEYS, 'gsi3pk', 'gsi3sk'],
  KeyConditionExpression: 'gsi3pk = :pk',
  ExpressionAttributeValues: { ':pk': statusFlagPk(status, flag) },
});

/** The file types, in the order of the type sort. */
export const FILE_TYPES_ORDER = ['brand', 'homepage', 'product'] as const satisfies readonly FileType[];

const gsi4Source = (status: ApprovedStatus, flag: FlagLevel, type: FileType): PagedSource => ({
  IndexName: table.gsi4,
  partitionKey: 'gsi4pk',
  sortKey: 'gsi4sk',
  keyAttributes: [...FILES_KEYS, 'gsi4pk', 'gsi4sk'],
  KeyConditionExpression: 'gsi4pk = :pk',
  ExpressionAttributeValues: { ':pk': statusFlagTypePk(status, flag, type) },
});

/**
 * Query gsi4 pk=FILES#<status>#<flag>#<type> by retailer name, one partition per (status, flag,
 * type), merged by name (sort 'name') or by type then name (sort 'type'): the post-office list
 * sorted by name or type, a page at a time whatever the number of files (one page, cursor).
 */
export async function pageFilesByName(pairs: [ApprovedStatus, FlagLevel][], sort: 'name' | 'type', r: FilePageRequest): Promise<FilePage> {
  const sources = pairs.flatMap(([s, f]) => FILE_TYPES_ORDER.map((t) => gsi4Source(s, f, t)));
  return pageOf(sources, r, sort === 'type' ? (i) => `${String(i.type)}#${String(i.gsi4sk)}` : undefined);
}

/** Query gsi1 pk=FILES by date (one page, cursor): the post-office list without a status or flag filter */
export async function pageAllFiles(r: FilePageRequest): Promise<FilePage> {
  return pageOf([{ IndexName: table.gsi1, partitionKey: 'gsi1pk', sortKey: 'gsi1sk', keyAttributes: [...FILES_KEYS, 'gsi1pk', 'gsi1sk'], KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'FILES' } }], r);
}

/** Query gsi3 pk=FILES#<status>#<flag> by date, one partition per (status, flag) pair, merged (one page, cursor) */
export async function pageFilesByStatusFlag(pairs: [ApprovedStatus, FlagLevel][], r: FilePageRequest): Promise<FilePage> {
  return pageOf(pairs.map(([s, f]) => gsi3Source(s, f)), r);
}

const retailerSource = (partition: string): PagedSource => ({
  IndexName: table.gsi2,
  partitionKey: 'gsi2pk',
  sortKey: 'gsi2sk',
  keyAttributes: [...FILES_KEYS, 'gsi2pk', 'gsi2sk'],
  KeyConditionExpression: 'gsi2pk = :pk',
  ExpressionAttributeValues: { ':pk': partition },
});

/** The gsi2 partitions holding the files of a retailer folder: its id's and (unknown retailer, on-hand feed) its slug's, per type */
export function retailerFilePartitions(retailerKeys: string[]): string[] {
  return [...new Set(retailerKeys.flatMap((k) => ROBOT_TYPES.map((t) => `RFILES#${k}#${t}`)))];
}

/** Query gsi2 pk=RFILES#<retailer>#<type> by date, merged over the retailer's partitions (one page, cursor; status, flag, name as filters) */
export async function pageRetailerFiles(partitions: string[], r: FilePageRequest, sort: 'date' | 'name' | 'type' = 'date'): Promise<FilePage> {
  // One retailer's partitions are per type: the type sort merges on type, then date.
  return pageOf(partitions.map(retailerSource), r, sort === 'type' ? (i) => `${String(i.type)}#${String(i.gsi2sk)}` : undefined);
}

/** Query gsi2 pk=RFILES#<retailer>#<type>, Select COUNT with the filters: the total of a retailer filter (bounded by one retailer's files) */
export async function countRetailerFiles(partitions: string[], r: Omit<FilePageRequest, 'ascending' | 'limit'>): Promise<number> {
  const filter = fileFilter({ ...r, ascending: true, limit: 1 });
  const counts = await Promise.all(
    partitions.map((p) =>
      queryCount({
        IndexName: table.gsi2,
        KeyConditionExpression: 'gsi2pk = :pk',
        ExpressionAttributeValues: { ':pk': p, ...filter?.values },
        ...(filter ? { FilterExpression: filter.expression, ExpressionAttributeNames: filter.names } : {}),
      }),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * Query gsi2 pk=RFILES#<retailer>#<type> (projection: the flag; status as a filter): the files of a
 * retailer filter per flag level, for the post-office counters (bounded by one retailer's files).
 */
export async function countRetailerFilesByFlag(partitions: string[], status: ApprovedStatus | undefined): Promise<Record<FlagLevel, number>> {
  const counts: Record<FlagLevel, number> = { require_review: 0, caution: 0, unflagged: 0 };
  await Promise.all(
    partitions.map(async (p) => {
      for await (const page of queryPages<{ flag: FlagLevel }>({
        IndexName: table.gsi2,
        KeyConditionExpression: 'gsi2pk = :pk',
        ProjectionExpression: '#fl',
        ExpressionAttributeNames: { '#fl': 'flag', ...(status ? { '#st': 'approvedStatus' } : {}) },
        ExpressionAttributeValues: { ':pk': p, ...(status ? { ':st': status } : {}) },
        ...(status ? { FilterExpression: '#st = :st' } : {}),
      })) {
        for (const f of page) if (f.flag in counts) counts[f.flag]++;
      }
    }),
  );
  return counts;
}

/** GetItem pk=FILE#id */
export async function getFile(id: string): Promise<FileRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: fileKey(id), ConsistentRead: true }));
  return out.Item ? clean<FileRecord>(out.Item) : undefined;
}

/**
 * Query gsi1 pk=FILES a page at a time; UpdateItem FILE#id SET gsi4pk, gsi4sk where absent
 * (files written before gsi4 existed). Conditional on the keys being absent, so a run beside live
 * writes (which set them) or a second run changes nothing. Returns how many files it set.
 */
export async function backfillFileSortKeys(): Promise<number> {
  let set = 0;
  for await (const page of queryPages<Record<string, unknown>>({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'FILES' } })) {
    for (const i of page) {
      if (i.gsi4pk) continue;
      const f = clean<FileRecord>(i);
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: table.name,
            Key: fileKey(f._id),
            UpdateExpression: 'SET gsi4pk = :pk, gsi4sk = :sk',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(gsi4pk)',
            ExpressionAttributeValues: { ':pk': statusFlagTypePk(f.approvedStatus, f.flag, f.type), ':sk': nameSortKey(f) },
          }),
        );
        set++;
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
    }
  }
  return set;
}

/** Query gsi1 pk=FILES (every file, by date): local tools only (the demo seed and `npm run drop`), never an API read */
export async function listFiles(): Promise<FileRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'FILES' },
    ScanIndexForward: false,
  });
  return items.map((i) => clean<FileRecord>(i));
}

/**
 * Query gsi2 pk=RFILES#<retailer>#<type>, sk begins_with date, one query per robot type: a
 * retailer's files of one scan period (bounded by that retailer's files of the period, whatever
 * the brand's size).
 */
export async function listRetailerFilesOfDate(retailer: string, date: string): Promise<FileRecord[]> {
  const perType = await Promise.all(
    ROBOT_TYPES.map((type) =>
      queryAll<Record<string, unknown>>({
        IndexName: table.gsi2,
        KeyConditionExpression: 'gsi2pk = :pk AND begins_with(gsi2sk, :d)',
        ExpressionAttributeValues: { ':pk': `RFILES#${retailer}#${type}`, ':d': `${date}#` },
      }),
    ),
  );
  return perType.flat().map((i) => clean<FileRecord>(i));
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

/**
 * TransactWriteItems: UpdateItem FILE#id SET approvedStatus = rejected, condition: pending and no
 * live claim (Needs Attention), with the counts (pending −1, rejected +1 of its flag) and, for a
 * product file, its retailer's waiting scans (the file leaves them).
 */
export async function rejectFile(file: Pick<FileRecord, '_id' | 'flag' | 'type' | 'retailer' | 'date' | 'error' | 'name' | 'createdAt'>, rejectedAt: string, staleBefore: string): Promise<boolean> {
  const done = await rejectFileWritten(file, rejectedAt, staleBefore);
  // The brand dashboard's rows of the retailer (scrapings/brand-rows.repo.ts): also on a repeat
  // (done false), which may be a retry of a call stopped before its refresh.
  if (becomesScan(file)) await refreshRetailerRows(file.retailer);
  // Nor is it held in the post office any more (robot health, issue 25).
  await settleDecidedFile(file);
  return done;
}

async function rejectFileWritten(file: Pick<FileRecord, '_id' | 'flag' | 'type' | 'retailer' | 'date' | 'error' | 'name' | 'createdAt'>, rejectedAt: string, staleBefore: string): Promise<boolean> {
  const { _id: id, flag } = file;
  return transactIf([
    {
      Update: {
        TableName: table.name,
        Key: fileKey(id),
        UpdateExpression: 'SET #status = :rejected, rejectedAt = :now, updatedAt = :now, gsi3pk = :gsi3pk, gsi4pk = :gsi4pk REMOVE approvalClaim',
        ConditionExpression: `attribute_exists(pk) AND #flag = :flag AND ${PENDING_UNCLAIMED}`,
        ExpressionAttributeNames: { '#status': 'approvedStatus', '#at': 'at', '#flag': 'flag' },
        ExpressionAttributeValues: { ':rejected': 'rejected', ':pending': 'pending', ':stale': staleBefore, ':now': rejectedAt, ':flag': flag, ':gsi3pk': statusFlagPk('rejected', flag), ':gsi4pk': statusFlagTypePk('rejected', flag, file.type) },
      },
    },
    countItem(flag, 'rejected', 'pending'),
    ...(becomesScan(file) ? [pendingScanItem(file, 'DELETE')] : []),
    ...positionItems({ ...file, approvedStatus: 'pending' }, { ...file, approvedStatus: 'rejected' }),
  ]);
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

/**
 * Transaction entries: the counts (pending −1, approved +1 of the file's flag), a product file
 * out of its retailer's waiting scans, then UpdateItem FILE#id pending → approved, condition:
 * pending and the claim is ours (the last entry).
 */
export function approveFileItems(file: Pick<FileRecord, '_id' | 'flag' | 'type' | 'retailer' | 'date' | 'error' | 'name' | 'createdAt'>, claimId: string, approvedAt: string): TransactItem[] {
  return [
    countItem(file.flag, 'approved', 'pending'),
    ...(becomesScan(file) ? [pendingScanItem(file, 'DELETE')] : []),
    ...positionItems({ ...file, approvedStatus: 'pending' }, { ...file, approvedStatus: 'approved' }),
    {
      Update: {
        TableName: table.name,
        Key: fileKey(file._id),
        UpdateExpression: 'SET #status = :approved, approvedAt = :now, approvedBy = :claim, updatedAt = :now, gsi3pk = :gsi3pk, gsi4pk = :gsi4pk REMOVE processingError, approvalClaim',
        ConditionExpression: '#status = :pending AND approvalClaim.#id = :claim',
        ExpressionAttributeNames: { '#status': 'approvedStatus', '#id': 'id' },
        ExpressionAttributeValues: { ':approved': 'approved', ':pending': 'pending', ':claim': claimId, ':now': approvedAt, ':gsi3pk': statusFlagPk('approved', file.flag), ':gsi4pk': statusFlagTypePk('approved', file.flag, file.type) },
      },
    },
  ];
}

/** The most entries `approveFileItems` returns (a publication leaves room for them in its last transaction). */
export const APPROVE_FILE_ENTRIES = 13;

/**
 * TransactWriteItems: DeleteItem FILE#id, condition: still of the status and flag read, with its
 * count (−1), its positions (−1) and, when pending, its retailer's waiting scans: a file record
 * deleted by retention. False when the file is gone or moved meanwhile (the caller reads it
 * again): two deletions of one file, or a deletion racing an approval, count once.
 */
export async function deleteFileRecord(file: FileRecord): Promise<boolean> {
  const done = await deleteFileRecordWritten(file);
  // The brand dashboard's rows of the retailer (scrapings/brand-rows.repo.ts): also on a repeat
  // (done false), which may be a retry of a call stopped before its refresh.
  if (becomesScan(file)) await refreshRetailerRows(file.retailer);
  return done;
}

async function deleteFileRecordWritten(file: FileRecord): Promise<boolean> {
  return transactIf([
    {
      Delete: {
        TableName: table.name,
        Key: fileKey(file._id),
        ConditionExpression: '#status = :status AND #flag = :flag',
        ExpressionAttributeNames: { '#status': 'approvedStatus', '#flag': 'flag' },
        ExpressionAttributeValues: { ':status': file.approvedStatus, ':flag': file.flag },
      },
    },
    uncountItem(file.flag, file.approvedStatus),
    ...(file.approvedStatus === 'pending' && becomesScan(file) ? [pendingScanItem(file, 'DELETE')] : []),
    ...positionItems(file, undefined),
  ]);
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
