/**
 * Exports of the product tabs (001 §7 `GET /exportFile`, 000 §7 `GET /getExportHistory/{id}`,
 * §9 "Export links expire in 7 days") against the local stack: every tab's export holds exactly
 * the rows, in the order, of the list call with the same query (all its pages); the app link is a
 * signed 7-day token that redirects to a short-lived S3 link; no scraped text starts a cell as a
 * formula; tenants and assigned retailers are kept apart; the history lists every export.
 * Every export is a background job (docs/exports.md): the call answers 202 with the job, read
 * through GET /exportFile/{jobId} until ready (test/integration/export-jobs.test.ts: the job itself).
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import type { OhItem } from '../../functions/inventory/domain/oh-feed';
import type { ProductScrape } from '../../functions/scrapings/domain/product';
import { prng } from '../../infra/local/prng';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, errorBody, login, queryOf, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { NAMES, picker, PRICES, TYPES } from '../support/random-scrapes';
import { productScrape } from '../support/scrapes';
import { storeFeed, storePeriod } from '../support/seed-period';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-exp-${tag}`, name: `Export House ${tag}`, slug: `export-house-${tag}` };
const RETAILER = { _id: `ret-exp-${tag}`, name: `Export Store ${tag}`, optId: `EXP${tag}`.toUpperCase(), slug: `export-store-${tag}`, website: 'https://exports.example' };
const DATE = '2022-06-01';
const VERSION = `vexp${tag}`;
const FEED_VERSION = `fexp${tag}`;
/** Scraped texts a spreadsheet would run as formulas (or that start with a tab / CR / LF). */
const HOSTILE = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-2+3', '@SUM(A1:A2)', '\tTabbed', '\rReturned', '=cmd|"/c calc"!A0'];
const FORMULA_START = /^[=+\-@\t\r\n]/;

const tokens = {} as Record<'admin' | 'brandAdmin' | 'other' | 'demoUser' | 'demoBrandAdmin', string>;
let periodId = '';

const VIEWS = [
  ['products', ''],
  ['products mapped', 'oh_map_id=true'],
  ['products not mapped', 'oh_map_id=false'],
  ['products unflagged', 'isFlagged=no'],
  ['change', 'tab=change'],
  ['flagged', 'isFlagged=yes'],
  ['sd_data', 'filter=sd_data'],
  ['price_diff', 'price_diff'],
  ['price_match', 'filter=price_match'],
  ['all_oh', 'filter=all_oh'],
  ['oh_data', 'oh_data=true'],
  ['oh_sd_data', 'filter=oh_sd_data'],
  ['products searched, by price desc', 'search=alpha&sort=price;desc'],
  ['all_oh searched, by serial desc', 'filter=all_oh&search=ser10&sort=style_number;desc'],
] as const;

/** Every row of the list call with this query (all its pages, 1000 a page). */
async function listAll(query: string, token = tokens.admin): Promise<any[]> {
  const rows: any[] = [];
  for (let page = 1; ; page++) {
    const res = await callRoute('listProductScrapings', { query: queryOf(`retailer_brand_scraping=${periodId}&${query}&limit=1000&page=${page}`), token });
    expect(res.status, query).toBe(200);
    rows.push(...res.body.data);
    if (rows.length >= res.body.totalCount || !res.body.data.length) return rows;
  }
}

/**
 * An export as the web makes it: the request answers the job at once (202), then the job is read
 * until it is ready (or failed): answers the job's last state (its `link` once ready).
 */
async function exportTab(query: string, token = tokens.admin) {
  const res = await callRoute('exportFile', { query: queryOf(`retailer_brand_scraping=${periodId}&${query}`), token });
  if (res.status !== 202) return res;
  return { ...res, body: await jobDone(res.body.jobId, token) };
}

/** The job once it is ready or failed (polled through GET /exportFile/{jobId}). */
async function jobDone(jobId: string, token = tokens.admin): Promise<any> {
  let job: any;
  await expect
    .poll(async () => (job = (await callRoute('getExportJob', { params: { jobId }, token })).body).status, { timeout: 60_000, interval: 100 })
    .toMatch(/^(ready|failed)$/);
  return job;
}

/** Follows an app link as a browser does: the 302, then the S3 object. */
async function download(link: string): Promise<{ res: Response; location: string; bytes: Buffer }> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  const location = res.headers.get('location')!;
  const file = await fetch(location);
  expect(file.status).toBe(200);
  return { res, location, bytes: Buffer.from(await file.arrayBuffer()) };
}

