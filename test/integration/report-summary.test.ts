/**
 * GET /report_summary/{brandId}?month=MM-YYYY (000 §2 Manage Reports, §7, §9) against the local
 * stack, on a brand of this file's own: the xlsx opened with exceljs and every figure checked
 * against the periods seeded here (derived from them, not typed in); the counters kept on write
 * (mappedCount, priceFlaggedCount) moved by the map-id and flag calls; month edge cases; a User
 * with assigned retailers; tenants. The demo brand's report is checked against its own API.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MSG } from '../../shared/schemas/reports';
import type { RetailerBrandScraping } from '../../functions/scrapings/scrapings.repo';
import { signedInAccounts, type AccountSpec } from '../support/accounts';
import { callRoute, errorBody, login, stack } from '../support/api';
import { periodRecord, productScrape } from '../support/scrapes';
import { download } from '../support/export-jobs';

const tag = randomBytes(4).toString('hex');
const B = { _id: `brand-rp-${tag}`, name: `Report House ${tag}`, slug: `report-house-${tag}` };
const retailer = (n: string, name: string) => ({ _id: `ret-rp${n}-${tag}`, name: `${name} ${tag}`, optId: `RP${n}${tag}`.toUpperCase(), slug: `rp${n}-${tag}`, website: `https://rp${n}.example` });
const R1 = retailer('1', 'Alpha Store');
/** A name a spreadsheet would run as a formula. */
const R2 = { ...retailer('2', 'Beta'), name: `=HYPERLINK("http://evil.test","Beta ${tag}")` };
/** Carried, no scan in the month. */
const R3 = retailer('3', 'Gamma Shop');
/** Switched off: not in the report. */
const ROFF = retailer('4', 'Delta Off');
const MONTH = '2026-03';
const VERSION = `v${tag}`;
const PASSWORD = 'Rptest-2031!';
const users = {
  admin: { _id: `user-rp-admin-${tag}`, email: `rp-admin-${tag}@demo.test`, role: 'BRAND_ADMIN' },
  user: { _id: `user-rp-user-${tag}`, email: `rp-user-${tag}@demo.test` },
  rep: { _id: `user-rp-rep-${tag}`, email: `rp-rep-${tag}@demo.test`, associated_retailers: [R1._id] },
} satisfies Record<string, AccountSpec>;
const tokens = {} as Record<keyof typeof users | 'siteAdmin' | 'other' | 'demoAdmin' | 'demoUser', string>;
/** The periods seeded, as stored. */
const seeded: RetailerBrandScraping[] = [];
let m: { repo: typeof import('../../functions/scrapings/scrapings.repo'); ids: typeof import('../../functions/scrapings/domain/ids') };

const report = (token: string, month: string, brand = B._id) => callRoute('reportSummary', { params: { brandId: brand }, query: { month }, token });
const mmYyyy = (ym: string) => `${ym.slice(5, 7)}-${ym.slice(0, 4)}`;

async function readSheet(bytes: Buffer): Promise<{ name: string; header: string[]; rows: Record<string, unknown>[] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const all: unknown[][] = [];
  ws.eachRow({ includeEmpty: true }, (row) => all.push((row.values as unknown[]).slice(1)));
  const header = all[0] as string[];
  return { name: ws.name, header, rows: all.slice(1).map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? null]))) };
}

async function reportOf(token: string, month: string, brand = B._id): Promise<{ link: string; name: string; rows: number; sheet: Awaited<ReturnType<typeof readSheet>> }> {
  const res = await report(token, month, brand);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const body = res.body as { link: string; name: string; rows: number };
  return { ...body, sheet: await readSheet(await download(body.link)) };
}

