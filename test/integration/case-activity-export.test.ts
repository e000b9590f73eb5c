/**
 * The retailer's case log as an xlsx and a product's case (issue 24), through the real calls on a
 * brand of this file's own (test/support/case-fixture.ts):
 * - POST /caseActivity/{brandId}/{retailerId}/export answers 202 with an export job at once; the job
 *   is followed through GET /exportFile/{jobId} as every export's; its file (downloaded through the
 *   7-day app link, opened with exceljs) holds the log newest first, one row an event, as the
 *   Activity view lists it: date and time, case, event, by, detail (recipients, the retailer's note,
 *   the reason), the case's status after it; with `kind`, that kind only. It lands in ALL EXPORTS
 *   with a notification. An empty log is a file with the header only (as an empty tab's export).
 *   A log of more than two index pages (1,040 events) comes whole and in order.
 * - GET /productCase/{brandId}/{retailerId}?style_number=: the product's case and its log, newest
 *   first, in cursor pages; a product that never had one answers `data: null`.
 * - Another brand, and a User not assigned the retailer, get neither (403), nor the job (404).
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASE_ACTIVITY_EXPORT, CASE_EVENT_LABEL, CASE_STATUS_LABEL } from '../../shared/messages/cases';
import type { ResponseOf } from '../../shared/routes/responses';
import { callRoute, login, stack } from '../support/api';
import { caseFixture } from '../support/case-fixture';
import { expectContract } from '../support/contract';
import { download, expectOrderedProgress, followExportJob, readExportJob } from '../support/export-jobs';

const tag = randomBytes(4).toString('hex');
const fx = caseFixture(tag);
const { brand: BRAND, r1: R1, r2: R2 } = fx;
const tokens: Record<'admin' | 'user' | 'other', string> = { admin: '', user: '', other: '' };
let ids: typeof import('../../functions/scrapings/domain/ids');
let caseIdOf: typeof import('../../functions/cases').caseIdOf;
const TODAY = new Date().toISOString().slice(0, 10);
const NOTE = `The new picture goes live on Monday (${tag}).`;
const REASON = 'Picture approved by the brand for this season.';
const HEADER = Object.values(CASE_ACTIVITY_EXPORT.columns);
/** Products of the second retailer's long log: each flagged, then emailed (two events each). */
const BULK = 520;

type Event = ResponseOf<'listCaseActivity'>['data'][number];
const exportLog = (retailer: string, kind?: string, token = tokens.admin) => callRoute('exportCaseActivity', { params: { brandId: BRAND._id, retailerId: retailer }, body: kind ? { kind } : {}, token });
const activity = (retailer: string, query: Record<string, string> = {}) => callRoute('listCaseActivity', { params: { brandId: BRAND._id, retailerId: retailer }, query: { limit: '100', ...query }, token: tokens.admin });
const productCase = (style: string, query: Record<string, string> = {}, token = tokens.admin, retailer = R1._id) => callRoute('getProductCase', { params: { brandId: BRAND._id, retailerId: retailer }, query: { style_number: style, ...query }, token });
const flag = (style: string, reason: { name: string; value: string }[]) =>
  callRoute('updateProductFlag', { params: { id: ids.productIdOf(fx.period.r1, style) }, token: tokens.admin, body: { isFlagged: 'yes', message: `About ${style}`, reason } });

/** The rows of an export's file (header first), each cell as text ('' for an empty cell), as a spreadsheet shows them. */
async function sheetOf(link: string): Promise<{ title: string; rows: string[][] }> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await download(link)) as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: string[][] = [];
  ws.eachRow((row) => rows.push(Array.from({ length: HEADER.length }, (_, i) => String(row.getCell(i + 1).value ?? ''))));
  return { title: ws.name, rows };
}

/** Exports the log (one kind with `kind`), follows the job to ready, and reads its file. */
async function exported(retailer: string, kind?: string) {
  const res = await exportLog(retailer, kind);
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  expectContract('exportCaseActivity', res.body);
  const { job, seen } = await followExportJob(res.body.jobId, tokens.admin);
  expectOrderedProgress(seen);
  expect(job, JSON.stringify(job)).toMatchObject({ status: 'ready', error: null });
  return { start: res.body, job, ...(await sheetOf(job.link!)) };
}