/** The sheet's header and rows, as cell values. */
async function readSheet(bytes: Buffer): Promise<{ header: string[]; rows: unknown[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const all: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => all.push((row.values as unknown[]).slice(1)));
  return { header: all[0] as string[], rows: all.slice(1) };
}

const linkToken = (link: string) => new URL(link).searchParams.get('token')!;

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const ids = await import('../../functions/scrapings/domain/ids');
  const now = new Date().toISOString();
  await seedBrand(BRAND, [RETAILER], [{ retailer: RETAILER._id, flag: true, webSiteType: 'retailerWithProducts' }]);
  periodId = ids.periodIdOf(BRAND._id, RETAILER._id, DATE);

  const rand = prng(29);
  const pick = picker(rand);
  const products: ProductScrape[] = Array.from({ length: 180 }, (_, i) => {
    const style = i < HOSTILE.length ? `${HOSTILE[i]}-${i}` : `EX-${String((i * 37) % 180).padStart(3, '0')}`;
    const ref = rand();
    const type = pick(TYPES);
    const flagged = i < HOSTILE.length || rand() < 0.2;
    return productScrape({
      _id: ids.productIdOf(periodId, style),
      retailer_brand_scraping: periodId,
      brand: BRAND._id,
      retailer: RETAILER._id,
      date: DATE,
      style_number: style,
      name: i < HOSTILE.length ? HOSTILE[i]! : `${pick(NAMES)} ${i % 9}`,
      price: pick(PRICES),
      URL: i < HOSTILE.length ? HOSTILE[(i + 1) % HOSTILE.length]! : `https://exports.example/${style}`,
      brand_label: BRAND.name,
      isFlagged: flagged ? 'yes' : 'no',
      ...(flagged ? { flagMessage: { reason: [{ name: 'Price', value: 'Wrong price' }], message: i < HOSTILE.length ? HOSTILE[i] : 'Shown at the old price' } } : {}),
      oh_map_id: ref < 0.3 ? `inv-${i % 40}` : ref < 0.4 ? `SER${1000 + (i % 100)}` : '',
      brand_sku: i < HOSTILE.length ? HOSTILE[i]! : rand() < 0.5 ? `INV-${i % 35}` : '',
      ...(type ? { type } : {}),
      ...(type === 'change' ? { change: { price: 90 } } : {}),
    });
  });
  await storePeriod({ _id: periodId, brand: BRAND._id, retailer: RETAILER._id, date: DATE, version: VERSION, approvedDate: now }, products);
  const items: OhItem[] = Array.from({ length: 120 }, (_, i) => ({
    serialNo: `SER${1000 + i}`,
    inventoryId: `INV-${i % 30}`,
    styleName: i < HOSTILE.length ? HOSTILE[i]! : pick(NAMES),
    price: pick(PRICES),
    customerId: i < 100 ? RETAILER.optId : 'SOMEONE-ELSE',
    customerName: i < HOSTILE.length ? HOSTILE[i]! : RETAILER.name,
    image: '',
  }));
  await storeFeed({ brand: BRAND._id, version: FEED_VERSION, key: 'incoming/oh/x.csv', date: DATE, ingestedAt: now }, items);

  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const passwordHash = await hashPassword('Export-1!');
  await createUser(testUser({ _id: `user-exp-${tag}`, email: `exp-${tag}@demo.test`, passwordHash, brand: BRAND._id, roles: [TEST_ROLES.BRAND_ADMIN] }));
  tokens.brandAdmin = await login(`exp-${tag}@demo.test`, 'Export-1!');
  tokens.admin = await login('admin@demo.test');
  tokens.other = await login('castellane@demo.test');
  tokens.demoUser = await login('user@demo.test');
  tokens.demoBrandAdmin = await login('brandadmin@demo.test');
}, 120_000);

