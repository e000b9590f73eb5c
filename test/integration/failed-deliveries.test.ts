/**
 * Nothing lost silently (docs/operations.md): a robot drop whose ingest fails every try (three,
 * as Lambda tries an asynchronous invocation) is recorded from the failure queue as a failed
 * delivery: the post office lists it with the reason, the admins get a notification and one alert
 * email. Retry (the API the post office calls, or `npm run redrive`) sends the same event again and
 * the file is filed exactly once; retrying what is no longer open is refused; two admins pressing
 * Retry at once send it once; a failed delivery recorded twice (SQS delivers at least once) is one.
 * The test stack runs with FAULT_INJECTION=1: a key naming `fail-thrice-ingest` fails its first
 * three tries (functions/lib/faults.ts).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, login, sentEmails, stack } from '../support/api';
import { ingestBarrier, makeOwnTenant, putObject } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-fd-${tag}`, name: `Failure House ${tag}`, slug: `failure-house-${tag}` };
const RETAILER = { _id: `ret-fd-${tag}`, name: `Failure Store ${tag}`, optId: `FD${tag}`.toUpperCase(), slug: `failure-store-${tag}`, website: 'https://failure.example' };
const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';
const csv = (n: number) => [HEADER, ...Array.from({ length: n }, (_, i) => `FD-${i},Piece ${i},${BRAND.name},FD-${i},10.00,Piece,,https://failure.example/${i},,In stock,`)].join('\n') + '\n';
let admin = '';

const failures = async () => {
  const res = await callRoute('listFailedDeliveries', { token: admin, query: { limit: 100 } });
  expect(res.status).toBe(200);
  return res.body;
};
const failureOf = async (key: string) => (await failures()).data.find((f) => f.subject.startsWith(`${key}@`));
const filesOf = async (key: string) => (await callRoute('listFiles', { token: admin, query: { fileName: key, limit: 5 } })).body;

/** Drop a file whose ingest fails every try, and wait until its failed delivery is recorded. */
async function dropFailing(date: string, name: string, rows = 5): Promise<{ key: string; body: string; id: string }> {
  const key = `incoming/product/${RETAILER.slug}/${date}/${name}-fail-thrice-ingest.csv`;
  const body = csv(rows);
  await putObject(key, body);
  await ingestBarrier(admin, RETAILER.slug);
  const f = await failureOf(key);
  expect(f, `${key} was not recorded as a failed delivery`).toBeDefined();
  return { key, body, id: f!.id };
}

beforeAll(async () => {
  await makeOwnTenant({ brand: BRAND, retailer: RETAILER });
  admin = await login('admin@demo.test');
  const settings = await callRoute('getThresholdSettings', { token: admin });
  const put = await callRoute('updateSettings', { token: admin, params: { id: 'threshold' }, body: { ...settings.body.settings, emailAlerts: ['alerts@demo.test'], version: settings.body.version } });
  expect(put.status).toBe(200);
});

