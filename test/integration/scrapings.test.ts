/**
 * Products of the period, scan info, on-hand feed and their calls, against the one local stack.
 * The data is prepared in this process with the same modules the workflow uses (repos,
 * apply functions, ingest), on a brand, retailers and a user of its own, so the numbers are
 * exact whatever else the stack holds; the calls go over HTTP as the browser makes them.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord, FileType } from '../../functions/files/files.repo';
import type { RobotRow } from '../../functions/files/domain/robot-types';
import { callRoute, errorBody, login, queryOf, stack } from '../support/api';
import { testUser } from '../support/accounts';
import { brandSkuIdOf } from '../../functions/inventory/domain/brand-skus';
import { seedBrand } from '../support/brands';

const tag = randomBytes(4).toString('hex');
const B1 = { _id: `brand-it-${tag}`, name: `Itest Maison ${tag}`, slug: `itest-maison-${tag}` };
const B2 = { _id: `brand-it2-${tag}`, name: `Other House ${tag}`, slug: `other-house-${tag}` };
const R1 = { _id: `ret-it1-${tag}`, name: `Itest Store ${tag}`, optId: `ITA${tag}`.toUpperCase(), slug: `itest-store-${tag}`, website: 'https://one.example' };
const R2 = { _id: `ret-it2-${tag}`, name: `Second Store ${tag}`, optId: `ITB${tag}`.toUpperCase(), slug: `second-store-${tag}`, website: 'https://two.example' };
const USER_ID = `user-it-${tag}`;
const USER_EMAIL = `it-${tag}@demo.test`;
const USER_NAME = 'Ivy Tester';
const D1 = '2021-03-03';
const D2 = '2021-03-10';
const bucket = () => stack().env.DATA_BUCKET!;

let m: {
  apply: typeof import('../../functions/scrapings/apply');
  repo: typeof import('../../functions/scrapings/scrapings.repo');
  ids: typeof import('../../functions/scrapings/domain/ids');
  ingest: typeof import('../../functions/inventory/ingest-oh');
  inventory: typeof import('../../functions/inventory/inventory.repo');
  files: typeof import('../../functions/files/files.repo');
  pages: typeof import('../../functions/files/pages');
  diff: typeof import('../../functions/files/domain/diff');
  s3: typeof import('../../functions/lib/clients/s3');
  S3: typeof import('@aws-sdk/client-s3');
  snapshots: typeof import('../../functions/scrapings/snapshots.repo');
};
const tokens: Record<string, string> = {};
const ids = { p1B1: '', p2B1: '', p2B2: '', pR2: '' };
const applied: Record<string, any> = {};
const prod = (periodId: string, style: string) => m.ids.productIdOf(periodId, style);

const product = (sn: string, brand: string, over: Record<string, string> = {}): RobotRow => ({
  'Style Number': sn,
  Name: `Item ${sn}`,
  Brand: brand,
  'Brand SKU': `SKU-${sn}`,
  Price: '100.00',
  Description: `About ${sn}`,
  'Image URLs': `https://img.example/${sn}/1.jpg|https://img.example/${sn}/2.jpg`,
  'Product URL': `https://shop.example/${sn}`,
  Screenshot: `https://shots.example/${sn}.png`,
  Shoppability: 'In stock',
  'OH Map ID': '',
  ...over,
});

/** A File record with its comparison pages, as the ingest writes them. */
async function makeFile(type: FileType, retailer: typeof R1, date: string, rows: RobotRow[], prev?: { file: FileRecord; rows: RobotRow[] }): Promise<FileRecord> {
  const id = `fit${randomBytes(9).toString('hex')}`;
  const keyColumn = { product: 'Style Number', brand: 'Brand ID', homepage: 'Primary Menu' }[type];
  const diff = prev ? m.diff.diffRows(prev.rows, rows, { type }) : null;
  const marked = m.pages.markRows(prev?.rows ?? [], rows, diff, keyColumn);
  const currentPages = await m.pages.writeSide(id, 'current', marked.current);
  const previousPages = prev ? await m.pages.writeSide(id, 'previous', marked.previous) : 0;
  const now = new Date().toISOString();
  const file: FileRecord = {
    _id: id,
    date,
    fileName: `incoming/${type}/${retailer.slug}/${date}/it-robot.csv`,
    name: retailer.slug,
    retailer: retailer._id,
    retailerName: retailer.name,
    type,
    robot: 'it-robot',
    approvedStatus: 'pending',
    flag: 'unflagged',
    flagReasons: [],
    rowCount: rows.length,
    ...(prev ? { previousFileId: prev.file._id, previousDate: prev.file.date, previousRowCount: prev.rows.length } : {}),
    pagesPrefix: m.pages.pagesPrefix(id),
    currentPages,
    previousPages,
    createdAt: now,
    updatedAt: now,
  };
  expect(await m.files.createFileOnce(file)).toBe(true);
  return file;
}

/** Approve a file as the workflow does: claim, stage, publish (one transaction), clean up. */
async function approve(file: FileRecord) {
  const claim = { id: `it-${file._id}`, at: new Date().toISOString() };
  expect(await m.files.claimApproval(file._id, claim, new Date(0).toISOString())).toBe(true);
  const stage = { product: m.apply.stageProductFile, brand: m.apply.stageBrandFile, homepage: m.apply.stageHomepageFile }[file.type] as (f: FileRecord) => Promise<any>;
  const staged = await stage(file);
  const published = await m.apply.publishFile(file, claim.id);
  await m.apply.cleanupFile(file._id);
  return { staged, published };
}

