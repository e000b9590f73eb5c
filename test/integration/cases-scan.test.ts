/**
 * Cases and the next scan, through the real pipeline (issue 24 §4): robot files dropped in S3,
 * ingested, approved through the state machine. Flag → email with the link to the open cases →
 * the retailer marks it fixed (acknowledged) → the next approved scan confirms it. A price case whose product the next approved
 * scan shows at the on-hand price closes itself ("Fixed on the scan of …") and the carried flag
 * goes; a case with another reason stays open; a relapse on a later scan reopens the case as a
 * repeat and flags the product again. The log is complete: flagged, emailed, auto-resolved,
 * reopened.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ROLES, testUser } from '../support/accounts';
import { seedBrand } from '../support/brands';
import { callRoute, login, sentEmails, stack } from '../support/api';
import { dropRobotFile, waitForFile as waitForFileOf } from '../support/post-office';
import { storeFeed } from '../support/seed-period';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-cs-${tag}`, name: `Scanfix House ${tag}`, slug: `scanfix-house-${tag}` };
const R = { _id: `ret-cs-${tag}`, name: `Scanfix Store ${tag}`, optId: `CS${tag}`.toUpperCase(), slug: `scanfix-store-${tag}`, website: 'https://scanfix.example' };
const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';
const DATES = ['2015-03-02', '2015-03-09', '2015-03-16'] as const;
const CONTACT = `buyer-${tag}@scanfix.example`;
let admin = '';
let brandAdmin = '';
let caseIdOf: typeof import('../../functions/cases').caseIdOf;

/** Ten products at the on-hand price (500.00) but those given in `prices`. */
function productCsv(prices: Record<string, string>): string {
  const lines = [HEADER];
  for (let i = 0; i < 10; i++) {
    const sn = `SF-${100 + i}`;
    lines.push([sn, `Piece ${i}`, BRAND.name, `SFINV-${i}`, prices[sn] ?? '500.00', `Piece number ${i}`, `https://img.example/${sn}.jpg`, `https://scanfix.example/${sn}`, `https://shots.example/${sn}.png`, 'In stock', ''].join(','));
  }
  return lines.join('\n') + '\n';
}

/** Drops a product file and waits until it is approved (approving it when it waits for review). */
async function approvedScan(date: string, prices: Record<string, string>): Promise<void> {
  await approvedFile('product', date, productCsv(prices));
}

/** A brand page file: the brand's row with this logo ('' when the page shows none). */
const brandCsv = (logo: string) =>
  `Brand ID,Brand Name,Description,Logo,Hero Image,Screenshot,Site Link,Brand Link,Featured In Menu\n${BRAND.slug},${BRAND.name},About us,${logo},https://l.example/hero.jpg,https://l.example/shot.png,https://scanfix.example,https://scanfix.example/brand,Yes\n`;