describe('a robot drop whose ingest fails every try', () => {
  it('is listed with its reason and tries, the admins are told once, and Retry files it exactly once', async () => {
    const before = (await failures()).totalCount;
    const { key, id } = await dropFailing('2015-03-02', 'weekly');
    expect((await filesOf(key)).totalCount).toBe(0);
    const f = (await failureOf(key))!;
    expect(f).toMatchObject({ source: 'ingest', reason: 'Error: Injected fault: ingest', tries: 3, failures: 1, status: 'open', canRetry: true });
    expect((await failures()).totalCount).toBe(before + 1);

    // Told: one notification, one alert email naming the file.
    const notes = (await callRoute('listNotifications', { token: admin, query: { limit: 100 } })).body.data.filter((n) => n.message.includes(key));
    expect(notes.map((n) => n.subject)).toEqual(['failure:Robot file ingest failed']);
    const mails = (await sentEmails()).filter((m) => (m.body.html ?? '').includes(key));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('Robot file ingest failed');

    const retry = await callRoute('redriveFailedDelivery', { token: admin, params: { id } });
    expect(retry.status).toBe(200);
    expect(retry.body.message).toBe('Sent again. The post office shows the outcome when it has run.');
    await expect.poll(async () => (await filesOf(key)).totalCount, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await failureOf(key)) ?? null).toBeNull();
    expect((await failures()).totalCount).toBe(before);

    // Nothing open any more: a second Retry is refused and files nothing.
    const again = await callRoute('redriveFailedDelivery', { token: admin, params: { id } });
    expect(again.status).toBe(409);
    expect((again.body as unknown as { message: string }).message).toBe('This delivery is already being retried or has succeeded since.');
    await ingestBarrier(admin, RETAILER.slug);
    expect((await filesOf(key)).totalCount).toBe(1);
    expect((await sentEmails()).filter((m) => (m.body.html ?? '').includes(key))).toHaveLength(1);
  });

  it('a failed delivery recorded twice is one; redriven again after its file got through, it files nothing new', async () => {
    const { key, id } = await dropFailing('2015-03-09', 'twice');
    // The failure queue delivers at least once: the same destination record again.
    const { handler } = await import('../../functions/operations/record-failures');
    const body = JSON.stringify({
      version: '1.0',
      timestamp: new Date().toISOString(),
      requestContext: { requestId: 'dup', functionArn: `${JSON.parse(stack().env.ASYNC_FUNCTIONS!).ingest}:$LATEST`, condition: 'RetriesExhausted', approximateInvokeCount: 3 },
      requestPayload: { Records: [{ s3: { bucket: { name: stack().env.DATA_BUCKET }, object: { key: encodeURIComponent(key).replace(/%2F/g, '/'), eTag: (await failureOf(key))!.subject.split('@').pop() } } }] },
      responseContext: { statusCode: 200, functionError: 'Unhandled' },
      responsePayload: { errorType: 'Error', errorMessage: 'Injected fault: ingest' },
    });
    const out = await handler({ Records: [{ messageId: 'm1', body, attributes: {}, messageAttributes: {} }] } as never);
    expect(out.batchItemFailures).toEqual([]);
    const f = (await failureOf(key))!;
    expect(f).toMatchObject({ id, failures: 2, status: 'open' });
    expect((await callRoute('listNotifications', { token: admin, query: { limit: 100 } })).body.data.filter((n) => n.message.includes(key))).toHaveLength(1);

    expect((await callRoute('redriveFailedDelivery', { token: admin, params: { id } })).status).toBe(200);
    await expect.poll(async () => (await filesOf(key)).totalCount, { timeout: 20_000 }).toBe(1);
    await expect.poll(async () => (await failureOf(key)) ?? null).toBeNull();

    // A late duplicate of the old failure opens it again (the admins are told again) ...
    await handler({ Records: [{ messageId: 'm2', body, attributes: {}, messageAttributes: {} }] } as never);
    expect((await failureOf(key))?.status).toBe('open');
    // ... and its redrive reaches an event the ingest already filed: no second File, and it is resolved.
    expect((await callRoute('redriveFailedDelivery', { token: admin, params: { id } })).status).toBe(200);
    await expect.poll(async () => (await failureOf(key)) ?? null).toBeNull();
    expect((await filesOf(key)).totalCount).toBe(1);
  });

  it('two admins pressing Retry at once send it once', async () => {
    const { key, id } = await dropFailing('2015-03-16', 'race');
    const results = await Promise.all(Array.from({ length: 8 }, () => callRoute('redriveFailedDelivery', { token: admin, params: { id } })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    await expect.poll(async () => (await filesOf(key)).totalCount, { timeout: 20_000 }).toBe(1);
  });

  it('`npm run redrive` sends every open failed delivery again and prints each outcome', async () => {
    const a = await dropFailing('2015-03-23', 'cli-a');
    const b = await dropFailing('2015-03-30', 'cli-b');
    const dir = mkdtempSync(path.join(tmpdir(), 'redrive-'));
    const envFile = path.join(dir, 'local-env.json');
    writeFileSync(envFile, JSON.stringify({ url: stack().url, sesUrl: stack().sesUrl, env: stack().env }));
    const root = path.resolve(__dirname, '../..');
    const out = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'infra/scripts/redrive.ts', '--id', a.id, `--id=${b.id}`], {
        cwd: root,
        env: { ...process.env, LOCAL_STACK_ENV: envFile, FAULT_INJECTION: '0' },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`| ${a.id} | done: it went through |`);
    expect(out.stdout).toContain(`| ${b.id} | done: it went through |`);
    expect((await filesOf(a.key)).totalCount).toBe(1);
    expect((await filesOf(b.key)).totalCount).toBe(1);
    expect(await failureOf(a.key)).toBeUndefined();
  });

  it('is refused to anyone but an admin', async () => {
    const { id } = await dropFailing('2015-04-06', 'guard');
    const brandAdmin = await login('brandadmin@demo.test');
    expect((await callRoute('listFailedDeliveries', { token: brandAdmin })).status).toBe(403);
    expect((await callRoute('redriveFailedDelivery', { token: brandAdmin, params: { id } })).status).toBe(403);
    // A well-formed id of no failure: 404; anything else is not an id of one: 400.
    expect((await callRoute('redriveFailedDelivery', { token: admin, params: { id: `d${'x'.repeat(21)}` } })).status).toBe(404);
    expect((await callRoute('redriveFailedDelivery', { token: admin, params: { id: 'no-such-failure-id' } })).status).toBe(400);
    // Leave nothing open for the other suites' post office.
    expect((await callRoute('redriveFailedDelivery', { token: admin, params: { id } })).status).toBe(200);
    await expect.poll(async () => (await failures()).data.some((f) => f.id === id)).toBe(false);
  });
});
