/**
 * The brand's retailer rows (functions/scrapings/brand-rows.repo.ts; issue 21 §2) through the real
 * handlers against the local stack: GET /RetailerScraping/{brandId} answers one page sorted,
 * filtered and counted by the server, the summary sums the same rows (the numbers agree with the
 * list), a User sees only their retailers; the rows stay right when two writes hit the same
 * retailer's row at once (flag edits and a rename), and a retried event (the same S3 event twice)
 * repairs a row its first run left behind.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { FileRecord } from '../../functions/files/files.repo';
import type { ProductScrape } from '../../functions/scrapings/domain/product';
import { WEBSITE_TYPES } from '../../shared/constants';
import { testUser } from '../support/accounts';
import { callRoute, login, queryOf, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { periodRecord, productScrape } from '../support/scrapes';

const tag = randomBytes(4).toString('hex');
const N = 30;
const B = { _id: `brand-rows-${tag}`, name: `Rows House ${tag}`, slug: `rows-house-${tag}` };
const R = Array.from({ length: N }, (_, i) => ({ _id: `ret-rows-${String(i).padStart(2, '0')}-${tag}`, name: `Row Store n${String(i).padStart(2, '0')} ${tag}`, optId: `RW${i}${tag}`.toUpperCase(), slug: `rows-${i}-${tag}`, website: 'https://rows.example' }));
const typeOf = (i: number) => WEBSITE_TYPES[i % WEBSITE_TYPES.length]!;
const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
const DATES = [day(14), day(7)] as const;
const VERSION = `vrows${tag}`;
const USER_RETAILERS = R.slice(0, 5).map((r) => r._id);

type Rec = { retailer: { _id: string; name: string }; brand_retailer: { webSiteType: string }; totalProducts: number; flaggedProduct: number; nextScan: { state: string } };
let repo: typeof import('../../functions/scrapings/scrapings.repo');
let rows: typeof import('../../functions/scrapings/brand-rows.repo');
let ids: typeof import('../../functions/scrapings/domain/ids');
let files: typeof import('../../functions/files/files.repo');
const tokens: Record<'admin' | 'user', string> = { admin: '', user: '' };
const periodOf = (i: number, d: number) => ids.periodIdOf(B._id, R[i]!._id, DATES[d]!);
const list = (query = '', token = tokens.admin) => callRoute('listRetailerScrapings', { params: { brandId: B._id }, query: queryOf(query), token });

/** Every page of the list (10 a page). */
async function walk(token = tokens.admin, query = ''): Promise<Rec[]> {
  const out: Rec[] = [];
  for (let page = 1; page < 20; page++) {
    const res = await list(`limit=10&page=${page}${query}`, token);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeLessThanOrEqual(10);
    out.push(...res.body.data);
    if (out.length >= res.body.totalCount) break;
  }
  return out;
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  repo = await import('../../functions/scrapings/scrapings.repo');
  rows = await import('../../functions/scrapings/brand-rows.repo');
  ids = await import('../../functions/scrapings/domain/ids');
  files = await import('../../functions/files/files.repo');
  await seedBrand(B, R, R.map((r, i) => ({ retailer: r._id, flag: true, webSiteType: typeOf(i) })));
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const email = `rows-${tag}@demo.test`;
  await createUser(testUser({ _id: `user-rows-${tag}`, name: `Rows Rep ${tag}`, email, passwordHash: await hashPassword('Rows-2031!'), brand: B._id, associated_retailers: USER_RETAILERS, notify: false }));
  tokens.admin = await login('admin@demo.test');
  tokens.user = await login(email, 'Rows-2031!');
  const now = new Date().toISOString();
  for (let i = 0; i < N; i += 6) {
    await Promise.all(
      R.slice(i, i + 6).map(async (r, k) => {
        const n = i + k;
        for (const d of [0, 1]) {
          await repo.putPeriod(
            periodRecord({ _id: periodOf(n, d), brand: B._id, retailer: r._id, date: DATES[d]!, version: VERSION, totalProducts: 100 + ((n * 7) % 23) + d, previousPeriodId: d ? periodOf(n, 0) : null, previousPeriod: d ? DATES[0]! : null, flaggedCount: (n % 4) + d, approvedDate: now }),
          );
        }
        await repo.upsertScanInfo(B._id, r._id, 'productDate', DATES[1]!, { periodId: periodOf(n, 1), totalProducts: 101 + ((n * 7) % 23), previousTotalProducts: 100 + ((n * 7) % 23), approvedDate: now });
      }),
    );
  }
  // Products of retailer 0's latest period, to flag (its flaggedCount starts at 1: none of these are flagged, the count is the seed's).
  const writer = repo.productWriter(VERSION);
  for (const style of ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8']) await writer.add(productScrape({ _id: ids.productIdOf(periodOf(0, 1), style), retailer_brand_scraping: periodOf(0, 1), brand: B._id, retailer: R[0]!._id, date: DATES[1], style_number: style, price: 10, isFlagged: 'no' }) as ProductScrape);
  await writer.close();
}, 180_000);

