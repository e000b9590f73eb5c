/**
 * The brand's catalogue (golden record, issue 38 §1) through the real ingest: uploaded from
 * Settings (a presigned POST into the brand's drop folder) or dropped by a feed at
 * `incoming/catalog/<slug>/<date>/`, applied whole or not at all. A refused file (a repeated SKU,
 * an unknown currency, wrong columns, an impossible date, a bad line) keeps the current catalogue
 * and says each problem with its line; a redelivered event applies once; of two files racing, the
 * later-dated one is current whatever the order; the pages add up to the count kept on write.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogImportsResponse, catalogProductsResponse } from '../../shared/schemas/catalog';
import { callRoute, errorBody, login, stack } from '../support/api';
import { makeOwnTenant, putObject, waitForFile } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-gc-${tag}`, name: `Golden House ${tag}`, slug: `golden-house-${tag}` };
const RETAILER = { _id: `ret-gc-${tag}`, name: `Golden Store ${tag}`, optId: `GC${tag}`.toUpperCase(), slug: `golden-store-${tag}`, website: 'https://golden.example' };
const HEADER = 'Brand SKU,Name,Description,Category,Collection,Status,Images,Retired Images,MSRP FR EUR,MSRP US USD';
let admin = '';

const csv = (n: number, prefix = 'GC', extra = '') =>
  [HEADER, ...Array.from({ length: n }, (_, i) => `${prefix}-${String(i + 1).padStart(3, '0')},Product ${i + 1}${extra},Fine leather,Bags,FW26,active,https://cdn.golden.example/${i + 1}.jpg,,${1000 + i},${1200 + i}`)].join('\n') + '\n';

async function imports(brandId = BRAND._id) {
  const res = await callRoute('listCatalogImports', { token: admin, params: { brandId } });
  expect(res.status).toBe(200);
  return catalogImportsResponse.strict().parse(res.body).data;
}

/** Wait until the file's import record is no longer being checked (the local stack ingests events in order). */
async function settled(key: string, brandId = BRAND._id) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const found = (await imports(brandId)).find((i) => i.key === key);
    if (found && found.status !== 'checking') return found;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`${key} was not ingested`);
}

