/**
 * A retried ingest finishes (issue 6 §6): when starting the approval or sending the review alert
 * fails after the File record is written, the retry of the same S3 event (Lambda retries a failed
 * asynchronous invocation; the local stack the same: infra/local/async.ts) completes what was
 * left, and nothing is done twice (one notification, one alert email), however often the event
 * is delivered again. The test stack runs with FAULT_INJECTION=1: a key naming
 * `fail-once-<point>` fails at that point on its first try only (functions/lib/faults.ts).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, login, sentEmails } from '../support/api';
import { ingestBarrier, makeOwnTenant, putObject, waitForFile as waitForFileOf } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-rt-${tag}`, name: `Retry House ${tag}`, slug: `retry-house-${tag}` };
const RETAILER = { _id: `ret-rt-${tag}`, name: `Retry Store ${tag}`, optId: `RT${tag}`.toUpperCase(), slug: `retry-store-${tag}`, website: 'https://retry.example' };
const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';
let admin = '';

const csv = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => `RT-${i},Piece ${i},${BRAND.name},RT-${i},10.00,Piece,,https://retry.example/${i},,In stock,`)].join('\n') + '\n';
const waitForFile = (key: string, settled = false) => waitForFileOf(admin, key, settled);

async function notificationsOf(fileId: string): Promise<{ subject: string }[]> {
  const res = await callRoute('listNotifications', { query: { page: '1', limit: '1000' }, token: admin });
  return (res.body.data as { fileId?: string; subject: string }[]).filter((n) => n.fileId === fileId);
}

/** Deliver the object's event again (the same bytes: the same ETag, the same File), and wait until it was ingested. */
async function deliverAgain(key: string, body: string): Promise<void> {
  await putObject(key, body);
  await ingestBarrier(admin, RETAILER.slug);
}

beforeAll(async () => {
  await makeOwnTenant({ brand: BRAND, retailer: RETAILER });
  admin = await login('admin@demo.test');
  const settings = await callRoute('getThresholdSettings', { token: admin });
  const put = await callRoute('updateSettings', { params: { id: settings.body._id }, token: admin, body: { ...settings.body.settings, emailAlerts: ['alerts@demo.test'] } });
  expect(put.status).toBe(200);
});

describe('a retried ingest', () => {
  it('starts the approval a failed try did not start: the file is approved, with one notification', async () => {
    const key = `incoming/product/${RETAILER.slug}/2015-01-05/fail-once-start-approval.csv`;
    const body = csv(20);
    await putObject(key, body);
    const f = await waitForFile(key);
    // The first try failed after writing the record; the retry found it and started the approval.
    await expect.poll(async () => (await waitForFile(key)).approvedStatus, { timeout: 20_000 }).toBe('approved');
    const products = await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: RETAILER._id }, token: admin });
    expect(products.body.data).toMatchObject({ totalProducts: 20 });

    // A further delivery does nothing more.
    await deliverAgain(key, body);
    const approved = (await notificationsOf(f._id)).filter((n) => n.subject.startsWith('approved:'));
    expect(approved).toHaveLength(1);
    expect((await callRoute('listFiles', { query: { fileName: key }, token: admin })).body.totalCount).toBe(1);
  });

  it('sends the review alert a failed try did not send: one notification, one email', async () => {
    const key = `incoming/product/${RETAILER.slug}/2015-01-12/fail-once-alert-email.csv`;
    const body = 'this is,not a robot file\nat,all\n';
    await putObject(key, body);
    const f = await waitForFile(key);
    expect(f.error).toBeTruthy();
    const mails = async () => (await sentEmails()).filter((m) => (m.body.html ?? '').includes(`/admin/post-office/comparison/${f._id}`));
    // The first try wrote the notification, then failed at the email; the retry sent it.
    await expect.poll(async () => (await mails()).length).toBe(1);
    expect(await notificationsOf(f._id)).toHaveLength(1);

    await deliverAgain(key, body);
    await deliverAgain(key, body);
    expect(await mails()).toHaveLength(1);
    const notes = await notificationsOf(f._id);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.subject).toMatch(/^error:/);
  });
});
