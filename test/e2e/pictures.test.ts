/**
 * Pictures in a real browser (docs/decisions.md "Pictures (issue 20)"): the demo's own pictures
 * (brand landing screenshots, logos, hero images, packshots, page screenshots) show on the
 * summary, the retailer page and its image modal, the product tables and the product page; and
 * when pictures fail to load (every GET /images answering 404, as when a stored picture is past
 * its retention) each place shows the one placeholder instead, never a broken image: summary
 * tiles, the retailer page's side and its image modal, product tables, the product page and its
 * Product History, the basket, Manage Catalog, the B2B portal and the post office's comparison.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, login, stack } from '../support/api';
import { apiSession, browserPerFile, screenshot, withSession, type ApiSession } from '../support/browser';

const MA = 'brand-maison-aurelle';
const RID = 'ret-harrowgate';
const RNAME = 'Harrowgate & Finch';
const PASSWORD = 'Pictures-2031!';
const { tab } = browserPerFile();

/** Every picture the page asks the app for fails (404), as a picture past its retention does. */
const failPictures = (page: Page) => page.route(/\/api\/images\?/, (route) => route.fulfill({ status: 404, body: '' }));
/** The placeholders inside `scope` (a CSS selector). */
const placeholders = (page: Page, scope: string) => page.locator(`${scope} [data-picture="none"]`);
/** Pictures inside `scope` that finished loading: [loaded, broken]. */
const pictureStates = (page: Page, scope: string) =>
  page.locator(`${scope} img`).evaluateAll((imgs) => {
    const done = (imgs as HTMLImageElement[]).filter((i) => i.complete);
    return [done.filter((i) => i.naturalWidth > 0).length, done.filter((i) => i.naturalWidth === 0).length];
  });

/** How many retailers the brand's summary shows, and how many of them have a brand landing screenshot (from the API). */
async function tileCounts(token: string): Promise<{ tiles: number; withShot: number }> {
  const records = (await callRoute('listRetailerScrapings', { token, params: { brandId: MA } })).body.data;
  return { tiles: records.length, withShot: records.filter((r) => r.brand_screenshot).length };
}

/** The product page of the first product of the retailer's latest period (ALL SCRAPED, by name). */
async function firstProductPage(token: string): Promise<string> {
  const period = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RID } })).body.data[0]!._id;
  const [p] = (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: period, limit: 1 } })).body.data as { _id: string }[];
  return `/dashboard/retailer/${RID}/product/${encodeURIComponent(p!._id)}`;
}

/** A brand admin of Maison Aurelle of its own (its basket is its own: other suites clear the demo admin's). */
async function ownBrandAdmin(): Promise<{ session: ApiSession; token: string }> {
  Object.assign(process.env, stack().env);
  const users = await import('../../functions/users/users.repo');
  const passwordHash = await (await import('../../functions/lib/password')).hashPassword(PASSWORD);
  const email = `pictures-e2e-${Date.now()}@demo.test`;
  await users.createUser(testUser({ _id: `user-pictures-e2e-${Date.now()}`, name: 'Picture Viewer', email, passwordHash, roles: [TEST_ROLES.BRAND_ADMIN] }));
  return { session: await apiSession(email, PASSWORD), token: await login(email, PASSWORD) };
}