async function allProducts(query: Record<string, string | number> = {}, brandId = BRAND._id) {
  const pages: { sku: string }[][] = [];
  let cursor: string | undefined;
  let body: ReturnType<typeof catalogProductsResponse.parse> | undefined;
  for (let i = 0; i < 50; i++) {
    const res = await callRoute('listCatalogProducts', { token: admin, params: { brandId }, query: { ...query, ...(cursor ? { cursor } : {}) } });
    expect(res.status).toBe(200);
    body = catalogProductsResponse.strict().parse(res.body);
    pages.push(body.data);
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return { pages, skus: pages.flat().map((e) => e.sku), catalog: body!.catalog, totalCount: body!.totalCount };
}

beforeAll(async () => {
  await makeOwnTenant({ brand: BRAND, retailer: RETAILER });
  admin = await login('admin@demo.test');
});

describe('the catalogue, uploaded and dropped', () => {
  it('has none at first: an empty list and no files', async () => {
    expect((await allProducts()).catalog).toBeNull();
    expect(await imports()).toEqual([]);
  });

  it('uploads from Settings through a presigned POST; the file is checked and applied; pages of 25 add up to the count', async () => {
    const body = csv(60);
    const link = await callRoute('startCatalogUpload', { token: admin, params: { brandId: BRAND._id }, body: { fileName: 'Golden catalogue.csv', size: Buffer.byteLength(body) } });
    expect(link.status).toBe(200);
    const { key, url, fields } = link.body.data;
    expect(key).toMatch(new RegExp(`^incoming/catalog/${BRAND.slug}/\\d{4}-\\d{2}-\\d{2}/[0-9a-f-]{36}-Golden catalogue\\.csv$`));
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append('file', new Blob([body], { type: 'text/csv' }), 'Golden catalogue.csv');
    const post = await fetch(url, { method: 'POST', body: form });
    expect(post.status).toBeLessThan(300);

    const done = await settled(key);
    expect(done).toMatchObject({ name: 'Golden catalogue.csv', status: 'applied', entries: 60, errorCount: 0, errors: [] });
    const { pages, skus, catalog, totalCount } = await allProducts();
    expect(catalog).toMatchObject({ name: 'Golden catalogue.csv', entries: 60 });
    expect(totalCount).toBe(60);
    expect(pages.map((p) => p.length)).toEqual([25, 25, 10]);
    expect(skus).toEqual([...skus].sort());
    const first = (await callRoute('listCatalogProducts', { token: admin, params: { brandId: BRAND._id }, query: { search: 'gc-00', limit: 3 } })).body;
    expect(first.totalCount).toBeNull();
    expect(first.data.map((e) => e.sku)).toEqual(['GC-001', 'GC-002', 'GC-003']);
    expect(first.data[0]).toMatchObject({ name: 'Product 1', status: 'active', images: ['https://cdn.golden.example/1.jpg'], msrp: [{ country: 'FR', currency: 'EUR', amount: 1000 }, { country: 'US', currency: 'USD', amount: 1200 }] });
  });

  it('refuses an upload link for a file over 100 MB or of another type, with the message', async () => {
    const big = await callRoute('startCatalogUpload', { token: admin, params: { brandId: BRAND._id }, body: { fileName: 'huge.csv', size: 500 * 1024 * 1024 } });
    expect(big.status).toBe(400);
    expect(errorBody(big).message).toContain('The file is too large: at most 100 MB.');
    const xlsx = await callRoute('startCatalogUpload', { token: admin, params: { brandId: BRAND._id }, body: { fileName: 'catalogue.xlsx', size: 100 } });
    expect(xlsx.status).toBe(400);
    expect(errorBody(xlsx).message).toContain('Only .csv and .jsonl files can be uploaded as a catalogue.');
  });

  it('refuses a whole file for one bad line (a repeated SKU, an unknown currency in a row): every problem with its line, nothing applied', async () => {
    const lines = csv(30, 'BAD').trimEnd().split('\n');
    lines.push('bad-003,Copy,,,,,,,1,1');
    const key = `incoming/catalog/${BRAND.slug}/2026-12-02/bad-lines.csv`;
    await putObject(key, [...lines, 'X-1,,,,,,,,ten,'].join('\n') + '\n');
    const refused = await settled(key);
    expect(refused.status).toBe('refused');
    expect(refused.errors).toEqual([
      'The catalogue was not applied: 2 line(s) have problems. The current catalogue is kept.',
      'Line 32: Brand SKU bad-003 repeats line 4.',
      'Line 33: MSRP FR EUR "ten" is not a price; Name is empty.',
    ]);
    const after = await allProducts();
    expect(after.catalog).toMatchObject({ name: 'Golden catalogue.csv', entries: 60 });
    expect(after.skus.some((s) => s.startsWith('BAD'))).toBe(false);
  });

  it('refuses wrong columns and an unknown currency column at line 1', async () => {
    const key = `incoming/catalog/${BRAND.slug}/2026-12-02/columns.csv`;
    await putObject(key, 'SKU,Title,MSRP FR EUX,Colour\nA,B,1,red\n');
    const refused = await settled(key);
    expect(refused.status).toBe('refused');
    expect(refused.errors[0]).toBe('Line 1: MSRP FR EUX: EUX is not an ISO 4217 currency code. The column "Colour" is not a catalogue column.');
    expect((await allProducts()).catalog?.entries).toBe(60);
  });

  it('files a catalogue of an impossible date or an unknown brand slug in the post office as unreadable, and changes no catalogue', async () => {
    const key = `incoming/catalog/${BRAND.slug}/2026-99-99/golden.csv`;
    await putObject(key, csv(2, 'DT'));
    const f = await waitForFile(admin, key);
    expect(f).toMatchObject({ approvedStatus: 'pending', flag: 'require_review', error: 'The scan date 2026-99-99 is not a real date (YYYY-MM-DD).' });
    const ghost = `incoming/catalog/no-such-brand-${tag}/2026-12-01/golden.csv`;
    await putObject(ghost, csv(2, 'GH'));
    expect(await waitForFile(admin, ghost)).toMatchObject({ error: `Unknown brand slug "no-such-brand-${tag}" in a catalogue file: add the brand first or fix the folder name.` });
    expect((await allProducts()).skus.some((s) => s.startsWith('DT') || s.startsWith('GH'))).toBe(false);
  });

  it('reads JSON lines; a redelivered event applies once; of two files racing, the later-dated one is current', async () => {
    Object.assign(process.env, stack().env);
    const { ingestCatalog } = await import('../../functions/catalog');
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    const { s3 } = await import('../../functions/lib/clients/s3');
    const bucket = stack().env.DATA_BUCKET!;
    // A brand of its own: the folder date orders its files (today's upload above would be newer than both).
    const other = { _id: `brand-gc2-${tag}`, name: `Golden Twin ${tag}`, slug: `golden-twin-${tag}` };
    await makeOwnTenant({ brand: other, retailer: RETAILER });
    const jsonl = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => JSON.stringify({ sku: `${prefix}-${i}`, name: `${prefix} ${i}`, msrp: [{ country: 'JP', currency: 'JPY', amount: 100000 + i }] })).join('\n');
    const older = `incoming/catalog/${other.slug}/2026-12-03/older.jsonl`;
    const newer = `incoming/catalog/${other.slug}/2026-12-04/newer.jsonl`;
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: older, Body: jsonl('OLD', 40) }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: newer, Body: jsonl('NEW', 30) }));
    // The local stack ingests both (events); running the ingest again for each, at once and newer first, changes nothing.
    await settled(older, other._id);
    await settled(newer, other._id);
    const again = await Promise.all([ingestCatalog({ bucket, key: newer }), ingestCatalog({ bucket, key: older }), ingestCatalog({ bucket, key: newer })]);
    expect(again[0]).toMatchObject({ applied: true, entries: 30 });
    expect(again[1]).toMatchObject({ applied: false, errors: ['A newer catalogue is already current; this file was not applied.'] });
    const { skus, catalog, totalCount } = await allProducts({}, other._id);
    expect(catalog).toMatchObject({ name: 'newer.jsonl', date: '2026-12-04', entries: 30 });
    expect(totalCount).toBe(30);
    expect(skus).toHaveLength(30);
    expect(skus.every((s) => s.startsWith('NEW-'))).toBe(true);
    // The history shows each file once, newest upload first.
    const names = (await imports(other._id)).map((i) => i.name);
    expect(names.filter((n) => n === 'newer.jsonl')).toHaveLength(1);
    expect(names.filter((n) => n === 'older.jsonl')).toHaveLength(1);
  });

  it("refuses another brand's admin and a User with assigned retailers the upload", async () => {
    const cp = await login('castellane@demo.test');
    for (const id of ['startCatalogUpload', 'listCatalogImports', 'listCatalogProducts'] as const) {
      const res = await callRoute(id, { token: cp, params: { brandId: BRAND._id }, ...(id === 'startCatalogUpload' ? { body: { fileName: 'x.csv', size: 10 } } : {}) } as never);
      expect(res.status).toBe(403);
    }
    const user = await login('user@demo.test');
    const res = await callRoute('startCatalogUpload', { token: user, params: { brandId: 'brand-maison-aurelle' }, body: { fileName: 'x.csv', size: 10 } });
    expect(res.status).toBe(403);
  });
});