/** What the Activity view lists, page after page (newest first). */
async function wholeLog(retailer: string, kind?: string): Promise<Event[]> {
  const all: Event[] = [];
  let cursor: string | undefined;
  do {
    const page = await activity(retailer, { ...(kind ? { kind } : {}), ...(cursor ? { cursor } : {}) });
    expect(page.status).toBe(200);
    all.push(...page.body.data);
    cursor = page.body.nextCursor ?? undefined;
  } while (cursor);
  return all;
}

/** An event's row as the file should hold it, but for its status after (checked apart). */
const expectedRow = (e: Event) => [
  `${e.at.slice(5, 7)}/${e.at.slice(8, 10)}/${e.at.slice(0, 4)} ${e.at.slice(11, 16)}`,
  e.style_number ? `${e.style_number} – ${e.name}` : 'Brand profile',
  CASE_EVENT_LABEL[e.kind],
  e.by?.name || 'The scan',
  e.detail,
];

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  ids = await import('../../functions/scrapings/domain/ids');
  ({ caseIdOf } = await import('../../functions/cases'));
  Object.assign(tokens, await fx.seedAndSignIn());
  // The first retailer's log: two flags, an email with the retailer's link (A1 notified), the
  // retailer's note on A2, A2 dismissed with a reason, the brand profile flagged.
  expect((await flag('A1', [{ name: 'Price', value: 'Wrong price' }])).status).toBe(200);
  expect((await flag('A2', [{ name: 'Image Issues', value: 'Image Issues' }])).status).toBe(200);
  const link = (await fx.emailAbout(tokens.admin, ['A1'], { subject: `Cases ${tag}`, casesLink: true })).caseLinkToken;
  const note = await callRoute('answerRetailerCase', { params: { caseId: caseIdOf(BRAND._id, R1._id, 'A2') }, body: { token: link!, action: 'note', note: NOTE } });
  expect(note.status, JSON.stringify(note.body)).toBe(200);
  const dismissed = await callRoute('resolveCase', { params: { caseId: caseIdOf(BRAND._id, R1._id, 'A2') }, token: tokens.admin, body: { resolution: 'dismissed', reason: REASON } });
  expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
  const info = await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: R1._id }, token: tokens.admin });
  expect((await callRoute('updateBrandFlag', { params: { id: info.body.data._id }, token: tokens.admin, body: { isFlagged: 'yes', message: 'Old logo', reason: [{ name: 'Other', value: 'Other' }] } })).status).toBe(200);
}, 120_000);