describe('pictures', () => {
  it("shows the demo's own pictures: tiles, the retailer page's side and image modal, product tables, the product page", () =>
    tab(async ({ page }) => {
      const session = await apiSession('brandadmin@demo.test');
      const { withShot } = await tileCounts(session.token);
      expect(withShot, "the demo's retailers have brand landing screenshots").toBeGreaterThanOrEqual(6);
      await withSession(page, session, '/dashboard/summary');
      await page.locator('.tile').first().waitFor();
      await expect.poll(() => pictureStates(page, '.tiles')).toEqual([withShot, 0]);
      await screenshot(page, 'pictures-summary', false);

      await page.goto(`/dashboard/retailer/${RID}?tab=products`);
      // The first visit of the run to this screen loads its handlers cold (the local server imports them on first use).
      await page.getByRole('heading', { level: 2, name: RNAME }).waitFor({ timeout: 30_000 });
      // The brand landing page, its logo, hero image and screenshot.
      await expect.poll(() => pictureStates(page, '.rv-aside')).toEqual([4, 0]);
      await page.locator('table.products-table tbody tr').nth(4).scrollIntoViewIfNeeded();
      await expect.poll(() => pictureStates(page, 'table.products-table tbody tr:nth-child(-n+5)')).toEqual([5, 0]);
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, 'pictures-retailer-page', false);
      await page.getByRole('button', { name: `Open Hero image on ${RNAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Hero image on ${RNAME}` });
      await expect.poll(() => pictureStates(page, '[role="dialog"]')).toEqual([1, 0]);
      await screenshot(page, 'pictures-hero-modal', false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      await page.goto(await firstProductPage(session.token));
      await page.getByRole('heading', { name: 'Product History' }).waitFor();
      await expect.poll(() => pictureStates(page, '.pp-media')).toEqual([2, 0]);
      await expect.poll(() => page.locator('.pp-history tbody tr').count()).toBeGreaterThan(1);
      const history = await page.locator('.pp-history tbody tr').count();
      await expect.poll(() => pictureStates(page, '.pp-history')).toEqual([history, 0]);
      expect(await page.getByRole('button', { name: /^Open Screenshot of / }).count()).toBe(1);
      expect(await page.getByRole('button', { name: /^Open Image of / }).count()).toBe(1);
      await screenshot(page, 'pictures-product-page', false);
    }));

  it('shows the placeholder wherever a picture fails: summary tiles, the retailer page\'s side, product tables (ALL SCRAPED, All OH)', () =>
    tab(async ({ page }) => {
      const session = await apiSession('brandadmin@demo.test');
      const { tiles } = await tileCounts(session.token);
      await failPictures(page);
      await withSession(page, session, '/dashboard/summary');
      await expect.poll(() => page.locator('.tile').count()).toBe(tiles);
      await expect.poll(() => placeholders(page, '.tiles').count()).toBe(tiles);
      await page.getByRole('img', { name: `${RNAME}: brand landing page: no image` }).waitFor();
      await expect.poll(() => pictureStates(page, '.tiles')).toEqual([0, 0]);
      await screenshot(page, 'pictures-failed-summary', false);

      await page.goto(`/dashboard/retailer/${RID}?tab=products`);
      await page.getByRole('heading', { level: 2, name: RNAME }).waitFor();
      for (const name of [`Brand landing page on ${RNAME}`, `Logo on ${RNAME}`, `Hero image on ${RNAME}`, `Screenshot on ${RNAME}`]) await page.getByRole('img', { name: `${name}: no image` }).waitFor();
      // A missing picture opens no modal.
      expect(await page.getByRole('button', { name: `Open Hero image on ${RNAME}` }).count()).toBe(0);
      const rows = page.locator('table.products-table tbody tr');
      // The first rows show the placeholder in Product Image (lazy pictures: brought into view first).
      await rows.nth(4).scrollIntoViewIfNeeded();
      await expect.poll(() => placeholders(page, 'table.products-table tbody tr:nth-child(-n+5) td.col-image').count()).toBe(5);
      // No broken picture stays: each one that failed became the placeholder.
      await expect.poll(async () => (await pictureStates(page, 'table.products-table'))[1]).toBe(0);
      await screenshot(page, 'pictures-failed-retailer-page', false);

      await page.getByRole('tab', { name: 'All OH', exact: true }).click();
      await page.getByRole('tab', { name: 'All OH', selected: true }).waitFor();
      await page.locator('table.products-table thead').getByText('Serial #').waitFor();
      await rows.first().scrollIntoViewIfNeeded();
      await expect.poll(() => placeholders(page, 'table.products-table tbody tr:first-child td.col-image').count()).toBe(1);
    }));

  it('shows the placeholder on the product page and in each Product History row', () =>
    tab(async ({ page }) => {
      await failPictures(page);
      const session = await apiSession('brandadmin@demo.test');
      await withSession(page, session, await firstProductPage(session.token));
      await page.getByRole('heading', { name: 'Product History' }).waitFor();
      await page.getByRole('img', { name: /^Screenshot of .*: no image$/ }).waitFor();
      await page.locator('.pp-media').getByRole('img', { name: /^Image of .*: no image$/ }).waitFor();
      await expect.poll(() => page.locator('.pp-history tbody tr').count()).toBeGreaterThan(1);
      const historyRows = await page.locator('.pp-history tbody tr').count();
      await expect.poll(() => placeholders(page, '.pp-history tbody td.col-image').count()).toBe(historyRows);
      await expect.poll(() => pictureStates(page, 'main')).toEqual([0, 0]);
      await screenshot(page, 'pictures-failed-product-page');
    }));

  it('shows the placeholder in the basket and in Manage Catalog', () =>
    tab(async ({ page }) => {
      const { session, token } = await ownBrandAdmin();
      const period = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RID } })).body.data[0]!._id;
      const [item] = (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: period, filter: 'all_oh', limit: 1 } })).body.data as { serialNo: string; styleName: string }[];
      expect((await callRoute('addBasketItems', { token, params: { retailerId: RID }, body: { serialNo: [item!.serialNo] } })).status).toBe(200);
      await failPictures(page);
      await withSession(page, session, `/dashboard/retailer/${RID}?tab=basket`);
      await page.getByText('1 Items In Basket', { exact: true }).waitFor();
      await page.getByRole('img', { name: `Image of ${item!.styleName}: no image` }).waitFor();
      await screenshot(page, 'pictures-failed-basket', false);

      await page.goto('/dashboard/products-list');
      await page.locator('table tbody tr').first().waitFor();
      await expect.poll(() => placeholders(page, 'table tbody tr:first-child').count()).toBe(1);
      await expect.poll(async () => (await pictureStates(page, 'table'))[1]).toBe(0);
      await screenshot(page, 'pictures-failed-catalog', false);
    }));

  it('shows the placeholder in the image modal when the large picture fails', () =>
    tab(async ({ page }) => {
      // The landing page's large screenshot answers 404; the small one loads.
      const gone = '/api/images?key=screenshots%2Fbrand%2Fharrowgate-finch%2F2026-01-01%2Fgone.svg&exp=1&sig=x';
      await page.route(/\/api\/RetailerScraping\/brand-maison-aurelle\/ret-harrowgate$/, async (route) => {
        const res = await route.fetch();
        const body = await res.json();
        await route.fulfill({ response: res, json: { ...body, data: { ...body.data, brand_screenshot_large: gone } } });
      });
      await page.route((u) => u.pathname === '/api/images' && u.searchParams.get('sig') === 'x', (route) => route.fulfill({ status: 404, body: '' }));
      await withSession(page, await apiSession('brandadmin@demo.test'), `/dashboard/retailer/${RID}`);
      await expect.poll(() => pictureStates(page, '.rv-aside__shot')).toEqual([1, 0]);
      await page.getByRole('button', { name: `Open Brand landing page on ${RNAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Brand landing page on ${RNAME}` });
      await dialog.getByRole('img', { name: `Brand landing page on ${RNAME}: no image` }).waitFor();
      expect(await dialog.locator('img').count()).toBe(0);
      await screenshot(page, 'pictures-failed-modal', false);
    }));

  it('shows the placeholder in the B2B portal', async () => {
    const { token } = await ownBrandAdmin();
    const link = (await callRoute('createB2bLink', { token, body: { retailerId: RID, expiresInDays: 7 } })).body.data.url;
    await tab(async ({ page }) => {
      await failPictures(page);
      const u = new URL(link);
      await page.goto(u.pathname + u.hash);
      await page.getByRole('heading', { level: 2, name: RNAME }).waitFor();
      await page.locator('table.products-table tbody tr').first().waitFor();
      await expect.poll(() => placeholders(page, 'table.products-table tbody tr:nth-child(-n+3) td.col-image').count()).toBe(3);
      await expect.poll(async () => (await pictureStates(page, 'table'))[1]).toBe(0);
      await screenshot(page, 'pictures-failed-b2b-portal', false);
    });
  });

  it("shows a brand file's pictures in the post office comparison, and the placeholder when they fail", async () => {
    const admin = await apiSession('admin@demo.test');
    const file = (await callRoute('listFiles', { token: admin.token, query: { name: 'northbay-luxury', limit: 100 } })).body.data.find((f) => f.type === 'brand' && f.previousFileId)!;
    /** A row's cell of an image column, scrolled into the pane (its picture loads lazily). */
    const cell = async (page: Page, column: string) => {
      const td = page.locator(`.cmp-pane--current tbody tr:first-child td[data-column="${column}"]`);
      await td.scrollIntoViewIfNeeded();
      return td;
    };
    await tab(async ({ page }) => {
      await withSession(page, admin, `/admin/post-office/comparison/${file._id}`);
      await page.locator('.cmp-pane--current tbody tr').first().waitFor();
      // Each image column shows its picture before the text the robot wrote.
      for (const column of ['Logo', 'Hero Image', 'Screenshot']) {
        const td = await cell(page, column);
        await expect.poll(() => td.locator('img').evaluate((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)).toBe(true);
        expect(await td.textContent()).toMatch(/^screenshots\/brand\/northbay-luxury\//);
      }
      await (await cell(page, 'Logo')).scrollIntoViewIfNeeded();
      await screenshot(page, 'pictures-comparison', false);
    });
    await tab(async ({ page }) => {
      await failPictures(page);
      await withSession(page, admin, `/admin/post-office/comparison/${file._id}`);
      await page.locator('.cmp-pane--current tbody tr').first().waitFor();
      for (const column of ['Logo', 'Hero Image', 'Screenshot']) {
        const td = await cell(page, column);
        await td.locator('[data-picture="none"]').waitFor();
        expect(await td.locator('img').count(), column).toBe(0);
        expect(await td.textContent()).toMatch(/screenshots\/brand\/northbay-luxury\//);
      }
      await (await cell(page, 'Logo')).scrollIntoViewIfNeeded();
      await screenshot(page, 'pictures-failed-comparison', false);
    });
  });
});
