/**
 * The admin's User Retailer List and Permissions calls (001 §2, §5, §7, §9) against the local
 * stack, on brands and retailers of this file's own (random tag):
 * - PUT /brands/{id} with `retailers` [{retailer, flag}]: ADMIN 'Successfully updated'; a
 *   BRAND_ADMIN 403; an unknown retailer 400 naming it; a stale `retailersVersion` or a race of
 *   two admins: one wins, the other 409, nothing lost silently;
 * - disabling hides the retailer from the brand's dashboard reads at once (summary,
 *   GET /getRetailers, GET /RetailerScraping, the retailer's own scan info); enabling it again
 *   brings its periods and products back unchanged;
 * - GET /BrandRetailerExport by retailer (the index, paged, Count) and by brand, 'Yes' / 'No';
 *   exportFlag=true: 202 with a job, followed to ready, then the xlsx read back with exceljs (a
 *   formula-looking brand name made text); only ADMIN.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_MSG as P } from '../../shared/messages/permissions';
import { BRAND_MSG } from '../../shared/schemas/brand-settings';
import { signedInAccounts } from '../support/accounts';
import { type ApiResult, callRoute, errorBody, login, queryOf, stack } from '../support/api';
import type { ResponseOf } from '../../shared/routes/responses';
import { seedBrand } from '../support/brands';
import { download, followExportJob } from '../support/export-jobs';
import { periodRecord, productScrape } from '../support/scrapes';

const tag = randomBytes(4).toString('hex');
const TAG = tag.toUpperCase();
const tokens = {} as Record<'admin' | 'brandAdmin' | 'user', string>;
const B = { _id: `brand-ura-${tag}`, name: `Carriage House ${tag}`, slug: `carriage-house-${tag}` };
/** A second brand carrying R1, named so that a spreadsheet would run it as a formula. */
const B2 = { _id: `brand-ura2-${tag}`, name: `=HYPERLINK("x") ${tag}`, slug: `carriage-formula-${tag}` };
const store = (n: string) => ({ _id: `ret-ura-${n}-${tag}`, name: `${n.toUpperCase()} Carriage Store ${tag}`, optId: `URA${n.toUpperCase()}${TAG}`, slug: `ura-${n}-${tag}`, website: `https://ura-${n}.example` });
const R1 = store('a');
const R2 = store('b');
const R3 = store('c');
const DATE = '2026-03-02';
let periodId = '';
let productId = '';

const put = (body: unknown, token = tokens.admin, brand = B._id) => callRoute('updateBrand', { params: { brandId: brand }, token, body });
const stored = async (id = B._id) => (await import('../../functions/brands/brands.repo')).getBrand(id);
/** GET /BrandRetailerExport answers its list, or with exportFlag=true the export's job (lookExport): each typed by its branch of the route's response. */
type Permissions = ResponseOf<'brandRetailerExport'>;
const look = (q: string, token = tokens.admin) => callRoute('brandRetailerExport', { query: queryOf(q), token }) as Promise<ApiResult<Extract<Permissions, { data: unknown }>>>;
const lookExport = (q: string, token = tokens.admin) => callRoute('brandRetailerExport', { query: queryOf(q), token }) as Promise<ApiResult<Extract<Permissions, { jobId: string }>>>;

/** What the brand's dashboard shows of its retailers, through each read that lists them. */
async function dashboard(token = tokens.brandAdmin) {
  const [retailers, scrapings, summary, info] = await Promise.all([
    callRoute('getBrandRetailers', { params: { brandId: B._id }, token }),
    callRoute('listRetailerScrapings', { params: { brandId: B._id }, token }),
    callRoute('getBrandRetailerSummary', { params: { brandId: B._id }, token }),
    callRoute('getRetailerScraping', { params: { brandId: B._id, id: R1._id }, token }),
  ]);
  expect(retailers.status).toBe(200);
  expect(scrapings.status).toBe(200);
  expect(summary.status).toBe(200);
  return {
    retailers: (retailers.body.data as { _id: string }[]).map((r) => r._id).sort(),
    scrapings: (scrapings.body.data as { retailer: { _id: string } | string }[]).map((r) => (typeof r.retailer === 'string' ? r.retailer : r.retailer._id)).sort(),
    totalRetailers: summary.body.totalRetailers.current as number,
    infoStatus: info.status,
  };
}

