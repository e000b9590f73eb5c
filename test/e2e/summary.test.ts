/**
 * The brand dashboard's summary, retailer list and top-bar dropdowns (000 §2, §4, §6, §9) in a
 * real browser: tiles per visible retailer, stats, the layout picker from the URL, tablet and
 * mobile columns, the chunks of 10 with the 2 s delay and the closing line, the Retailer List's
 * sort, filters and pager, 'Select a Retailer' and 'Select Period'. Expected figures come from
 * the API within each test. A brand of this file's own carries 30 retailers (the demo brand
 * carries fewer than one chunk).
 */
import { randomBytes } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testUser, TEST_ROLES } from '../support/accounts';
import { callRoute, stack } from '../support/api';
import { apiSession, assertAccessible, here, launchBrowser, openTab, screenshot, waitForPath, withSession, type ApiSession, type Tab } from '../support/browser';

const MA = 'brand-maison-aurelle';
const tag = randomBytes(3).toString('hex');
const BIG = { _id: `brand-e2e-big-${tag}`, name: `Many Doors ${tag}`, slug: `many-doors-${tag}` };
const BIG_RETAILERS = Array.from({ length: 30 }, (_, i) => {
  const n = String(i + 1).padStart(2, '0');
  return { _id: `ret-e2e-${tag}-${n}`, name: `Door ${n} ${tag}`, optId: `E2E${tag}${n}`.toUpperCase(), slug: `door-${n}-${tag}`, website: `https://door${n}.example` };
});
const TYPES = ['retailerWithProducts', 'retailerWithoutProducts', 'retailerWithModule', 'retailerWithProductsandModule'] as const;
const BIG_ADMIN = { _id: `user-e2e-big-${tag}`, email: `e2e-big-${tag}@demo.test` };
const PASSWORD = 'Bigbrand-2031!';

