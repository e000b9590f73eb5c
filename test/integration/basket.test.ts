/**
 * The basket (001 §3-§5, §7 exportBucketData, §8; 000 §2 'Clear All Baskets'; docs/basket.md):
 * on a brand, retailers, an on-hand feed and users of its own, so every figure is exact whatever
 * else the stack holds. Item images are served by a small HTTP server of this test (one good, one
 * missing, one too large): the export's zip must hold the good one and list the others.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OhItem } from '../../functions/inventory/domain/oh-feed';
import { BASKET_EXPORT_SLOT_STALE_MS, BASKET_EXPORTS_RUNNING_MAX, BASKET_MSG } from '../../shared/messages/basket';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, errorBody, login, stack } from '../support/api';
import { download } from '../support/export-jobs';
import { seedBrand } from '../support/brands';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-bk-${tag}`, name: `Basket House ${tag}`, slug: `basket-house-${tag}` };
const OTHER_BRAND = { _id: `brand-bk2-${tag}`, name: `Other Basket ${tag}`, slug: `other-basket-${tag}` };
const R1 = { _id: `ret-bk1-${tag}`, name: `Basket Store ${tag}`, optId: `BKA${tag}`.toUpperCase(), slug: `basket-store-${tag}`, website: 'https://bk1.example' };
const R2 = { _id: `ret-bk2-${tag}`, name: `Second Basket ${tag}`, optId: `BKB${tag}`.toUpperCase(), slug: `second-basket-${tag}`, website: 'https://bk2.example' };
const R3 = { _id: `ret-bk3-${tag}`, name: `Not Carried ${tag}`, optId: `BKC${tag}`.toUpperCase(), slug: `not-carried-${tag}`, website: 'https://bk3.example' };
const PASSWORD = 'Basket-2031!';
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const tokens: Record<string, string> = {};
let imageServer: http.Server;
let imageBase = '';
const S = (i: number) => `BK${tag.toUpperCase()}-${String(i).padStart(3, '0')}`;

const q = (brand?: string) => (brand ? { brand } : {});
const add = (serialNo: string[], token = tokens.ba, retailerId = R1._id, brand?: string) => callRoute('addBasketItems', { token, params: { retailerId }, query: q(brand), body: { serialNo } });
const list = (token = tokens.ba, retailerId = R1._id, query: Record<string, string | number> = {}) => callRoute('getBasket', { token, params: { retailerId }, query });

beforeAll(async () => {
  imageServer = http.createServer((req, res) => {
    if (req.url?.startsWith('/img/good')) return res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    if (req.url === '/img/huge') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(Buffer.alloc(6 * 1024 * 1024, 1));
    res.writeHead(404).end('missing');
  });
  await new Promise<void>((r) => imageServer.listen(0, '127.0.0.1', r));
  imageBase = `http://127.0.0.1:${(imageServer.address() as AddressInfo).port}`;

  Object.assign(process.env, stack().env);
  const inventory = await import('../../functions/inventory/inventory.repo');
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const now = new Date().toISOString();
  await seedBrand(BRAND, [R1, R2, R3], [{ retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' }, { retailer: R2._id, flag: true, webSiteType: 'retailerWithProducts' }]);
  await seedBrand(OTHER_BRAND, [], [{ retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' }]);
  // S(0..59): R1's; S(60..69): R2's; images: good for most, one missing, one too large, one private-looking address text.
  const items: OhItem[] = Array.from({ length: 70 }, (_, i) => ({
    serialNo: S(i),
    inventoryId: `INV-${i}`,
    styleName: i === 3 ? '=HYPERLINK("http://evil.example")' : `Item ${i}`,
    price: i === 4 ? null : 100 + i,
    customerId: i < 60 ? R1.optId : R2.optId,
    customerName: i < 60 ? R1.name : R2.name,
    image: i === 1 ? `${imageBase}/img/missing` : i === 2 ? `${imageBase}/img/huge` : i === 5 ? '' : `${imageBase}/img/good-${i}.png`,
  }));
  const version = `v-${tag}`;
  await inventory.putOhItems(BRAND._id, version, items);
  await inventory.switchCurrentFeed({ brand: BRAND._id, version, key: 'incoming/oh/x.csv', date: '2026-01-01', order: '2026-01-01#1', items: items.length, errorCount: 0, ingestedAt: now });

  const users = [
    { key: 'ba', roles: [TEST_ROLES.BRAND_ADMIN], associated_retailers: [] as string[] },
    { key: 'ba2', roles: [TEST_ROLES.BRAND_ADMIN], associated_retailers: [] },
    { key: 'assigned', roles: [TEST_ROLES.User], associated_retailers: [R1._id] },
    { key: 'assignedR2', roles: [TEST_ROLES.User], associated_retailers: [R2._id] },
    { key: 'otherBrand', roles: [TEST_ROLES.BRAND_ADMIN], associated_retailers: [], brand: OTHER_BRAND._id },
  ];
  const hash = await hashPassword(PASSWORD);
  for (const u of users) {
    const email = `bk-${u.key.toLowerCase()}-${tag}@demo.test`;
    await createUser(testUser({ _id: `user-bk-${u.key.toLowerCase()}-${tag}`, email, passwordHash: hash, brand: u.brand ?? BRAND._id, roles: u.roles, associated_retailers: u.associated_retailers, notify: false }));
    tokens[u.key] = await login(email, PASSWORD);
  }
  tokens.admin = await login('admin@demo.test');
});

afterAll(async () => {
  await new Promise((r) => imageServer?.close(r));
});

describe('adding, listing, removing', () => {
  it("adds one serial ('Product Added!'), then says 'Already Added!' and counts it once", async () => {
    const first = await add([S(10)]);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ message: BASKET_MSG.added, added: [S(10)], already: [], notImported: [], totalCount: 1 });
    const again = await add([S(10).toLowerCase()]);
    expect(again.body).toMatchObject({ message: BASKET_MSG.alreadyAdded, added: [], already: [S(10)], totalCount: 1 });
    const page = await list();
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(1);
    expect(page.body.data[0]).toMatchObject({ _id: S(10), serialNo: S(10), inventoryId: 'INV-10', styleName: 'Item 10', price: 110, customerId: R1.optId, customerName: R1.name });
  });

  it('bulk import: resolved serials are added, unknown ones and other retailers\' are listed as not imported', async () => {
    const res = await add([S(11), S(12), 'NOPE-1', S(61), S(11)]);
    expect(res.status).toBe(200);
    expect(res.body.added).toEqual([S(11), S(12)]);
    expect(res.body.notImported).toEqual([
      { serialNo: 'NOPE-1', message: 'SerialNo: NOPE-1 | Invalid Serial No.' },
      { serialNo: S(61), message: `SerialNo: ${S(61)} | belongs to another retailer: ${R2.optId} (${R2.name}).`, retailerId: R2.optId, retailerName: R2.name },
    ]);
    expect(res.body.totalCount).toBe(3);
  });

  it('a User assigned R1 only is told another retailer owns a serial, not which', async () => {
    const res = await add([S(62)], tokens.assigned);
    expect(res.status).toBe(200);
    expect(res.body.notImported).toEqual([{ serialNo: S(62), message: `SerialNo: ${S(62)} | belongs to another retailer.` }]);
    expect(JSON.stringify(res.body)).not.toContain(R2.name);
  });

  it('says which serials of a page are in the basket (the plus icon shows for the others)', async () => {
    const res = await callRoute('getBasketHas', { token: tokens.ba, params: { retailerId: R1._id }, query: { serialNo: [S(10), S(11), S(13), 'NOPE'].join(',') } });
    expect(res.status).toBe(200);
    expect(res.body.data.sort()).toEqual([S(10), S(11)]);
  });

  it("removes an item ('Product Removed !'); removing it again is a 404", async () => {
    const res = await callRoute('removeBasketItem', { token: tokens.ba, params: { retailerId: R1._id, serialNo: S(12) } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: BASKET_MSG.removed, totalCount: 2 });
    const again = await callRoute('removeBasketItem', { token: tokens.ba, params: { retailerId: R1._id, serialNo: S(12) } });
    expect(again.status).toBe(404);
    expect(errorBody(again).message).toBe(BASKET_MSG.notInBasket);
  });

  it('pages 25 at a time with a cursor and by page number; a page past the end reads only the count', async () => {
    await add(Array.from({ length: 40 }, (_, i) => S(20 + i)));
    const p1 = await list(tokens.ba, R1._id);
    expect(p1.body.totalCount).toBe(42);
    expect(p1.body.data).toHaveLength(25);
    const p2 = await list(tokens.ba, R1._id, { cursor: p1.body.nextCursor! });
    const byPage = await list(tokens.ba, R1._id, { page: 2 });
    expect(p2.body.data.map((i) => i.serialNo)).toEqual(byPage.body.data.map((i) => i.serialNo));
    expect(new Set([...p1.body.data, ...p2.body.data].map((i) => i.serialNo)).size).toBe(42);
    expect((await list(tokens.ba, R1._id, { page: 99999 })).body).toEqual({ data: [], totalCount: 42, nextCursor: null });
  });
});

describe('isolation and access', () => {
  it("another user's basket is never visible: same brand, same retailer, own basket", async () => {
    const other = await list(tokens.ba2);
    expect(other.body).toEqual({ data: [], totalCount: 0, nextCursor: null });
    await add([S(0)], tokens.ba2);
    expect((await list(tokens.ba2)).body.totalCount).toBe(1);
    expect((await list(tokens.ba)).body.data.some((i) => i.serialNo === S(0))).toBe(false);
    // Removing or exporting another user's serial does not reach their basket.
    expect((await callRoute('removeBasketItem', { token: tokens.ba, params: { retailerId: R1._id, serialNo: S(0) } })).status).toBe(404);
    expect((await list(tokens.ba2)).body.totalCount).toBe(1);
  });

  it('an assigned-retailer User cannot use a basket of a retailer not assigned', async () => {
    expect((await add([S(60)], tokens.assigned, R2._id)).status).toBe(403);
    expect((await list(tokens.assigned, R2._id)).status).toBe(403);
    expect((await callRoute('clearBasket', { token: tokens.assigned, params: { retailerId: R2._id } })).status).toBe(403);
    expect((await add([S(60)], tokens.assignedR2, R2._id)).status).toBe(200);
  });

  it('another brand is refused; a retailer the brand does not carry is a 404; an ADMIN needs a brand', async () => {
    expect((await add([S(13)], tokens.otherBrand, R1._id, BRAND._id)).status).toBe(403);
    expect((await list(tokens.otherBrand, R1._id, { brand: BRAND._id })).status).toBe(403);
    // Their own brand carries R1, but its feed has none of these serials.
    const own = await add([S(13)], tokens.otherBrand);
    expect(own.body.notImported).toEqual([{ serialNo: S(13), message: `SerialNo: ${S(13)} | Invalid Serial No.` }]);
    expect((await add([S(13)], tokens.ba, R3._id)).status).toBe(404);
    const admin = await add([S(13)], tokens.admin);
    expect(admin.status).toBe(400);
    expect(errorBody(admin).message).toBe(BASKET_MSG.brandRequired);
    expect((await add([S(13)], tokens.admin, R1._id, BRAND._id)).body.added).toEqual([S(13)]);
  });

  it('refuses bad input with a clear message', async () => {
    expect(errorBody(await add([])).message).toContain('Add atleast one product.');
    expect((await add(['   '])).status).toBe(400);
    expect((await add(['x'.repeat(101)])).status).toBe(400);
    expect((await add(Array.from({ length: 201 }, (_, i) => `S${i}`))).status).toBe(400);
    expect((await callRoute('addBasketItems', { params: { retailerId: R1._id }, token: tokens.ba, body: { serialNo: 'S-1' } })).status).toBe(400);
    expect((await callRoute('getBasket', { params: { retailerId: '../x' }, token: tokens.ba })).status).toBeGreaterThanOrEqual(400);
    expect((await callRoute('getBasket', { params: { retailerId: R1._id }, query: { page: '-1' }, token: tokens.ba })).status).toBe(400);
    expect((await callRoute('getBasket', { params: { retailerId: R1._id }, query: { cursor: 'A'.repeat(5000) }, token: tokens.ba })).status).toBe(400);
    expect((await callRoute('getBasket', { params: { retailerId: R1._id } })).status).toBe(401);
  });
});

describe('concurrency', () => {
  it('40 adds at once keep the count exact; the same serial from two tabs at once is added once', async () => {
    const token = tokens.assigned;
    await callRoute('clearBasket', { token, params: { retailerId: R1._id } });
    const serials = Array.from({ length: 40 }, (_, i) => S(i));
    const results = await Promise.all(serials.map((s) => add([s], token)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await list(token)).body.totalCount).toBe(40);
    await callRoute('removeBasketItem', { token, params: { retailerId: R1._id, serialNo: S(0) } });
    const twice = await Promise.all([add([S(0)], token), add([S(0)], token), add([S(0)], token)]);
    expect(twice.map((r) => r.body.added.length).sort()).toEqual([0, 0, 1]);
    expect((await list(token)).body.totalCount).toBe(40);
    let seen = 0;
    for (let page = 1; page <= 2; page++) seen += (await list(token, R1._id, { page })).body.data.length;
    expect(seen).toBe(40);
  });
});

describe('clear and clear all', () => {
  it("clears one basket ('Baket cleared') and leaves the others", async () => {
    await add([S(60)], tokens.ba, R2._id);
    const before = (await list(tokens.ba)).body.totalCount;
    expect(before).toBeGreaterThan(0);
    const res = await callRoute('clearBasket', { token: tokens.ba, params: { retailerId: R1._id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: BASKET_MSG.cleared, removed: before });
    expect((await list(tokens.ba)).body).toEqual({ data: [], totalCount: 0, nextCursor: null });
    expect((await list(tokens.ba, R2._id)).body.totalCount).toBe(1);
  });

  it("'Clear All Baskets' empties every basket of the caller only ('All Baskets Cleared')", async () => {
    await add([S(14)], tokens.ba);
    const res = await callRoute('clearAllBaskets', { token: tokens.ba });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: BASKET_MSG.allCleared, removed: 2 });
    expect((await list(tokens.ba)).body.totalCount).toBe(0);
    expect((await list(tokens.ba, R2._id)).body.totalCount).toBe(0);
    expect((await list(tokens.ba2)).body.totalCount).toBe(1);
  });
});

describe('POST /exportBucketData', () => {
  it('answers at once with a job; the worker builds an xlsx matching the basket and a zip of the images', async () => {
    const token = tokens.ba;
    await callRoute('clearAllBaskets', { token });
    const serials = Array.from({ length: 30 }, (_, i) => S(i));
    expect((await add(serials, token)).body.totalCount).toBe(30);
    const started = await callRoute('exportBucketData', { token, body: { retailerId: R1._id } });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'queued', done: 0, total: 30, s3ExcelLink: null, s3ZipLink: null });
    const jobId = started.body.jobId;
    // Another user cannot read the job.
    expect((await callRoute('getBasketExport', { token: tokens.ba2, params: { jobId } })).status).toBe(404);
    let job = started.body;
    const progress = new Set<number>();
    await expect
      .poll(async () => {
        job = (await callRoute('getBasketExport', { token, params: { jobId } })).body;
        progress.add(job.done);
        return job.status;
      }, { timeout: 60_000, interval: 200 })
      .toBe('done');
    expect(job).toMatchObject({ done: 30, total: 30, failedImages: 3, error: null });

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await download(job.s3ExcelLink!)) as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['Serial #', 'Inventory ID', 'Description', 'Price', 'Customer ID', 'Customer Name', 'Product Image']);
    const basket = [...(await list(token)).body.data, ...(await list(token, R1._id, { page: 2 })).body.data];
    expect(rows.slice(1).map((r) => r[0]).sort()).toEqual(basket.map((i) => i.serialNo).sort());
    const row3 = rows.find((r) => r[0] === S(3))!;
    expect(row3[2]).toBe(`'=HYPERLINK("http://evil.example")`); // no formula from data
    expect(rows.find((r) => r[0] === S(7))).toEqual([S(7), 'INV-7', 'Item 7', 107, R1.optId, R1.name, `${imageBase}/img/good-7.png`]);

    const zip = await JSZip.loadAsync(await download(job.s3ZipLink!));
    const images = Object.keys(zip.files).filter((n) => n.startsWith('images/'));
    expect(images).toHaveLength(27);
    expect(images).toContain(`images/${S(7)}.png`);
    expect(Buffer.from(await zip.file(`images/${S(7)}.png`)!.async('uint8array')).equals(PNG)).toBe(true);
    const failed = await zip.file('failed-images.txt')!.async('string');
    expect(failed).toContain(`${S(1)}\t${imageBase}/img/missing\tHTTP 404`);
    expect(failed).toContain(`${S(2)}\t${imageBase}/img/huge\tlarger than 5 MB`);
    expect(failed).toContain(`${S(5)}\t-\tno image`);
  });

  it('exports only the serials asked for (those in the basket); an empty basket is refused', async () => {
    const started = await callRoute('exportBucketData', { token: tokens.ba, body: { retailerId: R1._id, serialNo: [S(6), S(7), 'NOT-IN-BASKET'] } });
    expect(started.status).toBe(202);
    expect(started.body.total).toBe(2);
    await expect.poll(async () => (await callRoute('getBasketExport', { token: tokens.ba, params: { jobId: started.body.jobId } })).body.status, { timeout: 60_000, interval: 200 }).toBe('done');
    const empty = await callRoute('exportBucketData', { token: tokens.ba, body: { retailerId: R2._id } });
    expect(empty.status).toBe(400);
    expect(errorBody(empty).message).toBe(BASKET_MSG.exportEmpty);
    expect((await callRoute('exportBucketData', { token: tokens.assigned, body: { retailerId: R2._id } })).status).toBe(403);
    expect((await callRoute('exportBucketData', { token: tokens.otherBrand, query: { brand: BRAND._id }, body: { retailerId: R1._id } })).status).toBe(403);
    expect((await callRoute('getBasketExport', { token: tokens.ba, params: { jobId: 'nope' } })).status).toBe(404);
  });

  it('at most 3 exports of one user are prepared at once: a 4th is refused with a clear 429 until one ends; other users are not held up', async () => {
    const repo = await import('../../functions/basket/basket.repo');
    const owner = `user-bk-ba2-${tag}`;
    const held = ['held-1', 'held-2', 'held-3'];
    for (const id of held) expect(await repo.takeExportSlot(owner, id, BASKET_EXPORTS_RUNNING_MAX, BASKET_EXPORT_SLOT_STALE_MS)).toBe(true);
    await add([S(10)], tokens.ba2);
    const refused = await callRoute('exportBucketData', { token: tokens.ba2, body: { retailerId: R1._id } });
    expect(refused.status).toBe(429);
    expect(errorBody(refused).message).toBe(BASKET_MSG.exportsRunning(BASKET_EXPORTS_RUNNING_MAX));
    // Another user exports meanwhile.
    const other = await callRoute('exportBucketData', { token: tokens.ba, body: { retailerId: R1._id, serialNo: [S(6)] } });
    expect(other.status).toBe(202);
    // One ends: the next export starts, runs, and gives its slot back when done.
    await repo.releaseExportSlot(owner, held[0]!);
    const started = await callRoute('exportBucketData', { token: tokens.ba2, body: { retailerId: R1._id } });
    expect(started.status).toBe(202);
    await expect.poll(async () => (await callRoute('getBasketExport', { token: tokens.ba2, params: { jobId: started.body.jobId } })).body.status, { timeout: 60_000, interval: 200 }).toBe('done');
    expect(await repo.takeExportSlot(owner, 'held-4', BASKET_EXPORTS_RUNNING_MAX, BASKET_EXPORT_SLOT_STALE_MS)).toBe(true);
    for (const id of [...held, 'held-4']) await repo.releaseExportSlot(owner, id);
  });

  it('40 export starts at once take exactly the free slots; a slot a dead worker never gave back is freed after the stale time', async () => {
    const repo = await import('../../functions/basket/basket.repo');
    const owner = `slots-${tag}`;
    const got = await Promise.all(Array.from({ length: 40 }, (_, i) => repo.takeExportSlot(owner, `job-${i}`, 3, BASKET_EXPORT_SLOT_STALE_MS)));
    expect(got.filter(Boolean)).toHaveLength(3);
    expect(await repo.takeExportSlot(owner, 'late', 3, BASKET_EXPORT_SLOT_STALE_MS)).toBe(false);
    // An hour and a bit later the three are stale (their workers died): slots free again.
    expect(await repo.takeExportSlot(owner, 'later', 3, BASKET_EXPORT_SLOT_STALE_MS, Date.now() + BASKET_EXPORT_SLOT_STALE_MS + 1)).toBe(true);
  });
});
