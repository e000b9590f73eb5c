/**
 * The post-office list, flag counts and notifications read with key conditions and cursors, and
 * the counts kept on write (issue 7 §1), on a table of the suite's own in the stack's DynamoDB
 * Local so every figure is exact.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord, FlagLevel } from '../../functions/files/files.repo';
import { useOwnTable, type OwnTable } from '../support/own-table';

const tag = randomBytes(4).toString('hex');
let t: OwnTable;
let files: typeof import('../../functions/files/files.repo');
let notifs: typeof import('../../functions/notifications/notifications.repo');
let h: Record<'list' | 'flags' | 'needsAttention' | 'notifications' | 'seen' | 'users', any>;

const FLAGS: FlagLevel[] = ['require_review', 'caution', 'unflagged'];
const RETAILERS = ['north', 'south'];
const TYPES = ['product', 'homepage', 'brand'] as const;
const N = 57;

function fileOf(i: number): FileRecord {
  const day = String(1 + (i % 28)).padStart(2, '0');
  const month = String(1 + Math.floor(i / 28)).padStart(2, '0');
  const retailer = RETAILERS[i % 2]!;
  const now = new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString();
  return {
    _id: `f${tag}${String(i).padStart(4, '0')}`,
    date: `2020-${month}-${day}`,
    fileName: `incoming/product/${retailer}/2020-${month}-${day}/Robot-${i % 5}.csv`,
    name: retailer,
    retailer,
    retailerName: retailer,
    type: TYPES[Math.floor(i / 2) % 3]!,
    robot: 'robot',
    approvedStatus: 'pending',
    flag: FLAGS[i % 3]!,
    flagReasons: [],
    rowCount: i,
    createdAt: now,
    updatedAt: now,
  };
}
const all = Array.from({ length: N }, (_, i) => fileOf(i));
/** Newest scan period first, then the newest created: the list's default order. */
const newestFirst = (fs: FileRecord[]) => [...fs].sort((a, b) => `${b.date}#${b.createdAt}`.localeCompare(`${a.date}#${a.createdAt}`));

async function walk(query: Record<string, string | number | undefined>): Promise<{ ids: string[]; pages: number; totals: number[] }> {
  const ids: string[] = [];
  const totals: number[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const res = await t.call(h.list, { query: { ...query, limit: 10, page: pages + 1, cursor } });
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(10);
    ids.push(...res.body.data.map((f: { _id: string }) => f._id));
    totals.push(res.body.totalCount);
    cursor = res.body.nextCursor ?? undefined;
    pages++;
  } while (cursor && pages < 50);
  return { ids, pages, totals };
}

beforeAll(async () => {
  t = await useOwnTable(`lists-${tag}`);
  files = await import('../../functions/files/files.repo');
  notifs = await import('../../functions/notifications/notifications.repo');
  h = {
    list: (await import('../../functions/files/list')).handler,
    flags: (await import('../../functions/files/flag-values')).handler,
    needsAttention: (await import('../../functions/files/need-attention')).handler,
    notifications: (await import('../../functions/notifications/list')).handler,
    seen: (await import('../../functions/notifications/update')).handler,
    users: (await import('../../functions/users/list')).handler,
  };
  for (const f of all) expect(await files.createFileOnce(f)).toBe(true);
});

