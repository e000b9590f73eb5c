/**
 * Publication is atomic and last (issue 6 §2): Approve and Needs Attention exclude each other
 * (one winner, a clear 409 for the loser), and an approval stopped after any state of the state
 * machine leaves brands seeing nothing of the file, the file pending and actionable again once its
 * claim is released or stale. The state machine's tasks are plain functions: the stop tests run
 * them here, in the order of the definition, against the local stack, and abandon the run.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResult, callRoute, login, stack } from '../support/api';
import { dropRobotFile, waitForFile as waitForFileOf } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const root = path.resolve(__dirname, '../..');
const BRAND = { _id: `brand-ap-${tag}`, name: `Atomic House ${tag}`, slug: `atomic-house-${tag}` };
const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';
/** Retailers of the brand: 0 for the stop tests, 1..12 for the races. */
const RETAILERS = Array.from({ length: 13 }, (_, i) => ({
  _id: `ret-ap-${tag}-${i}`,
  name: `Atomic Store ${tag} ${i}`,
  optId: `AP${tag}${i}`.toUpperCase(),
  slug: `atomic-store-${tag}-${i}`,
  website: 'https://atomic.example',
}));
const BASE = '2014-05-05';
const NEXT = '2014-05-12';
let admin = '';

type Task = (input: Record<string, unknown>) => Promise<unknown>;
const tasks: { state: string; run: Task }[] = [];
let files: typeof import('../../functions/files/files.repo');
let claims: typeof import('../../functions/files/approval-claim');
let limits: typeof import('../../functions/files/workflow/limits');
let recordFailure: Task;

function productCsv(n: number, price = '250.00'): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const sn = `AT-${1000 + i}`;
    lines.push([sn, `Piece ${i}`, BRAND.name, `AT-${i}`, price, `Piece number ${i}`, `https://img.example/${sn}.jpg`, `https://atomic.example/${sn}`, `https://shots.example/${sn}.png`, 'In stock', ''].join(','));
  }
  return lines.join('\n') + '\n';
}

const waitForFile = (key: string, settled = false) => waitForFileOf(admin, key, settled);
const getFile = async (id: string) => (await callRoute('getFile', { params: { fId: id }, token: admin })).body[0]!;
const approve = (id: string) => callRoute('approveFile', { query: { _id: id }, token: admin });
const needsAttention = (id: string) => callRoute('markNeedsAttention', { token: admin, body: { _id: id } });

/** Everything a brand user sees of a retailer: the calls of the dashboard's pages. */
async function brandViews(retailer: string) {
  const get = async <T>(p: string, call: Promise<ApiResult<T>>) => {
    const res = await call;
    expect(res.status, p).toBe(200);
    return res.body;
  };
  const periods = await get(`/RetailerSummaryDays/${BRAND._id}/${retailer}`, callRoute('listRetailerPeriods', { params: { brandId: BRAND._id, retailerId: retailer }, token: admin }));
  const products: Record<string, unknown> = {};
  for (const p of periods.data as { _id: string }[]) {
    products[p._id] = await get(`/retailerBrandProductScrapings?retailer_brand_scraping=${p._id}&limit=1000`, callRoute('listProductScrapings', { query: { retailer_brand_scraping: p._id, limit: '1000' }, token: admin }));
    products[`${p._id} info`] = await get(`/RetailerScraping/${BRAND._id}/${p._id}`, callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: p._id }, token: admin }));
  }
  const first = (products[(periods.data as { _id: string }[])[0]?._id ?? ''] as { data?: { _id: string }[] } | undefined)?.data?.[0];
  return {
    periods,
    products,
    related: first ? await get(`/getRelatedProducts?id=${first._id}&brand=${BRAND._id}`, callRoute('getRelatedProducts', { query: { id: first._id, brand: BRAND._id }, token: admin })) : null,
    retailers: await get(`/RetailerScraping/${BRAND._id}`, callRoute('listRetailerScrapings', { params: { brandId: BRAND._id }, token: admin })),
    retailer: await get(`/RetailerScraping/${BRAND._id}/${retailer}`, callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: retailer }, token: admin })),
    summary: await get(`/brandRetailerSummary/${BRAND._id}`, callRoute('getBrandRetailerSummary', { params: { brandId: BRAND._id }, token: admin })),
    days: await get(`/RetailerSummaryDays/${BRAND._id}`, callRoute('listBrandPeriods', { params: { brandId: BRAND._id }, token: admin })),
  };
}

