/**
 * Retention (docs/decisions.md "Retention") against the local stack, on a brand and retailers of
 * this file's own: the per-period items the real pipeline writes carry `expiresAt` = the period's
 * date + 6 months (and what must stay does not); the backfill sets it on items written before,
 * a page at a time and once; and every read keeps working when an old period is gone.
 * DynamoDB Local does not run TTL deletion, so the tests delete the expired items themselves, as
 * the table's TTL would (item by item: also a period whose products are still there), and the
 * data bucket's objects as its 180-day lifecycle rule would.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FILE_MSG } from '../../shared/messages';
import { SCRAPING_MSG } from '../../shared/schemas/scrapings';
import { periodExpiresAt } from '../../shared/retention';
import { signedInAccounts, type AccountSpec } from '../support/accounts';
import { callRoute, errorBody, login, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { dropRobotFile, waitForFile } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const B = { _id: `brand-rt-${tag}`, name: `Retention House ${tag}`, slug: `retention-house-${tag}` };
const R = { _id: `ret-rt-${tag}`, name: `Keep Store ${tag}`, optId: `RT${tag}`.toUpperCase(), slug: `rt-${tag}`, website: 'https://rt.example' };
/** A second retailer: its periods are written without expiresAt (as before this change) for the backfill. */
const RB = { _id: `ret-rtb-${tag}`, name: `Legacy Store ${tag}`, optId: `RTB${tag}`.toUpperCase(), slug: `rtb-${tag}`, website: 'https://rtb.example' };
const DATES = ['2026-01-05', '2026-02-02', '2026-03-02'] as const;
const users = { admin: { _id: `user-rt-admin-${tag}`, email: `rt-admin-${tag}@demo.test`, role: 'BRAND_ADMIN' } } satisfies Record<string, AccountSpec>;
const tokens = {} as Record<'admin' | 'siteAdmin', string>;

type Raw = Record<string, unknown> & { pk: string; sk: string };
let ddb: typeof import('../../functions/lib/clients/dynamodb').ddb;
let lib: typeof import('@aws-sdk/lib-dynamodb');
let repo: typeof import('../../functions/scrapings/scrapings.repo');
let ids: typeof import('../../functions/scrapings/domain/ids');
const table = () => stack().env.TABLE_NAME!;
/** The files and periods published here, per date. */
const files: Record<string, { _id: string; key: string }> = {};
const periodOf = (d: string) => ids.periodIdOf(B._id, R._id, d);
const productOf = (d: string, style: string) => ids.productIdOf(periodOf(d), style);

const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';
const productCsv = (n: number, price: string) =>
  [HEADER, ...Array.from({ length: n }, (_, i) => [`RT-${i}`, `Piece ${i}`, B.name, `RT-${i}`, price, 'A piece', `https://img.example/rt${i}.jpg`, `https://shop.example/rt${i}`, '', 'In stock', ''].join(','))].join('\n') + '\n';

/** A product file through the real pipeline (ingest, approval workflow, publish), approved. */
async function publish(date: string, price: string): Promise<{ _id: string; key: string }> {
  const key = await dropRobotFile(R.slug, 'product', date, productCsv(5, price), `rt-${date}`);
  const deadline = Date.now() + 90_000;
  let f = await waitForFile(tokens.siteAdmin, key, true);
  while (f.approvedStatus !== 'approved') {
    if (f.approvedStatus === 'pending' && f.flag === 'require_review' && !f.approvalClaim) await callRoute('approveFile', { query: { _id: f._id }, token: tokens.siteAdmin });
    if (Date.now() > deadline) throw new Error(`${key} was not approved`);
    await new Promise((res) => setTimeout(res, 250));
    f = await waitForFile(tokens.siteAdmin, key, true);
  }
  return { _id: f._id, key };
}

