/**
 * Impossible scan dates (issue 6 §3): a drop whose folder date is no real date, or far in the
 * future, becomes an unreadable File (never approvable) instead of the newest period; so does an
 * on-hand feed, which changes no brand's feed; and a stored period with such a date does not make a read 5xx.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, login } from '../support/api';
import { periodRecord } from '../support/scrapes';
import { dropRobotFile, makeOwnTenant, putObject, waitForFile as waitForFileOf } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-dt-${tag}`, name: `Date House ${tag}`, slug: `date-house-${tag}` };
const RETAILER = { _id: `ret-dt-${tag}`, name: `Date Store ${tag}`, optId: `DT${tag}`.toUpperCase(), slug: `date-store-${tag}`, website: 'https://dates.example' };
const CSV = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID\nDT-1,One,Date House,DT-1,10.00,One,,https://dates.example/1,,In stock,\n';
let admin = '';

beforeAll(async () => {
  await makeOwnTenant({ brand: BRAND, retailer: RETAILER });
  admin = await login('admin@demo.test');
});

describe('impossible scan dates', () => {
  it.each([
    ['2026-99-99', 'The scan date 2026-99-99 is not a real date (YYYY-MM-DD).'],
    ['2026-02-30', 'The scan date 2026-02-30 is not a real date (YYYY-MM-DD).'],
    ['2099-01-05', 'The scan date 2099-01-05 is in the future.'],
  ])('a drop dated %s is an unreadable file that can never be approved', async (date, message) => {
    const key = await dropRobotFile(RETAILER.slug, 'product', date, CSV);
    const f = await waitForFileOf(admin, key, true);
    expect(f).toMatchObject({ approvedStatus: 'pending', flag: 'require_review', error: message });
    expect(f.date).not.toBe(date);
    const approve = await callRoute('approveFile', { query: { _id: f._id }, token: admin });
    expect(approve.body.success).toBe(false);
    // No period of that date reaches the brand, and the brand's reads answer.
    const periods = await callRoute('listRetailerPeriods', { params: { brandId: BRAND._id, retailerId: RETAILER._id }, token: admin });
    expect(periods.status).toBe(200);
    expect(periods.body.data).toEqual([]);
    expect((await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: RETAILER._id }, token: admin })).status).toBe(200);
  });

  it.each([
    ['2026-02-30', 'The scan date 2026-02-30 is not a real date (YYYY-MM-DD).'],
    ['2099-01-05', 'The scan date 2099-01-05 is in the future.'],
  ])('an on-hand feed dated %s is filed as an unreadable file and changes no feed', async (date, message) => {
    const key = `incoming/oh/${BRAND.slug}/${date}/feed-${randomBytes(3).toString('hex')}.csv`;
    await putObject(key, `Serial Number,Inventory ID,Style Name,Price,Customer ID,Customer Name,Image\nDT-${tag},INV-1,One,10,${RETAILER.optId},${RETAILER.name},\n`);
    const f = await waitForFileOf(admin, key);
    expect(f).toMatchObject({ approvedStatus: 'pending', flag: 'require_review', error: message });
    expect(f.date).not.toBe(date);
    const { getCurrentFeed } = await import('../../functions/inventory/inventory.repo');
    expect(await getCurrentFeed(BRAND._id)).toBeUndefined();
  });

  it('a stored period with an impossible date (written before the check) reads without a 5xx', async () => {
    const { transactWrite, periodPutItem } = await import('../../functions/scrapings/scrapings.repo');
    const { periodIdOf } = await import('../../functions/scrapings/domain/ids');
    const id = periodIdOf(BRAND._id, RETAILER._id, '2026-99-99');
    const now = new Date().toISOString();
    await transactWrite([
      periodPutItem(periodRecord({ _id: id, brand: BRAND._id, retailer: RETAILER._id, date: '2026-99-99', version: 'legacy', approvedDate: now, createdAt: now, updatedAt: now })),
    ]);
    const info = await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id }, token: admin });
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ kind: 'period', date: '2026-99-99', nextScanDay: null });
    const reads = {
      [`/RetailerScraping/${BRAND._id}/${RETAILER._id}`]: () => callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: RETAILER._id }, token: admin }),
      [`/RetailerScraping/${BRAND._id}`]: () => callRoute('listRetailerScrapings', { params: { brandId: BRAND._id }, token: admin }),
      [`/brandRetailerSummary/${BRAND._id}`]: () => callRoute('getBrandRetailerSummary', { params: { brandId: BRAND._id }, token: admin }),
      [`/RetailerSummaryDays/${BRAND._id}`]: () => callRoute('listBrandPeriods', { params: { brandId: BRAND._id }, token: admin }),
      [`/retailerBrandProductScrapings?retailer_brand_scraping=${id}`]: () => callRoute('listProductScrapings', { query: { retailer_brand_scraping: id }, token: admin }),
    };
    for (const [p, read] of Object.entries(reads)) expect((await read()).status, p).toBeLessThan(500);
  });
});
