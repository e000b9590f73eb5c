/**
 * Every export is a background job (issue 21; docs/exports.md "Every export is a job"), against
 * the local stack: GET /exportFile answers 202 with the job at once; the job's progress is read
 * through GET /exportFile/{jobId} (queued → building n of N → ready, or failed with the reason);
 * once ready the file is in ALL EXPORTS and one notification says so; 40 exports asked at once
 * are 40 jobs; only the job's brand reads it; a retried event (a failed try, a redelivered S3
 * event) builds and notifies once; a job failing every try is a failed delivery in the post office
 * and Retry builds it once. The test stack runs with FAULT_INJECTION=1: a retailer whose name holds
 * `fail-once-tab-export` (or `fail-thrice-…`) fails the first try (or three tries) of its jobs.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, errorBody, login, stack } from '../support/api';
import { expectOrderedProgress, followExportJob } from '../support/export-jobs';
import { putObject } from '../support/post-office';
import { periodRecord, productScrape } from '../support/scrapes';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-job-${tag}`, name: `Job House ${tag}`, slug: `job-house-${tag}` };
const retailer = (key: string, name: string) => ({ _id: `ret-${key}-${tag}`, name: `${name} ${tag}`, optId: `${key}${tag}`.toUpperCase(), slug: `${key}-store-${tag}`, website: 'https://jobs.example' });
const BIG = retailer('jobbig', 'Job Store');
const ONCE = retailer('jobonce', 'Store fail-once-tab-export');
const THRICE = retailer('jobthrice', 'Store fail-thrice-tab-export');
const DATE = '2022-07-01';
/** Rows of the big tab: more than 2,000, so the build writes its progress on the way. */
const BIG_ROWS = 4500;

const tokens = {} as Record<'admin' | 'brandAdmin' | 'other', string>;
const periods = {} as Record<'big' | 'once' | 'thrice', string>;

const start = (period: string, query: Record<string, string> = {}, token = tokens.brandAdmin) => callRoute('exportFile', { query: { retailer_brand_scraping: period, ...query }, token });
const readJob = (jobId: string, token = tokens.brandAdmin) => callRoute('getExportJob', { params: { jobId }, token });

/** Reads the job until it is ready or failed; every state seen on the way, in order (test/support/export-jobs.ts). */
const follow = (jobId: string, token = tokens.brandAdmin) => followExportJob(jobId, token);

const history = async (retailerId: string) => (await callRoute('getExportHistory', { token: tokens.brandAdmin, params: { id: retailerId }, query: { limit: 100 } })).body;
const notificationsOf = async (jobId: string) => (await callRoute('listNotifications', { token: tokens.admin, query: { limit: 100 } })).body.data.filter((n) => n._id === `export-${jobId}`);
const failures = async () => (await callRoute('listFailedDeliveries', { token: tokens.admin, query: { limit: 100 } })).body.data;

async function rowsOf(link: string): Promise<number> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const file = await fetch(res.headers.get('location')!);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await file.arrayBuffer()) as ArrayBuffer);
  return wb.worksheets[0]!.actualRowCount - 1;
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const ids = await import('../../functions/scrapings/domain/ids');
  const repo = await import('../../functions/scrapings/scrapings.repo');
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const now = new Date().toISOString();
  for (const r of [BIG, ONCE, THRICE]) await putRetailer({ ...r, createdAt: now, updatedAt: now });
  await putBrand({
    ...BRAND,
    colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
    retailers: [BIG, ONCE, THRICE].map((r) => ({ retailer: r._id, flag: true, webSiteType: 'retailerWithProducts' as const })),
    createdAt: now,
    updatedAt: now,
  });
  const seed = async (r: typeof BIG, n: number) => {
    const periodId = ids.periodIdOf(BRAND._id, r._id, DATE);
    const version = `vjob${r.optId}`.toLowerCase();
    const writer = repo.productWriter(version);
    for (let i = 0; i < n; i++) {
      const style = `JOB-${String(i).padStart(5, '0')}`;
      await writer.add(productScrape({ _id: ids.productIdOf(periodId, style), retailer_brand_scraping: periodId, brand: BRAND._id, retailer: r._id, date: DATE, style_number: style, name: `Piece ${i}`, price: 100 + (i % 50), URL: `https://jobs.example/${style}`, brand_label: BRAND.name, isFlagged: i % 10 === 0 ? 'yes' : 'no', oh_map_id: '' }));
    }
    await writer.close();
    await repo.putPeriod(periodRecord({ _id: periodId, brand: BRAND._id, retailer: r._id, date: DATE, version, totalProducts: n, approvedDate: now }));
    return periodId;
  };
  periods.big = await seed(BIG, BIG_ROWS);
  periods.once = await seed(ONCE, 30);
  periods.thrice = await seed(THRICE, 20);

  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  await createUser(testUser({ _id: `user-job-${tag}`, email: `job-${tag}@demo.test`, passwordHash: await hashPassword('Export-1!'), brand: BRAND._id, roles: [TEST_ROLES.BRAND_ADMIN] }));
  tokens.brandAdmin = await login(`job-${tag}@demo.test`, 'Export-1!');
  tokens.admin = await login('admin@demo.test');
  tokens.other = await login('castellane@demo.test');
}, 180_000);

