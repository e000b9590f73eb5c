/**
 * The admin's Permissions export and a brand's contacts export are background jobs too (issue 21;
 * docs/exports.md "Every export is a job"), against the local stack: each call answers 202 with
 * the job at once; the job is followed through GET /exportFile/{jobId} (queued → building n of N
 * → ready with its link); the file holds every row (2,500 brands carrying a retailer, read a page
 * of the index at a time; 2,600 contacts); the contacts file arrives in the brand's Downloaded
 * Files and one notification says each is ready; only who may read the list reads its job; a
 * retried or redelivered event, or two deliveries at once, make one file, one history line and one
 * notification; a job failing every try is a failed delivery of its own source, and Retry builds
 * it once. The test stack runs with FAULT_INJECTION=1: a name holding `fail-thrice-<source>` fails
 * every try of its jobs before the build, `fail-once-export-finish` the first try after the file
 * and the notification are made.
 */
import { randomBytes } from 'node:crypto';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { BatchWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInAccounts, type AccountSpec } from '../support/accounts';
import { type ApiResult, callRoute, login, queryOf, stack } from '../support/api';
import type { ResponseOf } from '../../shared/routes/responses';
import { seedBrand } from '../support/brands';
import { expectOrderedProgress, followExportJob, readExportJob } from '../support/export-jobs';
import { putObject } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const TAG = tag.toUpperCase();
const PASSWORD = 'Listjob-2031!';
const store = (n: string, name: string) => ({ _id: `ret-lj${n}-${tag}`, name: `${name} ${tag}`, optId: `LJ${n.toUpperCase()}${TAG}`, slug: `lj${n}-${tag}`, website: `https://lj${n}.example` });
/** Carried by BRANDS_OF_BIG brands (index items written directly: a large Permissions list). */
const RBIG = store('big', 'Permission Store');
const RTHRICE = store('thrice', 'Store fail-thrice-permissions-export');
const RC = store('c', 'Contacts Store');
const BRANDS_OF_BIG = 2500;
/** Contacts of the exported brand: more than 2,000 (the build writes its progress on the way) and more than a page of 1,000. */
const CONTACTS = 2600;
const BC = { _id: `brand-lj-${tag}`, name: `List Jobs House ${tag}`, slug: `list-jobs-${tag}` };
const BFIN = { _id: `brand-ljf-${tag}`, name: `Maison fail-once-export-finish ${tag}`, slug: `list-jobs-fin-${tag}` };
const BTHRICE = { _id: `brand-ljt-${tag}`, name: `Maison fail-thrice-contacts-export ${tag}`, slug: `list-jobs-thrice-${tag}` };
const users = {
  brandAdmin: { _id: `user-lj-ba-${tag}`, email: `lj-ba-${tag}@demo.test`, role: 'BRAND_ADMIN' },
  rep: { _id: `user-lj-rep-${tag}`, email: `lj-rep-${tag}@demo.test`, associated_retailers: [RC._id] },
} satisfies Record<string, AccountSpec>;
const tokens = {} as Record<'admin' | 'brandAdmin' | 'rep' | 'other', string>;
const TODAY = new Date().toISOString().slice(0, 10);

/** GET /BrandRetailerExport with exportFlag=true: the export's job (that branch of the route's response). */
const permissions = (q: string, token = tokens.admin) =>
  callRoute('brandRetailerExport', { query: queryOf(`${q}&exportFlag=true`), token }) as Promise<ApiResult<Extract<ResponseOf<'brandRetailerExport'>, { jobId: string }>>>;
const exportContacts = (brand: string, fileType: 'csv' | 'xlsx' = 'csv', token = tokens.admin) => callRoute('exportContacts', { params: { brandId: brand }, query: { fileType }, token });
const notificationsOf = async (jobId: string) => (await callRoute('listNotifications', { token: tokens.admin, query: { limit: 100 } })).body.data.filter((n) => n._id === `export-${jobId}`);
const failures = async () => (await callRoute('listFailedDeliveries', { token: tokens.admin, query: { limit: 100 } })).body.data;
const downloads = async (brand: string) => (await callRoute('getContactsHistory', { token: tokens.admin, params: { brandId: brand }, query: { type: 'addressBook', uploadType: 'export', limit: 100 } })).body;

/** The objects under an S3 prefix of the data bucket. */
async function objects(prefix: string): Promise<string[]> {
  const { s3 } = await import('../../functions/lib/clients/s3');
  const out = await s3.send(new ListObjectsV2Command({ Bucket: process.env.DATA_BUCKET, Prefix: prefix }));
  return (out.Contents ?? []).map((o) => o.Key!);
}