/** What brands see, less the Next Scan states (which say that a newer file waits in the post office). */
const withoutNextScan = (views: unknown) => JSON.parse(JSON.stringify(views, (k, v: unknown) => (k === 'nextScan' ? undefined : v))) as unknown;

/** The brand's retailer periods by date, with their product counts. */
async function periodsOf(retailer: string): Promise<Record<string, number>> {
  const periods = await callRoute('listRetailerPeriods', { params: { brandId: BRAND._id, retailerId: retailer }, token: admin });
  const out: Record<string, number> = {};
  for (const p of periods.body.data as { _id: string; value: string }[]) {
    out[p.value.slice(0, 10)] = (await callRoute('listProductScrapings', { query: { retailer_brand_scraping: p._id, limit: '10' }, token: admin })).body.totalCount;
  }
  return out;
}

/** A claim as the Approve handler takes it, then the machine's tasks up to and including state `n` (1-based), then abandoned. */
async function runUpTo(fileId: string, n: number, after?: (state: string) => Promise<void>): Promise<string> {
  const claim = claims.newClaim(fileId);
  expect(await files.claimApproval(fileId, claim, claims.staleBefore())).toBe(true);
  const data: Record<string, unknown> = { fileId, claim: claim.id };
  for (const t of tasks.slice(0, n)) {
    // The content checks' start changes nothing brands see of the file (this process has no checks
    // machine to start; test/integration/content-checks.test.ts runs it through the real one).
    if (t.state === 'StartChecks') continue;
    const out = await t.run({ fileId, claim: claim.id, applied: data.applied });
    if (t.state === 'StageFile') data.applied = out;
    await after?.(t.state);
  }
  return claim.id;
}

/** A stopped execution's claim, once the state machine's timeout has passed. */
async function makeClaimStale(fileId: string): Promise<void> {
  const { ddb } = await import('../../functions/lib/clients/dynamodb');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const { table } = await import('../../functions/lib/table');
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: { pk: `FILE#${fileId}`, sk: 'FILE' },
      UpdateExpression: 'SET approvalClaim.#at = :old',
      ExpressionAttributeNames: { '#at': 'at' },
      ExpressionAttributeValues: { ':old': new Date(Date.now() - (limits.APPROVAL_TIMEOUT_SECONDS + 1) * 1000).toISOString() },
    }),
  );
}

