/**
 * Dates and counts that agree (issue 20 §1, §2) through the API, on a brand of this file's own
 * with a retailer scanned by robot files dropped as a scraper would and one never scanned:
 * - Last Scan is the approval of the period shown, Next Scan is never a day before it nor a day
 *   gone by: overdue and "a newer scan is in review" as states, kept right by the file's
 *   creation, approval and Needs Attention (docs/period-rules.md "Last Scan and Next Scan");
 * - a period's own dates on its page;
 * - the summary's Total Retailers counts the retailers on the list (scanned or not);
 * - the post-office counters count what the list holds, per flag, for its status and retailer.
 * Days are relative to today, so the states are the same on any day.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayUtc } from '../../functions/scrapings/domain/scan-info';
import { callRoute, login, stack } from '../support/api';
import { dropRobotFile, waitForFile } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const SCANNED = { _id: `ret-sd-${tag}`, name: `Dated Store ${tag}`, optId: `SD${tag}`.toUpperCase(), slug: `dated-store-${tag}`, website: 'https://dated.example' };
const NEVER = { _id: `ret-sd-never-${tag}`, name: `Unscanned Store ${tag}`, optId: `SN${tag}`.toUpperCase(), slug: `unscanned-store-${tag}`, website: 'https://unscanned.example' };
const BRAND = { _id: `brand-sd-${tag}`, name: `Dated House ${tag}`, slug: `dated-house-${tag}` };
const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';
const today = todayUtc();
const D1 = addDays(today, -10);
const D2 = addDays(today, -2);
const D3 = addDays(today, -1);
let admin = '';

function productCsv(n: number): string {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) lines.push([`SD-${1000 + i}`, `Piece ${i}`, BRAND.name, `SD-${i}`, '250.00', `Piece ${i}`, `https://img.example/${i}.jpg`, `https://dated.example/${i}`, `https://shots.example/${i}.png`, 'In stock', ''].join(','));
  return lines.join('\n') + '\n';
}

const record = async () => {
  const res = await callRoute('listRetailerScrapings', { token: admin, params: { brandId: BRAND._id } });
  expect(res.status).toBe(200);
  return res.body.data.find((r) => r.retailer._id === SCANNED._id)!;
};
const retailerInfo = async () => {
  const res = await callRoute('getRetailerScraping', { token: admin, params: { brandId: BRAND._id, id: SCANNED._id } });
  expect(res.status).toBe(200);
  if (res.body.data.kind !== 'retailer') throw new Error('not a retailer');
  return res.body.data;
};
const periodInfo = async (id: string) => {
  const res = await callRoute('getRetailerScraping', { token: admin, params: { brandId: BRAND._id, id } });
  expect(res.status).toBe(200);
  if (res.body.data.kind !== 'period') throw new Error('not a period');
  return res.body.data;
};
const periodsOf = async () => (await callRoute('listRetailerPeriods', { token: admin, params: { brandId: BRAND._id, retailerId: SCANNED._id } })).body.data;
const flagCounts = async (query: Record<string, string>) => (await callRoute('getFlagValues', { query, token: admin })).body as Record<string, number>;
const listTotal = async (query: Record<string, string>) => (await callRoute('listFiles', { query: { limit: '100', ...query }, token: admin })).body.totalCount as number;
const fileOf = async (id: string) => (await callRoute('getFile', { params: { fId: id }, token: admin })).body[0]!;

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const now = new Date().toISOString();
  await putRetailer({ ...SCANNED, createdAt: now, updatedAt: now });
  await putRetailer({ ...NEVER, createdAt: now, updatedAt: now });
  await putBrand({
    ...BRAND,
    colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
    retailers: [
      { retailer: SCANNED._id, flag: true, webSiteType: 'retailerWithProducts' },
      { retailer: NEVER._id, flag: true, webSiteType: 'retailerWithoutProducts' },
    ],
    createdAt: now,
    updatedAt: now,
  });
  admin = await login('admin@demo.test');
});

describe('Last Scan and Next Scan through a retailer’s files', () => {
  it('follows the files: none → expected → in review → expected again after Needs Attention → the next period scheduled, a past period its own dates', async () => {
    // No file yet: N/A both.
    expect(await record()).toMatchObject({ approvedDate: null, nextScan: { state: 'none' } });

    // The first file of the retailer (caution) is approved on its own: Last Scan is its approval;
    // its scan date + 7 days passed three days ago, before this approval: a scan still expected
    // since then (never 'overdue since' a day before the Last Scan beside it).
    const a = await waitForFile(admin, await dropRobotFile(SCANNED.slug, 'product', D1, productCsv(20)), true);
    await expect.poll(async () => (await fileOf(a._id)).approvedStatus, { timeout: 30_000 }).toBe('approved');
    const approvedA = (await fileOf(a._id)).approvedAt as string;
    const [periodA] = await periodsOf();
    expect(periodA!.value).toBe(D1);
    for (const shown of [await record(), await retailerInfo(), await periodInfo(periodA!._id)]) {
      expect(shown.approvedDate).toBe(approvedA);
      expect(shown.nextScan).toEqual({ state: 'expected', date: addDays(D1, 7) });
    }

    // A newer file waits in the post office (half the rows gone: Requires Review): 'a newer scan is in review'.
    const b = await waitForFile(admin, await dropRobotFile(SCANNED.slug, 'product', D2, productCsv(10)), true);
    expect(b).toMatchObject({ approvedStatus: 'pending', flag: 'require_review' });
    for (const shown of [await record(), await retailerInfo(), await periodInfo(periodA!._id)]) {
      expect(shown.approvedDate).toBe(approvedA);
      expect(shown.nextScan).toEqual({ state: 'in_review', date: D2 });
    }

    // Needs Attention: that scan never becomes a period; the scan is expected again.
    expect((await callRoute('markNeedsAttention', { token: admin, body: { _id: b._id } })).status).toBe(200);
    expect((await record()).nextScan).toEqual({ state: 'expected', date: addDays(D1, 7) });

    // A newer scan approved: the latest period's next scan is ahead; the older period's page shows
    // its own Last Scan and the scan after it (approved today, after that scan's date: said in words).
    const c = await waitForFile(admin, await dropRobotFile(SCANNED.slug, 'product', D3, productCsv(20)), true);
    await expect.poll(async () => (await fileOf(c._id)).approvedStatus, { timeout: 30_000 }).toBe('approved');
    const approvedC = (await fileOf(c._id)).approvedAt as string;
    const periods = await periodsOf();
    expect(periods.map((p) => p.value)).toEqual([D3, D1]);
    for (const shown of [await record(), await retailerInfo(), await periodInfo(periods[0]!._id)]) {
      expect(shown.approvedDate).toBe(approvedC);
      expect(shown.nextScan).toEqual({ state: 'scheduled', date: addDays(D3, 7) });
      expect(shown.nextScan.state === 'scheduled' && shown.nextScan.date >= approvedC.slice(0, 10)).toBe(true);
    }
    const older = await periodInfo(periodA!._id);
    expect(older.approvedDate).toBe(approvedA);
    expect(older.nextScan).toEqual({ state: 'scanned_earlier', date: D3, periodId: periods[0]!._id });
  });
});

describe('counts that agree', () => {
  it('Total Retailers counts every retailer on the list, scanned or not, as the summary sentence does', async () => {
    const [summary, list] = await Promise.all([
      callRoute('getBrandRetailerSummary', { token: admin, params: { brandId: BRAND._id } }),
      callRoute('listRetailerScrapings', { token: admin, params: { brandId: BRAND._id } }),
    ]);
    expect(list.body.data.map((r) => r.retailer._id).sort()).toEqual([NEVER._id, SCANNED._id].sort());
    expect(summary.body.totalRetailers.current).toBe(list.body.data.length);
    // Its figures are the tiles' sums.
    expect(summary.body.totalProducts.current).toBe(list.body.data.reduce((n, r) => n + r.totalProducts, 0));
    expect(summary.body.flaggedProducts.current).toBe(list.body.data.reduce((n, r) => n + r.flaggedProduct, 0));
  });

  it('each post-office counter is what the list holds with that flag, for the list’s status and retailer', async () => {
    for (const status of ['all', 'pending', 'approved', 'rejected'] as const) {
      const counts = await flagCounts({ approvedStatus: status, name: SCANNED.slug });
      const statusQuery: Record<string, string> = status === 'all' ? {} : { approvedStatus: status };
      let sum = 0;
      for (const flag of ['require_review', 'caution', 'unflagged']) {
        expect(counts[flag], `${status} ${flag}`).toBe(await listTotal({ name: SCANNED.slug, flag, ...statusQuery }));
        sum += counts[flag]!;
      }
      expect(sum, status).toBe(await listTotal({ name: SCANNED.slug, ...statusQuery }));
    }
    // This retailer's three files: the first (caution) and the third (unflagged) approved, the second rejected.
    expect(await flagCounts({ approvedStatus: 'all', name: SCANNED.slug })).toEqual({ require_review: 1, caution: 1, unflagged: 1 });
    expect(await flagCounts({ approvedStatus: 'rejected', name: SCANNED.slug })).toEqual({ require_review: 1, caution: 0, unflagged: 0 });
  });

  it('without a retailer the counters come from the counts kept on write, the spec’s call (no query) still counting the files waiting', async () => {
    // Other suites drop and approve files meanwhile: the counters and the list are read until they agree.
    for (const status of ['all', 'pending'] as const) {
      await expect
        .poll(async () => {
          const counts = await flagCounts({ approvedStatus: status });
          const statusQuery: Record<string, string> = status === 'all' ? {} : { approvedStatus: status };
          const totals = await Promise.all(['require_review', 'caution', 'unflagged'].map((flag) => listTotal({ flag, ...statusQuery })));
          return JSON.stringify([counts.require_review, counts.caution, counts.unflagged]) === JSON.stringify(totals);
        }, { timeout: 30_000, interval: 500 })
        .toBe(true);
    }
    await expect.poll(async () => JSON.stringify(await flagCounts({})) === JSON.stringify(await flagCounts({ approvedStatus: 'pending' })), { timeout: 30_000, interval: 500 }).toBe(true);
    expect((await callRoute('getFlagValues', { query: { approvedStatus: 'maybe' }, token: admin })).status).toBe(400);
  });
});