async function sheetRows(link: string): Promise<unknown[][]> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const file = await fetch(res.headers.get('location')!);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await file.arrayBuffer()) as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** `n` brands carrying the retailer in the Permissions index (the items the brand-list writes keep), and its count. */
async function seedIndex(retailer: string, n: number): Promise<void> {
  const { ddb } = await import('../../functions/lib/clients/dynamodb');
  const { table } = await import('../../functions/lib/table');
  const { indexItem, countUpdate } = await import('../../functions/brands/retailer-index');
  const now = new Date().toISOString();
  const items = Array.from({ length: n }, (_, i) => indexItem({ _id: `brand-ljx-${i}-${tag}`, name: `Brand ${String(i).padStart(5, '0')} ${tag}` }, { retailer, flag: i % 3 !== 0 }, now));
  for (let i = 0; i < items.length; i += 25) {
    let req: Record<string, unknown[]> | undefined = { [table.name]: items.slice(i, i + 25).map((Item) => ({ PutRequest: { Item } })) };
    while (req && Object.keys(req).length) req = (await ddb.send(new BatchWriteCommand({ RequestItems: req as never }))).UnprocessedItems as typeof req;
  }
  await ddb.send(new UpdateCommand(countUpdate(retailer, n)));
}

/** `n` contacts of the brand at the store, imported as a user would (CSV, by the site ADMIN). */
async function seedContacts(brand: string, n: number, storeName: string): Promise<void> {
  const lines = ['First Name,Last Name,Email,Store Name,Role', ...Array.from({ length: n }, (_, i) => `First${i},Last${i},c${i}-${brand}@lj.test,${storeName},Buyer`)];
  const fd = new FormData();
  fd.append('file', new Blob([lines.join('\r\n') + '\r\n']), 'contacts.csv');
  fd.append('rules', JSON.stringify({ firstName: 'First Name', lastName: 'Last Name', email: 'Email', retailer: 'Store Name', role: 'Role' }));
  fd.append('flag', 'ignore');
  const res = await callRoute('importContacts', { params: { brandId: brand }, token: tokens.admin, body: fd });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.created).toBe(n);
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const carried = [{ retailer: RC._id, flag: true, webSiteType: 'retailerWithProducts' as const }];
  await seedBrand(BC, [RBIG, RTHRICE, RC], carried);
  await seedBrand(BFIN, [], carried);
  await seedBrand(BTHRICE, [], carried);
  Object.assign(tokens, await signedInAccounts(BC._id, PASSWORD, users));
  tokens.admin = await login('admin@demo.test');
  tokens.other = await login('castellane@demo.test');
  await seedIndex(RBIG._id, BRANDS_OF_BIG);
  await seedIndex(RTHRICE._id, 3);
  await seedContacts(BC._id, CONTACTS, RC.name);
  await seedContacts(BFIN._id, 7, RC.name);
  await seedContacts(BTHRICE._id, 5, RC.name);
}, 240_000);

describe('the Permissions export is a job', () => {
  it('answers at once with the job; its progress is readable; the xlsx holds every brand (a page of the index at a time); one notification', async () => {
    const res = await permissions(`retailer=${RBIG._id}`);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({
      jobId: expect.any(String),
      status: 'queued',
      done: 0,
      total: null,
      name: `${RBIG.name} - Brands Retailer Carries - ${TODAY}.xlsx`,
      link: null,
      url: null,
      error: null,
      title: 'Brands Retailer Carries',
      totalCount: BRANDS_OF_BIG,
    });
    const { job, seen } = await followExportJob(res.body.jobId, tokens.admin);
    expectOrderedProgress(seen);
    expect(job).toMatchObject({ status: 'ready', done: BRANDS_OF_BIG, total: BRANDS_OF_BIG, error: null });
    const rows = await sheetRows(job.link!);
    expect(rows).toHaveLength(BRANDS_OF_BIG + 1);
    expect(rows[0]).toEqual(['Brand', 'Currently Enabled in Dashboard']);
    expect(rows[1]).toEqual([`Brand 00000 ${tag}`, 'No']);
    expect(rows[BRANDS_OF_BIG]).toEqual([`Brand ${String(BRANDS_OF_BIG - 1).padStart(5, '0')} ${tag}`, (BRANDS_OF_BIG - 1) % 3 !== 0 ? 'Yes' : 'No']);
    const notes = await notificationsOf(res.body.jobId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ subject: 'export:Export ready', retailer: RBIG.name, retailerId: RBIG._id });
    expect(notes[0]!.message).toContain(res.body.name);
    // An ADMIN's list: no brand account reads its job (404 as a missing one).
    for (const token of [tokens.brandAdmin, tokens.other]) expect((await readExportJob(res.body.jobId, token)).status).toBe(404);
  }, 300_000);

  it('a job failing every try is failed with its reason and a failed delivery of permissions-export; Retry builds it once', async () => {
    const res = await permissions(`retailer=${RTHRICE._id}`);
    expect(res.status).toBe(202);
    const { job } = await followExportJob(res.body.jobId, tokens.admin);
    expect(job).toMatchObject({ status: 'failed', link: null, error: 'The export could not be built. Export the list again.' });
    expect(await notificationsOf(res.body.jobId)).toHaveLength(0);
    const key = `jobs/permissions-export/${res.body.jobId}.json`;
    let failure: any;
    await expect.poll(async () => (failure = (await failures()).find((f) => f.subject.startsWith(`${key}@`))) ?? null, { timeout: 30_000 }).not.toBeNull();
    expect(failure).toMatchObject({ source: 'permissions-export', reason: 'Error: Injected fault: permissions-export', tries: 3, status: 'open', canRetry: true });

    expect((await callRoute('redriveFailedDelivery', { token: tokens.admin, params: { id: failure.id } })).status).toBe(200);
    await expect.poll(async () => (await readExportJob(res.body.jobId, tokens.admin)).body.status, { timeout: 30_000, interval: 50 }).toBe('ready');
    expect(await sheetRows((await readExportJob(res.body.jobId, tokens.admin)).body.link!)).toHaveLength(4);
    await expect.poll(async () => (await failures()).find((f) => f.id === failure.id) ?? null, { timeout: 30_000 }).toBeNull();
    expect(await notificationsOf(res.body.jobId)).toHaveLength(1);
    expect(await objects(`exports/permissions/${res.body.jobId}`)).toHaveLength(1);
  }, 300_000);
});