/** What a row must say for a retailer, from the periods seeded for it in the month. */
function expected(r: { name: string; optId: string; _id: string }, periods: RetailerBrandScraping[]) {
  const list = periods.filter((p) => p.retailer === r._id && p.date.startsWith(MONTH)).sort((a, b) => a.date.localeCompare(b.date));
  const last = list.at(-1);
  return {
    Retailer: r.name,
    'Opt ID': r.optId,
    Scans: list.length,
    'Last scan': last?.date ?? null,
    Products: last ? last.totalProducts : null,
    Flagged: last ? (last.flaggedCount ?? null) : null,
    'Price Issues (flagged Price)': last?.priceFlaggedCount ?? null,
    Added: list.reduce((n, p) => n + p.added, 0),
    Removed: list.reduce((n, p) => n + p.deleted, 0),
    Updated: list.reduce((n, p) => n + p.changed, 0),
    'OH Mapped': last?.mappedCount ?? null,
    'OH Coverage (%)': last?.mappedCount !== undefined && last.totalProducts ? Math.round((last.mappedCount / last.totalProducts) * 1000) / 10 : null,
  };
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  m = { repo: await import('../../functions/scrapings/scrapings.repo'), ids: await import('../../functions/scrapings/domain/ids') };
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const now = new Date().toISOString();
  for (const r of [R1, R2, R3, ROFF]) await putRetailer({ ...r, createdAt: now, updatedAt: now });
  await putBrand({
    ...B,
    colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
    retailers: [
      { retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' },
      { retailer: R2._id, flag: true, webSiteType: 'retailerWithProducts' },
      { retailer: R3._id, flag: true, webSiteType: 'retailerWithProducts' },
      { retailer: ROFF._id, flag: false, webSiteType: 'retailerWithProducts' },
    ],
    createdAt: now,
    updatedAt: now,
  });
  Object.assign(tokens, await signedInAccounts(B._id, PASSWORD, users));
  tokens.siteAdmin = await login('admin@demo.test');
  tokens.other = await login('castellane@demo.test');
  tokens.demoAdmin = await login('brandadmin@demo.test');
  tokens.demoUser = await login('user@demo.test');
  // Periods: R1 three scans in March (and one in February and April, not counted), R2 one scan
  // (a period from before the counters: no flaggedCount / mappedCount), R3 only in February, ROFF in March.
  const p = (r: { _id: string }, date: string, over: Partial<RetailerBrandScraping>) =>
    periodRecord({ _id: m.ids.periodIdOf(B._id, r._id, date), brand: B._id, retailer: r._id, date, version: VERSION, ...over });
  seeded.push(
    p(R1, '2026-02-23', { totalProducts: 90, added: 90, flaggedCount: 1, mappedCount: 10, priceFlaggedCount: 0 }),
    p(R1, '2026-03-02', { totalProducts: 100, added: 12, deleted: 2, changed: 5, flaggedCount: 3, mappedCount: 40, priceFlaggedCount: 1 }),
    p(R1, '2026-03-09', { totalProducts: 103, added: 4, deleted: 1, changed: 7, flaggedCount: 4, mappedCount: 41, priceFlaggedCount: 2 }),
    p(R1, '2026-03-31', { totalProducts: 101, added: 1, deleted: 3, changed: 2, flaggedCount: 6, mappedCount: 50, priceFlaggedCount: 2 }),
    p(R1, '2026-04-06', { totalProducts: 500, added: 400, flaggedCount: 9, mappedCount: 9, priceFlaggedCount: 9 }),
    p(R2, '2026-03-16', { totalProducts: 3, added: 3 }),
    p(R3, '2026-02-16', { totalProducts: 7, added: 7, flaggedCount: 0, mappedCount: 0, priceFlaggedCount: 0 }),
    p(ROFF, '2026-03-16', { totalProducts: 55, added: 55, flaggedCount: 5, mappedCount: 5, priceFlaggedCount: 5 }),
  );
  for (const period of seeded) await m.repo.putPeriod(period);
  // R2's period has products (one flagged) and no counters: its flagged figure comes from the flagged index.
  const r2 = seeded.find((x) => x.retailer === R2._id)!;
  const writer = m.repo.productWriter(VERSION);
  for (const [i, style] of ['B1', 'B2', 'B3'].entries())
    await writer.add(
      productScrape({
        _id: m.ids.productIdOf(r2._id, style),
        retailer_brand_scraping: r2._id,
        brand: B._id,
        retailer: R2._id,
        date: r2.date,
        style_number: style,
        isFlagged: i === 0 ? 'yes' : 'no',
        ...(i === 0 ? { flagMessage: { reason: [{ name: 'Price', value: 'Wrong price' }], message: '' } } : {}),
      }),
    );
  await writer.close();
  r2.flaggedCount = 1; // what the flagged index holds: the expected figure
});