async function readSheet(bytes: Buffer): Promise<{ name: string; rows: unknown[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: ws.name, rows };
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await seedBrand(B, [R1, R2, R3], [
    { retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' },
    { retailer: R2._id, flag: true, webSiteType: 'retailerWithModule' },
  ]);
  await seedBrand(B2, [], [{ retailer: R1._id, flag: false, webSiteType: 'retailerWithProducts' }]);
  // A published period of B at R1 with one product, and its scan info: the history that must survive a disable.
  const ids = await import('../../functions/scrapings/domain/ids');
  const repo = await import('../../functions/scrapings/scrapings.repo');
  periodId = ids.periodIdOf(B._id, R1._id, DATE);
  productId = ids.productIdOf(periodId, 'URA-1');
  const writer = repo.productWriter('v1');
  await writer.add(productScrape({ _id: productId, style_number: 'URA-1', retailer_brand_scraping: periodId, brand: B._id, retailer: R1._id, date: DATE, name: `Carriage Bag ${tag}`, brand_label: B.name }));
  await writer.close();
  await repo.putPeriod(periodRecord({ _id: periodId, brand: B._id, retailer: R1._id, date: DATE, version: 'v1', totalProducts: 1 }));
  await repo.upsertScanInfo(B._id, R1._id, 'productDate', DATE, { periodId, totalProducts: 1 });
  Object.assign(
    tokens,
    await signedInAccounts(B._id, 'Uratest-2031!', {
      brandAdmin: { _id: `user-ura-ba-${tag}`, email: `ura-ba-${tag}@demo.test`, role: 'BRAND_ADMIN' },
      user: { _id: `user-ura-u-${tag}`, email: `ura-u-${tag}@demo.test` },
    }),
  );
  tokens.admin = await login('admin@demo.test');
});