let browser: Browser;
const sessions = {} as Record<'brandAdmin' | 'user' | 'big', ApiSession>;

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const now = new Date().toISOString();
  await Promise.all(BIG_RETAILERS.map((r) => putRetailer({ ...r, createdAt: now, updatedAt: now })));
  await putBrand({
    ...BIG,
    colors: { bgColor: '#1f3a5f', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#27496d' },
    createdAt: now,
    updatedAt: now,
    retailers: BIG_RETAILERS.map((r, i) => ({ retailer: r._id, flag: true, webSiteType: TYPES[i % TYPES.length] })),
  });
  await createUser(testUser({ ...BIG_ADMIN, name: 'Bianca Big', firstname: 'Bianca', lastname: 'Big', passwordHash: await hashPassword(PASSWORD), brand: BIG._id, roles: [TEST_ROLES.BRAND_ADMIN] }));
  [browser, sessions.brandAdmin, sessions.user, sessions.big] = await Promise.all([launchBrowser(), apiSession('brandadmin@demo.test'), apiSession('user@demo.test'), apiSession(BIG_ADMIN.email, PASSWORD)]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

async function as(who: keyof typeof sessions, target: string, fn: (t: Tab) => Promise<void>, viewport?: { width: number; height: number }) {
  const t = await openTab(browser, viewport);
  try {
    await withSession(t.page, sessions[who], target);
    await fn(t);
    await assertAccessible(t);
  } finally {
    await t.context.close();
  }
}

const records = async (who: keyof typeof sessions, brandId: string) => {
  // The whole list in one page (the largest page, 100: these brands carry fewer).
  const res = await callRoute('listRetailerScrapings', { token: sessions[who].token, params: { brandId }, query: { limit: 100 } });
  expect(res.status).toBe(200);
  return res.body.data;
};
const tileNames = (page: Page) => page.locator('.tile .tile__name').allTextContents();
const gridColumns = (page: Page) => page.locator('ul.tiles').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').filter(Boolean).length);
const SEEN_IT_ALL = "Yay! Yeah! You've seen it all.";

describe('/dashboard/summary', () => {
  it('welcomes the user, counts the websites, shows the stats with their change and one tile per retailer, then the closing line', () =>
    as('brandAdmin', '/dashboard/summary', async ({ page }) => {
      const data = await records('brandAdmin', MA);
      const summary = (await callRoute('getBrandRetailerSummary', { token: sessions.brandAdmin.token, params: { brandId: MA } })).body;
      await page.getByRole('heading', { level: 2, name: `Welcome, ${sessions.brandAdmin.user.name}` }).waitFor();
      await page.getByText(`You are currently auditing ${data.length} websites`, { exact: true }).waitFor();
      await page.getByText(SEEN_IT_ALL, { exact: true }).waitFor();
      expect(data.length).toBeLessThanOrEqual(10);
      expect((await tileNames(page)).sort()).toEqual(data.map((r) => r.retailer.name).sort());
      const stats = page.getByRole('list', { name: 'Summary stats' });
      expect(await stats.locator('.stats__value').allTextContents()).toEqual([summary.totalProducts.current, summary.flaggedProducts.current, summary.totalRetailers.current].map((n) => n.toLocaleString('en-US')));
      // A tile: website type, total with trend, flagged, last scan as 'MMMM DD, YYYY' (or N/A), reps for a brand admin.
      const first = data.find((r) => r.approvedDate)!;
      const tile = page.locator(`.tile[data-retailer="${first.retailer._id}"]`);
      const text = (await tile.textContent()) ?? '';
      expect(text).toMatch(/Last scan(January|February|March|April|May|June|July|August|September|October|November|December) \d{2}, \d{4}/);
      expect(text).toContain(`Flagged products${first.flaggedProduct}`);
      expect(text).toContain('Assigned reps');
      const change = first.totalProducts - first.previousTotalProducts;
      expect(text).toContain(change === 0 ? 'No change' : `${change > 0 ? '+' : '−'}${Math.abs(change)}`);
      // Default layout: three columns, the picker says so.
      expect(await page.getByRole('button', { name: 'Three columns' }).getAttribute('aria-pressed')).toBe('true');
      expect(await gridColumns(page)).toBe(3);
      await screenshot(page, 'summary-desktop');
    }));

  it('takes the layout from ?layout= and writes the picked one back to the URL', () =>
    as('brandAdmin', '/dashboard/summary?layout=one-item-grid', async ({ page }) => {
      await page.locator('.tile').first().waitFor();
      expect(await gridColumns(page)).toBe(1);
      expect(await page.getByRole('button', { name: 'One column' }).getAttribute('aria-pressed')).toBe('true');
      await screenshot(page, 'summary-one-column');
      await page.getByRole('button', { name: 'Two columns' }).click();
      await waitForPath(page, '/dashboard/summary?layout=two-item-grid');
      // The URL changes before React renders the new layout: wait for the render.
      await expect.poll(() => gridColumns(page)).toBe(2);
      expect(await page.getByRole('button', { name: 'Two columns' }).getAttribute('aria-pressed')).toBe('true');
      await page.goto('/dashboard/summary?layout=nonsense');
      await page.locator('.tile').first().waitFor();
      expect(await gridColumns(page)).toBe(3);
    }));

  it('tablet (768 px) forces two columns, mobile (375 px) one, with nothing overflowing', async () => {
    for (const [width, columns, name] of [
      [768, 2, 'summary-tablet'],
      [375, 1, 'summary-mobile'],
    ] as const) {
      await as(
        'brandAdmin',
        '/dashboard/summary?layout=three-item-grid',
        async ({ page }) => {
          await page.getByText(SEEN_IT_ALL).waitFor();
          expect(await gridColumns(page)).toBe(columns);
          expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
          await screenshot(page, name);
        },
        { width, height: 900 },
      );
    }
  });

  it('filters the tiles by retailer name and, for a brand admin, by rep name', () =>
    as('brandAdmin', '/dashboard/summary', async ({ page }) => {
      const data = await records('brandAdmin', MA);
      const reps = (await callRoute('getAssignedReps', { token: sessions.brandAdmin.token, query: { brand: MA } })).body.data;
      await page.getByText(SEEN_IT_ALL).waitFor();
      const one = data[0]!.retailer.name;
      await page.getByLabel('Filter', { exact: true }).fill(one.slice(0, 6));
      await page.waitForFunction((n) => document.querySelectorAll('.tile').length === n, data.filter((r) => r.retailer.name.toLowerCase().includes(one.slice(0, 6).toLowerCase())).length);
      expect(await tileNames(page)).toContain(one);
      await page.getByLabel('Filter', { exact: true }).fill('');
      const rep = reps.find((r) => r.retailers.length > 0)!;
      expect(rep).toBeTruthy();
      await page.getByLabel('Filter by rep name').selectOption({ label: rep.name });
      const expected = data.filter((r) => r.users.includes(rep.name)).map((r) => r.retailer.name).sort();
      await page.waitForFunction((n) => document.querySelectorAll('.tile').length === n, expected.length);
      expect((await tileNames(page)).sort()).toEqual(expected);
      await screenshot(page, 'summary-rep-filter');
    }));

  it('a User with assigned retailers sees only those: tiles, Retailer List, Select a Retailer; no reps', () =>
    as('user', '/dashboard/summary', async ({ page }) => {
      const data = await records('user', MA);
      const assigned = (sessions.user.user.associated_retailers as { _id: string }[]).map((r) => r._id);
      expect(data.map((r) => r.retailer._id).sort()).toEqual([...assigned].sort());
      await page.getByText(`You are currently auditing ${assigned.length} websites`, { exact: true }).waitFor();
      await page.getByText(SEEN_IT_ALL).waitFor();
      expect((await tileNames(page)).sort()).toEqual(data.map((r) => r.retailer.name).sort());
      expect(await page.getByLabel('Filter by rep name').count()).toBe(0);
      expect(await page.getByText('Assigned reps').count()).toBe(0);
      await page.getByLabel('Select a Retailer').locator('option').nth(data.length).waitFor({ state: 'attached' });
      const options = (await page.getByLabel('Select a Retailer').locator('option').allTextContents()).slice(1);
      expect(options.sort()).toEqual(data.map((r) => r.retailer.name).sort());
      await screenshot(page, 'summary-user');
      await page.goto('/dashboard/stats');
      await page.locator('.rl-row').first().waitFor();
      expect((await page.locator('.rl-row td:first-child a').allTextContents()).sort()).toEqual(data.map((r) => r.retailer.name).sort());
      expect(await page.getByRole('columnheader', { name: 'Assigned Reps' }).count()).toBe(0);
    }));

  it('loads the tiles 10 at a time, each chunk 2 s after the end comes into view, then says it has shown them all', () =>
    as('big', '/dashboard/summary', async ({ page }) => {
      const data = await records('big', BIG._id);
      expect(data.length).toBe(30);
      await page.getByText('You are currently auditing 30 websites').waitFor();
      await page.locator('.tile').nth(9).waitFor();
      expect(await page.locator('.tile').count()).toBe(10);
      expect(await page.getByText(SEEN_IT_ALL).count()).toBe(0);
      for (const next of [20, 30]) {
        const started = Date.now();
        await page.locator('.tiles__end').scrollIntoViewIfNeeded();
        await page.getByText('Loading more retailers…').waitFor();
        if (next === 20) await screenshot(page, 'summary-loading-more', false);
        await page.waitForFunction((n) => document.querySelectorAll('.tile').length === n, next, { timeout: 8_000 });
        expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
      }
      await page.getByText(SEEN_IT_ALL).waitFor();
      // The brand's colours on the shell and the summary section.
      expect(await page.locator('.welcome').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(39, 73, 109)');
      await screenshot(page, 'summary-all-loaded', false);
    }));
});

describe('/dashboard/stats (Retailer List)', () => {
  const rowNames = (page: Page) => page.locator('.rl-row td:first-child a').allTextContents();

  it('sorts by name ascending by default; a header click sorts by it, again reverses it', () =>
    as('brandAdmin', '/dashboard/stats', async ({ page }) => {
      const data = await records('brandAdmin', MA);
      const byName = data.map((r) => r.retailer.name).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }));
      await page.locator('.rl-row').first().waitFor();
      expect(await rowNames(page)).toEqual(byName);
      expect(await page.getByRole('columnheader', { name: 'Retailer' }).getAttribute('aria-sort')).toBe('ascending');
      await page.getByRole('button', { name: 'Retailer', exact: true }).click();
      await waitForPath(page, '/dashboard/stats?sort=name%3Bdesc');
      await expect.poll(() => rowNames(page)).toEqual([...byName].reverse());
      await expect.poll(() => page.getByRole('columnheader', { name: 'Retailer' }).getAttribute('aria-sort')).toBe('descending');
      await page.getByRole('button', { name: 'Total Products' }).click();
      await expect.poll(() => page.getByRole('columnheader', { name: 'Total Products' }).getAttribute('aria-sort')).toBe('ascending');
      const byTotal = [...data].sort((a, b) => a.totalProducts - b.totalProducts || a.retailer.name.localeCompare(b.retailer.name, 'en', { sensitivity: 'base' })).map((r) => r.retailer.name);
      await expect.poll(() => rowNames(page)).toEqual(byTotal);
      await page.getByRole('button', { name: 'Total Products' }).click();
      await expect.poll(() => page.getByRole('columnheader', { name: 'Total Products' }).getAttribute('aria-sort')).toBe('descending');
      await expect.poll(async () => (await page.locator('.rl-row td:nth-child(3)').allTextContents()).map((t) => Number(t.split(' ')[0]!.replace(/,/g, '')))).toEqual(data.map((r) => r.totalProducts).sort((a, b) => b - a));
      expect(await page.getByRole('columnheader', { name: 'Assigned Reps' }).count()).toBe(1);
      await screenshot(page, 'retailer-list');
    }));

  it('filters all / with product pages / without product pages / using module, 25 a page with First, Last and page buttons', () =>
    as('big', '/dashboard/stats', async ({ page }) => {
      await page.getByText('30 Retailers').waitFor();
      expect(await page.locator('.rl-row').count()).toBe(25);
      const pager = page.getByRole('navigation', { name: 'Pagination' });
      expect(await pager.getByRole('button').allTextContents()).toEqual(['First', '1', '2', 'Last']);
      await pager.getByRole('button', { name: 'Page 2' }).click();
      await waitForPath(page, '/dashboard/stats?page=2');
      await expect.poll(() => rowNames(page)).toEqual(BIG_RETAILERS.slice(25).map((r) => r.name));
      await screenshot(page, 'retailer-list-page-2');
      const expectFilter = async (label: string, types: string[]) => {
        await page.getByLabel('Show').selectOption({ label });
        const want = BIG_RETAILERS.filter((_, i) => types.includes(TYPES[i % TYPES.length]!)).map((r) => r.name);
        await page.getByText(`${want.length} Retailers`).waitFor();
        await expect.poll(() => rowNames(page)).toEqual(want.slice(0, 25));
        expect(await pager.count()).toBe(want.length > 25 ? 1 : 0);
      };
      await expectFilter('With product pages', ['retailerWithProducts', 'retailerWithProductsandModule']);
      await expectFilter('Without product pages', ['retailerWithoutProducts']);
      await expectFilter('Using module', ['retailerWithModule', 'retailerWithProductsandModule']);
      expect(here(page)).toBe('/dashboard/stats?filter=module');
      await screenshot(page, 'retailer-list-module');
      await expectFilter('All', [...TYPES]);
    }));
});