describe('GET /RetailerScraping/{brandId}: one page, sorted, filtered and counted by the server', () => {
  it('answers the page asked for only, in the order asked, with the count of the matches', async () => {
    const all = await walk();
    expect(all.map((r) => r.retailer._id).sort()).toEqual(R.map((r) => r._id).sort());
    // Default: 25 a page, by name ascending.
    const first = await list();
    expect(first.status).toBe(200);
    expect([first.body.data.length, first.body.totalCount, first.body.page]).toEqual([25, N, 1]);
    expect(first.body.data.map((r: Rec) => r.retailer.name)).toEqual(R.slice(0, 25).map((r) => r.name));
    // By total products, descending (ties by name), page 2 of 10.
    const byTotal = [...all].sort((a, b) => b.totalProducts - a.totalProducts || a.retailer.name.localeCompare(b.retailer.name));
    const second = await list('sort=totalProducts;desc&limit=10&page=2');
    expect(second.body.data.map((r: Rec) => r.retailer._id)).toEqual(byTotal.slice(10, 20).map((r) => r.retailer._id));
    // The module filter: retailers using a module, with or without product pages.
    const module = await list('filter=module&limit=100');
    const want = R.filter((_, i) => typeOf(i) === 'retailerWithModule' || typeOf(i) === 'retailerWithProductsandModule');
    expect(module.body.totalCount).toBe(want.length);
    expect(module.body.data.map((r: Rec) => r.retailer._id)).toEqual(want.map((r) => r._id));
    // The tiles' name search.
    const search = await list(`search=${encodeURIComponent(`store N07 ${tag}`)}`);
    expect(search.body.data.map((r: Rec) => r.retailer._id)).toEqual([R[7]!._id]);
    // A page past the end answers the last one; a page larger than 100 is refused.
    const past = await list('limit=10&page=9');
    expect([past.body.page, past.body.data.length]).toEqual([3, 10]);
    expect((await list('limit=101')).status).toBe(400);
  });

  it('the summary sums the same rows the list pages: the tiles, the sentence and the list agree', async () => {
    const all = await walk();
    const summary = (await callRoute('getBrandRetailerSummary', { params: { brandId: B._id }, token: tokens.admin })).body;
    expect(summary.totalRetailers.current).toBe(all.length);
    expect(summary.totalProducts.current).toBe(all.reduce((n, r) => n + r.totalProducts, 0));
    expect(summary.flaggedProducts.current).toBe(all.reduce((n, r) => n + r.flaggedProduct, 0));
    // The periods before: their seeded figures.
    expect(summary.totalProducts.prev).toBe(R.reduce((n, _, i) => n + 100 + ((i * 7) % 23), 0));
    expect(summary.flaggedProducts.prev).toBe(R.reduce((n, _, i) => n + (i % 4), 0));
  });

  it('a User with assigned retailers sees only those, in the list and the summary', async () => {
    const mine = await walk(tokens.user);
    expect(mine.map((r) => r.retailer._id).sort()).toEqual([...USER_RETAILERS].sort());
    const summary = (await callRoute('getBrandRetailerSummary', { params: { brandId: B._id }, token: tokens.user })).body;
    expect(summary.totalRetailers.current).toBe(USER_RETAILERS.length);
    expect(summary.totalProducts.current).toBe(mine.reduce((n, r) => n + r.totalProducts, 0));
  });
});

