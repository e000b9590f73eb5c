/**
 * The post office end to end on the local stack: a scraper's drop into S3 → the S3 event → ingest
 * → flag → (review) → the approval state machine → products of the period. The test makes a
 * brand and a retailer of its own so the figures are exact whatever else the stack holds.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, login, sentEmails, stack } from '../support/api';
import { dropRobotFile, makeOwnTenant, putObject, waitForFile as waitForFileOf } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-po-${tag}`, name: `Post House ${tag}`, slug: `post-house-${tag}` };
const RETAILER = { _id: `ret-po-${tag}`, name: `Post Store ${tag}`, optId: `PO${tag}`.toUpperCase(), slug: `post-store-${tag}`, website: 'https://post.example' };
const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';
let admin = '';
let s3: import('@aws-sdk/client-s3').S3Client;
let S3: typeof import('@aws-sdk/client-s3');

function productCsv(n: number, opts: { priceOf?: (i: number) => string; skip?: (i: number) => boolean; extra?: number } = {}): string {
  const lines = [HEADER];
  for (let i = 0; i < n + (opts.extra ?? 0); i++) {
    if (opts.skip?.(i)) continue;
    const sn = `PS-${1000 + i}`;
    lines.push([sn, `Piece ${i}`, BRAND.name, `PH-${i}`, opts.priceOf?.(i) ?? '250.00', `Piece number ${i}`, `https://img.example/${sn}.jpg`, `https://post.example/${sn}`, `https://shots.example/${sn}.png`, 'In stock', ''].join(','));
  }
  return lines.join('\n') + '\n';
}

const drop = (type: string, date: string, body: string, robot = 'robot') => dropRobotFile(RETAILER.slug, type, date, body, robot);
const waitForFile = (key: string, settled = false) => waitForFileOf(admin, key, settled);

async function periodProducts(date: string, query: Record<string, string> = {}) {
  const periods = await callRoute('listRetailerPeriods', { params: { brandId: BRAND._id, retailerId: RETAILER._id }, token: admin });
  const period = (periods.body.data as any[]).find((p) => p.value.startsWith(date));
  expect(period, `period ${date}`).toBeDefined();
  return callRoute('listProductScrapings', { query: { retailer_brand_scraping: period._id, limit: '100', ...query }, token: admin });
}

beforeAll(async () => {
  await makeOwnTenant({ brand: BRAND, retailer: RETAILER });
  S3 = await import('@aws-sdk/client-s3');
  s3 = (await import('../../functions/lib/clients/s3')).s3;
  admin = await login('admin@demo.test');
});

describe('a scraper drop through the post office', () => {
  const keys: Record<string, string> = {};

  it('files the first file as caution (nothing to compare with) and approves it on its own', async () => {
    keys.first = await drop('product', '2012-01-05', productCsv(200));
    const f = await waitForFile(keys.first!, true);
    expect(f).toMatchObject({ type: 'product', name: RETAILER.slug, retailerName: RETAILER.name, rowCount: 200, flag: 'caution' });
    expect(f.flagReasons[0]).toMatch(/first product file/);
    await expect.poll(async () => (await waitForFile(keys.first!)).approvedStatus, { timeout: 20_000 }).toBe('approved');
    const products = await periodProducts('2012-01-05');
    expect(products.body.totalCount).toBe(200);
  });

  it('files a normal week as unflagged, approves it, and serves what changed since the last scan', async () => {
    // 2 prices changed (1 %), 2 products gone, 3 new.
    keys.second = await drop('product', '2012-01-12', productCsv(200, { priceOf: (i) => (i < 2 ? '199.00' : '250.00'), skip: (i) => i === 10 || i === 11, extra: 3 }));
    const f = await waitForFile(keys.second!, true);
    expect(f.flag).toBe('unflagged');
    expect(f.diff).toEqual({ added: 3, removed: 2, changed: 2, unchanged: 196 });
    await expect.poll(async () => (await waitForFile(keys.second!)).approvedStatus, { timeout: 20_000 }).toBe('approved');
    const changes = await periodProducts('2012-01-12', { tab: 'change' });
    const byType = (t: string) => (changes.body.data as any[]).filter((p) => p.type === t).map((p) => p.style_number).sort();
    expect(byType('added')).toEqual(['PS-1200', 'PS-1201', 'PS-1202']);
    expect(byType('deleted')).toEqual(['PS-1010', 'PS-1011']);
    expect(byType('change')).toEqual(['PS-1000', 'PS-1001']);
    const changed = (changes.body.data as any[]).find((p) => p.style_number === 'PS-1000');
    expect(JSON.stringify(changed.change)).toContain('250');
  });

  it('the same S3 object delivered twice is one File', async () => {
    await drop('product', '2012-01-12', productCsv(200, { priceOf: (i) => (i < 2 ? '199.00' : '250.00'), skip: (i) => i === 10 || i === 11, extra: 3 }));
    await new Promise((r) => setTimeout(r, 1500));
    const res = await callRoute('listFiles', { query: { fileName: keys.second! }, token: admin });
    expect(res.body.totalCount).toBe(1);
  });

  it('holds a file with half its rows for review: pending, notification, alert email', async () => {
    const settings = await callRoute('getThresholdSettings', { token: admin });
    const put = await callRoute('updateSettings', { params: { id: settings.body._id }, token: admin, body: { ...settings.body.settings, emailAlerts: ['alerts@demo.test'] } });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe('Settings updated.');

    keys.broken = await drop('product', '2012-01-19', productCsv(203, { skip: (i) => i % 2 === 1 }));
    const f = await waitForFile(keys.broken!, true);
    expect(f).toMatchObject({ flag: 'require_review', approvedStatus: 'pending' });
    expect(f.flagReasons.join(' ')).toMatch(/fewer rows/);

    const notes = await callRoute('listNotifications', { query: { page: '1', limit: '50' }, token: admin });
    const note = (notes.body.data as any[]).find((n) => n.fileId === f._id);
    expect(note).toMatchObject({ retailer: RETAILER.name, seenFlag: false });
    expect(note.subject).toMatch(/^review:/);
    expect(notes.body.unseenCount).toBeGreaterThan(0);
    const seen = await callRoute('updateNotification', { params: { id: note._id }, token: admin, body: { seenFlag: true } });
    expect(seen.body.data.seenFlag).toBe(true);

    const mail = (await sentEmails()).find((m) => m.destination.to.includes('alerts@demo.test') && m.subject.includes(RETAILER.name));
    expect(mail?.body.html).toContain(`/admin/post-office/comparison/${f._id}`);
    const counts = await callRoute('getFlagValues', { token: admin });
    expect(counts.body.require_review).toBeGreaterThan(0);
  });

  it('serves the comparison 100 rows a side with the marks, and the same-period files', async () => {
    const f = await waitForFile(keys.broken!);
    const page1 = await callRoute('getFileData', { params: { fId: f._id }, query: { page: '1' }, token: admin });
    expect(page1.status).toBe(200);
    expect(page1.body.currentProductData.total).toBe(102);
    expect(page1.body.previousProductData.total).toBe(201);
    expect(page1.body.totalPages).toBe(3);
    expect(page1.body.currentProductData.data).toHaveLength(100);
    expect(page1.body.previousProductData.data[1]).toMatchObject({ mark: 'removed', row: { 'Style Number': 'PS-1001' } });
    const page3 = await callRoute('getFileData', { params: { fId: f._id }, query: { page: '3' }, token: admin });
    expect(page3.body.currentProductData.data).toHaveLength(0);
    expect(page3.body.previousProductData.data).toHaveLength(1);

    const brandKey = await drop('brand', '2012-01-19', `Brand ID,Brand Name,Description,Logo,Hero Image,Screenshot,Site Link,Brand Link,Featured In Menu\n${BRAND.slug},${BRAND.name},About us,https://l.example/logo.png,https://l.example/hero.jpg,https://l.example/shot.png,https://post.example,https://post.example/brand,Yes\n`);
    await waitForFile(brandKey);
    const same = await callRoute('samePeriodFiles', { params: { fId: f._id }, token: admin });
    expect((same.body.samePeriodFiles as any[]).map((x) => x.fileName)).toContain(brandKey);
  });

  it('approves a held file on request: the workflow applies it and answers the spec\'s message', async () => {
    const f = await waitForFile(keys.broken!);
    const res = await callRoute('approveFile', { query: { _id: f._id }, token: admin });
    expect(res.body).toEqual({ success: true, message: 'File processed successfully!' });
    const after = (await callRoute('getFile', { params: { fId: f._id }, token: admin })).body[0]!;
    expect(after.approvedStatus).toBe('approved');
    const again = await callRoute('approveFile', { query: { _id: f._id }, token: admin });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('The file is already approved.');
    const products = await periodProducts('2012-01-19');
    expect(products.body.totalCount).toBe(102);
    const [first, second] = [await periodProducts('2012-01-19', { tab: 'change', page: '1' }), await periodProducts('2012-01-19', { tab: 'change', page: '2' })];
    const changes = [...first.body.data, ...second.body.data] as any[];
    // Odd styles are gone (100 since last week), PS-1010 is back, PS-1000's price is back to 250.
    expect(first.body.totalCount).toBe(102);
    expect(changes.filter((p) => p.type === 'deleted')).toHaveLength(100);
    expect(changes.filter((p) => p.type === 'added').map((p) => p.style_number)).toEqual(['PS-1010']);
    expect(changes.filter((p) => p.type === 'change').map((p) => p.style_number)).toEqual(['PS-1000']);
  });

  it('marks a file Needs Attention (rejected), which can then not be approved', async () => {
    const key = await drop('product', '2012-01-26', productCsv(10));
    const f = await waitForFile(key, true);
    expect(f.flag).toBe('require_review');
    const res = await callRoute('markNeedsAttention', { token: admin, body: { _id: f._id } });
    expect(res.body.message).toBe('Approved Status Rejected.');
    const approve = await callRoute('approveFile', { query: { _id: f._id }, token: admin });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe('The file was marked Needs Attention.');
  });

  it('files a malformed file with a clear error and never processes it', async () => {
    const key = await drop('product', '2012-02-02', `${HEADER}\nPS-1,"unclosed,${BRAND.name}\n`, 'broken-robot');
    const f = await waitForFile(key);
    expect(f.flag).toBe('require_review');
    expect(f.error).toMatch(/Line \d/);
    const approve = await callRoute('approveFile', { query: { _id: f._id }, token: admin });
    expect(approve.body.success).toBe(false);
    expect(approve.body.message).toMatch(/cannot be processed/);
  });

  it('records a workflow failure on the file, which stays pending with the reason', async () => {
    const key = await drop('product', '2012-02-09', productCsv(40));
    const f = await waitForFile(key, true);
    expect(f.flag).toBe('require_review');
    // Lose the file's comparison pages: the apply step cannot read them.
    const listed = await s3.send(new S3.ListObjectsV2Command({ Bucket: stack().env.DATA_BUCKET!, Prefix: `files/${f._id}/` }));
    for (const o of listed.Contents ?? []) await s3.send(new S3.DeleteObjectCommand({ Bucket: stack().env.DATA_BUCKET!, Key: o.Key! }));
    const res = await callRoute('approveFile', { query: { _id: f._id }, token: admin });
    expect(res.body.success).toBe(false);
    expect(res.body.message).not.toBe('');
    const after = (await callRoute('getFile', { params: { fId: f._id }, token: admin })).body[0]!;
    expect(after.approvedStatus).toBe('pending');
    expect(after.processingError).toBe(res.body.message);
  });

  it('answers an unknown retailer folder with a File that says what to fix', async () => {
    const key = `incoming/product/no-such-store-${tag}/2012-01-05/robot.csv`;
    await putObject(key, productCsv(3));
    const f = await waitForFile(key);
    expect(f.error).toBe(`Unknown retailer slug "no-such-store-${tag}": add the retailer first or fix the folder name.`);
  });
});

describe('post-office list', () => {
  it('filters by retailer, status and flag, sorts, and pages', async () => {
    const all = await callRoute('listFiles', { query: { name: RETAILER.slug, sort: 'date;asc', limit: '100' }, token: admin });
    const dates = (all.body.data as any[]).map((f) => f.date);
    expect(dates).toEqual([...dates].sort());
    expect(all.body.totalCount).toBeGreaterThanOrEqual(7);
    const rejected = await callRoute('listFiles', { query: { name: RETAILER.slug, approvedStatus: 'rejected' }, token: admin });
    expect((rejected.body.data as any[]).every((f) => f.approvedStatus === 'rejected')).toBe(true);
    expect(rejected.body.totalCount).toBe(1);
    const page2 = await callRoute('listFiles', { query: { name: RETAILER.slug, sort: 'date;asc', limit: '2', page: '2' }, token: admin });
    expect((page2.body.data as any[]).map((f) => f._id)).toEqual((all.body.data as any[]).slice(2, 4).map((f) => f._id));
    const bad = await callRoute('listFiles', { query: { sort: 'size;asc' }, token: admin });
    expect(bad.status).toBe(400);
  });
});

describe('threshold settings', () => {
  it('refuses a save over a newer version (two admins editing at once)', async () => {
    const loaded = await callRoute('getThresholdSettings', { token: admin });
    const v = loaded.body.version as number;
    const first = await callRoute('updateSettings', { params: { id: 'threshold' }, token: admin, body: { ...loaded.body.settings, version: v } });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(v + 1);
    const stale = await callRoute('updateSettings', { params: { id: 'threshold' }, token: admin, body: { ...loaded.body.settings, version: v } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/changed by someone else/);
  });

  it('stores thresholds as integers, values below 1 as 0', async () => {
    const loaded = await callRoute('getThresholdSettings', { token: admin });
    const thresholds = { ...loaded.body.settings.thresholds, homepage: { ...loaded.body.settings.thresholds.homepage, 'test-robot': { 'Sub Menu': 0.5, 'Menu URL': '12.7', 'Brand Featured': -3 } } };
    const res = await callRoute('updateSettings', { params: { id: 'threshold' }, token: admin, body: { ...loaded.body.settings, thresholds, version: loaded.body.version } });
    expect(res.status).toBe(200);
    const after = await callRoute('getThresholdSettings', { token: admin });
    expect(after.body.settings.thresholds.homepage['test-robot']).toEqual({ 'Sub Menu': 0, 'Menu URL': 12, 'Brand Featured': 0 });
    const bad = await callRoute('updateSettings', { params: { id: 'threshold' }, token: admin, body: { ...after.body.settings, emailAlerts: ['not-an-email'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Email alert recipients must be valid emails.');
  });

  it('answers 400 or 413 with a clear message (never 500) for a __proto__ robot, an unknown type or a 1.2 MB body, and keeps the settings', async () => {
    const before = await callRoute('getThresholdSettings', { token: admin });
    const put = (body: string) =>
      fetch(`${stack().url}/api/settings/threshold`, { method: 'PUT', headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}` }, body }).then(async (r) => ({ status: r.status, body: (await r.json()) as { message: string } }));
    const settings = JSON.stringify(before.body.settings);
    const proto = await put(settings.replace('"product":{', '"product":{"__proto__":{"Name":5},'));
    expect(proto).toEqual({ status: 400, body: expect.objectContaining({ message: 'Keys named __proto__, constructor or prototype are not allowed.' }) });
    const unknownType = await put(JSON.stringify({ ...before.body.settings, thresholds: { ...before.body.settings.thresholds, evil: {} } }));
    expect(unknownType).toEqual({ status: 400, body: expect.objectContaining({ message: 'Thresholds are set per robot type: product, brand or homepage.' }) });
    const huge = { ...before.body.settings, thresholds: { ...before.body.settings.thresholds, product: { r: { Name: 'x'.repeat(1_200_000) } } } };
    expect(await put(JSON.stringify(huge))).toEqual({ status: 413, body: expect.objectContaining({ message: 'The request body is too large (at most 256 KB).' }) });
    const after = await callRoute('getThresholdSettings', { token: admin });
    expect(after.body.version).toBe(before.body.version);
    expect(after.body.settings).toEqual(before.body.settings);
  });
});