describe('top bar dropdowns', () => {
  it("'Select a Retailer' opens the retailer page; 'Select Period' shows only on View By Product; both reset when the path leaves /retailer", () =>
    as('brandAdmin', '/dashboard/summary', async ({ page }) => {
      const retailers = (await callRoute('getBrandRetailers', { token: sessions.brandAdmin.token, params: { brandId: MA } })).body.data;
      const picker = page.getByLabel('Select a Retailer');
      await picker.locator('option').nth(retailers.length).waitFor({ state: 'attached' });
      expect((await picker.locator('option').allTextContents()).slice(1)).toEqual(retailers.map((r) => r.name));
      expect(await page.getByLabel('Select Period').count()).toBe(0);
      const target = retailers.find((r) => r._id === 'ret-lumiere') ?? retailers[0]!;
      await picker.selectOption({ label: target.name });
      await waitForPath(page, `/dashboard/retailer/${target._id}`);
      await page.getByRole('heading', { level: 1, name: 'View By Retailer' }).waitFor();
      expect(await picker.inputValue()).toBe(target._id);
      expect(await page.getByLabel('Select Period').count()).toBe(0);

      // View By Product: the product's period is picked (a product id starts with its period's id).
      const periods = (await callRoute('listRetailerPeriods', { token: sessions.brandAdmin.token, params: { brandId: MA, retailerId: target._id } })).body.data;
      const products = await callRoute('listProductScrapings', { token: sessions.brandAdmin.token, query: { retailer_brand_scraping: periods[0]!._id, limit: 1 } });
      const productId = (products.body as { data: { _id: string }[] }).data[0]!._id;
      await page.goto(`/dashboard/retailer/${target._id}/product/${productId}`);
      const period = page.getByLabel('Select Period');
      await period.locator('option').nth(periods.length).waitFor({ state: 'attached' });
      expect(await period.inputValue()).toBe(periods[0]!._id);
      await screenshot(page, 'topbar-select-period', false);
      await period.selectOption(periods[periods.length - 1]!._id);
      await waitForPath(page, `/dashboard/retailer/${target._id}/period/${periods[periods.length - 1]!._id}`);
      await page.getByRole('heading', { level: 1, name: 'Comparison Report' }).waitFor();
      await expect.poll(() => page.getByLabel('Select Period').count()).toBe(0);

      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Summary view' }).click();
      await waitForPath(page, '/dashboard/summary');
      await expect.poll(() => page.getByLabel('Select a Retailer').inputValue()).toBe('');
    }));
});