describe('GET /report_summary/{brandId}?month=MM-YYYY: the file', () => {
  it("holds one row per enabled retailer (by name) with the month's figures, then the Total row; named after the brand and month", async () => {
    const out = await reportOf(tokens.admin, mmYyyy(MONTH));
    expect(out.name).toBe(`Report House ${tag} - Monthly report - Mar 2026.xlsx`);
    expect(out.rows).toBe(3);
    expect(out.link.startsWith(`${stack().url}/api/exports/download?token=`)).toBe(true);
    const { name, header, rows } = out.sheet;
    expect(name).toBe('Mar 2026');
    expect(header).toEqual(['Retailer', 'Opt ID', 'Scans', 'Last scan', 'Products', 'Flagged', 'Price Issues (flagged Price)', 'Added', 'Removed', 'Updated', 'OH Mapped', 'OH Coverage (%)']);
    const want = [R1, { ...R2, name: `'${R2.name}` }, R3].map((r) => expected(r, seeded));
    // Sorted by name: Alpha, Gamma, then '=HYPERLINK…' sorts first as a name.
    const sorted = [...want].sort((a, b) => a.Retailer.replace(/^'/, '').localeCompare(b.Retailer.replace(/^'/, ''), 'en', { sensitivity: 'base' }));
    expect(rows.slice(0, 3)).toEqual(sorted);
    const sum = (k: keyof (typeof want)[number]) => want.reduce((n, r) => n + Number(r[k] ?? 0), 0);
    expect(rows[3]).toMatchObject({ Retailer: 'Total', Scans: sum('Scans'), Products: sum('Products'), Flagged: sum('Flagged'), Added: sum('Added'), Removed: sum('Removed'), Updated: sum('Updated'), 'OH Mapped': sum('OH Mapped') });
    expect(rows).toHaveLength(4);
    expect(JSON.stringify(rows)).not.toContain(ROFF.name);
  });

  it('writes a formula-looking retailer name as text (a leading apostrophe), never as a formula', async () => {
    const { rows } = (await reportOf(tokens.admin, mmYyyy(MONTH))).sheet;
    const cell = rows.find((r) => String(r.Retailer).includes('HYPERLINK'))!;
    expect(cell.Retailer).toBe(`'${R2.name}`);
    expect(typeof cell.Retailer).toBe('string');
  });

  it('a User with assigned retailers gets only those rows; a User without any and an ADMIN get every row', async () => {
    const rep = (await reportOf(tokens.rep, mmYyyy(MONTH))).sheet.rows;
    expect(rep.map((r) => r.Retailer)).toEqual([R1.name, 'Total']);
    expect(rep[0]).toEqual(expected(R1, seeded));
    expect(JSON.stringify(rep)).not.toContain(R3.name);
    for (const token of [tokens.user, tokens.siteAdmin]) expect((await reportOf(token, mmYyyy(MONTH))).sheet.rows).toHaveLength(4);
  });

  it('a month without scans lists the retailers with no figures', async () => {
    const { rows } = (await reportOf(tokens.admin, '01-2026')).sheet;
    expect(rows.filter((r) => r.Retailer !== 'Total').map((r) => [r.Scans, r.Products, r.Added])).toEqual([
      [0, null, 0],
      [0, null, 0],
      [0, null, 0],
    ]);
  });
});

describe('GET /report_summary: the counters kept on write', () => {
  it("the map-id and flag calls move the period's mappedCount and priceFlaggedCount, and the next report shows them", async () => {
    const date = '2026-03-31';
    const periodId = m.ids.periodIdOf(B._id, R1._id, date);
    const writer = m.repo.productWriter(VERSION);
    for (const style of ['K1', 'K2']) await writer.add(productScrape({ _id: m.ids.productIdOf(periodId, style), retailer_brand_scraping: periodId, brand: B._id, retailer: R1._id, date, style_number: style }));
    await writer.close();
    const before = (await m.repo.getPeriod(periodId))!;
    const id = m.ids.productIdOf(periodId, 'K1');
    expect((await callRoute('updateProductScraping', { params: { id }, token: tokens.admin, body: { oh_map_id: 'INV-1' } })).status).toBe(200);
    expect((await callRoute('updateProductFlag', { params: { id }, token: tokens.admin, body: { isFlagged: 'yes', message: '', reason: [{ name: 'Price', value: 'Wrong price' }] } })).status).toBe(200);
    const other = m.ids.productIdOf(periodId, 'K2');
    expect((await callRoute('updateProductFlag', { params: { id: other }, token: tokens.admin, body: { isFlagged: 'yes', message: '', reason: [{ name: 'Image Issues', value: 'Image Issues' }] } })).status).toBe(200);
    const after = (await m.repo.getPeriod(periodId))!;
    expect(after.mappedCount).toBe(before.mappedCount! + 1);
    expect(after.priceFlaggedCount).toBe(before.priceFlaggedCount! + 1);
    expect(after.flaggedCount).toBe(before.flaggedCount! + 2);
    const row = (await reportOf(tokens.admin, mmYyyy(MONTH))).sheet.rows.find((r) => r.Retailer === R1.name)!;
    expect(row).toMatchObject({ 'OH Mapped': after.mappedCount, 'Price Issues (flagged Price)': after.priceFlaggedCount, Flagged: after.flaggedCount });
    // Clearing the map id and unflagging move them back.
    await callRoute('updateProductScraping', { params: { id }, token: tokens.admin, body: { oh_map_id: '' } });
    await callRoute('updateProductFlag', { params: { id }, token: tokens.admin, body: { isFlagged: 'no', message: '', reason: [] } });
    const back = (await m.repo.getPeriod(periodId))!;
    expect([back.mappedCount, back.priceFlaggedCount]).toEqual([before.mappedCount, before.priceFlaggedCount]);
  });

  it('the backfill sets the counters of a period published before them from its products, once', async () => {
    const r2 = seeded.find((x) => x.retailer === R2._id)!;
    expect((await m.repo.getPeriod(r2._id))!.mappedCount).toBeUndefined();
    expect(await m.repo.backfillPeriodReportCounts([B._id])).toBeGreaterThanOrEqual(1);
    expect((await m.repo.getPeriod(r2._id))!).toMatchObject({ mappedCount: 0, priceFlaggedCount: 1 });
    expect(await m.repo.backfillPeriodReportCounts([B._id])).toBe(0);
  });

  it("the demo brand's report (filled through the real pipeline: counters written at staging) agrees with its Retailer List", async () => {
    const list = await callRoute('listRetailerScrapings', { params: { brandId: 'brand-maison-aurelle' }, token: tokens.demoAdmin });
    // The month of the demo's latest scan, and the retailers whose latest scan is in it.
    const latest = list.body.data.map((r: any) => r.date as string | null).filter(Boolean).sort().at(-1) as string;
    const ym = latest.slice(0, 7);
    const out = await reportOf(tokens.demoAdmin, mmYyyy(ym), 'brand-maison-aurelle');
    const inMonth = list.body.data.filter((r: any) => r.date?.startsWith(ym));
    expect(inMonth.length).toBeGreaterThan(0);
    for (const r of inMonth) {
      const row = out.sheet.rows.find((x) => x.Retailer === r.retailer.name);
      expect(row, r.retailer.name).toBeDefined();
      expect(row!.Products, r.retailer.name).toBe(r.totalProducts);
      expect(row!.Flagged, r.retailer.name).toBe(r.flaggedProduct);
      expect(row!['Last scan'], r.retailer.name).toBe(r.date);
      expect(typeof row!['OH Mapped'], r.retailer.name).toBe('number');
    }
    const user = await reportOf(tokens.demoUser, mmYyyy(ym), 'brand-maison-aurelle');
    expect(user.sheet.rows.map((r) => r.Retailer).sort()).toEqual(['Harrowgate & Finch', 'Lumière Boutique', 'Total']);
  });
});