async function putObject(key: string, body: string): Promise<void> {
  await m.s3.s3.send(new m.S3.PutObjectCommand({ Bucket: bucket(), Key: key, Body: body, ContentType: 'text/csv' }));
}

const csv = (rows: string[][]) => rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n') + '\n';
const OH_HEADER = ['Serial Number', 'Inventory ID', 'Style Name', 'Price', 'Customer ID', 'Customer Name', 'Image'];

// F1 (D1): P1..P5 of B1 (named by name, slug, upper case), P6 of B2, P7 of an unknown brand, P8 with no brand.
const F1_ROWS = [
  product('P1', B1.name, { Price: '100.00' }),
  product('P2', B1.slug, { Price: '200.00' }),
  product('P3', B1.name.toUpperCase(), { Price: '300.00' }),
  product('P4', B1.name, { Name: 'Alpha Bag', Price: '50.00' }),
  product('P5', B1.name, { Price: '500.00' }),
  product('P6', B2.name, { Price: '600.00' }),
  product('P7', 'Unknown House'),
  product('P8', ''),
];
// F2 (D2): P2 price and P4 name change, P3 removed, P9 added; P6 (B2) price change; screenshots change (not compared).
const F2_ROWS = [
  product('P1', B1.name, { Price: '100.00', Screenshot: 'https://shots.example/new/P1.png' }),
  product('P2', B1.slug, { Price: '250.00' }),
  product('P4', B1.name, { Name: 'Alpha Bag II', Price: '50.00' }),
  product('P5', B1.name, { Price: '500.00' }),
  product('P9', B1.name, { Price: '900.00' }),
  product('P6', B2.name, { Price: '650.00' }),
  product('P7', 'Unknown House'),
  product('P8', ''),
];

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  m = {
    apply: await import('../../functions/scrapings/apply'),
    repo: await import('../../functions/scrapings/scrapings.repo'),
    ids: await import('../../functions/scrapings/domain/ids'),
    ingest: await import('../../functions/inventory/ingest-oh'),
    inventory: await import('../../functions/inventory/inventory.repo'),
    files: await import('../../functions/files/files.repo'),
    pages: await import('../../functions/files/pages'),
    diff: await import('../../functions/files/domain/diff'),
    s3: await import('../../functions/lib/clients/s3'),
    S3: await import('@aws-sdk/client-s3'),
    snapshots: await import('../../functions/scrapings/snapshots.repo'),
  };
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  await seedBrand(B1, [R1, R2], [{ retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' }, { retailer: R2._id, flag: true, webSiteType: 'retailerWithModule' }]);
  await seedBrand(B2, [], [{ retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' }]);
  await createUser(testUser({ _id: USER_ID, name: USER_NAME, firstname: 'Ivy', lastname: 'Tester', email: USER_EMAIL, passwordHash: await hashPassword('Itest-2031!'), brand: B1._id, associated_retailers: [R1._id], notify: false }));
  tokens.admin = await login('admin@demo.test');
  tokens.other = await login('castellane@demo.test');
  tokens.demoUser = await login('user@demo.test');
  tokens.user = await login(USER_EMAIL, 'Itest-2031!');

  ids.p1B1 = m.ids.periodIdOf(B1._id, R1._id, D1);
  ids.p2B1 = m.ids.periodIdOf(B1._id, R1._id, D2);
  ids.p2B2 = m.ids.periodIdOf(B2._id, R1._id, D2);
  ids.pR2 = m.ids.periodIdOf(B1._id, R2._id, D2);

  // Period 1, then what people do on it, then period 2.
  const f1 = await makeFile('product', R1, D1, F1_ROWS);
  applied.f1 = (await approve(f1)).staged;
  const mapped = await callRoute('updateProductScraping', { params: { id: prod(ids.p1B1, 'P1') }, token: tokens.admin, body: { oh_map_id: 'INV-MAP1' } });
  expect(mapped.status).toBe(200);
  const sku = await callRoute('updateProductScraping', { params: { id: prod(ids.p1B1, 'P5') }, token: tokens.user, body: { brand_sku: 'USER-SKU5' } });
  expect(sku.status).toBe(200);
  // Flagged through the flag call: the flag carries over to P2 of the next period (asserted below).
  const flagged = await callRoute('updateProductFlag', { params: { id: prod(ids.p1B1, 'P2') }, token: tokens.user, body: { isFlagged: 'yes', message: 'Wrong price', reason: [{ name: 'Price', value: 'Wrong price' }] } });
  expect(flagged.status).toBe(200);

  const f2 = await makeFile('product', R1, D2, F2_ROWS, { file: f1, rows: F1_ROWS });
  applied.f2 = (await approve(f2)).staged;
  // A second file of the older period, approved late: its period is re-published, the scan info must not go back.
  applied.f1again = (await approve(await makeFile('product', R1, D1, F1_ROWS))).published;

  const f3 = await makeFile('product', R2, D2, [product('Q1', ''), product('Q2', '', { Price: '20.00' })]);
  applied.f3 = (await approve(f3)).staged;

  const brandFile = await makeFile('brand', R1, D2, [
    {
      'Brand ID': B1.slug,
      'Brand Name': B1.name,
      Description: 'The house at Itest Store.',
      Logo: 'https://img.example/logo.png',
      'Hero Image': 'https://img.example/hero.jpg',
      Screenshot: 'https://shots.example/brand.png',
      'Site Link': 'https://one.example/itest',
      'Brand Link': 'https://itest.example',
      'Featured In Menu': 'No',
    },
  ]);
  applied.brand = (await approve(brandFile)).staged;
  const homepage = await makeFile('homepage', R1, D2, [
    { 'Primary Menu': 'Designers', 'Sub Menu': `${B1.name}|Someone Else`, 'Brand Featured': '', 'Menu URL': '', Screenshot: '' },
    { 'Primary Menu': 'Bags', 'Sub Menu': 'Totes', 'Brand Featured': 'Yes', 'Menu URL': '', Screenshot: '' },
  ]);
  applied.homepage = (await approve(homepage)).staged;
});

const list = (q: string, token = tokens.admin) => callRoute('listProductScrapings', { query: queryOf(q), token });
const styles = (rows: { style_number?: string; serialNo?: string }[]) => rows.map((r) => r.style_number ?? r.serialNo);

describe('applying product files to the period', () => {
  it('splits rows among the brands carrying the retailer and counts what changed', () => {
    expect(applied.f1).toMatchObject({ products: 6, added: 0, deleted: 0, changed: 0, skipped: 2 });
    expect([...applied.f1.brands].sort()).toEqual([B1._id, B2._id].sort());
    expect(applied.f2).toMatchObject({ products: 6, added: 1, deleted: 1, changed: 3, skipped: 2 });
    expect(applied.f3).toMatchObject({ brands: [B1._id], products: 2, skipped: 0 });
  });

  it('writes the period with its previous period and counts', async () => {
    const p = await m.repo.getPeriod(ids.p2B1);
    expect(p).toMatchObject({ brand: B1._id, retailer: R1._id, date: D2, totalProducts: 5, previousTotalProducts: 5, previousPeriod: D1, previousPeriodId: ids.p1B1, added: 1, deleted: 1, changed: 2, unchanged: 2 });
    expect((await m.repo.getPeriod(ids.p2B2))?.totalProducts).toBe(1);
  });

  it('marks types, keeps old values of changed fields, and carries people\'s fields from the previous period', async () => {
    const byStyle = new Map((await m.repo.listPeriodProducts(ids.p2B1)).map((p) => [p.style_number, p]));
    expect([...byStyle.keys()].sort()).toEqual(['P1', 'P2', 'P3', 'P4', 'P5', 'P9']);
    expect(byStyle.get('P1')).toMatchObject({ oh_map_id: 'INV-MAP1', edited: ['oh_map_id'], isFlagged: 'no' });
    expect(byStyle.get('P1')?.type).toBeUndefined(); // a new screenshot alone is no change
    expect(byStyle.get('P2')).toMatchObject({ type: 'change', change: { price: 200 }, price: 250, isFlagged: 'yes', flagMessage: { message: 'Wrong price', reason: [{ name: 'Price', value: 'Wrong price' }], state: { price: 200 } } });
    expect((await m.repo.getPeriod(ids.p2B1))?.flaggedCount).toBeGreaterThanOrEqual(1); // the carried flag is counted
    expect(byStyle.get('P3')).toMatchObject({ type: 'deleted', price: 300 });
    expect(byStyle.get('P4')).toMatchObject({ type: 'change', change: { name: 'Alpha Bag' }, name: 'Alpha Bag II' });
    expect(byStyle.get('P5')).toMatchObject({ brand_sku: 'USER-SKU5', edited: ['brand_sku'] });
    expect(byStyle.get('P9')).toMatchObject({ type: 'added', image: 'https://img.example/P9/1.jpg', imageUrl: 'https://img.example/P9/1.jpg|https://img.example/P9/2.jpg', price: 900 });
  });

  it('is idempotent: applying the same file again ends in the same state', async () => {
    const sorted = async (id: string) => (await m.repo.listPeriodProducts(id)).sort((a, b) => a._id.localeCompare(b._id));
    const before = await sorted(ids.p2B1);
    const periodBefore = await m.repo.getPeriod(ids.p2B1);
    const f2 = (await m.files.getFile(periodBefore!.fileId))!;
    expect(await m.apply.stageProductFile(f2)).toEqual(applied.f2);
    expect(await sorted(ids.p2B1)).toEqual(before);
    const periodAfter = await m.repo.getPeriod(ids.p2B1);
    expect({ ...periodAfter, updatedAt: '' }).toEqual({ ...periodBefore, updatedAt: '' });
  });

  it('updates scan info, and a late older file does not overwrite a newer one', async () => {
    expect(applied.f1again).toMatchObject({ published: true, updated: [], outdated: expect.arrayContaining([B1._id, B2._id]) });
    const info = await m.repo.getScanInfo(B1._id, R1._id);
    expect(info).toMatchObject({ periodId: ids.p2B1, productDate: D2, totalProducts: 5, previousTotalProducts: 5, nextScanDay: '2021-03-17' });
  });

  it('takes brand page fields from the brand file and featuredInMenu from the homepage file', async () => {
    expect(applied.brand).toEqual({ brands: expect.arrayContaining([B1._id, B2._id]), found: [B1._id] });
    expect(applied.homepage).toEqual({ brands: expect.arrayContaining([B1._id, B2._id]), featured: [B1._id] });
    const b1 = await m.repo.getScanInfo(B1._id, R1._id);
    expect(b1).toMatchObject({
      brand_description: 'The house at Itest Store.',
      brand_logo: 'https://img.example/logo.png',
      brand_hero_image: 'https://img.example/hero.jpg',
      brand_screenshot: 'https://shots.example/brand.png',
      brand_screenshot_large: 'https://shots.example/brand.png',
      siteLink: 'https://one.example/itest',
      brandLink: 'https://itest.example',
      featuredInMenuBrandPage: false,
      featuredInMenuHomepage: true,
      featuredInMenu: true, // same date: the homepage file wins
      featuredMenus: ['Designers'],
    });
    const b2 = await m.repo.getScanInfo(B2._id, R1._id);
    expect(b2).toMatchObject({ siteLink: '', featuredInMenu: false });
  });
});

describe('the on-hand feed', () => {
  const key = `incoming/oh/${B1.slug}/${D2}/feed.csv`;
  beforeAll(async () => {
    await putObject(
      key,
      csv([
        OH_HEADER,
        ['S-1', 'INV-MAP1', 'Item P1', '100.00', R1.optId, R1.name, 'https://img.example/S-1.jpg'],
        ['S-2', 'SKU-P2', 'Item P2', '240.00', R1.optId, R1.name, ''],
        ['S-3', 'SKU-P4', 'Alpha', '$50', R1.optId, R1.name, ''],
        ['S-4', 'SKU-P9', 'Item P9', '950.00', R1.optId, R1.name, ''],
        ['S-5', 'INV-NOT-SCRAPED', 'Lonely, but "quoted"', '70.00', R1.optId, R1.name, ''],
        ['S-6', 'SKU-Q1', 'Item Q1', '10.00', R2.optId, R2.name, ''],
        ['', 'INV-X', 'No serial', '1.00', R1.optId, R1.name, ''],
        ['S-1', 'INV-DUP', 'Dup', '1.00', R1.optId, R1.name, ''],
        ['S-8', 'INV-8', 'Bad price', 'abc', R1.optId, R1.name, ''],
      ]),
    );
  });

  it('ingests the feed, reporting bad rows with their line', async () => {
    const out = await m.ingest.ingestOhFeed({ bucket: bucket(), key });
    expect(out.brand).toBe(B1._id);
    expect(out.items).toBe(6);
    expect(out.errors).toEqual([
      'Line 8: Serial Number is empty.',
      'Line 9: Serial Number S-1 repeats line 2; the first one is kept.',
      'Line 10: Price "abc" is not a number.',
    ]);
    const feed = await m.inventory.getCurrentFeed(B1._id);
    expect(feed?.items).toBe(6);
    // Each retailer's read snapshot is written before the switch, in the customer index's order.
    for (const r of [R1, R2])
      expect((await m.snapshots.getOhSnapshot(B1._id, feed!.version, r.optId))?.value.items).toEqual(await m.inventory.listOhItemsOfCustomer(B1._id, r.optId));
    // The same object delivered again: the same version, nothing changes.
    const again = await m.ingest.ingestOhFeed({ bucket: bucket(), key });
    expect(again.items).toBe(6);
  });

  it('refuses keys that are not feeds and brands that do not exist', async () => {
    expect((await m.ingest.ingestOhFeed({ bucket: bucket(), key: 'incoming/oh/feed.csv' })).errors[0]).toMatch(/^Not an on-hand feed/);
    expect((await m.ingest.ingestOhFeed({ bucket: bucket(), key: `incoming/oh/nobody-${tag}/${D2}/x.csv` })).errors[0]).toMatch(/Unknown brand slug/);
  });
});

describe('GET /retailerBrandProductScrapings', () => {
  const period = () => `retailer_brand_scraping=${ids.p2B1}`;

  it('lists the period\'s products (plain list), 25 a page by name', async () => {
    const res = await list(period());
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(5);
    expect(styles(res.body.data)).toEqual(['P4', 'P1', 'P2', 'P5', 'P9']); // Alpha Bag II, Item P1…
  });

  it('serves every tab filter', async () => {
    const tab = async (q: string) => styles((await list(`${period()}&${q}`)).body.data);
    expect(await tab('tab=change')).toEqual(['P4', 'P2', 'P3', 'P9']);
    expect(await tab('isFlagged=yes')).toEqual(['P2']);
    expect(await tab('filter=price_diff')).toEqual(['P2', 'P9']);
    expect(await tab('price_diff=true')).toEqual(['P2', 'P9']);
    expect(await tab('filter=price_match')).toEqual(['P4', 'P1']);
    expect(await tab('filter=sd_data')).toEqual(['P5']);
    expect(await tab('sd_data')).toEqual(['P5']);
    expect(await tab('filter=all_oh')).toEqual(['S-3', 'S-1', 'S-2', 'S-4', 'S-5']);
    expect(await tab('filter=oh_sd_data')).toEqual(['S-3', 'S-1', 'S-2', 'S-4']);
    expect(await tab('oh_data=true')).toEqual(['S-5']);
    expect(await tab('oh_map_id=true')).toEqual(['P1']);
    expect(await tab('oh_map_id=false')).toEqual(['P4', 'P2', 'P5', 'P9']);
  });

  it('gives price rows the OH price and the difference (OH price minus price), OH rows their columns', async () => {
    const diff = (await list(`${period()}&filter=price_diff&sort=price;asc`)).body.data;
    expect(diff.map((r: any) => [r.style_number, r.oh_price, r.price, r.priceDiff])).toEqual([
      ['P2', 240, 250, -10],
      ['P9', 950, 900, 50],
    ]);
    const oh = (await list(`${period()}&filter=all_oh&search=lonely`)).body.data;
    expect(oh).toEqual([{ _id: 'S-5', serialNo: 'S-5', inventoryId: 'INV-NOT-SCRAPED', styleName: 'Lonely, but "quoted"', description: 'Lonely, but "quoted"', name: 'Lonely, but "quoted"', price: 70, customerId: R1.optId, customerName: R1.name, image: '' }]);
  });

  it('searches, sorts and pages', async () => {
    expect(styles((await list(`${period()}&search=alpha`)).body.data)).toEqual(['P4']);
    expect(styles((await list(`${period()}&search=user-sku5`)).body.data)).toEqual(['P5']);
    const page = await list(`${period()}&sort=price;desc&page=2&limit=2&atts[page]=2`);
    expect(page.body.totalCount).toBe(5);
    expect(styles(page.body.data)).toEqual(['P2', 'P1']);
    expect(styles((await list(`${period()}&sort=style_number;desc`)).body.data)).toEqual(['P9', 'P5', 'P4', 'P2', 'P1']);
  });

  it('validates the query with clear messages', async () => {
    const missing = await list('page=1');
    expect(missing.status).toBe(400);
    expect(errorBody(missing).message).toBe('retailer_brand_scraping is required.');
    expect(errorBody(await list(`${period()}&sort=brand;asc`)).message).toBe('Sort must be name, price or style_number with ;asc or ;desc.');
    expect(errorBody(await list(`${period()}&tab=change&filter=all_oh`)).message).toMatch(/^Choose one tab filter at a time/);
    expect((await list(`retailer_brand_scraping=${'x'.repeat(22)}`)).status).toBe(404);
  });

  it("answers 403 to another brand and to a User for a retailer not assigned to them", async () => {
    const other = await list(period(), tokens.other);
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).not.toContain('P1');
    expect((await list(period(), tokens.user)).status).toBe(200);
    expect((await list(`retailer_brand_scraping=${ids.pR2}`, tokens.user)).status).toBe(403);
    expect((await list(`retailer_brand_scraping=${ids.pR2}`)).body.totalCount).toBe(2);
  });
});

describe('one product: GET and PUT /retailerBrandProductScrapings/{id}', () => {
  it('returns the product to whoever may see it', async () => {
    const res = await callRoute('getProductScraping', { params: { id: prod(ids.p2B1, 'P2') }, token: tokens.user });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: prod(ids.p2B1, 'P2'), style_number: 'P2', retailer_brand_scraping: ids.p2B1, type: 'change' });
    expect((await callRoute('getProductScraping', { params: { id: prod(ids.pR2, 'Q1') }, token: tokens.user })).status).toBe(403);
    expect((await callRoute('getProductScraping', { params: { id: prod(ids.p2B1, 'P2') }, token: tokens.other })).status).toBe(403);
    expect((await callRoute('getProductScraping', { params: { id: prod(ids.p2B1, 'NOPE') }, token: tokens.admin })).status).toBe(404);
  });

  it("saves a Brand SKU option with the spec's toast, and a map id", async () => {
    const id = prod(ids.p2B1, 'P4');
    const option = { _id: brandSkuIdOf('MA-OPT-1'), sku: 'MA-OPT-1' };
    const sku = await callRoute('updateProductScraping', { params: { id }, token: tokens.user, body: { product: option } });
    expect(sku.status).toBe(200);
    expect(sku.body).toMatchObject({ message: 'Brand Sku updated successfully.', data: { brand_sku: 'MA-OPT-1', product: option, edited: ['brand_sku'] } });
    // A made-up option (its id is not the one its SKU derives) is refused.
    const fake = await callRoute('updateProductScraping', { params: { id }, token: tokens.user, body: { product: { _id: 'opt-1', sku: 'MA-OPT-1' } } });
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe('Please select brand sku.');
    const free = await callRoute('updateProductScraping', { params: { id }, token: tokens.user, body: { brand_sku: 'MA-FREE' } });
    expect(free.body.data.brand_sku).toBe('MA-FREE');
    expect(free.body.data.product).toBeUndefined();
    const map = await callRoute('updateProductScraping', { params: { id }, token: tokens.user, body: { oh_map_id: 'S-3' } });
    expect(map.body).toMatchObject({ message: 'Map id updated successfully.', data: { oh_map_id: 'S-3' } });
    expect([...map.body.data.edited!].sort()).toEqual(['brand_sku', 'oh_map_id']);
  });

  it('refuses an empty edit, a removed product and another brand', async () => {
    const bad = await callRoute('updateProductScraping', { params: { id: prod(ids.p2B1, 'P1') }, token: tokens.user, body: { brand_sku: '' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please select brand sku.');
    expect((await callRoute('updateProductScraping', { params: { id: prod(ids.p2B1, 'P3') }, token: tokens.user, body: { oh_map_id: 'x' } })).status).toBe(409);
    expect((await callRoute('updateProductScraping', { params: { id: prod(ids.p2B1, 'P1') }, token: tokens.other, body: { oh_map_id: 'x' } })).status).toBe(403);
  });
});

describe('periods, retailer records, scan info and summary', () => {
  it('GET /RetailerSummaryDays/{brandId}[/{retailerId}]: periods newest first', async () => {
    const brand = await callRoute('listBrandPeriods', { params: { brandId: B1._id }, token: tokens.admin });
    expect(brand.body.data).toEqual([
      { _id: D2, value: D2 },
      { _id: D1, value: D1 },
    ]);
    const retailer = await callRoute('listRetailerPeriods', { params: { brandId: B1._id, retailerId: R1._id }, token: tokens.user });
    expect(retailer.body).toEqual({ data: [{ _id: ids.p2B1, value: D2 }, { _id: ids.p1B1, value: D1 }], totalCount: 2 });
    expect((await callRoute('listRetailerPeriods', { params: { brandId: B1._id, retailerId: R2._id }, token: tokens.user })).status).toBe(403);
    expect((await callRoute('listBrandPeriods', { params: { brandId: B1._id }, token: tokens.other })).status).toBe(403);
  });

  it('GET /RetailerScraping/{brandId}: one record per retailer, assigned reps for admins, assigned retailers for a User', async () => {
    const all = await callRoute('listRetailerScrapings', { params: { brandId: B1._id }, token: tokens.admin });
    expect(all.status).toBe(200);
    expect(all.body.totalCount).toBe(2);
    const r1 = all.body.data.find((r) => r.retailer._id === R1._id)!;
    expect(r1).toMatchObject({
      _id: ids.p2B1,
      retailer: { _id: R1._id, name: R1.name, optId: R1.optId },
      brand_retailer: { webSiteType: 'retailerWithProducts' },
      brand_name: B1.name,
      brand_screenshot: 'https://shots.example/brand.png',
      totalProducts: 5,
      flaggedProduct: 1,
      users: [USER_NAME],
    });
    expect(r1.approvedDate).toBeTruthy();
    expect(all.body.data.find((r: any) => r.retailer._id === R2._id)).toMatchObject({ totalProducts: 2, flaggedProduct: 0, users: [], brand_retailer: { webSiteType: 'retailerWithModule' } });

    const mine = await callRoute('listRetailerScrapings', { params: { brandId: B1._id }, token: tokens.user });
    expect(mine.body.data.map((r: any) => r.retailer._id)).toEqual([R1._id]);
    expect(mine.body.data[0]!.users).toEqual([]);
    const forUser = await callRoute('listRetailerScrapings', { params: { brandId: B1._id }, query: { user: USER_ID }, token: tokens.admin });
    expect(forUser.body.data.map((r: any) => r.retailer._id)).toEqual([R1._id]);
    expect((await callRoute('listRetailerScrapings', { params: { brandId: B1._id }, query: { user: 'user-castellane' }, token: tokens.admin })).status).toBe(404);
    expect((await callRoute('listRetailerScrapings', { params: { brandId: B1._id }, token: tokens.other })).status).toBe(403);
  });

  it('GET /RetailerScraping/{brandId}/{id}: a period id gives scraping info, a retailer id its scan info', async () => {
    const period = await callRoute('getRetailerScraping', { params: { brandId: B1._id, id: ids.p2B1 }, token: tokens.user });
    expect(period.body.data).toMatchObject({ kind: 'period', _id: ids.p2B1, previousPeriod: D1, previousPeriodId: ids.p1B1, date: D2, added: 1, deleted: 1, changed: 2 });
    const retailer = await callRoute('getRetailerScraping', { params: { brandId: B1._id, id: R1._id }, token: tokens.user });
    expect(retailer.body.data).toMatchObject({
      kind: 'retailer',
      _id: m.ids.scanInfoIdOf(B1._id, R1._id),
      retailer: { _id: R1._id, name: R1.name, optId: R1.optId },
      brand_name: B1.name,
      isFlagged: 'no',
      totalProducts: 5,
      previousTotalProducts: 5,
      nextScanDay: '2021-03-17',
      featuredInMenu: true,
      siteLink: 'https://one.example/itest',
      brand_description: 'The house at Itest Store.',
      period: { _id: ids.p2B1, date: D2 },
    });
    // A retailer with no file yet: defaults, not an error.
    const r2 = await callRoute('getRetailerScraping', { params: { brandId: B1._id, id: R2._id }, token: tokens.admin });
    expect(r2.body.data).toMatchObject({ kind: 'retailer', featuredInMenu: false, siteLink: '', totalProducts: 2 });
    expect((await callRoute('getRetailerScraping', { params: { brandId: B1._id, id: R2._id }, token: tokens.user })).status).toBe(403);
    expect((await callRoute('getRetailerScraping', { params: { brandId: B1._id, id: ids.p2B2 }, token: tokens.admin })).status).toBe(404);
    expect((await callRoute('getRetailerScraping', { params: { brandId: B1._id, id: 'ret-nowhere' }, token: tokens.admin })).status).toBe(404);
  });

  it('GET /brandRetailerSummary/{brandId}: current and previous totals of the retailers one sees', async () => {
    const admin = await callRoute('getBrandRetailerSummary', { params: { brandId: B1._id }, token: tokens.admin });
    expect(admin.body).toEqual({ totalProducts: { current: 7, prev: 5 }, flaggedProducts: { current: 1, prev: 1 }, totalRetailers: { current: 2, prev: 1 } });
    const user = await callRoute('getBrandRetailerSummary', { params: { brandId: B1._id }, token: tokens.user });
    expect(user.body).toEqual({ totalProducts: { current: 5, prev: 5 }, flaggedProducts: { current: 1, prev: 1 }, totalRetailers: { current: 1, prev: 1 } });
    expect((await callRoute('getBrandRetailerSummary', { params: { brandId: B1._id }, token: tokens.other })).status).toBe(403);
  });

  it('GET /getRelatedProducts: the same style number across periods, newest first', async () => {
    const res = await callRoute('getRelatedProducts', { query: { id: prod(ids.p2B1, 'P2'), brand: B1._id, retailer: R1._id }, token: tokens.user });
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: any) => [p.period, p.price, p._id])).toEqual([
      [D2, 250, prod(ids.p2B1, 'P2')],
      [D1, 200, prod(ids.p1B1, 'P2')],
    ]);
    const gone = await callRoute('getRelatedProducts', { query: { id: prod(ids.p2B1, 'P3'), brand: B1._id }, token: tokens.admin });
    expect(gone.body.data.map((p: any) => p.period)).toEqual([D1]);
    expect((await callRoute('getRelatedProducts', { query: { id: prod(ids.p2B1, 'P2'), brand: B2._id }, token: tokens.admin })).status).toBe(404);
    expect((await callRoute('getRelatedProducts', { query: { id: prod(ids.p2B1, 'P2'), brand: B1._id }, token: tokens.other })).status).toBe(403);
    expect(errorBody(await callRoute('getRelatedProducts', { query: { brand: B1._id }, token: tokens.admin })).message).toBe('id is required.');
  });

  it('keeps a demo User to their assigned retailers on the seeded brand', async () => {
    expect((await callRoute('listRetailerPeriods', { params: { brandId: 'brand-maison-aurelle', retailerId: 'ret-orchard' }, token: tokens.demoUser })).status).toBe(403);
    const res = await callRoute('listRetailerScrapings', { params: { brandId: 'brand-maison-aurelle' }, token: tokens.demoUser });
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: any) => r.retailer._id).sort()).toEqual(['ret-harrowgate', 'ret-lumiere']);
  });
});