/** A file held for review at a retailer that has an approved first file of 200 products. */
async function heldFile(retailer: (typeof RETAILERS)[number], date: string, body: string): Promise<{ _id: string }> {
  const f = await waitForFile(await dropRobotFile(retailer.slug, 'product', date, body), true);
  expect(f).toMatchObject({ flag: 'require_review', approvedStatus: 'pending' });
  return f;
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const { APPROVAL_TASKS, approvalDefinition } = await import('../../infra/workflow/approval');
  files = await import('../../functions/files/files.repo');
  claims = await import('../../functions/files/approval-claim');
  limits = await import('../../functions/files/workflow/limits');
  recordFailure = (await import('../../functions/files/workflow/record-failure')).handler as unknown as Task;
  const now = new Date().toISOString();
  for (const r of RETAILERS) await putRetailer({ ...r, createdAt: now, updatedAt: now });
  await putBrand({
    ...BRAND,
    colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
    retailers: RETAILERS.map((r) => ({ retailer: r._id, flag: true, webSiteType: 'retailerWithProducts' as const })),
    createdAt: now,
    updatedAt: now,
  });
  admin = await login('admin@demo.test');

  // The machine's states in order, each bound to its handler module (as the local runner does).
  // (The happy path: a Choice's first rule is "staging done"; Pass and Choice states run no handler.)
  const asl = approvalDefinition() as { StartAt: string; States: Record<string, { Next?: string; Choices?: { Next: string }[] }> };
  for (let s: string | undefined = asl.StartAt; s; s = asl.States[s]!.Next ?? asl.States[s]!.Choices?.[0]?.Next) {
    const t = APPROVAL_TASKS.find((x) => x.state === s);
    if (t) tasks.push({ state: s, run: ((await import(path.join(root, t.handler))) as { handler: Task }).handler });
  }

  // Every retailer: a first file of 200 products, approved on its own (caution).
  const keys = [];
  for (const r of RETAILERS) keys.push(await dropRobotFile(r.slug, 'product', BASE, productCsv(200)));
  for (const key of keys) {
    const deadline = Date.now() + 60_000;
    while ((await waitForFile(key)).approvedStatus !== 'approved') {
      if (Date.now() > deadline) throw new Error(`${key} was not approved on its own`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}, 180_000);

describe('an approval stopped after any state', () => {
  const R = RETAILERS[0]!;

  it('shows brands nothing of the file before Publish; the file stays pending, then is approved once the claim is released or stale', async () => {
    expect(tasks.map((t) => t.state)).toEqual(['LoadFile', 'StageFile', 'Publish', 'StartChecks', 'Cleanup', 'Notify']);
    const before = await brandViews(R._id);
    expect(await periodsOf(R._id)).toEqual({ [BASE]: 200 });
    // A new period (100 rows: held for review) and a second file of the existing period (new prices).
    const next = await heldFile(R, NEXT, productCsv(100));
    // Of a file waiting in the post office brands see only that a newer scan is in review
    // (docs/period-rules.md "Last Scan and Next Scan"), nothing of its products or figures.
    const waiting = await brandViews(R._id);
    expect(withoutNextScan(waiting)).toEqual(withoutNextScan(before));
    expect((waiting.retailer as { data: { nextScan: unknown } }).data.nextScan).toEqual({ state: 'in_review', date: NEXT });
    const publishAt = tasks.findIndex((t) => t.state === 'Publish');
    for (let n = 1; n <= publishAt; n++) {
      const claim = await runUpTo(next._id, n);
      expect(await brandViews(R._id), `stopped after ${tasks[n - 1]!.state}`).toEqual(waiting);
      expect(await getFile(next._id)).toMatchObject({ approvedStatus: 'pending' });
      // While the (stopped) execution's claim is live, neither outcome can be taken.
      expect(await approve(next._id)).toMatchObject({ status: 409, body: { message: 'The file is being approved.' } });
      expect(await needsAttention(next._id)).toMatchObject({ status: 409, body: { message: 'The file is being approved.' } });
      // Released by RecordFailure (a failed run) or stale (a stopped one): either frees the file.
      if (n % 2) await makeClaimStale(next._id);
      else await recordFailure({ fileId: next._id, claim, error: { Error: 'States.TaskFailed', Cause: 'stopped' } });
    }
    const res = await approve(next._id);
    expect(res.body).toEqual({ success: true, message: 'File processed successfully!' });
    expect(await periodsOf(R._id)).toEqual({ [NEXT]: 100, [BASE]: 200 });
    const retailer = (await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: R._id }, token: admin })).body.data;
    expect(retailer).toMatchObject({ totalProducts: 100, previousTotalProducts: 200 });
  });

  it('re-applying a published period: a stop before Publish keeps the published products; after Publish brands see the new file only, before and after cleanup', async () => {
    const before = await brandViews(R._id);
    // A second file of the NEXT period with other prices and more rows.
    const again = await waitForFile(await dropRobotFile(R.slug, 'product', NEXT, productCsv(120, '999.00'), 'second-robot'), true);
    expect(again).toMatchObject({ flag: 'require_review', approvedStatus: 'pending' });
    const stageAt = tasks.findIndex((t) => t.state === 'StageFile') + 1;
    await runUpTo(again._id, stageAt);
    expect(await brandViews(R._id)).toEqual(before);
    await makeClaimStale(again._id);

    // Published but not cleaned up: the old version is still stored, and invisible.
    const publishAt = tasks.findIndex((t) => t.state === 'Publish') + 1;
    await runUpTo(again._id, publishAt);
    expect(await getFile(again._id)).toMatchObject({ approvedStatus: 'approved' });
    const periods = (await callRoute('listRetailerPeriods', { params: { brandId: BRAND._id, retailerId: R._id }, token: admin })).body.data as { _id: string; value: string }[];
    const nextPeriod = periods.find((p) => p.value.startsWith(NEXT))!;
    const list = await callRoute('listProductScrapings', { query: { retailer_brand_scraping: nextPeriod._id, limit: '1000' }, token: admin });
    expect(list.body.totalCount).toBe(120);
    expect(new Set((list.body.data as { price: number }[]).map((p) => p.price))).toEqual(new Set([999]));
    const one = (list.body.data as { _id: string }[])[0]!;
    const related = await callRoute('getRelatedProducts', { query: { id: one._id, brand: BRAND._id }, token: admin });
    expect((related.body.data as { period: string }[]).map((p) => p.period)).toEqual([NEXT, BASE]);
    const { listVersionProducts } = await import('../../functions/scrapings/scrapings.repo');
    const superseded = again.previousFileId as string;
    expect((await listVersionProducts(nextPeriod._id, superseded)).length).toBeGreaterThan(0);
    // Cleanup (run late) removes the superseded version; what brands see does not change.
    const seen = await brandViews(R._id);
    await tasks.find((t) => t.state === 'Cleanup')!.run({ fileId: again._id });
    expect(await listVersionProducts(nextPeriod._id, superseded)).toHaveLength(0);
    expect(await brandViews(R._id)).toEqual(seen);
  });
});

