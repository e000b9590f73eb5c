/**
 * A post-office page by number reads about one page whatever the number (issue 21 §1): the
 * positions kept on write (functions/files/positions.ts) put page N's start, for every filter and
 * sort the list offers; files created, approved, rejected and deleted keep them right, two
 * writers racing and a retried event included. On a table of the suite's own in the stack's
 * DynamoDB Local so the figures are exact.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord, FlagLevel } from '../../functions/files/files.repo';
import { useOwnTable } from '../support/own-table';

const tag = randomBytes(4).toString('hex');
let files: typeof import('../../functions/files/files.repo');
let list: typeof import('../../functions/files/file-list');

const FLAGS: FlagLevel[] = ['require_review', 'caution', 'unflagged'];
const RETAILERS = ['amber', 'birch-row', 'cedar', 'dune'];
const TYPES = ['product', 'homepage', 'brand'] as const;
const N = 240;
const LIMIT = 10;

function fileOf(i: number): FileRecord {
  const retailer = RETAILERS[i % 4]!;
  const date = `2024-${String(1 + Math.floor(i / 40)).padStart(2, '0')}-${String(1 + (i % 7)).padStart(2, '0')}`;
  // Several files in one second, as a robot's burst drops them.
  const now = new Date(Date.UTC(2024, 0, 1, 0, 0, Math.floor(i / 5))).toISOString();
  return {
    _id: `f${tag}${String(i).padStart(4, '0')}`,
    date,
    fileName: `incoming/${TYPES[i % 3]!}/${retailer}/${date}/Robot-${i % 5}.csv`,
    name: retailer,
    retailer,
    retailerName: retailer,
    type: TYPES[Math.floor(i / 4) % 3]!,
    robot: 'robot',
    approvedStatus: 'pending',
    flag: FLAGS[Math.floor(i / 2) % 3]!,
    flagReasons: [],
    rowCount: i,
    createdAt: now,
    updatedAt: now,
  };
}
const all = Array.from({ length: N }, (_, i) => fileOf(i));

type Query = Parameters<typeof import('../../functions/files/file-list').readFilePage>[0];

/** The whole list by cursor: every id in order. */
async function walk(q: Omit<Query, 'page' | 'limit' | 'cursor'>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | undefined;
  let page = 1;
  do {
    const out = await list.readFilePage({ ...q, page, limit: LIMIT, cursor });
    ids.push(...out.items.map((f) => f._id));
    cursor = out.nextCursor;
    page++;
  } while (cursor && page < 100);
  return ids;
}

/** Page n by number: its ids, the items it read, and the ids of the page its cursor opens. */
async function byNumber(q: Omit<Query, 'page' | 'limit' | 'cursor'>, page: number) {
  const out = await list.readFilePage({ ...q, page, limit: LIMIT });
  const next = out.nextCursor ? await list.readFilePage({ ...q, page: page + 1, limit: LIMIT, cursor: out.nextCursor }) : undefined;
  return { ids: out.items.map((f) => f._id), evaluated: out.evaluated, total: out.totalCount, next: next?.items.map((f) => f._id) ?? [] };
}

/** The merged partitions of a list: a page reads at most a chunk (10) from each, and a fine bucket's few items more. */
function partitionsOf(q: Omit<Query, 'page' | 'limit' | 'cursor'>): number {
  const pairs = (q.approvedStatus ? 1 : 3) * (q.flag ? 1 : 3);
  if (q.name) return 3 * 3; // the retailer's id, slug and oh:slug partitions, per type
  if ((q.sort ?? 'date') !== 'date') return pairs * 3;
  return q.approvedStatus || q.flag ? pairs : 1;
}

async function checkEveryList() {
  for (const approvedStatus of [undefined, 'pending', 'approved'] as const) {
    for (const flag of [undefined, 'caution'] as const) {
      for (const name of [undefined, 'birch-row']) {
        for (const sort of ['date', 'name', 'type'] as const) {
          for (const ascending of [false, true]) {
            const q = { approvedStatus, flag, name, sort, ascending };
            const label = JSON.stringify(q);
            const whole = await walk(q);
            const pages = Math.ceil(whole.length / LIMIT);
            const first = await byNumber(q, 1);
            for (const page of [...new Set([2, Math.ceil(pages / 2), pages])].filter((p) => p >= 2 && p <= pages)) {
              const got = await byNumber(q, page);
              expect(got.ids, `${label} page ${page}`).toEqual(whole.slice((page - 1) * LIMIT, page * LIMIT));
              expect(got.next, `${label} after page ${page}`).toEqual(whole.slice(page * LIMIT, (page + 1) * LIMIT));
              expect(got.total, label).toBe(whole.length);
              // Never the pages before: what page 1 reads, plus a fine bucket's few items passed over.
              // (A retailer's status / flag are filter expressions: what a page reads depends on how its matches lie.)
              expect(got.evaluated, `${label} page ${page} read`).toBeLessThanOrEqual(first.evaluated + (name ? 40 : 20));
              if (!name) expect(got.evaluated, `${label} page ${page} read`).toBeLessThanOrEqual(partitionsOf(q) * 10 + 20);
            }
          }
        }
      }
    }
  }
}

