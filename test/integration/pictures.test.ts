/**
 * The demo's pictures through the stack (docs/decisions.md "Pictures (issue 20)"): every picture
 * the dashboard, the catalogue, the on-hand look-up and the post office answer is an app link
 * that opens, through GET /images and its redirect to S3, a picture (HTTP 200, an image type);
 * a link we did not sign, one past its expiry, or one for a key outside screenshots/ opens
 * nothing; and a basket export's zip holds the demo's stored pictures, its sheet their links.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { createHmac } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_MSG } from '../../shared/schemas/images';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, errorBody, login, stack } from '../support/api';

const MA = 'brand-maison-aurelle';
const RETAILERS = ['ret-harrowgate', 'ret-lumiere', 'ret-northbay'];
const LINK = /^\/api\/images\?key=screenshots%2F[^&]+&exp=\d+&sig=[A-Za-z0-9_-]{43}$/;
const PASSWORD = 'Pictures-2031!';

let brandAdmin = '';
let admin = '';
beforeAll(async () => {
  // The links are checked and signed with the stack's secret, as its functions do.
  Object.assign(process.env, stack().env);
  [brandAdmin, admin] = await Promise.all([login('brandadmin@demo.test'), login('admin@demo.test')]);
});

/** Opens a link as the browser does (following the redirect to S3): the answer. */
const open = (link: string) => fetch(link.startsWith('/') ? `${stack().url}${link}` : link);