describe('PUT /brands/{brandId} with retailers (User Retailer List)', () => {
  it("an ADMIN's list: 200 'Successfully updated', the brand as stored with its version moved; the index and counts follow", async () => {
    const before = await stored();
    const res = await callRoute('updateBrand', { token: tokens.admin, params: { brandId: B._id }, body: { retailers: [{ retailer: R3._id, flag: true }], retailersVersion: before!.retailersVersion ?? 0 } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Successfully updated');
    expect(res.body.message).toBe(BRAND_MSG.updated);
    expect(res.body.data.retailers).toEqual([
      { retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' },
      { retailer: R2._id, flag: true, webSiteType: 'retailerWithModule' },
      { retailer: R3._id, flag: true },
    ]);
    expect(res.body.data.retailersVersion).toBe((before!.retailersVersion ?? 0) + 1);
    const r3 = await look(`retailer=${R3._id}`);
    expect(r3.body).toEqual({ title: P.retailerTitle, data: [{ _id: B._id, name: B.name, value: 'Yes' }], totalCount: 1, nextCursor: null });
    // The same list again: nothing changes, the version stays.
    const again = await put({ retailers: [{ retailer: R3._id, flag: true }] });
    expect(again.status).toBe(200);
    expect(again.body.data.retailersVersion).toBe(res.body.data.retailersVersion);
  });

  it("the brand's BRAND_ADMIN and a User get 403 for the list; nothing changes", async () => {
    const before = await stored();
    const res = await put({ retailers: [{ retailer: R2._id, flag: false }] }, tokens.brandAdmin);
    expect(res.status).toBe(403);
    expect(errorBody(res).message).toBe(BRAND_MSG.retailersAdminOnly);
    expect((await put({ retailers: [{ retailer: R2._id, flag: false }] }, tokens.user)).status).toBe(403);
    expect(await stored()).toEqual(before);
  });

  it('an unknown retailer id: 400 naming it, nothing written (not even the known entries)', async () => {
    const before = await stored();
    const ghost = `ret-ghost-${tag}`;
    const res = await put({ retailers: [{ retailer: R2._id, flag: false }, { retailer: ghost, flag: true }] });
    expect(res.status).toBe(400);
    expect(errorBody(res).message).toBe(BRAND_MSG.unknownRetailers([ghost]));
    expect(await stored()).toEqual(before);
  });

  it('a malformed list: 400 with a clear message (not a list, a missing flag, a retailer twice, an unknown field)', async () => {
    expect(errorBody(await put({ retailers: 'all' })).message).toBe(BRAND_MSG.retailersInvalid);
    expect(errorBody(await put({ retailers: [{ retailer: R1._id }] })).message).toBe(BRAND_MSG.retailersInvalid);
    expect(errorBody(await put({ retailers: [{ retailer: R1._id, flag: true }, { retailer: R1._id, flag: false }] })).message).toBe(BRAND_MSG.retailerTwice(R1._id));
    expect(errorBody(await put({ retailers: [{ retailer: R1._id, flag: true, webSiteType: 'x' }] })).message).toBe(BRAND_MSG.unknownField('retailers[].webSiteType'));
  });

  it('an unknown brand: 404', async () => {
    const res = await put({ retailers: [{ retailer: R1._id, flag: true }] }, tokens.admin, `brand-none-${tag}`);
    expect(res.status).toBe(404);
  });

  it('a stale version is refused with 409; of two admins saving from the same version at once, exactly one wins and the other gets 409', async () => {
    const v = (await stored())!.retailersVersion ?? 0;
    const stale = await put({ retailers: [{ retailer: R3._id, flag: false }], retailersVersion: v - 1 });
    expect(stale.status).toBe(409);
    expect(errorBody(stale).message).toBe(BRAND_MSG.retailersChangedMeanwhile);
    const [a, b] = await Promise.all([put({ retailers: [{ retailer: R3._id, flag: false }], retailersVersion: v }), put({ retailers: [{ retailer: R2._id, flag: false }], retailersVersion: v })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const now = (await stored())!;
    expect(now.retailersVersion).toBe(v + 1);
    const winner = a.status === 200 ? R3._id : R2._id;
    expect(now.retailers.find((r) => r.retailer === winner)!.flag).toBe(false);
    // The index agrees with the winner's list.
    const idx = await look(`retailer=${winner}`);
    expect(idx.body.data).toEqual([{ _id: B._id, name: B.name, value: 'No' }]);
    // Put back: R2 and R3 enabled.
    expect((await put({ retailers: [{ retailer: R2._id, flag: true }, { retailer: R3._id, flag: true }], retailersVersion: v + 1 })).status).toBe(200);
  });
});

describe('a retailer deleted while a brand adds it (the checks ran before the other write)', () => {
  it('the delete commits first: the brand\'s transaction is refused 400 naming it, nothing written', async () => {
    const { createRetailer, getRetailer, deleteRetailer } = await import('../../functions/retailers/retailers.repo');
    const { setBrandRetailers } = await import('../../functions/brands/retailer-brands.repo');
    const now = new Date().toISOString();
    const gone = { ...store('gone'), createdAt: now, updatedAt: now };
    await createRetailer(gone);
    await deleteRetailer((await getRetailer(gone._id))!);
    const before = await stored();
    await expect(setBrandRetailers(B._id, [{ retailer: gone._id, flag: true }])).rejects.toMatchObject({ statusCode: 400, message: BRAND_MSG.unknownRetailers([gone._id]) });
    expect(await stored()).toEqual(before);
    expect((await look(`brand=${B._id}`)).body.data.map((r: { _id: string }) => r._id)).not.toContain(gone._id);
  });

  it('the brand commits first: the delete\'s transaction is refused 409 (its count of listing brands is no longer 0) and the retailer stays', async () => {
    const { createRetailer, getRetailer, deleteRetailer } = await import('../../functions/retailers/retailers.repo');
    const now = new Date().toISOString();
    const late = { ...store('late'), createdAt: now, updatedAt: now };
    await createRetailer(late);
    const read = (await getRetailer(late._id))!;
    const RACE = { _id: `brand-ura-race-${tag}`, name: `Race Carriage ${tag}`, slug: `race-carriage-${tag}` };
    await seedBrand(RACE, [], []);
    expect((await put({ retailers: [{ retailer: late._id, flag: true }] }, tokens.admin, RACE._id)).status).toBe(200);
    await expect(deleteRetailer(read)).rejects.toMatchObject({ statusCode: 409 });
    expect(await getRetailer(late._id)).toBeDefined();
    expect((await look(`retailer=${late._id}`)).body).toMatchObject({ data: [{ _id: RACE._id, value: 'Yes' }], totalCount: 1 });
  });
});

describe('a long list at once', () => {
  it('60 retailers enabled in one PUT (more than one transaction holds): all listed, each indexed and counted once, the version moved per transaction', async () => {
    const many = Array.from({ length: 60 }, (_, i) => store(`m${String(i).padStart(2, '0')}`));
    const BIG = { _id: `brand-ura-big-${tag}`, name: `Big Carriage ${tag}`, slug: `big-carriage-${tag}` };
    await seedBrand(BIG, many, []);
    const res = await put({ retailers: many.map((r) => ({ retailer: r._id, flag: true })), retailersVersion: 0 }, tokens.admin, BIG._id);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    expect(res.body.data.retailers.map((r: { retailer: string }) => r.retailer)).toEqual(many.map((r) => r._id));
    expect(res.body.data.retailersVersion).toBe(2);
    const counts = await Promise.all(many.map((r) => look(`retailer=${r._id}`)));
    for (const c of counts) expect(c.body).toMatchObject({ data: [{ _id: BIG._id, name: BIG.name, value: 'Yes' }], totalCount: 1 });
    expect((await look(`brand=${BIG._id}&limit=100`)).body.totalCount).toBe(60);
  });
});

describe('disabling hides a retailer from the dashboard at once; enabling brings its history back', () => {
  it('R1 off: gone from getRetailers, RetailerScraping, the summary total and its own scan info; on again: the same period and product', async () => {
    const shown = await dashboard();
    expect(shown.retailers).toEqual([R1._id, R2._id, R3._id].sort());
    expect(shown.scrapings).toEqual([R1._id, R2._id, R3._id].sort());
    // Total Retailers counts every retailer on the list, scanned or not (issue 20 §2).
    expect(shown.totalRetailers).toBe(3);
    expect(shown.infoStatus).toBe(200);
    const periodsBefore = (await callRoute('listRetailerPeriods', { params: { brandId: B._id, retailerId: R1._id }, token: tokens.brandAdmin })).body.data;
    const productBefore = (await callRoute('getProductScraping', { params: { id: productId }, token: tokens.brandAdmin })).body.data;
    expect(periodsBefore.map((p: { _id: string }) => p._id)).toEqual([periodId]);

    expect((await put({ retailers: [{ retailer: R1._id, flag: false }] })).status).toBe(200);
    const hidden = await dashboard();
    expect(hidden.retailers).toEqual([R2._id, R3._id].sort());
    expect(hidden.scrapings).toEqual([R2._id, R3._id].sort());
    expect(hidden.totalRetailers).toBe(2);
    expect(hidden.infoStatus).toBe(404);
    expect((await look(`retailer=${R1._id}`)).body.data.find((r: { _id: string }) => r._id === B._id)).toEqual({ _id: B._id, name: B.name, value: 'No' });

    expect((await put({ retailers: [{ retailer: R1._id, flag: true }] })).status).toBe(200);
    const back = await dashboard();
    expect(back).toEqual(shown);
    expect((await callRoute('listRetailerPeriods', { params: { brandId: B._id, retailerId: R1._id }, token: tokens.brandAdmin })).body.data).toEqual(periodsBefore);
    expect((await callRoute('getProductScraping', { params: { id: productId }, token: tokens.brandAdmin })).body.data).toEqual(productBefore);
    // The brand's list kept R1's website type through the switch.
    expect((await stored())!.retailers.find((r) => r.retailer === R1._id)).toEqual({ retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' });
  });
});

describe('GET /BrandRetailerExport (Permissions)', () => {
  it('by retailer: the brands listing it by name with Yes / No and the Count; 1 a page walks with the cursor', async () => {
    const res = await look(`retailer=${R1._id}&exportFlag=false`);
    expect(res.status).toBe(200);
    // '=' sorts before letters: B2 first.
    expect(res.body).toEqual({
      title: 'Brands Retailer Carries',
      data: [
        { _id: B2._id, name: B2.name, value: 'No' },
        { _id: B._id, name: B.name, value: 'Yes' },
      ],
      totalCount: 2,
      nextCursor: null,
    });
    const first = await look(`retailer=${R1._id}&limit=1`);
    expect(first.body.data.map((r: { _id: string }) => r._id)).toEqual([B2._id]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await look(`retailer=${R1._id}&limit=1&cursor=${encodeURIComponent(first.body.nextCursor!)}`);
    expect(second.body.data.map((r: { _id: string }) => r._id)).toEqual([B._id]);
    expect((await look(`retailer=${R1._id}&limit=1&page=2`)).body.data.map((r: { _id: string }) => r._id)).toEqual([B._id]);
    expect((await look(`retailer=${R1._id}&page=9`)).body).toMatchObject({ data: [], totalCount: 2 });
  });

  it('by brand: the retailers on its list by name with Yes / No', async () => {
    await put({ retailers: [{ retailer: R2._id, flag: false }] });
    const res = await look(`brand=${B._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      title: 'Retailers that Carry Brand',
      data: [
        { _id: R1._id, name: R1.name, value: 'Yes' },
        { _id: R2._id, name: R2.name, value: 'No' },
        { _id: R3._id, name: R3.name, value: 'Yes' },
      ],
      totalCount: 3,
      nextCursor: null,
    });
    expect((await look(`brand=${B._id}&limit=2&page=2`)).body.data).toEqual([{ _id: R3._id, name: R3.name, value: 'Yes' }]);
  });

  it('neither, both, an unknown retailer or brand: 400 / 404 with a clear message', async () => {
    expect(errorBody(await look('exportFlag=false')).message).toBe(P.selectRetailer);
    expect(errorBody(await look(`retailer=${R1._id}&brand=${B._id}`)).message).toBe(P.oneOf);
    expect((await look(`retailer=ret-none-${tag}`)).status).toBe(404);
    expect((await look(`brand=brand-none-${tag}`)).status).toBe(404);
    expect((await look(`retailer=${R1._id}&exportFlag=maybe`)).status).toBe(400);
  });

  it('exportFlag=true: 202 with a job at once; once ready its link is the 7-day app link of an xlsx with every row; a formula-looking name is stored as text', async () => {
    const res = await lookExport(`retailer=${R1._id}&exportFlag=true`);
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    expect(res.body).toMatchObject({ jobId: expect.any(String), status: 'queued', done: 0, link: null, url: null, error: null, title: 'Brands Retailer Carries', totalCount: 2 });
    expect(res.body.name).toContain(R1.name);
    const { job } = await followExportJob(res.body.jobId, tokens.admin);
    expect(job).toMatchObject({ status: 'ready', done: 2, total: 2, name: res.body.name });
    expect(job.link!.startsWith(`${stack().url}/api/exports/download?token=`)).toBe(true);
    const sheet = await readSheet(await download(job.link!));
    expect(sheet.name).toBe('Brands Retailer Carries');
    expect(sheet.rows).toEqual([
      ['Brand', 'Currently Enabled in Dashboard'],
      [`'${B2.name}`, 'No'],
      [B.name, 'Yes'],
    ]);
    const byBrand = await lookExport(`brand=${B._id}&exportFlag=true`);
    expect(byBrand.status).toBe(202);
    expect(byBrand.body).toMatchObject({ title: 'Retailers that Carry Brand', totalCount: 3 });
    const brandJob = (await followExportJob(byBrand.body.jobId, tokens.admin)).job;
    const brandSheet = await readSheet(await download(brandJob.link!));
    expect(brandSheet.name).toBe('Retailers that Carry Brand');
    expect(brandSheet.rows).toEqual([
      ['Retailer', 'Currently Enabled in Dashboard'],
      [R1.name, 'Yes'],
      [R2.name, 'No'],
      [R3.name, 'Yes'],
    ]);
  }, 120_000);

  it('only a site ADMIN: a BRAND_ADMIN and a User get 403, also for their own brand', async () => {
    for (const token of [tokens.brandAdmin, tokens.user]) {
      expect((await look(`brand=${B._id}`, token)).status).toBe(403);
      expect((await lookExport(`retailer=${R1._id}&exportFlag=true`, token)).status).toBe(403);
    }
  });
});
