/**
 * The User Retailer List (/admin/user-retailer-association) and Permissions (/admin/permissions)
 * in the browser as admin@demo.test (001 §2, §5, §7, §9), on a brand and 23 retailers of this
 * file's own (the demo brands are shared by every file of the run):
 * - reached from the admin home's Manage Brands; the brand's enabled retailers cut to one line
 *   with 'view more'; the checklist sorted by name; Cancel changes nothing; Update unticks one
 *   ('Successfully updated') and the row no longer names it;
 * - Permissions: 'Please select retailer.' / 'Please select brand.', the brand's retailers 20 a
 *   page with 'Currently Enabled in Dashboard' and the Count, a retailer's brands, Reset, Export
 *   (a download of the xlsx; the page stays).
 * Each screen is audited with axe-core and photographed.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_MSG as P } from '../../shared/messages/permissions';
import { stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { apiSession, assertAccessible, browserPerFile, screenshot, toast, waitForPath, withSession } from '../support/browser';

const { tab } = browserPerFile();
const tag = randomBytes(3).toString('hex');
/** Starts with a digit: sorts before every letter, so it is on page 1 whatever other suites add. */
const B = { _id: `brand-e2eura-${tag}`, name: `0 Carriage Maison ${tag}`, slug: `carriage-maison-${tag}` };
const letters = 'ABCDEFGHIJKLMNOPQRSTUVW';
/** 23 retailers, given in a shuffled order (the checklist sorts them), all enabled for B. */
const RETAILERS = [...letters]
  .map((l, i) => ({ _id: `ret-e2eura-${l.toLowerCase()}-${tag}`, name: `0 ${l} Carriage Boutique ${tag}`, optId: `EURA${l}${tag}`.toUpperCase(), slug: `eura-${l.toLowerCase()}-${tag}`, website: `https://eura-${i}.example` }))
  .sort((a, b) => (a._id.charCodeAt(11) * 7) % 23 - (b._id.charCodeAt(11) * 7) % 23);
const byName = [...RETAILERS].sort((a, b) => a.name.localeCompare(b.name));
const FIRST = byName[0]!;

async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || !!((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.Toastify__progress-bar')));
  await page.waitForTimeout(150);
  await screenshot(page, name, fullPage);
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await seedBrand(B, RETAILERS, RETAILERS.map((r) => ({ retailer: r._id, flag: true, webSiteType: 'retailerWithProducts' as const })));
}, 120_000);

describe('/admin/user-retailer-association', () => {
  it("shows the brand's enabled retailers on one line with 'view more'; the checklist unticks one and Update saves it", () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, await apiSession('admin@demo.test'), '/admin');
      await page.getByRole('link', { name: 'Manage Brands' }).click();
      await waitForPath(page, '/admin/user-retailer-association');
      await page.getByRole('heading', { name: 'User Retailer List' }).waitFor();
      const table = page.getByRole('table', { name: 'User Retailer List' });
      const row = table.getByRole('row', { name: new RegExp(B.name) });
      await row.waitFor();
      expect((await table.getByRole('columnheader').allTextContents()).map((h) => h.trim())).toEqual(['Name', 'Allowed Retailer', 'Edit']);
      await expect.poll(() => page.locator('.brand-retailers__count').textContent()).toMatch(/^\d[\d,]* brands?$/);
      // Every enabled retailer, by name, comma-joined, on one line.
      const names = row.locator('.brand-retailers__names');
      await expect.poll(() => names.textContent()).toBe(byName.map((r) => r.name).join(', '));
      expect(await names.evaluate((el) => el.getBoundingClientRect().height < 2 * parseFloat(getComputedStyle(el).lineHeight || '20'))).toBe(true);
      const more = row.getByRole('button', { name: /view more/ });
      await more.waitFor();
      await shot(page, 'brand-retailers-list');
      await assertAccessible(t);
      await more.click();
      await row.getByRole('button', { name: /view less/ }).waitFor();
      expect(await names.evaluate((el) => el.scrollHeight > 40)).toBe(true);
      await shot(page, 'brand-retailers-view-more', false);

      // The checklist: every retailer by name, ticked when enabled; Cancel changes nothing.
      await page.getByRole('button', { name: `Edit the retailers of ${B.name}` }).click();
      const dialog = page.getByRole('dialog', { name: `Allowed retailers of ${B.name}` });
      await dialog.waitFor();
      const labels = (await dialog.locator('label').allTextContents()).map((s) => s.trim()).filter((s) => s.endsWith(tag) && s.includes('Carriage Boutique'));
      expect(labels).toEqual(byName.map((r) => r.name));
      const box = dialog.getByRole('checkbox', { name: FIRST.name });
      expect(await box.isChecked()).toBe(true);
      await box.uncheck();
      await shot(page, 'brand-retailers-checklist', false);
      await assertAccessible(t);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await names.textContent()).toContain(FIRST.name);

      // Untick and Update: the toast, and the row no longer names it.
      await page.getByRole('button', { name: `Edit the retailers of ${B.name}` }).click();
      await dialog.waitFor();
      expect(await dialog.getByRole('checkbox', { name: FIRST.name }).isChecked()).toBe(true);
      await dialog.getByRole('checkbox', { name: FIRST.name }).uncheck();
      await dialog.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'Successfully updated').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => names.textContent()).toBe(byName.slice(1).map((r) => r.name).join(', '));
      await shot(page, 'brand-retailers-updated', false);
      // Stored: switched off, kept on the list.
      const { getBrand } = await import('../../functions/brands/brands.repo');
      expect((await getBrand(B._id))!.retailers.find((r) => r.retailer === FIRST._id)).toMatchObject({ flag: false });
    }));
});