beforeAll(async () => {
  await useOwnTable(`positions-${tag}`);
  files = await import('../../functions/files/files.repo');
  list = await import('../../functions/files/file-list');
  // A retried S3 event races its first delivery: each file is created once (a transaction that
  // lost on a conflict wrote nothing and is retried, as the event would be).
  for (let i = 0; i < N; i += 12) {
    const batch = all.slice(i, i + 12);
    const created = await Promise.all(batch.flatMap((f) => [files.createFileOnce(f), files.createFileOnce(f)]).map((p) => p.catch(() => 'conflict' as const)));
    for (let j = 0; j < batch.length; j++) expect(created[2 * j] === true && created[2 * j + 1] === true, batch[j]!._id).toBe(false);
  }
  for (const f of all) if (!(await files.getFile(f._id))) expect(await files.createFileOnce(f)).toBe(true);
  for (const f of all.slice(0, 20)) expect(await files.createFileOnce(f)).toBe(false);
  expect((await walk({ ascending: true })).length).toBe(N);
}, 180_000);

describe('a post-office page by number', () => {
  it('reads about one page, whatever the number, and holds what the cursor walk holds there, for every filter and sort', async () => {
    // Some files leave pending, so status lists differ.
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    for (const f of all.filter((_, i) => i % 3 === 0)) {
      const claim = { id: `c-${f._id}`, at: new Date().toISOString() };
      expect(await files.claimApproval(f._id, claim, new Date(0).toISOString())).toBe(true);
      await ddb.send(new TransactWriteCommand({ TransactItems: files.approveFileItems(f, claim.id, claim.at) }));
    }
    for (const f of all.filter((_, i) => i % 7 === 1 && i % 3 !== 0)) expect(await files.rejectFile(f, new Date().toISOString(), new Date(0).toISOString())).toBe(true);
    await checkEveryList();
  }, 600_000);

  it('stays right when an approval races Needs Attention, and a retention delete races itself', async () => {
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const racing = all.filter((f, i) => i % 3 !== 0 && i % 7 !== 1).slice(0, 12);
    for (const f of racing) {
      const claim = { id: `r-${f._id}`, at: new Date().toISOString() };
      // The claim is stale (taken long ago), so Needs Attention may take the file from it: only one outcome lands.
      expect(await files.claimApproval(f._id, { id: claim.id, at: '2000-01-01T00:00:00.000Z' }, new Date(0).toISOString())).toBe(true);
      const [approved, rejected] = await Promise.all([
        ddb.send(new TransactWriteCommand({ TransactItems: files.approveFileItems(f, claim.id, claim.at) })).then(() => true, () => false),
        files.rejectFile(f, new Date().toISOString(), new Date().toISOString()).catch(() => false),
      ]);
      // One outcome, or none when both were cancelled on the conflict (the file stays pending).
      expect(Number(approved) + Number(rejected), f._id).toBeLessThanOrEqual(1);
      const status = (await files.getFile(f._id))!.approvedStatus;
      expect(status, f._id).toBe(approved ? 'approved' : rejected ? 'rejected' : 'pending');
    }
    const gone = all.filter((_, i) => i % 5 === 2).slice(0, 20);
    for (const f of gone) {
      const current = (await files.getFile(f._id))!;
      const twice = await Promise.all([files.deleteFileRecord(current), files.deleteFileRecord(current)].map((p) => p.catch(() => false)));
      expect(twice.filter(Boolean).length, f._id).toBeLessThanOrEqual(1);
      // Both cancelled on the conflict: the retention job's next run deletes it.
      if (!twice.some(Boolean)) expect(await files.deleteFileRecord(current)).toBe(true);
      expect(await files.getFile(f._id)).toBeUndefined();
    }
    const counts = await files.getFileCounts();
    expect(Object.values(counts).flatMap((r) => Object.values(r)).reduce((a, b) => a + b, 0)).toBe(N - gone.length);
    await checkEveryList();
  }, 600_000);

  it('passes over the earlier pages (still right) when the positions do not count the list, e.g. files written before them', async () => {
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const raw = fileOf(N + 1);
    // The File item as an old writer left it: indexed, counted in COUNTS#FILES, no positions.
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: process.env.TABLE_NAME!, Item: { pk: `FILE#${raw._id}`, sk: 'FILE', entity: 'File', gsi1pk: 'FILES', gsi1sk: `${raw.date}#${raw._id}`, gsi3pk: 'FILES#pending#require_review', gsi3sk: `${raw.date}#${raw.createdAt}#${raw._id}`, ...raw } } },
          { Update: { TableName: process.env.TABLE_NAME!, Key: { pk: 'COUNTS#FILES', sk: 'COUNTS' }, UpdateExpression: 'ADD pending_require_review :one', ExpressionAttributeValues: { ':one': 1 } } },
        ],
      }),
    );
    const whole = await walk({ ascending: false });
    const page = await byNumber({ ascending: false }, 5);
    expect(page.ids).toEqual(whole.slice(40, 50));
    expect(page.evaluated).toBeGreaterThanOrEqual(50);
  });
});