async function query(pk: string): Promise<Raw[]> {
  const out: Raw[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new lib.QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true, ExclusiveStartKey }));
    out.push(...((page.Items ?? []) as Raw[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}
const getRaw = async (pk: string, sk: string) => (await ddb.send(new lib.GetCommand({ TableName: table(), Key: { pk, sk }, ConsistentRead: true }))).Item as Raw | undefined;
const put = (item: Raw) => ddb.send(new lib.PutCommand({ TableName: table(), Item: item }));
const remove = (k: { pk: string; sk: string }) => ddb.send(new lib.DeleteCommand({ TableName: table(), Key: { pk: k.pk, sk: k.sk } }));

/** What the table's TTL does once a period's date + 6 months has passed: its items go (the period item, its products and edits, its scan date). */
async function expirePeriod(date: string, only?: 'period item'): Promise<void> {
  const pk = `SCRAPING#${periodOf(date)}`;
  if (only) return void (await remove({ pk, sk: 'SCRAPING' }));
  for (const item of await query(pk)) {
    expect(item.expiresAt, `${item.sk} expires with its period`).toBe(periodExpiresAt(date));
    await remove(item);
  }
  const scanDate = await getRaw(`BRAND#${B._id}#SCANDATES`, date);
  expect(scanDate?.expiresAt).toBe(periodExpiresAt(date));
  await remove(scanDate!);
}

/** What the data bucket's lifecycle rule does 180 days after upload: the file's pages under files/<id>/ go. */
async function deletePages(fileId: string): Promise<number> {
  const S3 = await import('@aws-sdk/client-s3');
  const { s3 } = await import('../../functions/lib/clients/s3');
  const Bucket = stack().env.DATA_BUCKET!;
  const listed = await s3.send(new S3.ListObjectsV2Command({ Bucket, Prefix: `files/${fileId}/` }));
  for (const o of listed.Contents ?? []) await s3.send(new S3.DeleteObjectCommand({ Bucket, Key: o.Key! }));
  return listed.Contents?.length ?? 0;
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  ddb = (await import('../../functions/lib/clients/dynamodb')).ddb;
  lib = await import('@aws-sdk/lib-dynamodb');
  repo = await import('../../functions/scrapings/scrapings.repo');
  ids = await import('../../functions/scrapings/domain/ids');
  await seedBrand(B, [R, RB], [
    { retailer: R._id, flag: true, webSiteType: 'retailerWithProducts' },
    { retailer: RB._id, flag: true, webSiteType: 'retailerWithProducts' },
  ]);
  Object.assign(tokens, await signedInAccounts(B._id, 'Rttest-2031!', users));
  tokens.siteAdmin = await login('admin@demo.test');
  // Three weekly-ish scans, each with a changed price so every period has changes.
  for (const [i, d] of DATES.entries()) files[d] = await publish(d, `${200 + i * 10}.00`);
}, 240_000);

describe('what the pipeline writes', () => {
  it("every item of a published period, and its scan date, expires 6 months after the period's date", async () => {
    for (const d of DATES) {
      const items = await query(`SCRAPING#${periodOf(d)}`);
      expect(items.filter((i) => i.entity === 'RetailerBrandScraping')).toHaveLength(1);
      expect(items.filter((i) => i.entity === 'ProductScrape').length).toBeGreaterThanOrEqual(5);
      for (const i of items) expect(i.expiresAt, `${d} ${i.sk}`).toBe(periodExpiresAt(d));
      expect((await getRaw(`BRAND#${B._id}#SCANDATES`, d))?.expiresAt).toBe(periodExpiresAt(d));
    }
  });

  it('an edit of a product logs an item that expires with its period, and the answers never show expiresAt', async () => {
    const id = productOf(DATES[2], 'RT-1');
    const res = await callRoute('updateProductScraping', { params: { id }, token: tokens.admin, body: { oh_map_id: 'RT-MAP-1' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).not.toHaveProperty('expiresAt');
    const edits = (await query(`SCRAPING#${periodOf(DATES[2])}`)).filter((i) => i.entity === 'ProductEdit');
    expect(edits.length).toBeGreaterThanOrEqual(1);
    for (const e of edits) expect(e.expiresAt).toBe(periodExpiresAt(DATES[2]));
    const period = await callRoute('getRetailerScraping', { params: { brandId: B._id, id: periodOf(DATES[2]) }, token: tokens.admin });
    expect(period.body.data).not.toHaveProperty('expiresAt');
  });

  it("a stage record expires with its period (a rejected file's stays no longer than its period would)", async () => {
    await repo.putStage({ fileId: `rt-stage-${tag}`, brand: B._id, retailer: R._id, date: '2026-08-31', stagedAt: new Date().toISOString() });
    expect((await getRaw(`FILE#rt-stage-${tag}`, `STAGE#${B._id}`))?.expiresAt).toBe(Date.parse('2027-02-28T00:00:00Z') / 1000);
    await remove({ pk: `FILE#rt-stage-${tag}`, sk: `STAGE#${B._id}` });
  });

  it('what is not per period never expires: the brand, the retailer, the scan info and the robot file records', async () => {
    expect(await getRaw(`BRAND#${B._id}`, 'BRAND')).not.toHaveProperty('expiresAt');
    expect(await getRaw(`RETAILER#${R._id}`, 'RETAILER')).not.toHaveProperty('expiresAt');
    expect(await getRaw(`SCANINFO#${ids.scanInfoIdOf(B._id, R._id)}`, 'SCANINFO')).not.toHaveProperty('expiresAt');
    for (const d of DATES) expect(await getRaw(`FILE#${files[d]!._id}`, 'FILE')).not.toHaveProperty('expiresAt');
  });
});


describe('the backfill (infra/scripts/backfill.ts)', () => {
  const LEGACY = ['2025-08-31', '2026-02-27'] as const;
  const V = `v-legacy-${tag}`;
  const legacyPeriod = (d: string) => ids.periodIdOf(B._id, RB._id, d);
  /** A period, three products (two versions), an edit and its scan date, as written before expiresAt existed. */
  async function writeLegacy(d: string): Promise<(Raw & { d: string })[]> {
    const pid = legacyPeriod(d);
    const items: Raw[] = [
      { pk: `SCRAPING#${pid}`, sk: 'SCRAPING', entity: 'RetailerBrandScraping', _id: pid, brand: B._id, retailer: RB._id, date: d, version: V, gsi1pk: `BRAND#${B._id}#PERIODS`, gsi1sk: `${d}#${RB._id}`, gsi2pk: `BRAND#${B._id}#RETAILER#${RB._id}#PERIODS`, gsi2sk: d },
      ...['L1', 'L2', 'L3'].map((s, i): Raw => ({ pk: `SCRAPING#${pid}`, sk: `PRODUCT#${i === 2 ? 'old' : V}#${s}`, entity: 'ProductScrape', _id: ids.productIdOf(pid, s), date: d, style_number: s })),
      { pk: `SCRAPING#${pid}`, sk: `EDIT#${V}#000000000001`, entity: 'ProductEdit', seq: 1 },
      { pk: `BRAND#${B._id}#SCANDATES`, sk: d, entity: 'BrandScanDate', brand: B._id, date: d },
    ];
    for (const i of items) await put(i);
    return items.map((i) => ({ ...i, d }));
  }

  it('sets expiresAt on every per-period item written before it, a page at a time, and a second run writes nothing', async () => {
    const written = [...(await writeLegacy(LEGACY[0])), ...(await writeLegacy(LEGACY[1]))];
    // A stage record left by a rejected file, with the products it staged for a period never published.
    const orphan = ids.periodIdOf(B._id, RB._id, '2026-03-30');
    const fileId = `rt-rejected-${tag}`;
    const flag = `retention-${tag}`;
    // The file as the post office's index lists a rejected file (gsi3 FILES#rejected#<flag>; a flag partition of this test's own, so only it is read).
    await put({ pk: `FILE#${fileId}`, sk: 'FILE', entity: 'File', _id: fileId, gsi3pk: `FILES#rejected#${flag}`, gsi3sk: `2026-03-30#x#${fileId}` });
    const staged: Raw[] = [
      { pk: `FILE#${fileId}`, sk: `STAGE#${B._id}`, entity: 'Stage', fileId, brand: B._id, retailer: RB._id, date: '2026-03-30', stagedAt: '2026-03-30T10:00:00Z', period: { _id: orphan } },
      { pk: `SCRAPING#${orphan}`, sk: `PRODUCT#${fileId}#O1`, entity: 'ProductScrape', date: '2026-03-30' },
    ];
    for (const i of staged) await put(i);
    // The first run: items of this brand's legacy periods (page size 2: several pages of periods, products and dates).
    const first = await repo.backfillPeriodExpiresAt([B._id], { pageSize: 2, flags: [flag] });
    expect(first.badDates).toEqual([]);
    expect(first.periods).toBe(2);
    expect(first.items).toBe(written.length + staged.length);
    for (const i of written) expect((await getRaw(i.pk, i.sk))?.expiresAt, `${i.pk} ${i.sk}`).toBe(periodExpiresAt(i.d));
    expect((await getRaw(`SCRAPING#${legacyPeriod(LEGACY[0])}`, 'SCRAPING'))?.expiresAt).toBe(Date.parse('2026-02-28T00:00:00Z') / 1000);
    for (const i of staged) expect((await getRaw(i.pk, i.sk))?.expiresAt).toBe(periodExpiresAt('2026-03-30'));
    // The periods published through the pipeline had it already: untouched.
    for (const d of DATES) expect((await getRaw(`SCRAPING#${periodOf(d)}`, 'SCRAPING'))?.expiresAt).toBe(periodExpiresAt(d));
    // Again: nothing left to write.
    expect(await repo.backfillPeriodExpiresAt([B._id], { pageSize: 2, flags: [flag] })).toEqual({ periods: 0, items: 0, badDates: [] });
    // The answers are what they were (expiresAt is never shown).
    const periods = await callRoute('listRetailerPeriods', { params: { brandId: B._id, retailerId: RB._id }, token: tokens.admin });
    expect(periods.body.data).toEqual([
      { _id: legacyPeriod(LEGACY[1]), value: LEGACY[1] },
      { _id: legacyPeriod(LEGACY[0]), value: LEGACY[0] },
    ]);
    for (const i of [...written, ...staged]) await remove(i);
    expect((await callRoute('listRetailerPeriods', { params: { brandId: B._id, retailerId: RB._id }, token: tokens.admin })).body.data).toEqual([]);
    await remove({ pk: `FILE#${fileId}`, sk: 'FILE' });
  });

  it('reports a stored date that is not one instead of stopping, and leaves that item alone', async () => {
    const pid = legacyPeriod('2026-99-99');
    await put({ pk: `SCRAPING#${pid}`, sk: 'SCRAPING', entity: 'RetailerBrandScraping', _id: pid, date: '2026-99-99', version: V, gsi1pk: `BRAND#${B._id}#PERIODS`, gsi1sk: `2026-99-99#${RB._id}` });
    const out = await repo.backfillPeriodExpiresAt([B._id], { flags: [] });
    expect(out).toEqual({ periods: 0, items: 0, badDates: [`period ${pid}: 2026-99-99`] });
    expect(await getRaw(`SCRAPING#${pid}`, 'SCRAPING')).not.toHaveProperty('expiresAt');
    await remove({ pk: `SCRAPING#${pid}`, sk: 'SCRAPING' });
    expect(await repo.backfillPeriodExpiresAt([B._id], { flags: [] })).toEqual({ periods: 0, items: 0, badDates: [] });
  });
});

describe('when an old period is gone', () => {
  it('Select Period and the scan dates just end; the gone period, its products and its scan info answer 404, not 500', async () => {
    await expirePeriod(DATES[0]);
    expect((await callRoute('listRetailerPeriods', { params: { brandId: B._id, retailerId: R._id }, token: tokens.admin })).body.data).toEqual([
      { _id: periodOf(DATES[2]), value: DATES[2] },
      { _id: periodOf(DATES[1]), value: DATES[1] },
    ]);
    expect((await callRoute('listBrandPeriods', { params: { brandId: B._id }, token: tokens.admin })).body.data.map((d: { value: string }) => d.value)).toEqual([DATES[2], DATES[1]]);
    const product = await callRoute('getProductScraping', { params: { id: productOf(DATES[0], 'RT-1') }, token: tokens.admin });
    expect([product.status, errorBody(product).message]).toEqual([404, SCRAPING_MSG.productNotFound]);
    const tab = await callRoute('listProductScrapings', { query: { retailer_brand_scraping: periodOf(DATES[0]) }, token: tokens.admin });
    expect([tab.status, errorBody(tab).message]).toEqual([404, SCRAPING_MSG.periodNotFound]);
    const info = await callRoute('getRetailerScraping', { params: { brandId: B._id, id: periodOf(DATES[0]) }, token: tokens.admin });
    expect(info.status).toBe(404);
    // The next period still names it as its "Compared to" date (kept on the period), and opens.
    const next = await callRoute('getRetailerScraping', { params: { brandId: B._id, id: periodOf(DATES[1]) }, token: tokens.admin });
    expect(next.status).toBe(200);
    expect(next.body.data).toMatchObject({ previousPeriodId: periodOf(DATES[0]), previousPeriod: DATES[0] });
  });

  it("a product's history ends at the oldest period left, also while TTL has deleted a period item and not yet its products", async () => {
    const history = (id: string) => callRoute('getRelatedProducts', { query: { id: id, brand: B._id, retailer: R._id }, token: tokens.admin });
    const full = await history(productOf(DATES[2], 'RT-2'));
    expect(full.status).toBe(200);
    expect(full.body.data.map((p: { period: string }) => p.period)).toEqual([DATES[2], DATES[1]]);
    await expirePeriod(DATES[1], 'period item');
    const partial = await history(productOf(DATES[2], 'RT-2'));
    expect(partial.body.data.map((p: { period: string }) => p.period)).toEqual([DATES[2]]);
    // A history link to the half-deleted period: 404, not 500.
    expect((await callRoute('getProductScraping', { params: { id: productOf(DATES[1], 'RT-2') }, token: tokens.admin })).status).toBe(404);
  });

  it("the summary's previous period is simply missing: the latest period counts, the one before does not", async () => {
    const summary = await callRoute('getBrandRetailerSummary', { params: { brandId: B._id }, token: tokens.admin });
    expect(summary.status).toBe(200);
    // Total Retailers is every retailer on the brand's list ('auditing N websites'); this one was
    // audited at the scan before too, though that period is gone.
    const listed = (await callRoute('listRetailerScrapings', { params: { brandId: B._id }, token: tokens.admin })).body.data.length;
    expect(summary.body).toMatchObject({ totalProducts: { current: 5, prev: 0 }, totalRetailers: { current: listed, prev: listed } });
  });

  it('the monthly report of a month whose periods are gone has the retailers with no scan (and the HTTP call answers)', async () => {
    const { monthlyReportRows } = await import('../../functions/reports/monthly-report');
    const { rows } = await monthlyReportRows(B._id, DATES[0].slice(0, 7), { retailers: [R._id] });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ scans: 0, lastScan: null });
    const res = await callRoute('reportSummary', { params: { brandId: B._id }, query: { month: `${DATES[0].slice(5, 7)}-${DATES[0].slice(0, 4)}` }, token: tokens.admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });

  it("when the retailer's latest period is gone too, its record and profile show no period (no link to a gone one), and the summary counts nothing", async () => {
    await expirePeriod(DATES[2]);
    const list = await callRoute('listRetailerScrapings', { params: { brandId: B._id }, token: tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.data.find((r: { retailer: { _id: string } }) => r.retailer._id === R._id)).toMatchObject({ _id: null, date: null, totalProducts: 0, previousTotalProducts: 0, flaggedProduct: 0, approvedDate: null, nextScanDay: null });
    const profile = await callRoute('getRetailerScraping', { params: { brandId: B._id, id: R._id }, token: tokens.admin });
    expect(profile.status).toBe(200);
    expect(profile.body.data).toMatchObject({ kind: 'retailer', period: null, totalProducts: 0, approvedDate: null });
    expect((await callRoute('getBrandRetailerSummary', { params: { brandId: B._id }, token: tokens.admin })).body).toMatchObject({ totalProducts: { current: 0, prev: 0 }, totalRetailers: { current: list.body.data.length, prev: list.body.data.length } });
    expect((await callRoute('listRetailerPeriods', { params: { brandId: B._id, retailerId: R._id }, token: tokens.admin })).body.data).toEqual([]);
  });
});

describe('robot files whose pages the data bucket deleted (180 days after upload)', () => {
  it('the file still opens and its rows say clearly they were deleted; a file compared with it still shows its copy of them', async () => {
    const first = files[DATES[0]]!._id;
    expect(await deletePages(first)).toBeGreaterThan(0);
    const record = await callRoute('getFile', { params: { fId: first }, token: tokens.siteAdmin });
    expect(record.status).toBe(200);
    const rows = await callRoute('getFileData', { params: { fId: first }, query: { page: '1' }, token: tokens.siteAdmin });
    expect([rows.status, errorBody(rows).message]).toEqual([410, FILE_MSG.rowsDeleted]);
    // The next file keeps its own copy of the previous side (files/<its id>/previous/).
    const second = await callRoute('getFileData', { params: { fId: files[DATES[1]]!._id }, query: { page: '1' }, token: tokens.siteAdmin });
    expect(second.status).toBe(200);
    expect(second.body.previousProductData).toMatchObject({ date: DATES[0], total: 5 });
    expect(second.body.previousProductData.data).toHaveLength(5);
  });

  it('Approve of a file left pending past 180 days answers that its rows were deleted; the file stays pending with that reason', async () => {
    // Prices doubled: the file waits for review (pending).
    const key = await dropRobotFile(R.slug, 'product', '2026-03-30', productCsv(5, '480.00'), `rt-late-${tag}`);
    const f = await waitForFile(tokens.siteAdmin, key);
    expect(f).toMatchObject({ approvedStatus: 'pending', flag: 'require_review' });
    expect(await deletePages(f._id)).toBeGreaterThan(0);
    // Uploaded 181 days ago, as the data bucket's lifecycle rule sees it.
    const uploaded = new Date(Date.now() - 181 * 86_400_000).toISOString();
    await ddb.send(new lib.UpdateCommand({ TableName: table(), Key: { pk: `FILE#${f._id}`, sk: 'FILE' }, UpdateExpression: 'SET createdAt = :c', ExpressionAttributeValues: { ':c': uploaded } }));
    const approve = await callRoute('approveFile', { query: { _id: f._id }, token: tokens.siteAdmin });
    expect(approve.body).toEqual({ success: false, message: FILE_MSG.rowsDeletedApprove });
    const after = await callRoute('getFile', { params: { fId: f._id }, token: tokens.siteAdmin });
    expect(after.body).toEqual([expect.objectContaining({ approvedStatus: 'pending', processingError: FILE_MSG.rowsDeletedApprove })]);
  });

  it('a new file whose previous file has no pages left is filed, compared with nothing', async () => {
    expect(await deletePages(files[DATES[2]]!._id)).toBeGreaterThan(0);
    const key = await dropRobotFile(R.slug, 'product', '2026-04-06', productCsv(5, '240.00'), `rt-after-${tag}`);
    const f = await waitForFile(tokens.siteAdmin, key);
    expect(f).toMatchObject({ error: null, previousFileId: null, rowCount: 5 });
    const rows = await callRoute('getFileData', { params: { fId: f._id }, query: { page: '1' }, token: tokens.siteAdmin });
    expect(rows.status).toBe(200);
    expect(rows.body.currentProductData.total).toBe(5);
    expect(rows.body.previousProductData.total).toBe(0);
  });
});