describe('GET /exportFile', () => {
  it('exports exactly the rows of every tab, filter, search and sort, in the order of the list call (not one page)', async () => {
    for (const [name, query] of VIEWS) {
      const expected = await listAll(query);
      const res = await exportTab(`${query}&page=2&limit=5`); // the spec's client sends a page: an export ignores it
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(202);
      expect(res.body.status, name).toBe('ready');
      expect(res.body.total, name).toBe(expected.length);
      const { header, rows } = await readSheet((await download(res.body.link)).bytes);
      const ohRows = name.includes('oh');
      const keyColumn = header.indexOf(ohRows && !name.startsWith('sd') ? 'Serial #' : 'Retailer Sku');
      expect(keyColumn, `${name}: ${header.join(',')}`).toBeGreaterThanOrEqual(0);
      // A quoted cell is read without its apostrophe; XML reads a carriage return as a line feed.
      const plain = (v: unknown) => (typeof v === 'string' ? v.replace(/^'/, '').replace(/\r/g, '\n') : v);
      const want = expected.map((r) => (ohRows && !name.startsWith('sd') ? r.serialNo : r.style_number) as string);
      expect(rows.map((r) => plain(r[keyColumn])), name).toEqual(want.map(plain));
      expect(rows.length, name).toBe(expected.length);
    }
  });

  it('writes the tab columns of the retailer view, prices as numbers and the price difference of the price tabs', async () => {
    const res = await exportTab('price_diff');
    const { header, rows } = await readSheet((await download(res.body.link)).bytes);
    expect(header).toEqual(['Name', 'Retailer Sku', 'Brand Sku', 'Serial #', 'Inventory ID', 'OH Price', 'SD Price', 'Price Diff', 'Flagged', 'OH Map ID', 'URL', 'Product Image']);
    const expected = await listAll('price_diff');
    expect(rows.length).toBeGreaterThan(0);
    rows.forEach((r, i) => {
      expect(r[5] ?? null).toBe(expected[i].oh_price);
      expect(r[6] ?? null).toBe(expected[i].price);
      expect(r[7] ?? null).toBe(expected[i].priceDiff);
    });
    const oh = await readSheet((await download((await exportTab('filter=all_oh')).body.link)).bytes);
    expect(oh.header).toEqual(['Serial #', 'Inventory ID', 'Description', 'Price', 'Customer ID', 'Customer Name', 'Product Image']);
    const flagged = await readSheet((await download((await exportTab('isFlagged=yes')).body.link)).bytes);
    expect(flagged.header).toContain('Flagged reason');
    expect(flagged.rows.some((r) => String(r[flagged.header.indexOf('Flagged reason')]).startsWith('Price: Wrong price — Shown at the old price'))).toBe(true);
  });

  it('starts no cell with =, +, -, @, tab or CR from scraped data: such text is kept, behind an apostrophe', async () => {
    let hostileSeen = 0;
    for (const query of ['', 'isFlagged=yes', 'filter=all_oh', 'tab=change', 'price_diff', 'filter=sd_data']) {
      const res = await exportTab(query);
      const { header, rows } = await readSheet((await download(res.body.link)).bytes);
      for (const row of [header, ...rows]) {
        for (const cell of row) {
          if (typeof cell === 'string') {
            expect(cell, `${query}: ${JSON.stringify(cell)}`).not.toMatch(FORMULA_START);
            if (HOSTILE.some((h) => cell === `'${h}` || cell.startsWith(`'${h}`))) hostileSeen++;
          } else if (cell && typeof cell === 'object') {
            throw new Error(`${query}: a cell is an object (formula or rich text): ${JSON.stringify(cell)}`);
          }
        }
      }
    }
    expect(hostileSeen).toBeGreaterThan(HOSTILE.length);
  });

  it('answers the app link of the design: a signed token valid 7 days that redirects to a fresh, short S3 link', async () => {
    const started = await callRoute('exportFile', { token: tokens.admin, query: { retailer_brand_scraping: periodId, tab: 'change' } });
    expect(started.status).toBe(202);
    const res = { body: await jobDone(started.body.jobId) };
    expect(res.body.link.startsWith(`${stack().url}/api/exports/download?token=`)).toBe(true);
    expect(res.body.name).toBe(`${RETAILER.name} - Changes Since last scan - ${DATE}.xlsx`);
    const claims = decodeJwt(linkToken(res.body.link));
    expect(claims.exp! - claims.iat!).toBeGreaterThanOrEqual(7 * 24 * 3600 - 5);
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(7 * 24 * 3600 + 5);
    const { res: redirect, location } = await download(res.body.link);
    expect(redirect.headers.get('cache-control')).toBe('no-store');
    const s3 = new URL(location);
    expect(s3.pathname).toMatch(new RegExp(`/exports/${BRAND._id}/${RETAILER._id}/[A-Za-z0-9_-]+\\.xlsx$`));
    expect(Number(s3.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
    expect(s3.searchParams.get('response-content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(res.body.name)}`);
    // Opening it again a moment later signs a new S3 link (the object is not public).
    const again = await fetch(res.body.link, { redirect: 'manual' });
    expect(again.status).toBe(302);
  });

  it('refuses a tampered, a foreign, an expired or a revoked link with a clear 4xx', async () => {
    const res = await exportTab('filter=all_oh');
    const token = linkToken(res.body.link);
    const open = (t: string) => callRoute('downloadExport', { query: { token: t } });
    const [head, payload, sig] = token.split('.') as [string, string, string];
    const tampered = [
      `${head}.${payload}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`,
      `${head}.${Buffer.from(JSON.stringify({ ...decodeJwt(token), sub: 'someone-else' })).toString('base64url')}.${sig}`,
      'not-a-token',
    ];
    for (const t of tampered) {
      const out = await open(t);
      expect(out.status, t).toBe(400);
      expect(errorBody(out).message).toBe('The export link is not valid.');
    }
    expect(errorBody(await callRoute('downloadExport')).message).toBe('The export link is not valid.');
    // A session token is not a link, and a link is not a session.
    expect((await open(tokens.admin)).status).toBe(400);
    expect((await callRoute('listRoles', { token })).status).toBe(401);
    // Signed with our key for the right export, but expired: 410 saying so.
    const { signExportLink } = await import('../../functions/lib/jwt');
    const expired = await open(await signExportLink(decodeJwt(token).sub!, new Date(Date.now() - 1000)));
    expect(expired.status).toBe(410);
    expect(errorBody(expired).message).toBe('This export link has expired (export links expire in 7 days). Export the tab again.');
    // Signed with another key (an attacker's) for a real export: not valid.
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(decodeJwt(token).sub!).setIssuedAt().setExpirationTime('7d').setAudience('retailer-audit:export-link').sign(new TextEncoder().encode('x'.repeat(40)));
    expect((await open(forged)).status).toBe(400);
    // A well-signed link to an export that does not exist (revoked): gone.
    const gone = await open(await signExportLink('no-such-export', new Date(Date.now() + 60_000)));
    expect(gone.status).toBe(410);
    expect(errorBody(gone).message).toBe('This export is no longer available. Export the tab again.');
  });

  it('refuses bad input with the message of the list call', async () => {
    const missing = await callRoute('exportFile', { token: tokens.admin });
    expect(missing.status).toBe(400);
    expect(errorBody(missing).message).toBe('retailer_brand_scraping is required.');
    const two = await exportTab('price_diff&filter=all_oh');
    expect(two.status).toBe(400);
    expect(two.body.message).toMatch(/^Choose one tab filter at a time \(got (price_diff, all_oh|all_oh, price_diff)\)\.$/);
    expect((await exportTab('sort=name;sideways')).status).toBe(400);
    expect((await callRoute('exportFile', { query: { retailer_brand_scraping: 'x'.repeat(22) }, token: tokens.admin })).status).toBe(404);
    expect((await callRoute('exportFile', { query: { retailer_brand_scraping: '../../etc' }, token: tokens.admin })).status).toBe(400);
    expect((await callRoute('exportFile', { query: { retailer_brand_scraping: periodId } })).status).toBe(401);
  });

  it("keeps other brands out, and a User to their assigned retailers (demo brand's real periods)", async () => {
    const other = await exportTab('', tokens.other);
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).not.toContain(RETAILER.name);
    const periodOf = async (retailer: string) => (await callRoute('listRetailerPeriods', { params: { brandId: 'brand-maison-aurelle', retailerId: retailer }, token: tokens.demoBrandAdmin })).body.data[0]!._id;
    const unassigned = await periodOf('ret-northbay');
    expect((await callRoute('exportFile', { query: { retailer_brand_scraping: unassigned }, token: tokens.demoUser })).status).toBe(403);
    expect((await callRoute('exportFile', { query: { retailer_brand_scraping: unassigned }, token: tokens.other })).status).toBe(403);
    const assigned = await callRoute('exportFile', { query: { retailer_brand_scraping: await periodOf('ret-harrowgate'), filter: 'all_oh' }, token: tokens.demoUser });
    expect(assigned.status).toBe(202);
    expect(assigned.body.name).toMatch(/^Harrowgate & Finch - All OH - \d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it("refuses a deleted user's token", async () => {
    const { createUser, deleteUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    const id = `user-exp-gone-${tag}`;
    await createUser(testUser({ _id: id, email: `exp-gone-${tag}@demo.test`, passwordHash: await hashPassword('Export-1!'), brand: BRAND._id, roles: [TEST_ROLES.BRAND_ADMIN] }));
    const token = await login(`exp-gone-${tag}@demo.test`, 'Export-1!');
    expect((await exportTab('', token)).status).toBe(202);
    await deleteUser(id);
    expect((await exportTab('', token)).status).toBe(401);
  });
});

describe('GET /getExportHistory/{id}', () => {
  it("lists the retailer's exports newest first with name and a working url, counted on write", async () => {
    const before = await callRoute('getExportHistory', { token: tokens.brandAdmin, params: { id: RETAILER._id } });
    expect(before.status).toBe(200);
    const made = await exportTab('isFlagged=yes&search=alpha', tokens.brandAdmin);
    expect(made.status).toBe(202);
    expect(made.body.status).toBe('ready');
    const res = await callRoute('getExportHistory', { token: tokens.brandAdmin, params: { id: RETAILER._id } });
    expect(res.body.totalCount).toBe(before.body.totalCount + 1);
    const first = res.body.data[0]!;
    expect(first.name).toBe(`${RETAILER.name} - Flagged Products (search alpha) - ${DATE}.xlsx`);
    expect(first.name).toBe(made.body.name);
    expect(first.url).toMatch(/\/api\/exports\/download\?token=/);
    expect(Date.parse(first.expiresAt) - Date.parse(first.createdAt)).toBe(7 * 24 * 3600 * 1000);
    const { rows } = await readSheet((await download(first.url!)).bytes);
    expect(rows.length).toBe(first.rows);
    const dates = res.body.data.map((d) => d.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    // The same list as an ADMIN acting for the brand.
    const asAdmin = await callRoute('getExportHistory', { token: tokens.admin, params: { id: RETAILER._id }, query: { brand: BRAND._id } });
    expect(asAdmin.body.data.map((d) => d._id)).toEqual(res.body.data.map((d) => d._id));
  });

  it('pages with a cursor, and a huge page number answers an empty page', async () => {
    const all = await callRoute('getExportHistory', { token: tokens.brandAdmin, params: { id: RETAILER._id }, query: { limit: 1000 } });
    expect(all.body.totalCount).toBeGreaterThan(3);
    const p1 = await callRoute('getExportHistory', { token: tokens.brandAdmin, params: { id: RETAILER._id }, query: { limit: 2 } });
    const p2 = await callRoute('getExportHistory', { token: tokens.brandAdmin, params: { id: RETAILER._id }, query: { limit: 2, cursor: p1.body.nextCursor! } });
    const p2ByNumber = await callRoute('getExportHistory', { token: tokens.brandAdmin, params: { id: RETAILER._id }, query: { limit: 2, page: 2 } });
    expect([...p1.body.data, ...p2.body.data].map((d) => d._id)).toEqual(all.body.data.slice(0, 4).map((d) => d._id));
    expect(p2ByNumber.body.data.map((d) => d._id)).toEqual(p2.body.data.map((d) => d._id));
    const huge = await callRoute('getExportHistory', { token: tokens.brandAdmin, params: { id: RETAILER._id }, query: { page: 999999999 } });
    expect(huge.status).toBe(200);
    expect(huge.body).toEqual({ data: [], totalCount: all.body.totalCount, nextCursor: null });
    expect((await callRoute('getExportHistory', { token: tokens.brandAdmin, params: { id: RETAILER._id }, query: { cursor: 'bogus' } })).status).toBe(400);
  });

  it('keeps other brands out, a User to their assigned retailers, and says what is missing', async () => {
    const other = await callRoute('getExportHistory', { token: tokens.other, params: { id: RETAILER._id }, query: { brand: BRAND._id } });
    expect(other.status).toBe(403);
    // Their own brand in the query: the retailer is not theirs, so nothing of ours shows.
    const own = await callRoute('getExportHistory', { token: tokens.other, params: { id: RETAILER._id } });
    expect(own.status).toBe(404);
    expect(JSON.stringify(own.body)).not.toContain(RETAILER.name);
    expect((await callRoute('getExportHistory', { token: tokens.demoUser, params: { id: 'ret-northbay' } })).status).toBe(403);
    const mine = await callRoute('getExportHistory', { token: tokens.demoUser, params: { id: 'ret-harrowgate' } });
    expect(mine.status).toBe(200);
    expect(mine.body.data.every((d) => d.name.startsWith('Harrowgate & Finch - '))).toBe(true);
    const noBrand = await callRoute('getExportHistory', { token: tokens.admin, params: { id: RETAILER._id } });
    expect(noBrand.status).toBe(400);
    expect((noBrand.body as unknown as { message: string }).message).toBe('brand is required.');
    expect((await callRoute('getExportHistory', { params: { id: '../..' }, token: tokens.admin })).status).toBe(400);
    expect((await callRoute('getExportHistory', { params: { id: RETAILER._id } })).status).toBe(401);
  });
});