async function approvedFile(type: 'product' | 'brand', date: string, csv: string): Promise<void> {
  const key = await dropRobotFile(R.slug, type, date, csv);
  let f = await waitForFileOf(admin, key, true);
  if (f.approvedStatus === 'pending') expect((await callRoute('approveFile', { query: { _id: f._id }, token: admin })).status).toBe(200);
  const deadline = Date.now() + 60_000;
  while ((f = await waitForFileOf(admin, key)).approvedStatus !== 'approved') {
    if (Date.now() > deadline) throw new Error(`${key} was not approved: ${JSON.stringify(f)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function latestProduct(style: string) {
  const periods = await callRoute('listRetailerPeriods', { params: { brandId: BRAND._id, retailerId: R._id }, token: brandAdmin });
  const period = periods.body.data[0]!._id;
  const list = await callRoute('listProductScrapings', { query: { retailer_brand_scraping: period, limit: '100' }, token: brandAdmin });
  const p = list.body.data.find((x) => 'style_number' in x && x.style_number === style) as { _id: string; isFlagged: string; price: number | null };
  return { period, product: p };
}
const getCase = async (style: string) => (await callRoute('getCase', { params: { caseId: caseIdOf(BRAND._id, R._id, style) }, token: brandAdmin })).body;

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  ({ caseIdOf } = await import('../../functions/cases'));
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const contacts = await import('../../functions/address-book/contacts.repo');
  const now = new Date().toISOString();
  await seedBrand(BRAND, [R], [{ retailer: R._id, flag: true, webSiteType: 'retailerWithProducts' as const }]);
  await createUser(testUser({ _id: `user-cs-${tag}`, name: 'Sana Scan', email: `cs-${tag}@demo.test`, passwordHash: await hashPassword('Scan-2031!'), brand: BRAND._id, roles: [TEST_ROLES.BRAND_ADMIN], notify: false }));
  await contacts.putContact({ firstName: 'Bo', lastName: 'Buyer', role: 'Buyer', createdBy: 'test', email: CONTACT, brand: BRAND._id, retailer: R._id });
  admin = await login('admin@demo.test');
  brandAdmin = await login(`cs-${tag}@demo.test`, 'Scan-2031!');
  // The brand's on-hand feed: each piece at 500.00, Inventory ID = the retailer's Brand SKU.
  await storeFeed(
    { brand: BRAND._id, version: `ohcs${tag}`, key: `incoming/oh/${BRAND.slug}/${DATES[0]}/oh.csv`, date: DATES[0], ingestedAt: now },
    Array.from({ length: 10 }, (_, i) => ({ serialNo: `SFSN-${tag}-${i}`, inventoryId: `SFINV-${i}`, styleName: `Piece ${i}`, price: 500, customerId: R.optId, customerName: R.name, image: '' })),
  );
  // The first scan: SF-100 shown at 400.00 (a price issue).
  await approvedScan(DATES[0], { 'SF-100': '400.00' });
}, 180_000);

describe('the next scan settles cases', () => {
  it('flag, email: the price case is notified with its evidence; an image case is open', async () => {
    const { period, product } = await latestProduct('SF-100');
    expect(product.price).toBe(400);
    const flag = await callRoute('updateProductFlag', { params: { id: product._id }, token: brandAdmin, body: { isFlagged: 'yes', message: 'Below the list price.', reason: [{ name: 'Price', value: 'Wrong price' }] } });
    expect(flag.status, JSON.stringify(flag.body)).toBe(200);
    const other = (await latestProduct('SF-101')).product;
    expect((await callRoute('updateProductFlag', { params: { id: other._id }, token: brandAdmin, body: { isFlagged: 'yes', message: 'Old picture.', reason: [{ name: 'Image Issues', value: 'Image Issues' }] } })).status).toBe(200);
    const fd = new FormData();
    for (const [k, v] of Object.entries({ subject: `Price ${tag}`, message: '<p>Please correct the price.</p>', source: 'product', retailer_brand_scraping: period, requestId: `req-${tag}`, isCanned: 'false', casesLink: 'true' })) fd.append(k, v);
    fd.append('to[]', CONTACT);
    fd.append('products[]', product._id);
    const sent = await callRoute('contactRetailer', { query: { version: '1.0.0' }, token: brandAdmin, body: fd });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const c = await getCase('SF-100');
    expect(c.data).toMatchObject({ status: 'notified', severity: 'high', evidence: { onHand: { price: 500 }, gap: { amount: -100, percent: -20 }, scraped: { price: 400 } } });
  });

  it('the retailer marks it fixed through the link in that email: the case is acknowledged, not closed (the next scan decides)', async () => {
    const email = (await sentEmails()).filter((e) => e.subject === `Price ${tag}`).at(-1);
    const token = /href="[^"]*\/retailer-cases#t=([A-Za-z0-9_.-]+)"/.exec(email?.body.html ?? '')?.[1];
    expect(token, 'the email carries the link to the open cases').toBeTruthy();
    const answered = await callRoute('answerRetailerCase', { params: { caseId: caseIdOf(BRAND._id, R._id, 'SF-100') }, body: { token: token!, action: 'fixed', note: 'Corrected this morning.' } });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect((await getCase('SF-100')).data.status).toBe('acknowledged');
  });

  it('the next approved scan at the on-hand price closes the price case and removes the flag; the image case stays', async () => {
    await approvedScan(DATES[1], {});
    const c = await getCase('SF-100');
    expect(c.data).toMatchObject({ status: 'resolved', resolution: 'scan_fixed', resolutionReason: 'Fixed on the scan of 03/09/2015' });
    expect(c.events.map((e) => e.kind)).toEqual(['flagged', 'emailed', 'acknowledged', 'auto_resolved']);
    expect(c.events.at(-1)).toMatchObject({ by: null, detail: 'Fixed on the scan of 03/09/2015' });
    expect((await latestProduct('SF-100')).product.isFlagged).toBe('no');
    expect((await getCase('SF-101')).data.status).toBe('open');
    expect((await latestProduct('SF-101')).product.isFlagged).toBe('yes');
    const counts = (await callRoute('listRetailerCases', { params: { brandId: BRAND._id, retailerId: R._id }, token: brandAdmin })).body.counts;
    expect(counts).toMatchObject({ open: 1, notified: 0, resolved: 1 });
  });

  it('a relapse on a later scan reopens the case as a repeat and flags the product again', async () => {
    await approvedScan(DATES[2], { 'SF-100': '450.00' });
    const c = await getCase('SF-100');
    expect(c.data).toMatchObject({ status: 'open', repeats: 1, resolution: null, evidence: { scanDate: DATES[2], scraped: { price: 450 }, gap: { amount: -50, percent: -10 } } });
    expect(c.events.map((e) => e.kind)).toEqual(['flagged', 'emailed', 'acknowledged', 'auto_resolved', 'reopened']);
    const { product } = await latestProduct('SF-100');
    expect(product.isFlagged).toBe('yes');
    const counts = (await callRoute('listRetailerCases', { params: { brandId: BRAND._id, retailerId: R._id }, token: brandAdmin })).body.counts;
    expect(counts).toMatchObject({ open: 2, resolved: 0, repeats: 1 });
  });

  it("the programme's figures and trend agree with the lists: one point per scan, the brand's month, compliance", async () => {
    const trend = await callRoute('getCaseTrend', { params: { brandId: BRAND._id }, query: { retailerId: R._id }, token: brandAdmin });
    expect(trend.status).toBe(200);
    // A scan's point says how things stood while it was the latest: scan 1, SF-100 and SF-101 flagged;
    // scan 2, SF-100 fixed by it, SF-101 open; scan 3, SF-100 back.
    expect(trend.body.data.map((p) => [p.date, p.open, p.compliance])).toEqual([
      [DATES[0], 2, 80],
      [DATES[1], 1, 90],
      [DATES[2], 2, 80],
    ]);
    const month = await callRoute('getCaseTrend', { params: { brandId: BRAND._id }, token: brandAdmin });
    // Price flags are counted as each scan was published (SF-100's came back after scan 3's count).
    expect(month.body.data).toEqual([{ date: '2015-03', open: 2, priceIssues: 0, compliance: 80 }]);
    const summary = await callRoute('getCaseSummary', { params: { brandId: BRAND._id }, token: brandAdmin });
    expect(summary.status).toBe(200);
    const cases = (await callRoute('listRetailerCases', { params: { brandId: BRAND._id, retailerId: R._id }, token: brandAdmin })).body;
    expect(summary.body.figures).toMatchObject({ open: cases.data.length, compliant: 0, retailers: 1 });
    expect(summary.body.ranking).toEqual([{ retailer: R._id, name: R.name, compliance: 80, open: 2, activeProducts: 2, totalProducts: 10, latestDate: DATES[2] }]);
    // Resolved once (by the scan), after 0 days: the median bucket.
    expect(summary.body.figures.medianDaysToResolve).not.toBeNull();
  });

  it('a brand page scan that shows the missing logo closes the profile case and unflags the profile; an old logo stays for the brand', async () => {
    await approvedFile('brand', DATES[0], brandCsv(''));
    const infoOf = async () => (await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: R._id }, token: brandAdmin })).body.data as { _id: string; isFlagged: string };
    const flagProfile = async (value: string) => {
      const res = await callRoute('updateBrandFlag', { params: { id: (await infoOf())._id }, token: brandAdmin, body: { isFlagged: 'yes', message: 'Brand page check.', reason: [{ name: 'Brand Logo', value }] } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    };
    const profile = async () => (await callRoute('getCase', { params: { caseId: caseIdOf(BRAND._id, R._id, '__profile__') }, token: brandAdmin })).body;
    await flagProfile('Logo is missing');
    expect((await profile()).data).toMatchObject({ status: 'open', severity: 'high' });
    // The next brand page scan still shows no logo: nothing changes.
    await approvedFile('brand', DATES[1], brandCsv(''));
    expect((await profile()).data.status).toBe('open');
    await approvedFile('brand', DATES[2], brandCsv('https://l.example/logo.png'));
    const fixed = await profile();
    expect(fixed.data).toMatchObject({ status: 'resolved', resolution: 'scan_fixed', resolutionReason: 'Fixed on the brand page scan of 03/16/2015' });
    expect(fixed.events.map((e) => e.kind)).toEqual(['flagged', 'auto_resolved']);
    expect((await infoOf()).isFlagged).toBe('no');
    // An old logo is the brand's to judge: a later scan with a logo does not close it.
    await flagProfile('Old logo is shown');
    await approvedFile('brand', '2015-03-23', brandCsv('https://l.example/logo-2.png'));
    expect((await profile()).data).toMatchObject({ status: 'open', repeats: 1 });
    expect((await infoOf()).isFlagged).toBe('yes');
  });
});