describe('GET /report_summary: the month', () => {
  const now = new Date();
  const ahead = (months: number) => {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1));
    return `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
  };

  it('08-2018 (the first month) and the current month are accepted', async () => {
    expect((await report(tokens.admin, '08-2018')).status).toBe(200);
    expect((await report(tokens.admin, ahead(0))).status).toBe(200);
  });

  it.each([
    ['07-2018', REPORT_MSG.monthTooEarly],
    ['12-1999', REPORT_MSG.monthTooEarly],
    ['13-2026', REPORT_MSG.monthFormat],
    ['00-2026', REPORT_MSG.monthFormat],
    ['2026-99-99', REPORT_MSG.monthFormat],
    ['2026-03', REPORT_MSG.monthFormat],
    ['3-2026', REPORT_MSG.monthFormat],
    ['03/2026', REPORT_MSG.monthFormat],
    ['03-2026x', REPORT_MSG.monthFormat],
    ['Mar 2026', REPORT_MSG.monthFormat],
    ['03-99999', REPORT_MSG.monthFormat],
    ['', REPORT_MSG.monthRequired],
  ])('%s: 400 %s', async (month, message) => {
    const res = await report(tokens.admin, month);
    expect(res.status).toBe(400);
    expect(errorBody(res).message).toBe(message);
  });

  it('a month after the current one is refused, and so is no month at all', async () => {
    for (const month of [ahead(2), ahead(13), '12-9999']) {
      const res = await report(tokens.admin, month);
      expect(res.status, month).toBe(400);
      expect(errorBody(res).message).toBe(REPORT_MSG.monthInFuture);
    }
    const none = await callRoute('reportSummary', { params: { brandId: B._id }, token: tokens.admin });
    expect(none.status).toBe(400);
    expect(errorBody(none).message).toBe(REPORT_MSG.monthRequired);
  });
});

describe('GET /report_summary: tenants', () => {
  it("another brand's admin, this brand's admin on another brand, a deleted or missing token: refused without a trace of the brand", async () => {
    for (const [token, brand] of [
      [tokens.other, B._id],
      [tokens.demoUser, B._id],
      [tokens.admin, 'brand-castellane'],
      [tokens.admin, 'brand-maison-aurelle'],
      [tokens.admin, B._id.toUpperCase()],
    ] as const) {
      const res = await report(token, mmYyyy(MONTH), brand);
      expect(res.status, `${brand}`).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain(R1.name);
    }
    expect((await callRoute('reportSummary', { params: { brandId: B._id }, query: { month: '03-2026' } })).status).toBe(401);
    const typed = await callRoute('reportSummary', { token: tokens.siteAdmin, params: { brandId: `brand-none-${tag}` }, query: { month: '03-2026' } });
    expect(typed.status).toBe(404);
  });
});
