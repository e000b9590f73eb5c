/**
 * Staging streams a product file (issue 7 §2): a file of several comparison chunks, rows shuffled
 * between scans, split among two brands (and rows of none), with changes, additions, deletions
 * and user fields set on the previous period, is published with the same products, marks,
 * counts and carried user fields as the whole-array build gives: in one invocation, over one
 * invocation a chunk, and with the user fields read a page an invocation (retried ones included).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPeriodProducts } from '../../functions/files/domain/period-apply';
import { callRoute, login } from '../support/api';
import { dropRobotFile, makeOwnTenant, waitForFile } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const A = { _id: `brand-st-a-${tag}`, name: `Stream House ${tag}`, slug: `stream-house-${tag}` };
const B = { _id: `brand-st-b-${tag}`, name: `Second Stream ${tag}`, slug: `second-stream-${tag}` };
const RETAILER = { _id: `ret-st-${tag}`, name: `Stream Store ${tag}`, optId: `ST${tag}`.toUpperCase(), slug: `stream-store-${tag}`, website: 'https://stream.example' };
const COLUMNS = ['Style Number', 'Name', 'Brand', 'Brand SKU', 'Price', 'Description', 'Image URLs', 'Product URL', 'Screenshot', 'Shoppability', 'OH Map ID'];
const ROWS = 2600; // three comparison chunks of 1000
let admin = '';

type Row = Record<string, string>;
const row = (i: number, price: string, name = `Piece ${i}`): Row => ({
  'Style Number': `ST-${10000 + i}`,
  Name: name,
  Brand: [A.name, B.name, 'Nobody Carries This'][i % 3]!,
  'Brand SKU': `SKU-${i}`,
  Price: price,
  Description: `Piece number ${i}`,
  'Image URLs': `https://img.example/${i}.jpg`,
  'Product URL': `https://stream.example/${i}`,
  Screenshot: `https://shots.example/${i}.png`,
  Shoppability: 'In stock',
  'OH Map ID': '',
});
const csv = (rows: Row[]) => [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => r[c]).join(','))].join('\n') + '\n';

const previousRows = Array.from({ length: ROWS }, (_, i) => row(i, `${100 + (i % 50)}.00`));
const currentRows = (() => {
  const out: Row[] = [];
  for (const r of previousRows) {
    const i = Number(r['Style Number']!.slice(3)) - 10000;
    if (i % 19 === 0) continue; // deleted
    if (i % 7 === 0) out.push({ ...r, Price: `${900 + i}.00` });
    else if (i % 11 === 0) out.push({ ...r, Name: `Renamed ${i}` });
    else out.push(r);
  }
  for (let i = ROWS; i < ROWS + 150; i++) out.push(row(i, '55.00'));
  // Blocks in reverse order: a changed row's previous row is in another chunk.
  const shuffled: Row[] = [];
  for (let s = 0; s < out.length; s += 400) shuffled.unshift(...out.slice(s, s + 400));
  return shuffled;
})();

async function settledApproved(key: string) {
  let f = await waitForFile(admin, key, true);
  if (f.approvedStatus === 'pending') expect((await callRoute('approveFile', { query: { _id: f._id }, token: admin })).status).toBe(200);
  const deadline = Date.now() + 120_000;
  while ((f = await waitForFile(admin, key)).approvedStatus !== 'approved') {
    if (Date.now() > deadline) throw new Error(`${key} was not approved`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return f;
}

beforeAll(async () => {
  await makeOwnTenant({ brand: A, retailer: RETAILER });
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const now = new Date().toISOString();
  await putBrand({
    ...B,
    colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
    retailers: [{ retailer: RETAILER._id, flag: true, webSiteType: 'retailerWithProducts' }],
    createdAt: now,
    updatedAt: now,
  });
  admin = await login('admin@demo.test');
}, 60_000);

describe('staging a product file of several chunks', () => {
  it('publishes per brand the products, marks, counts and carried user fields of the whole-array build', async () => {
    const repo = await import('../../functions/scrapings/scrapings.repo');
    const { periodIdOf } = await import('../../functions/scrapings/domain/ids');
    const { splitRowsByBrand } = await import('../../functions/scrapings/domain/brand-split');
    const { getPeriodKeys, getPeriodSnapshot, periodSnapshotKey } = await import('../../functions/scrapings/snapshots.repo');
    const { buildReadKeys } = await import('../../functions/scrapings/domain/read-keys');
    const { carryUserFields, toProductScrape, userFieldsOf } = await import('../../functions/scrapings/domain/product');

    const first = await settledApproved(await dropRobotFile(RETAILER.slug, 'product', '2015-03-02', csv(previousRows)));
    expect(first.rowCount).toBe(ROWS);

    // People's edits on the first period: flags, a mapped OH id, an edited brand SKU.
    for (const brand of [A, B]) {
      const periodId = periodIdOf(brand._id, RETAILER._id, '2015-03-02');
      const products = await repo.listPeriodProducts(periodId);
      expect(products.length).toBeGreaterThan(800);
      for (const p of products.filter((_, k) => k % 37 === 0)) {
        await repo.updateProductFields(p._id, { isFlagged: 'yes', flagMessage: { message: 'Wrong price', reason: [{ name: 'price', value: 'Wrong price' }] } });
      }
      for (const p of products.filter((_, k) => k % 41 === 1)) await repo.updateProductFields(p._id, { oh_map_id: `OH-${p.style_number}`, edited: ['oh_map_id'] });
      for (const p of products.filter((_, k) => k % 43 === 2)) await repo.updateProductFields(p._id, { oh_map_id: `OH-PLAIN-${p.style_number}` });
    }
    const previousUser = new Map<string, Map<string, ReturnType<typeof userFieldsOf>>>();
    for (const brand of [A, B]) {
      const products = await repo.listPeriodProducts(periodIdOf(brand._id, RETAILER._id, '2015-03-02'));
      previousUser.set(brand._id, new Map(products.map((p) => [p.style_number, userFieldsOf(p)])));
    }

    const second = await settledApproved(await dropRobotFile(RETAILER.slug, 'product', '2015-03-09', csv(currentRows)));
    expect(second.previousFileId).toBe(first._id);

    const brands = [A, B].map((b) => ({ _id: b._id, name: b.name, slug: b.slug }));
    const prevSplit = splitRowsByBrand(previousRows, brands);
    const curSplit = splitRowsByBrand(currentRows, brands);
    const check = async () => {
    for (const brand of brands) {
      const periodId = periodIdOf(brand._id, RETAILER._id, '2015-03-09');
      const built = buildPeriodProducts({ currentRows: curSplit.byBrand.get(brand._id)!, previousRows: prevSplit.byBrand.get(brand._id)! });
      const at = { periodId, brand: brand._id, retailer: RETAILER._id, date: '2015-03-09' };
      const expected = built.products.map((p) => toProductScrape(p, at, carryUserFields(p, undefined, previousUser.get(brand._id)!.get(p.style_number))));
      const stored = (await repo.listPeriodProducts(periodId)).map((p) => {
        const { updatedAt, ...rest } = p as typeof p & { updatedAt?: string };
        void updatedAt;
        return rest;
      });
      const sort = <T extends { _id: string }>(l: T[]) => [...l].sort((x, y) => x._id.localeCompare(y._id));
      expect(sort(stored)).toEqual(sort(expected));
      expect(built.counts.deleted * built.counts.changed * built.counts.added).toBeGreaterThan(0);
      expect(stored.filter((p) => p.isFlagged === 'yes').length).toBeGreaterThan(10);
      expect(stored.filter((p) => p.edited?.includes('oh_map_id')).length).toBeGreaterThan(10);

      // The read snapshot holds the version's products exactly as stored, in the Query's order.
      const snapshot = await getPeriodSnapshot(periodId, second._id);
      expect(snapshot?.value).toEqual({ seq: 0, products: await repo.listVersionProducts(periodId, second._id) });
      // And beside it the read keys of those products (docs/product-reads.md), sort orders computed.
      expect((await getPeriodKeys(periodId, second._id))?.value).toEqual(buildReadKeys(periodId, 0, snapshot!.value.products));

      const period = await repo.getPeriod(periodId);
      expect(period).toMatchObject({
        version: second._id,
        totalProducts: built.counts.total,
        previousTotalProducts: built.counts.previousTotal,
        added: built.counts.added,
        deleted: built.counts.deleted,
        changed: built.counts.changed,
        unchanged: built.counts.unchanged,
      });
    }
    };
    await check();

    // The same file staged again over several StageFile invocations (one chunk each), its products
    // removed first: each invocation returns its progress, the next resumes from it, the last one
    // reports the whole file and the same products are stored.
    const { handler: stageFile } = await import('../../functions/files/workflow/stage-file');
    for (const brand of brands) await repo.deleteVersionProducts(periodIdOf(brand._id, RETAILER._id, '2015-03-09'), second._id);
    // Each invocation but the last saves the state the next one resumes from (the brands, periods,
    // user fields to carry and previous products not matched yet) in the data bucket; the last
    // one deletes them.
    const { s3 } = await import('../../functions/lib/clients/s3');
    const { env } = await import('../../functions/lib/env');
    const { DeleteObjectCommand, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const count = async (folder: string) => ((await s3.send(new ListObjectsV2Command({ Bucket: env.dataBucket, Prefix: `files/${second._id}/${folder}/` }))).Contents ?? []).length;
    const states = () => count('stage');
    // The read snapshots are built again, from the products as staged: each invocation but the
    // last saves its products per brand as parts; the last one reads those parts, not the
    // version's products from DynamoDB (its Queries of them are recorded; the first invocation
    // does Query them, for the user fields of the period's published version, which is this one).
    for (const brand of brands) await s3.send(new DeleteObjectCommand({ Bucket: env.dataBucket, Key: periodSnapshotKey(periodIdOf(brand._id, RETAILER._id, '2015-03-09'), second._id) }));
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const versionQueries: string[] = [];
    let recording = false;
    const MIDDLEWARE = `count-version-queries-${tag}`;
    ddb.middlewareStack.add(
      (next, context) => async (args) => {
        const input = args.input as { ExpressionAttributeValues?: Record<string, unknown> };
        const prefixes = Object.values(input.ExpressionAttributeValues ?? {});
        if (recording && context.commandName === 'QueryCommand' && prefixes.some((v) => typeof v === 'string' && v.startsWith(`PRODUCT#${second._id}#`))) versionQueries.push(String(prefixes));
        return next(args);
      },
      { step: 'initialize', name: MIDDLEWARE },
    );
    // A first invocation whose answer was lost: Step Functions calls it again with the same
    // (first) progress, and the retry stages under its own stagedAt; the lost try's state and
    // snapshot pieces are never read, and must be gone at the end all the same.
    const lost = (await stageFile({ fileId: second._id, claim: 'unused', progress: { done: false, next: 0 } as never, chunksPerRun: 1 })) as Record<string, unknown>;
    expect(lost.next).toBe(1);
    expect(await count('snapshot-parts')).toBe(2);
    let progress: Record<string, unknown> = { done: false, next: 0 };
    const nexts: number[] = [];
    const saved: number[] = [];
    const parts: number[] = [];
    try {
      while (progress.done !== true) {
        const given = progress;
        recording = given.next === 2; // the last invocation
        progress = (await stageFile({ fileId: second._id, claim: 'unused', progress: given as never, chunksPerRun: 1 })) as Record<string, unknown>;
        if (progress.done !== true && progress.next === 2) {
          // Step Functions retries the invocation (its answer lost): same progress, same answer,
          // its parts overwritten, not added.
          const retried = (await stageFile({ fileId: second._id, claim: 'unused', progress: given as never, chunksPerRun: 1 })) as Record<string, unknown>;
          expect(retried).toEqual(progress);
        }
        if (progress.done !== true) {
          nexts.push(progress.next as number);
          expect(progress.state).toBe(progress.next);
          saved.push(await states());
          parts.push(await count('snapshot-parts'));
        }
      }
    } finally {
      ddb.middlewareStack.remove(MIDDLEWARE);
    }
    expect(nexts).toEqual([1, 2]);
    // The lost first try's state and pieces are still there until the end.
    expect(saved).toEqual([2, 3]);
    // One piece per brand per invocation here (under 10,000 products each; the retry's replaced the first try's), all deleted at the end.
    expect(parts).toEqual([4, 6]);
    expect(progress.parts).toBeUndefined();
    expect(await count('snapshot-parts')).toBe(0);
    expect(versionQueries).toEqual([]);
    expect(await states()).toBe(0);
    const deleted = previousRows.filter((r) => (Number(r['Style Number']!.slice(3)) - 10000) % 19 === 0 && !r.Brand!.startsWith('Nobody')).length;
    expect(progress).toMatchObject({ done: true, type: 'product', deleted, skipped: currentRows.filter((r) => r.Brand!.startsWith('Nobody')).length });
    await check();

    // The user fields to carry (the previous period's products, then the period's own published
    // version) read a page of 200 per invocation: the first invocations stage nothing, each saves
    // what it read (setup-<n>) and returns the Query's LastEvaluatedKey; every one of them is
    // retried (its answer lost: the same progress again, its state saved again). Nothing carried
    // is lost or doubled: the same products and user fields are stored as by one invocation.
    for (const brand of brands) await repo.deleteVersionProducts(periodIdOf(brand._id, RETAILER._id, '2015-03-09'), second._id);
    const setups: Record<string, unknown>[] = [];
    const setupStates = async (stagedAt: string) =>
      ((await s3.send(new ListObjectsV2Command({ Bucket: env.dataBucket, Prefix: `files/${second._id}/stage/${stagedAt.replace(/[^0-9A-Za-z]/g, '')}-setup-` }))).Contents ?? []).length;
    // The finish is split too (tests: one period's snapshot and stage record an invocation): the
    // second brand's are written by an invocation of their own, given `finishing: 1`.
    const finishes: Record<string, unknown>[] = [];
    progress = { done: false, next: 0 };
    while (progress.done !== true) {
      const given = progress;
      const invoke = () => stageFile({ fileId: second._id, claim: 'unused', progress: given as never, userFieldsPerRun: 200, brandsPerRun: 1 }) as Promise<Record<string, unknown>>;
      progress = await invoke();
      if (progress.done === true) break;
      const retried = await invoke();
      // A first invocation retried starts afresh (its own staging time; the first try's state is left unread).
      expect(retried).toEqual(given.stagedAt ? progress : { ...progress, stagedAt: retried.stagedAt });
      progress = retried;
      if (progress.finishing !== undefined) {
        expect(progress).toMatchObject({ next: Math.ceil(currentRows.length / 1000), finishing: 1 });
        finishes.push(progress);
        continue;
      }
      expect(progress).toMatchObject({ next: 0, stagedAt: expect.any(String) });
      expect(progress.setup).toBeDefined();
      setups.push(progress);
      expect(await setupStates(progress.stagedAt as string)).toBe(setups.length);
    }
    expect(finishes).toHaveLength(1);
    // Each brand's previous period takes ceil(products / 200) pages (its own published version is
    // the one being staged: not read); the last page is read by the invocation that goes on staging.
    const pagesPerBrand = brands.map((b) => Math.ceil(prevSplit.byBrand.get(b._id)!.length / 200));
    expect(setups).toHaveLength(pagesPerBrand[0]! + pagesPerBrand[1]! - 1);
    expect(setups.length).toBeGreaterThan(5);
    expect(setups.map((p) => (p.setup as { step: number }).step)).toEqual(setups.map((_, i) => i + 1));
    expect(progress).toMatchObject({ done: true, type: 'product', deleted });
    expect(await setupStates(setups[0]!.stagedAt as string)).toBe(0);
    expect(await states()).toBe(0);
    await check();
  }, 360_000);
});