/** Every picture link answers a picture: the redirect, then 200 with an image type and an SVG body. */
async function expectPictures(where: string, links: string[]): Promise<void> {
  expect(links.length, where).toBeGreaterThan(0);
  for (const link of new Set(links)) {
    expect(link, where).toMatch(LINK);
    const res = await open(link);
    expect(res.status, `${where}: ${link}`).toBe(200);
    expect(res.headers.get('content-type'), `${where}: ${link}`).toMatch(/^image\//);
    expect((await res.text()).startsWith('<svg'), `${where}: ${link}`).toBe(true);
  }
}

const latestPeriod = async (retailerId: string) => (await callRoute('listRetailerPeriods', { token: brandAdmin, params: { brandId: MA, retailerId } })).body.data[0]!._id;

describe("the demo's presented pictures", () => {
  it('the summary tiles and the retailer page: brand landing screenshots, logos, hero images', async () => {
    const records = (await callRoute('listRetailerScrapings', { token: brandAdmin, params: { brandId: MA } })).body.data;
    await expectPictures('retailer records', records.map((r) => r.brand_screenshot).filter(Boolean));
    expect(records.filter((r) => r.brand_screenshot).length, 'every demo retailer has a brand page').toBe(records.length);
    for (const id of RETAILERS) {
      const info = (await callRoute('getRetailerScraping', { token: brandAdmin, params: { brandId: MA, id } })).body.data;
      if (info.kind !== 'retailer') throw new Error('not a retailer');
      await expectPictures(`scan info of ${id}`, [info.brand_logo, info.brand_hero_image, info.brand_screenshot, info.brand_screenshot_large]);
    }
  });

  it('product tables, the product page and its history: packshots and page screenshots', async () => {
    const period = await latestPeriod('ret-lumiere');
    const products = (await callRoute('listProductScrapings', { token: brandAdmin, query: { retailer_brand_scraping: period, limit: 5 } })).body.data as { _id: string; image: string; imageUrl: string; screenshot: string }[];
    await expectPictures('ALL SCRAPED', products.flatMap((p) => [p.image, ...p.imageUrl.split('|'), p.screenshot]));
    const product = (await callRoute('getProductScraping', { token: brandAdmin, params: { id: products[0]!._id } })).body.data;
    await expectPictures('product page', [product.image, product.screenshot]);
    const history = (await callRoute('getRelatedProducts', { token: brandAdmin, query: { id: products[0]!._id, brand: MA } })).body.data;
    expect(history.length).toBeGreaterThan(1);
    await expectPictures('Product History', history.map((h) => h.image));
  });

  it('on-hand pictures: the OH tabs, the catalogue and the serial look-up', async () => {
    const period = await latestPeriod('ret-harrowgate');
    const oh = (await callRoute('listProductScrapings', { token: brandAdmin, query: { retailer_brand_scraping: period, filter: 'all_oh', limit: 5 } })).body.data as { serialNo: string; image: string }[];
    await expectPictures('All OH', oh.map((i) => i.image));
    const catalog = (await callRoute('getBrandCatalog', { token: brandAdmin, params: { brandId: MA }, query: { limit: 5 } })).body.data;
    await expectPictures('Manage Catalog', catalog.map((i) => i.image));
    const item = (await callRoute('getBatchItems', { token: brandAdmin, query: { retailerId: 'ret-harrowgate', serialNo: oh[0]!.serialNo } })).body.data.data;
    await expectPictures('getBatchItems', [item.image]);
  });

  it("the post office's comparison: each row's pictures, the text as the file has it", async () => {
    const files = (await callRoute('listFiles', { token: admin, query: { name: 'northbay-luxury', limit: 100 } })).body.data;
    for (const type of ['product', 'brand', 'homepage'] as const) {
      const file = files.find((f) => f.type === type && f.previousFileId);
      if (!file) throw new Error(`no ${type} file of northbay-luxury with a previous one`);
      const data = (await callRoute('getFileData', { token: admin, params: { fId: file._id }, query: { page: 1, limit: 5 } })).body;
      const rows = [...data.currentProductData.data, ...data.previousProductData.data];
      const column = type === 'product' ? 'Image URLs' : 'Screenshot';
      for (const r of rows) expect(r.row[column], `${type}: ${column} as the robot wrote it`).toMatch(/^screenshots\//);
      await expectPictures(`comparison of a ${type} file`, rows.flatMap((r) => Object.values(r.pictures ?? {})));
      if (type === 'brand') expect(Object.keys(rows[0]!.pictures ?? {}).sort()).toEqual(['Hero Image', 'Logo', 'Screenshot']);
    }
  });
});

describe('GET /images', () => {
  const sign = async (key: string, exp: number) => {
    const { derivedKey } = await import('../../functions/lib/jwt');
    return createHmac('sha256', await derivedKey('image-link')).update(`${key}\n${exp}`).digest('base64url');
  };
  const query = (key: string, exp: number, sig: string) => `/images?key=${encodeURIComponent(key)}&exp=${exp}&sig=${sig}`;

  it('redirects a valid link to the picture for a few minutes of reuse, and nothing else', async () => {
    const info = (await callRoute('getRetailerScraping', { token: brandAdmin, params: { brandId: MA, id: 'ret-harrowgate' } })).body.data;
    if (info.kind !== 'retailer') throw new Error('not a retailer');
    const res = await fetch(`${stack().url}${info.brand_logo}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('cache-control')).toBe('private, max-age=600');
    expect(res.headers.get('location')).toContain(`/${stack().env.DATA_BUCKET}/screenshots/brand/harrowgate-finch/`);
  });

  it('refuses a changed signature, a key outside screenshots/ even signed with our key, and answers 410 past the expiry', async () => {
    const info = (await callRoute('getRetailerScraping', { token: brandAdmin, params: { brandId: MA, id: 'ret-harrowgate' } })).body.data;
    if (info.kind !== 'retailer') throw new Error('not a retailer');
    const q = new URL(info.brand_logo, 'http://x').searchParams;
    const tampered = await callRoute('openImage', { query: { key: q.get('key')!, exp: q.get('exp')!, sig: `${q.get('sig')!.slice(0, -2)}AA` } });
    expect(tampered.status).toBe(400);
    expect(errorBody(tampered).message).toBe(IMAGE_MSG.invalid);
    const exp = Number(q.get('exp'));
    const exportKey = 'exports/brand-maison-aurelle/ret-harrowgate/anything.xlsx';
    const outside = await callRoute('openImage', { query: { key: exportKey, exp, sig: await sign(exportKey, exp) } });
    expect(outside.status).toBe(400);
    expect(errorBody(outside).message).toBe(IMAGE_MSG.invalid);
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await callRoute('openImage', { query: { key: q.get('key')!, exp: past, sig: await sign(q.get('key')!, past) } });
    expect(expired.status).toBe(410);
    expect(errorBody(expired).message).toBe(IMAGE_MSG.expired);
  });

  it('a stored picture that is gone (retention) opens to a 404 from S3, which the web shows as its placeholder', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const key = 'screenshots/product/harrowgate-finch/2026-01-01/gone.svg';
    const res = await open(`/api${query(key, exp, await sign(key, exp))}`);
    expect(res.status).toBe(404);
  });
});

describe("a basket export of the demo's on-hand items", () => {
  it("zips the stored pictures (read from the bucket) and links them in the sheet", async () => {
    // A brand admin of its own: the demo brand admin's basket is shared with other suites.
    const users = await import('../../functions/users/users.repo');
    const passwordHash = await (await import('../../functions/lib/password')).hashPassword(PASSWORD);
    const email = `pictures-basket-${Date.now()}@demo.test`;
    await users.createUser(testUser({ _id: `user-pictures-${Date.now()}`, name: 'Picture Tester', email, passwordHash, roles: [TEST_ROLES.BRAND_ADMIN] }));
    const token = await login(email, PASSWORD);
    const period = await latestPeriod('ret-northbay');
    const items = (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: period, filter: 'all_oh', limit: 3 } })).body.data as { serialNo: string; image: string }[];
    expect((await callRoute('addBasketItems', { token, params: { retailerId: 'ret-northbay' }, body: { serialNo: items.map((i) => i.serialNo) } })).body.totalCount).toBe(3);
    const started = await callRoute('exportBucketData', { token, body: { retailerId: 'ret-northbay' } });
    expect(started.status).toBe(202);
    let job = started.body;
    await expect.poll(async () => (job = (await callRoute('getBasketExport', { token, params: { jobId: started.body.jobId } })).body).status, { timeout: 60_000, interval: 200 }).toBe('done');
    expect(job.failedImages).toBe(0);

    const zip = await JSZip.loadAsync(Buffer.from(await (await open(job.s3ZipLink!)).arrayBuffer()));
    expect(await zip.file('failed-images.txt')!.async('string')).toBe('Every item with an image is included.\n');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await (await open(job.s3ExcelLink!)).arrayBuffer()) as ArrayBuffer);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    for (const item of items) {
      const picture = await (await open(item.image)).text();
      expect(await zip.file(`images/${item.serialNo}.svg`)!.async('string'), item.serialNo).toBe(picture);
      // The sheet leaves the app: the link is the app's full address, and it opens the same picture.
      const cell = String(rows.find((r) => r[0] === item.serialNo)![6]);
      expect(cell.startsWith(`${stack().url}/api/images?key=screenshots%2Foh%2Fmaison-aurelle%2F`), cell).toBe(true);
      expect(await (await open(cell)).text()).toBe(picture);
    }
  });
});