describe('GET /exportFile is a job', () => {
  it('answers at once with the job; its progress is readable; the file arrives in ALL EXPORTS and one notification says it is ready', async () => {
    const before = (await history(BIG._id)).totalCount;
    const res = await start(periods.big);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ jobId: expect.any(String), status: 'queued', done: 0, total: null, name: `${BIG.name} - ALL SCRAPED - ${DATE}.xlsx`, link: null, error: null });

    const { job, seen } = await follow(res.body.jobId);
    expect(job).toMatchObject({ status: 'ready', done: BIG_ROWS, total: BIG_ROWS, name: res.body.name, error: null });
    expect(job.link).toMatch(/\/api\/exports\/download\?token=/);
    // The states come in order (queued, building, ready), the rows done never go back, never past the total.
    expectOrderedProgress(seen);

    expect(await rowsOf(job.link!)).toBe(BIG_ROWS);
    const after = await history(BIG._id);
    expect(after.totalCount).toBe(before + 1);
    expect(after.data[0]).toMatchObject({ _id: res.body.jobId, name: res.body.name, rows: BIG_ROWS });
    const notes = await notificationsOf(res.body.jobId);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.subject).toBe('export:Export ready');
    expect(notes[0]!.message).toContain(res.body.name);
    expect(notes[0]!.retailerId).toBe(BIG._id);
  }, 300_000);

  it('40 exports asked at once are 40 jobs, each built once into the history', async () => {
    const before = (await history(ONCE._id)).totalCount;
    // fail-once: the first try of the first build fails; the others are plain.
    const started = await Promise.all(Array.from({ length: 40 }, (_, i) => start(periods.once, i % 2 ? { isFlagged: 'yes' } : {})));
    expect(started.map((s) => s.status)).toEqual(Array(40).fill(202));
    const jobIds = started.map((s) => s.body.jobId as string);
    expect(new Set(jobIds).size).toBe(40);
    const done = await Promise.all(jobIds.map((id) => follow(id)));
    expect(done.map((d) => d.job.status)).toEqual(Array(40).fill('ready'));
    const after = await history(ONCE._id);
    expect(after.totalCount).toBe(before + 40);
    expect(new Set(after.data.map((d) => d._id))).toEqual(new Set(jobIds));
    for (const id of jobIds) expect(await notificationsOf(id)).toHaveLength(1);
  }, 300_000);

  it('only the brand of the job reads it; a missing job is 404', async () => {
    const res = await start(periods.big, { isFlagged: 'yes' });
    expect(res.status).toBe(202);
    const other = await readJob(res.body.jobId, tokens.other);
    expect(other.status).toBe(404);
    expect(errorBody(other).message).toBe('Export not found.');
    expect(JSON.stringify(other.body)).not.toContain(BIG.name);
    expect((await readJob(res.body.jobId, tokens.admin)).status).toBe(200);
    expect((await readJob('no-such-job')).status).toBe(404);
    expect((await callRoute('getExportJob', { params: { jobId: res.body.jobId } })).status).toBe(401);
    expect((await start(periods.big, {}, tokens.other)).status).toBe(403);
    await follow(res.body.jobId);
  }, 300_000);
});

describe('a retried event builds once', () => {
  it('a first try that failed is tried again and builds once; a redelivered event of a ready job builds and notifies nothing', async () => {
    const before = (await history(ONCE._id)).totalCount;
    const res = await start(periods.once, { sort: 'price;desc' });
    const { job } = await follow(res.body.jobId);
    expect(job.status).toBe('ready');
    expect((await history(ONCE._id)).totalCount).toBe(before + 1);

    // S3 delivers at least once: the same request again (as a redelivered event would start it).
    await putObject(`jobs/tab-export/${res.body.jobId}.json`, JSON.stringify({ jobId: res.body.jobId }));
    // Tab exports run one at a time locally, in arrival order: once a later job is ready, the redelivery has run.
    const barrier = await start(periods.once, { isFlagged: 'no' });
    await follow(barrier.body.jobId);
    expect((await history(ONCE._id)).totalCount).toBe(before + 2);
    expect((await history(ONCE._id)).data.filter((d) => d._id === res.body.jobId)).toHaveLength(1);
    expect(await notificationsOf(res.body.jobId)).toHaveLength(1);
    expect((await readJob(res.body.jobId)).body.status).toBe('ready');
  }, 300_000);

  it('a job failing every try is failed with its reason and a failed delivery in the post office; Retry builds it once', async () => {
    const before = (await history(THRICE._id)).totalCount;
    const res = await start(periods.thrice);
    const { job } = await follow(res.body.jobId);
    expect(job).toMatchObject({ status: 'failed', link: null, error: 'The export could not be built. Export the tab again.' });
    expect((await history(THRICE._id)).totalCount).toBe(before);
    expect(await notificationsOf(res.body.jobId)).toHaveLength(0);

    const key = `jobs/tab-export/${res.body.jobId}.json`;
    let failure: any;
    await expect.poll(async () => (failure = (await failures()).find((f) => f.subject.startsWith(`${key}@`))) ?? null, { timeout: 30_000 }).not.toBeNull();
    expect(failure).toMatchObject({ source: 'tab-export', reason: 'Error: Injected fault: tab-export', tries: 3, status: 'open', canRetry: true });

    const retry = await callRoute('redriveFailedDelivery', { token: tokens.admin, params: { id: failure.id } });
    expect(retry.status).toBe(200);
    // The job reads failed until the redriven event has built it.
    await expect.poll(async () => (await readJob(res.body.jobId)).body.status, { timeout: 30_000, interval: 50 }).toBe('ready');
    expect(await rowsOf((await readJob(res.body.jobId)).body.link!)).toBe(20);
    await expect.poll(async () => (await failures()).find((f) => f.id === failure.id) ?? null, { timeout: 30_000 }).toBeNull();
    expect((await history(THRICE._id)).totalCount).toBe(before + 1);
    expect(await notificationsOf(res.body.jobId)).toHaveLength(1);
  }, 300_000);
});