describe('/dashboard/products-list (Manage Catalog)', () => {
  it("pages the brand's on-hand items with the server's cursors, searches by serial, and keeps a User to their retailers", async () => {
    await as('brandAdmin', '/dashboard/products-list', async ({ page }) => {
      const first = (await callRoute('getBrandCatalog', { token: sessions.brandAdmin.token, params: { brandId: MA } })).body;
      const second = (await callRoute('getBrandCatalog', { token: sessions.brandAdmin.token, params: { brandId: MA }, query: { cursor: first.nextCursor! } })).body;
      await page.getByText(`${first.totalCount!.toLocaleString('en-US')} Items Found`).waitFor();
      const serials = () => page.locator('.rl-row td:nth-child(2)').allTextContents();
      await expect.poll(serials).toEqual(first.data.map((i) => i.serialNo));
      await screenshot(page, 'catalog');
      await page.getByRole('button', { name: 'Next' }).click();
      await expect.poll(serials).toEqual(second.data.map((i) => i.serialNo));
      await page.getByText('Page 2').waitFor();
      await page.getByRole('button', { name: 'Previous' }).click();
      await expect.poll(serials).toEqual(first.data.map((i) => i.serialNo));
      const prefix = first.data[3]!.serialNo;
      await page.getByLabel('Search by serial number').fill(prefix.toLowerCase());
      await page.getByLabel('Search by serial number').press('Enter');
      await expect.poll(serials).toEqual([first.data[3]!.serialNo]);
      await page.getByLabel('Search by serial number').fill('NO-SUCH-SERIAL');
      await page.getByLabel('Search by serial number').press('Enter');
      await page.getByText('No product(s) found!').waitFor();
    });
    await as(
      'user',
      '/dashboard/products-list',
      async ({ page }) => {
        const mine = (await callRoute('getBrandCatalog', { token: sessions.user.token, params: { brandId: MA } })).body;
        expect(mine.data.length).toBeGreaterThan(0);
        await expect.poll(() => page.locator('.rl-row td:nth-child(2)').allTextContents()).toEqual(mine.data.map((i) => i.serialNo));
        const optIds = (await callRoute('getBrandRetailers', { token: sessions.user.token, params: { brandId: MA } })).body.data.map((r) => r.optId);
        for (const cell of await page.locator('.rl-row td:nth-child(6)').allTextContents()) expect(optIds.some((o) => cell.includes(o))).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
        await screenshot(page, 'catalog-user-mobile');
      },
      { width: 375, height: 800 },
    );
  });
});