describe('GET /getBatchItems', () => {
  const get = (q: string, token = tokens.admin) => callRoute('getBatchItems', { query: queryOf(q), token });

  it("returns the item when the serial is the retailer's", async () => {
    const res = await get(`retailerId=${R1._id}&serialNo=S-2&brand=${B1._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { data: { _id: 'S-2', serialNo: 'S-2', inventoryId: 'SKU-P2', styleName: 'Item P2', price: 240, customerId: R1.optId, customerName: R1.name, image: '' } } });
    expect((await get(`retailerId=${R1._id}&serialNo=s-2`)).body.data.data.serialNo).toBe('S-2'); // admin without brand: brands carrying the retailer
    expect((await get(`retailerId=${R1._id}&serialNo=S-1`, tokens.user)).status).toBe(200);
  });

  it("names the retailer a serial belongs to, and says 'item not found' for an unknown one", async () => {
    const other = await get(`retailerId=${R1._id}&serialNo=S-6&brand=${B1._id}`);
    expect(other.status).toBe(409);
    expect(errorBody(other).message).toBe(`SerialNo: S-6 | belongs to another retailer: ${R2.optId} (${R2.name}).`);
    const unknown = await get(`retailerId=${R1._id}&serialNo=NOPE&brand=${B1._id}`);
    expect(unknown.status).toBe(404);
    expect(errorBody(unknown).message).toBe('item not found');
  });

  it("tells a User restricted to other retailers only that the serial is another retailer's, not which (issue 6 §7)", async () => {
    const res = await get(`retailerId=${R1._id}&serialNo=S-6`, tokens.user); // tokens.user is assigned R1 only; S-6 is R2's
    expect(res.status).toBe(409);
    expect(errorBody(res).message).toBe('SerialNo: S-6 | belongs to another retailer.');
    expect(JSON.stringify(res.body)).not.toContain(R2.optId);
    expect(JSON.stringify(res.body)).not.toContain(R2.name);
  });

  it('keeps other brands and unassigned retailers out', async () => {
    expect((await get(`retailerId=${R1._id}&serialNo=S-2&brand=${B1._id}`, tokens.other)).status).toBe(403);
    const own = await get(`retailerId=${R1._id}&serialNo=S-2`, tokens.other); // castellane's own feed has no such serial
    expect(own.status).toBe(404);
    expect((await get(`retailerId=${R2._id}&serialNo=S-6`, tokens.user)).status).toBe(403);
  });
});

describe('replacing the on-hand feed', () => {
  it('a newer feed replaces the old one at once; the old version expires', async () => {
    const key = `incoming/oh/${B1.slug}/2021-03-11/feed-2.csv`;
    const old = (await m.inventory.getCurrentFeed(B1._id))!.version;
    await putObject(key, csv([OH_HEADER, ['S-1', 'INV-MAP1', 'Item P1', '99.00', R1.optId, R1.name, '']]));
    const out = await m.ingest.ingestOhFeed({ bucket: bucket(), key });
    expect(out).toEqual({ brand: B1._id, items: 1, errors: [] });
    const all = await list(`retailer_brand_scraping=${ids.p2B1}&filter=all_oh`);
    expect(all.body.data.map((r: any) => [r.serialNo, r.price])).toEqual([['S-1', 99]]);
    expect((await callRoute('getBatchItems', { query: { retailerId: R1._id, serialNo: 'S-2', brand: B1._id }, token: tokens.admin })).status).toBe(404);
    const markers = await m.inventory.listVersionMarkers(B1._id);
    expect(markers.find((x) => x.version === old)).toMatchObject({ status: 'retired' });
  });

  it('an older feed, a feed without valid rows and a bad header keep the current feed', async () => {
    const older = `incoming/oh/${B1.slug}/2021-03-01/old.csv`;
    await putObject(older, csv([OH_HEADER, ['S-OLD', 'X', 'Old', '1', R1.optId, R1.name, '']]));
    const refused = await m.ingest.ingestOhFeed({ bucket: bucket(), key: older });
    expect(refused.items).toBe(0);
    expect(refused.errors[0]).toMatch(/A newer on-hand feed of .* is already current/);

    const empty = `incoming/oh/${B1.slug}/2021-03-12/empty.csv`;
    await putObject(empty, csv([OH_HEADER, ['', 'X', 'No serial', '1', R1.optId, R1.name, '']]));
    const none = await m.ingest.ingestOhFeed({ bucket: bucket(), key: empty });
    expect(none.errors).toEqual(['The feed has no valid row. The current on-hand feed is kept.', 'Line 2: Serial Number is empty.']);

    const header = `incoming/oh/${B1.slug}/2021-03-12/header.csv`;
    await putObject(header, csv([['Inventory ID', 'Price'], ['X', '1']]));
    expect((await m.ingest.ingestOhFeed({ bucket: bucket(), key: header })).errors[0]).toMatch(/header lacks Serial Number and Customer ID.*current on-hand feed is kept/);

    const all = await list(`retailer_brand_scraping=${ids.p2B1}&filter=all_oh`);
    expect(all.body.data.map((r: any) => r.serialNo)).toEqual(['S-1']);
  });
});

describe('the flagged index', () => {
  it('follows flagging and unflagging through updateProductFields', async () => {
    const id = prod(ids.p2B1, 'P9');
    expect(await m.repo.countFlaggedProducts(ids.p2B1)).toBe(1);
    await m.repo.updateProductFields(id, { isFlagged: 'yes', flagMessage: { message: 'Image issue' } });
    expect(await m.repo.countFlaggedProducts(ids.p2B1)).toBe(2);
    const off = await m.repo.updateProductFields(id, { isFlagged: 'no', flagMessage: null });
    expect(off).toMatchObject({ isFlagged: 'no' });
    expect(off?.flagMessage).toBeUndefined();
    expect(await m.repo.countFlaggedProducts(ids.p2B1)).toBe(1);
    expect(await m.repo.updateProductFields(prod(ids.p2B1, 'NOPE'), { isFlagged: 'no' })).toBeUndefined();
  });

  it('keeps the flagged count on the period, so the summary and retailer list follow flag, unflag and publish', async () => {
    const flaggedOnSummary = async () => (await callRoute('getBrandRetailerSummary', { params: { brandId: B1._id }, token: tokens.admin })).body.flaggedProducts.current;
    const flaggedOnList = async () => (await callRoute('listRetailerScrapings', { params: { brandId: B1._id }, token: tokens.admin })).body.data.find((r) => r.retailer._id === R1._id)!.flaggedProduct;
    const counted = () => m.repo.countFlaggedProducts(ids.p2B1);
    // Published with the flag carried from period 1 (P2), counted at staging.
    expect((await m.repo.getPeriod(ids.p2B1))?.flaggedCount).toBe(1);
    expect([await flaggedOnSummary(), await flaggedOnList()]).toEqual([1, 1]);

    await m.repo.updateProductFields(prod(ids.p2B1, 'P9'), { isFlagged: 'yes', flagMessage: { message: 'Price issue' } });
    await m.repo.updateProductFields(prod(ids.p2B1, 'P9'), { isFlagged: 'yes', flagMessage: { message: 'Still' } }); // flagging twice counts once
    expect(await counted()).toBe(2);
    expect([await flaggedOnSummary(), await flaggedOnList()]).toEqual([2, 2]);
    await m.repo.updateProductFields(prod(ids.p2B1, 'P2'), { isFlagged: 'no', flagMessage: null });
    expect(await counted()).toBe(1);
    expect([await flaggedOnSummary(), await flaggedOnList()]).toEqual([1, 1]);
    await m.repo.updateProductFields(prod(ids.p2B1, 'P2'), { isFlagged: 'yes', flagMessage: { message: 'Back' } });

    // Another file of the same date: published with the carried flags (P2, P9), which the tabs show.
    await approve(await makeFile('product', R1, D2, F2_ROWS));
    const period = await m.repo.getPeriod(ids.p2B1);
    expect(period?.flaggedCount).toBe(2);
    expect(await counted()).toBe(2);
    expect([await flaggedOnSummary(), await flaggedOnList()]).toEqual([2, 2]);
    expect(styles((await list(`retailer_brand_scraping=${ids.p2B1}&isFlagged=yes`)).body.data)).toEqual(['P2', 'P9']);
    // Staging wrote the version's read snapshot: the products as stored.
    const stored = await m.repo.listPeriodProducts(ids.p2B1);
    expect((await m.snapshots.getPeriodSnapshot(ids.p2B1, period!.version))?.value.products.map((p) => p.style_number).sort()).toEqual(stored.map((p) => p.style_number).sort());
  });
});