describe('flag counts kept on write', () => {
  it('counts each created file once, a repeated S3 event included', async () => {
    expect(await files.createFileOnce(all[0]!)).toBe(false);
    expect(await files.createFileOnce(all[1]!)).toBe(false);
    expect((await t.call(h.flags)).body).toEqual({ require_review: 19, caution: 19, unflagged: 19 });
  });

  it('moves a file out of pending on approval and on Needs Attention, once however often repeated', async () => {
    const { TransactWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const approved = all[3]!; // require_review
    const claim = { id: `claim-${tag}`, at: new Date().toISOString() };
    expect(await files.claimApproval(approved._id, claim, new Date(0).toISOString())).toBe(true);
    await ddb.send(new TransactWriteCommand({ TransactItems: files.approveFileItems(approved, claim.id, claim.at) }));
    await expect(ddb.send(new TransactWriteCommand({ TransactItems: files.approveFileItems(approved, claim.id, claim.at) }))).rejects.toThrow();
    const rejected = all[4]!; // caution
    expect((await t.call(h.needsAttention, { body: { _id: rejected._id } })).status).toBe(200);
    expect((await t.call(h.needsAttention, { body: { _id: rejected._id } })).status).toBe(409);
    expect((await t.call(h.flags)).body).toEqual({ require_review: 18, caution: 18, unflagged: 19 });
    const approvedPage = await t.call(h.list, { query: { approvedStatus: 'approved' } });
    expect(approvedPage.body).toMatchObject({ totalCount: 1, data: [{ _id: approved._id, approvedStatus: 'approved' }] });
    const rejectedPage = await t.call(h.list, { query: { approvedStatus: 'rejected', flag: 'caution' } });
    expect(rejectedPage.body).toMatchObject({ totalCount: 1, data: [{ _id: rejected._id, approvedStatus: 'rejected' }] });
  });
});

describe('the post-office list, page by page', () => {
  it('walks every file exactly once, newest first, never more than a page, with the total of the counts', async () => {
    const { ids, pages, totals } = await walk({});
    expect(ids).toEqual(newestFirst(all).map((f) => f._id));
    expect(pages).toBe(6);
    expect(new Set(totals)).toEqual(new Set([N]));
  });

  it('walks the pending files of one flag, and of every flag merged, in date order either way', async () => {
    const pending = all.filter((f) => f._id !== all[3]!._id && f._id !== all[4]!._id);
    const cautions = await walk({ approvedStatus: 'pending', flag: 'caution' });
    expect(cautions.ids).toEqual(newestFirst(pending.filter((f) => f.flag === 'caution')).map((f) => f._id));
    expect(cautions.totals[0]).toBe(18);
    const merged = await walk({ approvedStatus: 'pending', sort: 'date;asc' });
    expect(merged.ids).toEqual(newestFirst(pending).reverse().map((f) => f._id));
    expect(merged.totals[0]).toBe(55);
  });

  it('answers a page number without a cursor with the same rows the cursor walk gave', async () => {
    const byCursor = await walk({ approvedStatus: 'pending' });
    const page4 = await t.call(h.list, { query: { approvedStatus: 'pending', limit: 10, page: 4 } });
    expect(page4.body.data.map((f: { _id: string }) => f._id)).toEqual(byCursor.ids.slice(30, 40));
  });

  it('filters by retailer and by a file-name search, with their totals', async () => {
    const north = await walk({ name: 'north' });
    expect(north.ids).toEqual(newestFirst(all.filter((f) => f.name === 'north')).map((f) => f._id));
    expect(north.totals[0]).toBe(29);
    const robot2 = await walk({ fileName: 'robot-2' });
    expect(robot2.ids).toEqual(newestFirst(all.filter((f) => f.fileName.includes('Robot-2'))).map((f) => f._id));
  });

  it('refuses a cursor it did not give out, or one of another filter, with a 400', async () => {
    const res = await t.call(h.list, { query: { cursor: 'bm90LWEtY3Vyc29y' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('The page cursor is not valid for this list.');
    const cautions = await t.call(h.list, { query: { approvedStatus: 'pending', flag: 'caution', limit: 5 } });
    const other = await t.call(h.list, { query: { approvedStatus: 'approved', flag: 'caution', cursor: cautions.body.nextCursor } });
    expect(other.status).toBe(400);
    const forged = Buffer.from(JSON.stringify([{ pk: 'x', sk: 1, gsi1pk: 'FILES', gsi1sk: 'y' }])).toString('base64url');
    expect((await t.call(h.list, { query: { cursor: forged } })).status).toBe(400);
  });

  it('reads at most a page from each partition it merges, whatever the page number reached by cursor', async () => {
    let cursor: string | undefined;
    for (let page = 1; page <= 4; page++) {
      const out = await files.pageFilesByStatusFlag(
        FLAGS.map((f) => ['pending', f]),
        { ascending: false, limit: 10, cursor },
      );
      expect(out.items.length).toBe(10);
      expect(out.evaluated).toBeLessThanOrEqual(3 * 10);
      expect(out.readUnits).toBeLessThanOrEqual(3 * 10);
      cursor = out.nextCursor;
    }
    const one = await files.pageAllFiles({ ascending: false, limit: 10 });
    expect(one.evaluated).toBeLessThanOrEqual(10);
  });
});

describe('the post-office list sorted by name or type, page by page from an index', () => {
  const inv = (iso: string) => iso.replace(/\d/g, (d) => String(9 - Number(d)));
  // By name, newest first within a name (ascending).
  const key = (f: FileRecord) => `${f.name}#${inv(f.date)}#${inv(f.createdAt)}#${f._id}`;
  const byName = (fs: FileRecord[]) => [...fs].sort((a, b) => (key(a) < key(b) ? -1 : 1));
  const byType = (fs: FileRecord[]) => [...fs].sort((a, b) => (`${a.type}#${key(a)}` < `${b.type}#${key(b)}` ? -1 : 1));

  it('walks every file once by retailer name, either way, with a cursor on every page but the last', async () => {
    const asc = await walk({ sort: 'name;asc' });
    expect(asc.ids).toEqual(byName(all).map((f) => f._id));
    expect(asc.pages).toBe(6);
    expect(new Set(asc.totals)).toEqual(new Set([N]));
    const desc = await walk({ sort: 'name;desc' });
    expect(desc.ids).toEqual(byName(all).reverse().map((f) => f._id));
  });

  it('walks every file once by Robot Type then name, with a status filter, and within one retailer', async () => {
    const asc = await walk({ sort: 'type;asc' });
    expect(asc.ids).toEqual(byType(all).map((f) => f._id));
    const desc = await walk({ sort: 'type;desc', approvedStatus: 'pending' });
    const pending = all.filter((f) => f._id !== all[3]!._id && f._id !== all[4]!._id);
    expect(desc.ids).toEqual(byType(pending).reverse().map((f) => f._id));
    expect(desc.totals[0]).toBe(55);
    const north = await walk({ sort: 'type;asc', name: 'north' });
    // Within one retailer: by type, then date (oldest first ascending), from its per-type partitions.
    const dated = (f: FileRecord) => `${f.type}#${f.date}#${f.createdAt}#${f._id}`;
    expect(north.ids).toEqual(all.filter((f) => f.name === 'north').sort((a, b) => (dated(a) < dated(b) ? -1 : 1)).map((f) => f._id));
    // The approved and rejected files moved partition with their status.
    const approved = await walk({ sort: 'name;asc', approvedStatus: 'approved' });
    expect(approved.ids).toEqual([all[3]!._id]);
  });

  it('reads a bounded number of items per page, whatever the page reached by cursor', async () => {
    const pairs = (['pending', 'approved', 'rejected'] as const).flatMap((st) => FLAGS.map((f): ['pending' | 'approved' | 'rejected', FlagLevel] => [st, f]));
    let cursor: string | undefined;
    for (let page = 1; page <= 4; page++) {
      const out = await files.pageFilesByName(pairs, 'name', { ascending: true, limit: 10, cursor });
      expect(out.items.length).toBe(10);
      // 27 partitions (status × flag × type), each read at most a page at a time.
      expect(out.evaluated).toBeLessThanOrEqual(27 * 10);
      cursor = out.nextCursor;
    }
  });

  it('backfills the sort keys of files written before the index, once, and lists them', async () => {
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const old = { ...fileOf(0), _id: `f${tag}old`, name: 'aardvark', retailer: 'aardvark', approvedStatus: 'approved' as const };
    // The item as an older version wrote it: every key but gsi4's.
    await ddb.send(new PutCommand({ TableName: `lists-${tag}`, Item: { pk: `FILE#${old._id}`, sk: 'FILE', entity: 'File', gsi1pk: 'FILES', gsi1sk: `${old.date}#${old._id}`, ...old } }));
    const before = await t.call(h.list, { query: { sort: 'name;asc', approvedStatus: 'approved', limit: 10 } });
    expect(before.body.data.map((f: { _id: string }) => f._id)).not.toContain(old._id);
    expect(await files.backfillFileSortKeys()).toBe(1);
    expect(await files.backfillFileSortKeys()).toBe(0);
    const after = await t.call(h.list, { query: { sort: 'name;asc', approvedStatus: 'approved', limit: 10 } });
    expect(after.body.data[0]._id).toBe(old._id);
  });

  it('adds the indexes a table kept from an older checkout lacks (npm start on an old .data)', async () => {
    const { CreateTableCommand, DescribeTableCommand, DynamoDBClient } = await import('@aws-sdk/client-dynamodb');
    const { ensureTable } = await import('../../infra/local/emulators');
    const client = new DynamoDBClient({ region: process.env.AWS_REGION ?? 'us-east-1', endpoint: process.env.DYNAMODB_ENDPOINT });
    const name = `old-${tag}`;
    const gsi = (n: string) => ({ IndexName: n, KeySchema: [{ AttributeName: `${n}pk`, KeyType: 'HASH' as const }, { AttributeName: `${n}sk`, KeyType: 'RANGE' as const }], Projection: { ProjectionType: 'ALL' as const } });
    await client.send(
      new CreateTableCommand({
        TableName: name,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: ['pk', 'sk', 'gsi1pk', 'gsi1sk'].map((AttributeName) => ({ AttributeName, AttributeType: 'S' as const })),
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
        GlobalSecondaryIndexes: [gsi('gsi1')],
      }),
    );
    await ensureTable(client, name);
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    expect((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName).sort()).toEqual(['gsi1', 'gsi2', 'gsi3', 'gsi4']);
  });
});

describe('notifications, page by page, with the unseen count kept on write', () => {
  it('pages newest first with a cursor, counts each notification once, and a repeated mark once', async () => {
    const made = [];
    for (let i = 0; i < 23; i++) {
      made.push(await notifs.createNotificationRecord({ subject: `review:${i}`, retailer: 'north', message: `<p>${i}</p>` }, { seenFlag: i % 4 === 0, id: `n${tag}${i}` }));
      await new Promise((r) => setTimeout(r, 2));
    }
    await notifs.createNotificationRecord({ subject: 'review:again', retailer: 'north', message: 'x' }, { seenFlag: false, id: `n${tag}1` });
    const ids: string[] = [];
    let cursor: string | undefined;
    let first: any;
    do {
      const res = await t.call(h.notifications, { query: { limit: 10, page: 1, cursor } });
      first ??= res.body;
      expect(res.body.data.length).toBeLessThanOrEqual(10);
      ids.push(...res.body.data.map((n: { _id: string }) => n._id));
      cursor = res.body.nextCursor ?? undefined;
    } while (cursor);
    expect(ids).toEqual(made.map((n) => n._id).reverse());
    expect(first).toMatchObject({ totalCount: 23, unseenCount: 17 });
    const id = made[1]!._id;
    expect((await t.call(h.seen, { params: { id }, body: { seenFlag: true } })).status).toBe(200);
    expect((await t.call(h.seen, { params: { id }, body: { seenFlag: true } })).body.data.seenFlag).toBe(true);
    expect((await t.call(h.notifications, { query: { limit: 10 } })).body.unseenCount).toBe(16);
    expect((await t.call(h.seen, { params: { id: 'missing000000000000000' }, body: { seenFlag: true } })).status).toBe(404);
  });
});

describe("the admin's list of users, page by page", () => {
  it('walks every user once in name order either way, each with its brand, with the total', async () => {
    const { putBrand } = await import('../../functions/brands/brands.repo');
    const { createUser } = await import('../../functions/users/users.repo');
    const now = new Date().toISOString();
    const colors = { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' };
    await putBrand({ _id: `b${tag}`, name: `House ${tag}`, slug: `house-${tag}`, colors, retailers: [], createdAt: now, updatedAt: now });
    const names = Array.from({ length: 23 }, (_, i) => `user ${String.fromCharCode(97 + ((i * 7) % 23))}${i}`);
    for (const [i, name] of names.entries()) {
      await createUser({
        _id: `u${tag}${i}`, name, firstname: name, lastname: '', email: `${i}-${tag}@users.test`, passwordHash: 'x', roles: [{ _id: 'r', name: 'User' }] as never,
        brand: i % 2 ? `b${tag}` : null, associated_retailers: [], notify: false, user_email_bcc: '', emailFrequency: 'Daily', policyFlag: true, status: 'active', createdAt: now, updatedAt: now,
      });
    }
    for (const sort of ['name;asc', 'name;desc']) {
      const seen: any[] = [];
      let cursor: string | undefined;
      let total: number | undefined;
      do {
        const res = await t.call(h.users, { query: { limit: 10, page: 1, sort, cursor } });
        expect(res.status).toBe(200);
        expect(res.body.data.length).toBeLessThanOrEqual(10);
        seen.push(...res.body.data);
        total = res.body.totalCount;
        cursor = res.body.nextCursor ?? undefined;
      } while (cursor);
      const expected = [...names].sort();
      expect(seen.map((u) => u.name)).toEqual(sort === 'name;asc' ? expected : expected.reverse());
      expect(total).toBe(23);
      expect(seen.filter((u) => u.brand).every((u) => u.brand.name === `House ${tag}`)).toBe(true);
    }
    const page3 = await t.call(h.users, { query: { limit: 10, page: 3 } });
    expect(page3.body.data.map((u: { name: string }) => u.name)).toEqual([...names].sort().slice(20));
  });
});
