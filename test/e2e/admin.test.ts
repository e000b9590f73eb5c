/**
 * The admin chooser and home (001 §2): 'Admin' → /admin with its two menus, 'Log out' and the
 * scroll-to-top button; 'Brand User' → Select Brand (Close, Save Changes) → acting as that brand.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cssVar, here, inSignedInTab, launchBrowser, screenshot, storedSession, waitForPath, type Tab } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const asAdmin = (target: string, fn: (t: Tab) => Promise<void>, viewport?: { width: number; height: number }) => inSignedInTab(browser, 'admin@demo.test', target, fn, viewport);

describe('/admin/confirm', () => {
  it("'Admin' opens the admin home", () =>
    asAdmin('/admin/confirm', async ({ page }) => {
      await page.getByRole('button', { name: /^Admin/ }).click();
      await waitForPath(page, '/admin');
      await page.getByRole('heading', { name: 'Administration' }).waitFor();
    }));

  it("'Brand User' opens Select Brand; Close closes it; Save Changes acts as the brand on /dashboard/summary", () =>
    asAdmin('/admin/confirm', async ({ page }) => {
      await page.getByRole('button', { name: /Brand User/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Select Brand' });
      await dialog.waitFor();
      const select = dialog.getByLabel('Select Brand');
      await select.locator('option', { hasText: 'Castellane Paris' }).waitFor({ state: 'attached' });
      expect(await dialog.getByRole('button', { name: 'Save Changes' }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'detached' });

      await page.getByRole('button', { name: /Brand User/ }).click();
      await dialog.waitFor();
      await select.selectOption({ label: 'Castellane Paris' });
      await screenshot(page, 'admin-select-brand');
      await dialog.getByRole('button', { name: 'Save Changes' }).click();
      await waitForPath(page, '/dashboard/summary');
      await page.getByRole('heading', { name: 'Welcome, Ada Admin' }).waitFor();
      // The acting brand is named in the top bar, under the admin's name.
      expect(await page.locator('.topbar__brand').textContent()).toBe('Castellane Paris');
      // The acting brand's colours, stored with the session.
      expect(await cssVar(page, '--bg-color')).toBe('#1f2a44');
      expect(JSON.parse((await storedSession(page)).local!).actingBrand).toMatchObject({ _id: 'brand-castellane', name: 'Castellane Paris' });
      await screenshot(page, 'dashboard-admin-acting');

      // The side menu's Admin/Brand User link leads back to the chooser; 'Admin' stops acting.
      await page.getByRole('link', { name: 'Admin/Brand User' }).click();
      await waitForPath(page, '/admin/confirm');
      await page.getByText('You are currently acting as a user of Castellane Paris.').waitFor();
      await page.getByRole('button', { name: /^Admin/ }).click();
      await waitForPath(page, '/admin');
      expect(JSON.parse((await storedSession(page)).local!).actingBrand).toBeNull();
      expect(await cssVar(page, '--bg-color')).toBe('#333131');
      await page.goto('/dashboard/summary');
      await waitForPath(page, '/admin/confirm');
    }));

  it('Escape closes the Select Brand modal', () =>
    asAdmin('/admin/confirm', async ({ page }) => {
      await page.getByRole('button', { name: /Brand User/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Select Brand' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(here(page)).toBe('/admin/confirm');
    }));
});

describe('/admin home', () => {
  it('has the PostOffice and Retailers menus with their links, and a Log out link', () =>
    asAdmin('/admin', async ({ page }) => {
      // The admin area loads on first visit: wait for the page before reading it.
      await page.getByRole('heading', { name: 'Administration' }).waitFor();
      const links = async (menu: string) => {
        const region = page.getByRole('region', { name: menu });
        return region.getByRole('link').evaluateAll((els) => els.map((a) => [a.textContent?.trim(), a.getAttribute('href')]));
      };
      expect(await links('PostOffice')).toEqual([
        ['Go to PO', '/admin/post-office'],
        ['Go to PO Admin', '/admin/post-office/settings'],
        [expect.stringMatching(/^Go to Notifications(\d+|99\+)?$/), '/admin/post-office/notification'],
      ]);
      expect(await links('Retailers')).toEqual([
        ['Manage Brands', '/admin/user-retailer-association'],
        ['Permissions', '/admin/permissions'],
        ['Manage Retailers', '/admin/retailers'],
        ['Manage Users', '/admin/manage-users'],
      ]);
      expect(await page.getByRole('link', { name: 'Log out' }).getAttribute('href')).toBe('/login?session=logout');
      // The unseen-notification badge on 'Go to Notifications' is checked in post-office.test.ts.
      await screenshot(page, 'admin-home');

      await page.getByRole('link', { name: 'Go to PO', exact: true }).click();
      await waitForPath(page, '/admin/post-office');
      await page.getByRole('heading', { name: 'Post Office' }).waitFor();
      await page.getByRole('link', { name: 'Back' }).click();
      await waitForPath(page, '/admin');

      // The web's logout ends this session only (POST /logout, checked in login.test.ts): the shared
      // demo admin's other sessions (other files) live on.
      await page.getByRole('link', { name: 'Log out' }).click();
      await waitForPath(page, '/login?session=logout');
      await page.getByText('You have been logged out.').waitFor();
      expect((await storedSession(page)).local).toBeNull();
    }));

  it('shows a scroll-to-top button once the page is scrolled', () =>
    asAdmin(
      '/admin',
      async ({ page }) => {
        await page.getByRole('heading', { name: 'Administration' }).waitFor();
        const button = page.locator('.scroll-top');
        expect(await button.getAttribute('class')).not.toContain('scroll-top--visible');
        await page.mouse.wheel(0, 1200);
        await page.waitForFunction(() => window.scrollY > 160);
        await page.getByRole('button', { name: 'Scroll to top' }).waitFor();
        await page.waitForSelector('.scroll-top--visible');
        await screenshot(page, 'admin-home-mobile', false);
        await page.getByRole('button', { name: 'Scroll to top' }).click();
        await page.waitForFunction(() => window.scrollY === 0);
      },
      { width: 390, height: 560 },
    ));
});