describe('a failed approval, then a brand stops carrying the retailer', () => {
  it('the restaged file is published for the brands that still carry it, not for the one that stopped', async () => {
    const { putBrand, getBrand } = await import('../../functions/brands/brands.repo');
    const { putRetailer } = await import('../../functions/retailers/retailers.repo');
    const { getPeriod, listStages } = await import('../../functions/scrapings/scrapings.repo');
    const { periodIdOf } = await import('../../functions/scrapings/domain/ids');
    const now = new Date().toISOString();
    const R = { _id: `ret-ap-${tag}-restage`, name: `Restage Store ${tag}`, optId: `APR${tag}`.toUpperCase(), slug: `restage-store-${tag}`, website: 'https://restage.example' };
    await putRetailer({ ...R, createdAt: now, updatedAt: now });
    const [stays, leaves] = ['stays', 'leaves'].map((k) => ({ _id: `brand-ap-${k}-${tag}`, name: `Restage ${k} ${tag}`, slug: `restage-${k}-${tag}` }));
    for (const b of [stays!, leaves!]) {
      await putBrand({
        ...b,
        colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
        retailers: [{ retailer: R._id, flag: true, webSiteType: 'retailerWithProducts' }],
        createdAt: now,
        updatedAt: now,
      });
    }
    // Rows of both brands, alternating.
    const csv = (n: number) =>
      [HEADER, ...Array.from({ length: n }, (_, i) => [`RS-${1000 + i}`, `Piece ${i}`, (i % 2 ? leaves! : stays!).name, `RS-${i}`, '250.00', `Piece ${i}`, `https://img.example/rs-${i}.jpg`, `https://restage.example/${i}`, `https://shots.example/rs-${i}.png`, 'In stock', ''].join(','))].join('\n') + '\n';
    const first = await dropRobotFile(R.slug, 'product', BASE, csv(200));
    const deadline = Date.now() + 60_000;
    while ((await waitForFile(first)).approvedStatus !== 'approved') {
      if (Date.now() > deadline) throw new Error(`${first} was not approved on its own`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const held = await heldFile(R, NEXT, csv(100));

    // An approval that staged the file for both brands, then failed before Publish.
    const claim = await runUpTo(held._id, tasks.findIndex((t) => t.state === 'StageFile') + 1);
    expect((await listStages(held._id)).map((s) => s.brand).sort()).toEqual([leaves!._id, stays!._id].sort());
    await recordFailure({ fileId: held._id, claim, error: { Error: 'States.TaskFailed', Cause: 'failed after staging' } });

    // The brand stops carrying the retailer; the file is approved again.
    const brand = (await getBrand(leaves!._id))!;
    await putBrand({ ...brand, retailers: brand.retailers.map((r) => (r.retailer === R._id ? { ...r, flag: false } : r)), updatedAt: new Date().toISOString() });
    expect((await approve(held._id)).body).toEqual({ success: true, message: 'File processed successfully!' });
    expect(await getFile(held._id)).toMatchObject({ approvedStatus: 'approved' });

    expect(await getPeriod(periodIdOf(stays!._id, R._id, NEXT))).toMatchObject({ version: held._id, totalProducts: 50 });
    // Nothing of the new file for the brand that stopped: no period of that date, its scan info still the first file's.
    expect(await getPeriod(periodIdOf(leaves!._id, R._id, NEXT))).toBeUndefined();
    expect(await getPeriod(periodIdOf(leaves!._id, R._id, BASE))).toMatchObject({ totalProducts: 100 });
    const { getScanInfo } = await import('../../functions/scrapings/scrapings.repo');
    expect(await getScanInfo(leaves!._id, R._id)).toMatchObject({ productDate: BASE });
    expect(await listStages(held._id)).toEqual([]);
  });
});

describe('an edit made while a period is re-applied', () => {
  it('a map id set on the published products between staging and publication is carried to the new version', async () => {
    const R = RETAILERS[0]!;
    const periods = (await callRoute('listRetailerPeriods', { params: { brandId: BRAND._id, retailerId: R._id }, token: admin })).body.data as { _id: string; value: string }[];
    const period = periods.find((p) => p.value.startsWith(NEXT))!;
    const third = await waitForFile(await dropRobotFile(R.slug, 'product', NEXT, productCsv(60, '999.00'), 'third-robot'), true);
    expect(third).toMatchObject({ flag: 'require_review', approvedStatus: 'pending' });
    const product = async () => {
      const list = await callRoute('listProductScrapings', { query: { retailer_brand_scraping: period._id, limit: '1000' }, token: admin });
      return (list.body.data as { _id: string; style_number: string; oh_map_id: string }[]).find((p) => p.style_number === 'AT-1000')!;
    };
    const id = (await product())._id;
    await runUpTo(third._id, tasks.length, async (state) => {
      if (state !== 'StageFile') return;
      const put = await callRoute('updateProductScraping', { params: { id }, token: admin, body: { oh_map_id: 'MAP-DURING-APPROVAL' } });
      expect(put.status).toBe(200);
    });
    expect(await getFile(third._id)).toMatchObject({ approvedStatus: 'approved' });
    expect(await product()).toMatchObject({ _id: id, oh_map_id: 'MAP-DURING-APPROVAL' });
    expect(await periodsOf(R._id)).toEqual({ [NEXT]: 60, [BASE]: 200 });
  });
});

describe('Approve and Needs Attention exclude each other', () => {
  const expectOutcome = async (r: (typeof RETAILERS)[number], fileId: string, winner: 'approved' | 'rejected') => {
    expect((await getFile(fileId)).approvedStatus).toBe(winner);
    expect(await periodsOf(r._id)).toEqual(winner === 'approved' ? { [NEXT]: 100, [BASE]: 200 } : { [BASE]: 200 });
  };

  it('Approve first: Needs Attention answers 409 "The file is already approved."', async () => {
    const r = RETAILERS[1]!;
    const f = await heldFile(r, NEXT, productCsv(100));
    expect((await approve(f._id)).body).toEqual({ success: true, message: 'File processed successfully!' });
    expect(await needsAttention(f._id)).toMatchObject({ status: 409, body: { message: 'The file is already approved.' } });
    await expectOutcome(r, f._id, 'approved');
  });

  it('Needs Attention first: Approve answers 409 "The file was marked Needs Attention."', async () => {
    const r = RETAILERS[2]!;
    const f = await heldFile(r, NEXT, productCsv(100));
    expect((await needsAttention(f._id)).status).toBe(200);
    expect(await approve(f._id)).toMatchObject({ status: 409, body: { message: 'The file was marked Needs Attention.' } });
    await expectOutcome(r, f._id, 'rejected');
  });

  it('both at once, ten times: exactly one wins, the loser gets a clear message, products visible iff approved', async () => {
    const held = [];
    for (const r of RETAILERS.slice(3, 13)) held.push({ r, f: await heldFile(r, NEXT, productCsv(100)) });
    await Promise.all(
      held.map(async ({ r, f }) => {
        const [a, n] = await Promise.all([approve(f._id), needsAttention(f._id)]);
        const approved = a.status === 200 && a.body.success === true;
        const rejected = n.status === 200;
        expect(approved !== rejected, `one winner: approve ${a.status} ${JSON.stringify(a.body)}, needs attention ${n.status} ${JSON.stringify(n.body)}`).toBe(true);
        if (approved) expect(n).toMatchObject({ status: 409, body: { message: expect.stringMatching(/^The file (is being approved|is already approved)\.$/) } });
        else expect(a).toMatchObject({ status: 409, body: { message: 'The file was marked Needs Attention.' } });
        await expectOutcome(r, f._id, approved ? 'approved' : 'rejected');
      }),
    );
  });
});