describe('the contacts export is a job', () => {
  it('answers at once with the job; its progress is readable; the file holds every contact, arrives in the Downloaded Files, and one notification says so', async () => {
    const before = (await downloads(BC._id)).totalCount;
    const res = await exportContacts(BC._id, 'csv', tokens.brandAdmin);
    expect(res.status).toBe(202);
    expect(res.body).toEqual({ data: { jobId: expect.any(String), status: 'queued', done: 0, total: null, name: `Contacts - ${BC.name} - ${TODAY}.csv`, link: null, error: null } });
    const jobId = res.body.data.jobId as string;
    const { job, seen } = await followExportJob(jobId, tokens.brandAdmin);
    expectOrderedProgress(seen);
    expect(job).toMatchObject({ status: 'ready', done: CONTACTS, total: CONTACTS });
    const file = await fetch(job.link!);
    expect(file.headers.get('content-disposition')).toContain(`Contacts - ${BC.name}`);
    const lines = (await file.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('First Name,LastName,Email Address,Store Name,Roles/Responsibilities');
    expect(lines).toHaveLength(CONTACTS + 1);
    const after = await downloads(BC._id);
    expect(after.totalCount).toBe(before + 1);
    expect(after.data[0]).toMatchObject({ _id: jobId, fileName: res.body.data.name, rows: CONTACTS, expired: false });
    const notes = await notificationsOf(jobId);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.subject).toBe('export:Export ready');
    expect(notes[0]!.message).toContain(res.body.data.name);
    // Its brand's accounts that see every retailer read the job; a User limited to some retailers and another brand do not.
    expect((await readExportJob(jobId, tokens.admin)).status).toBe(200);
    expect((await readExportJob(jobId, tokens.rep)).status).toBe(404);
    expect((await readExportJob(jobId, tokens.other)).status).toBe(404);
    expect((await exportContacts(BC._id, 'csv', tokens.rep)).status).toBe(403);
    expect((await exportContacts(BC._id, 'csv', tokens.other)).status).toBe(403);
  }, 300_000);

  it('an xlsx of every contact', async () => {
    const res = await exportContacts(BC._id, 'xlsx');
    expect(res.status).toBe(202);
    const { job } = await followExportJob(res.body.data.jobId, tokens.admin);
    expect(job).toMatchObject({ status: 'ready', done: CONTACTS, name: `Contacts - ${BC.name} - ${TODAY}.xlsx` });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await (await fetch(job.link!)).arrayBuffer()) as ArrayBuffer);
    expect(wb.worksheets[0]!.actualRowCount).toBe(CONTACTS + 1);
  }, 300_000);

  it('a redelivered event of a ready job makes no second file, history line or notification', async () => {
    const before = (await downloads(BC._id)).totalCount;
    const res = await exportContacts(BC._id);
    const jobId = res.body.data.jobId as string;
    expect((await followExportJob(jobId, tokens.admin)).job.status).toBe('ready');
    // S3 delivers at least once: the same request again (as a redelivered event would start it).
    await putObject(`jobs/contacts-export/${jobId}.json`, JSON.stringify({ jobId }));
    // Contacts exports run one at a time locally, in arrival order: once a later job is ready, the redelivery has run.
    const barrier = await exportContacts(BC._id);
    await followExportJob(barrier.body.data.jobId, tokens.admin);
    const after = await downloads(BC._id);
    expect(after.totalCount).toBe(before + 2);
    expect(after.data.filter((d: { _id: string }) => d._id === jobId)).toHaveLength(1);
    expect(await notificationsOf(jobId)).toHaveLength(1);
    expect(await objects(`exports/contacts/${BC._id}/${jobId}`)).toHaveLength(1);
    expect((await readExportJob(jobId, tokens.admin)).body.status).toBe('ready');
  }, 300_000);

  it('a try that died after its file and its notification were made is tried again: one file, one history line, one notification', async () => {
    const before = (await downloads(BFIN._id)).totalCount;
    const res = await exportContacts(BFIN._id);
    const jobId = res.body.data.jobId as string;
    const { job } = await followExportJob(jobId, tokens.admin);
    expect(job).toMatchObject({ status: 'ready', done: 7 });
    const after = await downloads(BFIN._id);
    expect(after.totalCount).toBe(before + 1);
    expect(after.data.filter((d: { _id: string }) => d._id === jobId)).toHaveLength(1);
    expect(await notificationsOf(jobId)).toHaveLength(1);
    expect(await objects(`exports/contacts/${BFIN._id}/`)).toEqual([`exports/contacts/${BFIN._id}/${jobId}.csv`]);
    // The fault did happen (the job's tries say so): the build ran twice.
    const { getExportJob } = await import('../../functions/exports/export-jobs.repo');
    expect((await getExportJob(jobId))!.attempts).toBe(2);
  }, 300_000);

  it('two deliveries of one job at once: one builds, the other is refused (tried again later, it finds the job ready); one file, one line, one notification', async () => {
    const { createExportJob } = await import('../../functions/exports/export-jobs');
    const { BUILDERS } = await import('../../functions/exports/export-worker');
    const { runExportJob } = await import('../../functions/exports/export-jobs');
    const before = (await downloads(BC._id)).totalCount;
    // A job recorded without its request object: only these deliveries build it.
    const job = await createExportJob({ kind: 'contacts', brand: BC._id, retailer: '', query: JSON.stringify({ fileType: 'csv' }), name: `Contacts - ${BC.name} - twice.csv`, createdBy: users.brandAdmin._id });
    const both = await Promise.allSettled([runExportJob(job._id, BUILDERS), runExportJob(job._id, BUILDERS)]);
    expect(both.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(String((both.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason)).toContain('being built by another delivery');
    // The refused delivery, tried again: the job is ready, nothing is built.
    expect(await runExportJob(job._id, BUILDERS)).toBe(false);
    expect((await readExportJob(job._id, tokens.admin)).body).toMatchObject({ status: 'ready', done: CONTACTS });
    const after = await downloads(BC._id);
    expect(after.totalCount).toBe(before + 1);
    expect(after.data.filter((d: { _id: string }) => d._id === job._id)).toHaveLength(1);
    expect(await notificationsOf(job._id)).toHaveLength(1);
    expect(await objects(`exports/contacts/${BC._id}/${job._id}`)).toHaveLength(1);
  }, 300_000);

  it('a job failing every try is failed and a failed delivery of contacts-export; Retry builds it once', async () => {
    const res = await exportContacts(BTHRICE._id);
    const jobId = res.body.data.jobId as string;
    const { job } = await followExportJob(jobId, tokens.admin);
    expect(job).toMatchObject({ status: 'failed', link: null, error: 'The export could not be built. Export the list again.' });
    expect((await downloads(BTHRICE._id)).totalCount).toBe(0);
    const key = `jobs/contacts-export/${jobId}.json`;
    let failure: any;
    await expect.poll(async () => (failure = (await failures()).find((f) => f.subject.startsWith(`${key}@`))) ?? null, { timeout: 30_000 }).not.toBeNull();
    expect(failure).toMatchObject({ source: 'contacts-export', tries: 3, canRetry: true });
    expect((await callRoute('redriveFailedDelivery', { token: tokens.admin, params: { id: failure.id } })).status).toBe(200);
    await expect.poll(async () => (await readExportJob(jobId, tokens.admin)).body.status, { timeout: 30_000, interval: 50 }).toBe('ready');
    expect((await downloads(BTHRICE._id)).totalCount).toBe(1);
    expect(await notificationsOf(jobId)).toHaveLength(1);
  }, 300_000);
});