describe("the retailer's case log as an xlsx", () => {
  it('an empty log: a file with the header only, as an empty tab exports', async () => {
    const { start, job, title, rows } = await exported(R2._id);
    expect(start).toEqual({ jobId: expect.any(String), status: 'queued', done: 0, total: null, name: `${R2.name} - Case activity - ${TODAY}.xlsx`, link: null, error: null });
    expect(job).toMatchObject({ done: 0, total: 0 });
    expect(title).toBe('Case activity');
    expect(rows).toEqual([HEADER]);
  }, 120_000);

  it('every event, newest first, as the Activity view lists it, with the status after each; in ALL EXPORTS with a notification', async () => {
    const log = await wholeLog(R1._id);
    expect(log.map((e) => e.kind).sort()).toEqual(['emailed', 'flagged', 'flagged', 'flagged', 'resolved', 'retailer_note']);
    const before = (await callRoute('getExportHistory', { params: { id: R1._id }, query: { brand: BRAND._id }, token: tokens.admin })).body.totalCount;
    const { start, job, rows } = await exported(R1._id);
    expect(job).toMatchObject({ done: log.length, total: log.length });
    expect(rows[0]).toEqual(HEADER);
    expect(rows).toHaveLength(log.length + 1);
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual(log.map(expectedRow));
    expect(rows[1]![0]).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/);
    // The status each event left the case in.
    const statusOf = (kind: string, subject: string) => rows.find((r) => r[2] === CASE_EVENT_LABEL[kind as keyof typeof CASE_EVENT_LABEL] && r[1] === subject)?.[5];
    expect(statusOf('emailed', 'A1 – Piece A1')).toBe(CASE_STATUS_LABEL.notified);
    expect(statusOf('retailer_note', 'A2 – Piece A2')).toBe(CASE_STATUS_LABEL.open);
    expect(statusOf('resolved', 'A2 – Piece A2')).toBe(CASE_STATUS_LABEL.resolved);
    expect(statusOf('flagged', 'Brand profile')).toBe(CASE_STATUS_LABEL.open);
    // The recipients, the retailer's note, the reason, the retailer as the note's author.
    expect(rows.find((r) => r[2] === 'Emailed')![4]).toBe(`Emailed to ${fx.contact}`);
    expect(rows.find((r) => r[2] === 'Retailer note')!.slice(3, 5)).toEqual([`${R1.name} (retailer)`, NOTE]);
    expect(rows.find((r) => r[2] === 'Resolved')!.slice(3, 5)).toEqual(['Cora Case', `Dismissed: ${REASON}`]);
    // The file is in the retailer's ALL EXPORTS, and one notification says it is ready.
    const history = await callRoute('getExportHistory', { params: { id: R1._id }, query: { brand: BRAND._id }, token: tokens.admin });
    expect(history.body.totalCount).toBe(before + 1);
    expect(history.body.data[0]).toMatchObject({ _id: start.jobId, name: `${R1.name} - Case activity - ${TODAY}.xlsx`, rows: log.length });
    expect((await sheetOf(history.body.data[0]!.url!)).rows).toHaveLength(log.length + 1);
    const admin = await login('admin@demo.test');
    const notes = (await callRoute('listNotifications', { token: admin, query: { limit: 100 } })).body.data.filter((n) => n._id === `export-${start.jobId}`);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ subject: 'export:Export ready', retailer: R1.name, retailerId: R1._id });
  }, 120_000);

  it('with a kind: only the events of that kind, named so; a kind without events is the header only', async () => {
    const flagged = await wholeLog(R1._id, 'flagged');
    expect(flagged).toHaveLength(3);
    const { start, title, rows } = await exported(R1._id, 'flagged');
    expect(start.name).toBe(`${R1.name} - Case activity (Flagged) - ${TODAY}.xlsx`);
    expect(title).toBe('Case activity (Flagged)');
    expect(rows.slice(1).map((r) => r.slice(0, 5))).toEqual(flagged.map(expectedRow));
    expect(new Set(rows.slice(1).map((r) => r[2]))).toEqual(new Set(['Flagged']));
    const notes = await exported(R1._id, 'retailer_note');
    expect(notes.rows).toEqual([HEADER, [expect.any(String), 'A2 – Piece A2', 'Retailer note', `${R1.name} (retailer)`, NOTE, 'Open']]);
    expect((await exported(R1._id, 'auto_resolved')).rows).toEqual([HEADER]);
  }, 180_000);

  it('a log of more than two pages of the index comes whole, newest first; one kind of it too', async () => {
    const { flagStep, stepWrites } = await import('../../functions/cases');
    const { emailedStep } = await import('../../functions/cases/domain/case');
    const { transactIf } = await import('../../functions/lib/table');
    const t0 = Date.parse('2026-11-10T08:00:00.000Z');
    const by = { id: `user-case-admin-${tag}`, name: 'Cora Case' };
    const one = async (i: number) => {
      const style = `BULK-${String(i).padStart(4, '0')}`;
      const opened = flagStep(undefined, {
        brand: BRAND._id,
        retailer: R2._id,
        kind: 'product',
        style_number: style,
        name: `Bulk piece ${i}`,
        productId: `none-${i}`,
        at: new Date(t0 + i * 60_000).toISOString(),
        by,
        evidence: { scanDate: fx.date, periodId: null, reasons: [{ name: 'Price', value: 'Price' }], message: '', scraped: { name: `Bulk piece ${i}`, style_number: style, price: 1, URL: '', image: '', screenshot: '', brand_sku: '' }, onHand: null, gap: null },
      })!;
      expect(await transactIf(stepWrites(opened))).toBe(true);
      const emailed = emailedStep(opened.after, { historyId: `h-${i}`, to: [fx.contact], at: new Date(t0 + i * 60_000 + 30_000).toISOString(), by })!;
      expect(await transactIf(stepWrites(emailed))).toBe(true);
    };
    for (let i = 0; i < BULK; i += 20) await Promise.all(Array.from({ length: Math.min(20, BULK - i) }, (_, k) => one(i + k)));

    const all = await exported(R2._id);
    expect(all.rows).toHaveLength(2 * BULK + 1);
    expect(all.job).toMatchObject({ done: 2 * BULK, total: 2 * BULK });
    // Newest first: the last product's email, then its flag, … down to the first product's flag.
    expect(all.rows[1]!.slice(1, 3)).toEqual([`BULK-${String(BULK - 1).padStart(4, '0')} – Bulk piece ${BULK - 1}`, 'Emailed']);
    expect(all.rows[2]!.slice(1, 3)).toEqual([`BULK-${String(BULK - 1).padStart(4, '0')} – Bulk piece ${BULK - 1}`, 'Flagged']);
    expect(all.rows.at(-1)!.slice(1, 3)).toEqual(['BULK-0000 – Bulk piece 0', 'Flagged']);
    expect(new Set(all.rows.slice(1).map((r) => r[1])).size).toBe(BULK);
    expect(all.rows.slice(1).map((r) => r.slice(0, 5))).toEqual((await wholeLog(R2._id)).map(expectedRow));

    const emailed = await exported(R2._id, 'emailed');
    expect(emailed.rows).toHaveLength(BULK + 1);
    expect(emailed.rows.slice(1).every((r) => r[2] === 'Emailed' && r[4] === `Emailed to ${fx.contact}` && r[5] === 'Notified')).toBe(true);
    expect(emailed.rows.slice(1).map((r) => r[1])).toEqual(Array.from({ length: BULK }, (_, i) => `BULK-${String(BULK - 1 - i).padStart(4, '0')} – Bulk piece ${BULK - 1 - i}`));
  }, 300_000);

  it('another brand, and a User not assigned the retailer, are refused (403) and read no job of it (404); a bad kind is 400', async () => {
    const other = await exportLog(R1._id, undefined, tokens.other);
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).not.toContain(R1.name);
    expect((await callRoute('exportCaseActivity', { params: { brandId: 'brand-maison-aurelle', retailerId: R1._id }, body: {}, token: tokens.other })).status).toBe(404);
    expect((await exportLog(R1._id, undefined, tokens.user)).status).toBe(403);
    const bad = await exportLog(R1._id, 'bogus');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('kind is one of:');
    // Its job: the brand's, and the User's only for an assigned retailer.
    const mine = await exportLog(R1._id, 'emailed');
    expect(mine.status).toBe(202);
    expect((await readExportJob(mine.body.jobId, tokens.other)).status).toBe(404);
    expect((await readExportJob(mine.body.jobId, tokens.user)).status).toBe(404);
    const assigned = await exportLog(R2._id, 'flagged', tokens.user);
    expect(assigned.status).toBe(202);
    expect((await readExportJob(assigned.body.jobId, tokens.user)).status).toBe(200);
    await followExportJob(mine.body.jobId, tokens.admin);
    await followExportJob(assigned.body.jobId, tokens.user);
  }, 300_000);
});