describe('the rows kept on write', () => {
  it('two kinds of writes on the same retailer at once (8 flag edits and a rename): the row ends with both', async () => {
    const before = (await list(`search=${encodeURIComponent(R[0]!.name)}`)).body.data[0] as Rec;
    const { putRetailer } = await import('../../functions/retailers/retailers.repo');
    const now = new Date().toISOString();
    const renamed = `Row Store n00 Renamed ${tag}`;
    const results = await Promise.all([
      ...['P1', 'P2', 'P3', 'P4', 'P5', 'P6', 'P7', 'P8'].map((style) =>
        callRoute('updateProductFlag', { params: { id: ids.productIdOf(periodOf(0, 1), style) }, token: tokens.admin, body: { isFlagged: 'yes', message: 'Wrong picture.', reason: [{ name: 'Image Issues', value: 'Image Issues' }] } }),
      ),
      putRetailer({ ...R[0]!, name: renamed, createdAt: now, updatedAt: now }).then(() => ({ status: 200 })),
    ]);
    expect(results.map((r) => r.status)).toEqual(Array(9).fill(200));
    const period = await repo.getPeriod(periodOf(0, 1));
    expect(period!.flaggedCount).toBe(before.flaggedProduct + 8);
    const after = (await list(`search=${encodeURIComponent(renamed)}`)).body.data as Rec[];
    expect(after.map((r) => [r.retailer._id, r.retailer.name, r.flaggedProduct])).toEqual([[R[0]!._id, renamed, period!.flaggedCount]]);
    const stored = (await rows.listBrandRows(B._id)).get(R[0]!._id)!;
    expect([stored.name, stored.cur?.flaggedCount]).toEqual([renamed, period!.flaggedCount]);
  });

  it('two refreshes of the same row at once while its source moves: the row that stays has the last write', async () => {
    const r = R[3]!;
    const info = await repo.getScanInfo(B._id, r._id);
    // 6 writes of the same source, each followed by its refresh, all at once.
    await Promise.all([1, 2, 3, 4, 5, 6].map((k) => repo.setScanInfoFlag(info!._id, k % 2 ? 'yes' : 'no', k % 2 ? { message: `m${k}` } : undefined)));
    const source = await repo.getScanInfo(B._id, r._id);
    expect((await rows.listBrandRows(B._id)).get(r._id)!.info?.isFlagged).toBe(source!.isFlagged);
  });

  it('a retried event repairs the row its first run left behind (the same S3 event twice)', async () => {
    const r = R[1]!;
    const inReview = (await list(`search=${encodeURIComponent(r.name)}`)).body.data[0] as Rec;
    expect(inReview.nextScan.state).toBe('scheduled');
    const date = day(1);
    const file: FileRecord = {
      _id: `f-rows-${tag}`,
      date,
      fileName: `incoming/product/${r.slug}/${date}/Robot-1.csv`,
      name: r.name,
      retailer: r._id,
      retailerName: r.name,
      type: 'product',
      robot: 'robot',
      approvedStatus: 'pending',
      flag: 'require_review',
      flagReasons: [],
      rowCount: 1,
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
    } as FileRecord;
    expect(await files.createFileOnce(file)).toBe(true);
    const state = async () => ((await list(`search=${encodeURIComponent(r.name)}`)).body.data[0] as Rec).nextScan;
    expect(await state()).toEqual({ state: 'in_review', date });
    // A first run stopped between its write and its refresh: the row as it was before the file.
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { inReview: _, ...stale } = (await rows.listBrandRows(B._id)).get(r._id)!;
    await ddb.send(new UpdateCommand({ TableName: stack().env.TABLE_NAME!, Key: { pk: `BRANDROW#${B._id}`, sk: `R#${r._id}` }, UpdateExpression: 'SET #row = :row', ExpressionAttributeNames: { '#row': 'row' }, ExpressionAttributeValues: { ':row': JSON.stringify(stale) } }));
    expect((await state()).state).toBe('scheduled');
    // The event again: the file is not created twice, and the row is right again.
    expect(await files.createFileOnce(file)).toBe(false);
    expect(await state()).toEqual({ state: 'in_review', date });
    // The file deleted (leaving the shared post office as it was): no scan in review any more.
    expect(await files.deleteFileRecord((await files.getFile(file._id))!)).toBe(true);
    expect((await state()).state).toBe('scheduled');
  });

  it('a retailer with no row yet (never refreshed) is listed from its sources', async () => {
    const r = R[2]!;
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const { DeleteCommand } = await import('@aws-sdk/lib-dynamodb');
    const shown = (await list(`search=${encodeURIComponent(r.name)}`)).body.data[0] as Rec;
    await ddb.send(new DeleteCommand({ TableName: stack().env.TABLE_NAME!, Key: { pk: `BRANDROW#${B._id}`, sk: `R#${r._id}` } }));
    expect((await rows.listBrandRows(B._id)).has(r._id)).toBe(false);
    expect((await list(`search=${encodeURIComponent(r.name)}`)).body.data[0]).toEqual(shown);
    await rows.refreshBrandRow(B._id, r._id);
    expect((await rows.listBrandRows(B._id)).has(r._id)).toBe(true);
  });
});
