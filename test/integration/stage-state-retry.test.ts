/**
 * StageFile's saved state survives a dropped connection (issue 21 §2): every request that saves
 * it has a body the SDK can send again, so a 'socket hang up' costs one retried request, not the
 * invocation. Faults are injected in this process (FAULT_INJECTION=1, functions/lib/faults.ts):
 * a state request whose file name says `fail-once-stage-state-upload` reads its body and hangs
 * up once, as a connection dropped half-way does.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, login } from '../support/api';
import { dropRobotFile, makeOwnTenant, waitForFile } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-ssr-${tag}`, name: `Retry House ${tag}`, slug: `retry-house-${tag}` };
const RETAILER = { _id: `ret-ssr-${tag}`, name: `Retry Store ${tag}`, optId: `SR${tag}`.toUpperCase(), slug: `retry-store-${tag}`, website: 'https://retry.example' };
const COLUMNS = ['Style Number', 'Name', 'Brand', 'Brand SKU', 'Price', 'Description', 'Image URLs', 'Product URL', 'Screenshot', 'Shoppability', 'OH Map ID'];
const ROWS = 2300; // three comparison chunks

type Row = Record<string, string>;
const row = (i: number, price: string): Row => ({
  'Style Number': `SR-${10000 + i}`,
  Name: `Piece ${i}`,
  Brand: BRAND.name,
  'Brand SKU': `SKU-${i}`,
  Price: price,
  Description: `Piece number ${i}`,
  'Image URLs': `https://img.example/${i}.jpg`,
  'Product URL': `https://retry.example/${i}`,
  Screenshot: `https://shots.example/${i}.png`,
  Shoppability: 'In stock',
  'OH Map ID': '',
});
const csv = (rows: Row[]) => [COLUMNS.join(','), ...rows.map((r) => COLUMNS.map((c) => r[c]).join(','))].join('\n') + '\n';
const previousRows = Array.from({ length: ROWS }, (_, i) => row(i, `${100 + (i % 50)}.00`));
const currentRows = previousRows.filter((_, i) => i % 13 !== 0).map((r, i) => (i % 7 === 0 ? { ...r, Price: `${900 + i}.00` } : r));

let admin = '';
const faultsBefore = process.env.FAULT_INJECTION;

beforeAll(async () => {
  await makeOwnTenant({ brand: BRAND, retailer: RETAILER });
  admin = await login('admin@demo.test');
  process.env.FAULT_INJECTION = '1';
}, 60_000);

afterAll(() => {
  if (faultsBefore === undefined) delete process.env.FAULT_INJECTION;
  else process.env.FAULT_INJECTION = faultsBefore;
});

async function approved(key: string) {
  let f = await waitForFile(admin, key, true);
  if (f.approvedStatus === 'pending') expect((await callRoute('approveFile', { query: { _id: f._id }, token: admin })).status).toBe(200);
  await expect.poll(async () => (f = await waitForFile(admin, key)).approvedStatus, { timeout: 120_000, interval: 250 }).toBe('approved');
  return f;
}

describe('the staging state saved with a dropped connection', () => {
  it('a multipart state whose first part hangs up once is saved and read back whole', async () => {
    const { saveStageState, loadStageState, STATE_PART_BYTES } = await import('../../functions/scrapings/stage-state');
    const { PeriodStager, CarriedFields } = await import('../../functions/scrapings/domain/period-stage');
    const { faultsInjected } = await import('../../functions/lib/faults');
    // 700,000 previous products not matched yet: 11 MB of index bytes, 15 MB as base64, two parts.
    const entries = 700_000;
    const bytes = randomBytes(entries * 16);
    for (let at = 8; at < bytes.length; at += 16) bytes.writeDoubleLE((at - 8) / 16, at); // the values: integers
    const brands = [{ _id: BRAND._id, name: BRAND.name, slug: BRAND.slug }];
    const stager = new PeriodStager(brands, true, undefined, true, entries);
    stager.restoreUnmatched(bytes);
    const at = { periodId: `p-${tag}`, brand: BRAND._id, retailer: RETAILER._id, date: '2016-01-04' };
    const state = { brands, periods: [{ brand: BRAND._id, periodId: at.periodId, at, carried: new CarriedFields() }], stager };
    const before = faultsInjected('stage-state-upload');
    await saveStageState(`f-ssr-${tag}`, '2016-01-04T00:00:00.000Z', 3, state, `incoming/product/x/2016-01-04/big-fail-once-stage-state-upload-${tag}.csv`);
    expect(faultsInjected('stage-state-upload')).toBe(before + 1);
    const saved = Buffer.concat([...stager.unmatchedPrevious()]);
    expect(saved.length).toBeGreaterThan(STATE_PART_BYTES / 2); // base64 makes it over one part
    const loaded = await loadStageState(`f-ssr-${tag}`, '2016-01-04T00:00:00.000Z', 3, true, {});
    expect(loaded.brands).toEqual(brands);
    expect(loaded.periods.map(({ carried, ...p }) => (void carried, p))).toEqual([{ brand: BRAND._id, periodId: at.periodId, at }]);
    expect(loaded.stager.unmatchedCount).toBe(entries);
    const entriesOf = (b: Buffer) => {
      const out: string[] = [];
      for (let i = 0; i < b.length; i += 16) out.push(b.subarray(i, i + 16).toString('hex'));
      return out.sort();
    };
    expect(entriesOf(Buffer.concat([...loaded.stager.unmatchedPrevious()]))).toEqual(entriesOf(saved));
  });

  it('StageFile over several invocations, its first state save hung up once, stages the same products', async () => {
    const repo = await import('../../functions/scrapings/scrapings.repo');
    const { periodIdOf } = await import('../../functions/scrapings/domain/ids');
    const { faultsInjected } = await import('../../functions/lib/faults');
    const { handler: stageFile } = await import('../../functions/files/workflow/stage-file');
    await approved(await dropRobotFile(RETAILER.slug, 'product', '2016-02-01', csv(previousRows)));
    // The stack stages it in one invocation (no state saved there); the name arms the fault for this process.
    const second = await approved(await dropRobotFile(RETAILER.slug, 'product', '2016-02-08', csv(currentRows), `scan-fail-once-stage-state-upload-${tag}`));
    expect(second.previousFileId).toBeDefined();
    const periodId = periodIdOf(BRAND._id, RETAILER._id, '2016-02-08');
    const strip = (list: Awaited<ReturnType<typeof repo.listPeriodProducts>>) =>
      list
        .map((p) => {
          const { updatedAt, ...rest } = p as typeof p & { updatedAt?: string };
          void updatedAt;
          return rest;
        })
        .sort((x, y) => x._id.localeCompare(y._id));
    const expected = strip(await repo.listPeriodProducts(periodId));
    expect(expected.length).toBeGreaterThanOrEqual(currentRows.length); // and the deleted ones

    // Staged again, a chunk an invocation: each invocation but the last saves its state (here
    // one PUT each, under a part's size); the first save's connection drops once.
    await repo.deleteVersionProducts(periodId, second._id);
    const before = faultsInjected('stage-state-upload');
    let progress: Record<string, unknown> = { done: false, next: 0 };
    const nexts: unknown[] = [];
    while (progress.done !== true) {
      progress = (await stageFile({ fileId: second._id, claim: 'unused', progress: progress as never, chunksPerRun: 1 })) as Record<string, unknown>;
      if (progress.done !== true) nexts.push(progress.next);
    }
    expect(faultsInjected('stage-state-upload')).toBe(before + 1);
    expect(nexts).toEqual([1, 2]);
    expect(strip(await repo.listPeriodProducts(periodId))).toEqual(expected);
  }, 300_000);
});