describe("a product's case (the product page)", () => {
  it('the case and its log, newest first, in cursor pages', async () => {
    const res = await productCase('A2');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectContract('getProductCase', res.body);
    expect(res.body.data).toMatchObject({ _id: caseIdOf(BRAND._id, R1._id, 'A2'), style_number: 'A2', status: 'resolved', resolution: 'dismissed', severity: 'low' });
    expect(res.body.events.map((e) => e.kind)).toEqual(['resolved', 'retailer_note', 'flagged']);
    expect(res.body.events[1]!.detail).toBe(NOTE);
    expect(res.body.nextCursor).toBeNull();
    const first = await productCase('A2', { limit: '2' });
    expect(first.body.events.map((e) => e.kind)).toEqual(['resolved', 'retailer_note']);
    const second = await productCase('A2', { limit: '2', cursor: first.body.nextCursor! });
    expect(second.body.events.map((e) => e.kind)).toEqual(['flagged']);
    expect(second.body.nextCursor).toBeNull();
  });

  it('a product that never had a case answers no case; the brand profile is not a product case; a missing style number is 400', async () => {
    const none = await productCase('A5');
    expect(none.body).toEqual({ data: null, events: [], nextCursor: null });
    expectContract('getProductCase', none.body);
    expect((await productCase('__profile__')).body).toEqual({ data: null, events: [], nextCursor: null });
    const missing = await callRoute('getProductCase', { params: { brandId: BRAND._id, retailerId: R1._id }, query: {}, token: tokens.admin });
    expect(missing.status).toBe(400);
    expect(JSON.stringify(missing.body)).toContain('style_number is required.');
  });

  it('a User not assigned the retailer and another brand get nothing of it (403)', async () => {
    for (const token of [tokens.user, tokens.other]) {
      const res = await productCase('A2', {}, token);
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Piece A2');
      expect(JSON.stringify(res.body)).not.toContain(NOTE);
    }
    // The User's own retailer answers.
    expect((await productCase('BULK-0000', {}, tokens.user, R2._id)).body.data).toMatchObject({ style_number: 'BULK-0000', status: 'notified' });
  });
});