describe('/admin/permissions', () => {
  it("asks for a retailer or a brand; lists a brand's retailers 20 a page and a retailer's brands; exports", () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, await apiSession('admin@demo.test'), '/admin');
      await page.getByRole('link', { name: 'Permissions' }).click();
      await waitForPath(page, '/admin/permissions');
      await page.getByRole('heading', { name: 'Permissions', level: 1 }).waitFor();
      const form = page.getByRole('search', { name: 'Permissions' });
      await form.getByRole('button', { name: 'Search' }).click();
      await form.getByText(P.selectRetailer, { exact: true }).waitFor();
      await form.getByLabel('Filter by').selectOption('brand');
      await form.getByRole('button', { name: 'Search' }).click();
      await form.getByText(P.selectBrand, { exact: true }).waitFor();
      await shot(page, 'permissions-select-brand');
      await assertAccessible(t);

      // By brand: its 23 retailers, 20 on page 1, FIRST switched off (the test above, or this file's seed).
      await form.getByLabel('Brand', { exact: true }).selectOption({ label: B.name });
      await form.getByRole('button', { name: 'Search' }).click();
      await waitForPath(page, `/admin/permissions?brand=${B._id}`);
      await page.getByRole('heading', { name: P.brandTitle }).waitFor();
      const table = page.getByRole('table', { name: P.brandTitle });
      await table.getByRole('row', { name: new RegExp(byName[1]!.name) }).waitFor();
      expect((await table.getByRole('columnheader').allTextContents()).map((h) => h.trim())).toEqual(['Retailer', P.enabledColumn]);
      await expect.poll(() => page.locator('.permissions__count').textContent()).toBe('Count: 23');
      expect(await table.locator('tbody tr').count()).toBe(20);
      const firstRow = table.getByRole('row', { name: new RegExp(FIRST.name) });
      expect(await firstRow.getByRole('cell').nth(1).textContent()).toMatch(/^(Yes|No)$/);
      await shot(page, 'permissions-by-brand');
      await assertAccessible(t);
      await page.getByRole('navigation', { name: 'Permissions pages' }).getByRole('button', { name: 'Page 2', exact: true }).click();
      await waitForPath(page, `/admin/permissions?brand=${B._id}&page=2`);
      await table.getByRole('row', { name: new RegExp(byName[22]!.name) }).waitFor();
      expect(await table.locator('tbody tr').count()).toBe(3);

      // Export: the browser downloads the xlsx and stays on the page.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^0 Carriage Maison ${tag} - Retailers that Carry Brand - \\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      expect(new URL(page.url()).pathname).toBe('/admin/permissions');

      // By retailer: the brands carrying the second retailer (ours, enabled).
      await form.getByLabel('Filter by').selectOption('retailer');
      await form.getByLabel('Retailer', { exact: true }).selectOption({ label: byName[1]!.name });
      await form.getByRole('button', { name: 'Search' }).click();
      await waitForPath(page, `/admin/permissions?retailer=${byName[1]!._id}`);
      const byRetailer = page.getByRole('table', { name: P.retailerTitle });
      const ours = byRetailer.getByRole('row', { name: new RegExp(B.name) });
      await ours.waitFor();
      expect(await ours.getByRole('cell').nth(1).textContent()).toBe('Yes');
      await expect.poll(() => page.locator('.permissions__count').textContent()).toBe('Count: 1');
      await shot(page, 'permissions-by-retailer');
      await assertAccessible(t);

      // Reset: back to the empty form.
      await form.getByRole('button', { name: 'Reset' }).click();
      await waitForPath(page, '/admin/permissions');
      // The URL changes before React drops the table: wait for the render, not the first look.
      await expect.poll(() => page.getByRole('table').count()).toBe(0);
      expect(await form.getByLabel('Filter by').inputValue()).toBe('retailer');
    }));
});
