/**
 * A phone (issue 20 §3): every screen in a real 390 × 844 window, brand, admin and public, with
 * the states a user opens on them (tabs, modals, the side menu): nothing scrolls sideways
 * (`scrollWidth` 390, nothing sticking out), wide tables scroll in their own box, which the
 * keyboard reaches. Each screen is saved as phone-<name>.png under $SCREENS_DIR.
 *
 * Every other e2e test has the same width checked on each screen it visits, whatever its window
 * (test/support/phone-width.ts, run by the audit of test/support/browser.ts); the first test here
 * shows that check failing on a screen too wide, with the path and the element to blame.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute, login } from '../support/api';
import { apiSession, assertAccessible, emailedToken, launchBrowser, openTab, registerAccount, screenshot, withSession, type ApiSession, type Tab } from '../support/browser';
import { checkPhoneWidth, measureLive, PHONE } from '../support/phone-width';

const MA = 'brand-maison-aurelle';
const RID = 'ret-harrowgate';
const RNAME = 'Harrowgate & Finch';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The demo's pictures live on made-up retailer CDNs (*.example): a small picture for each, as a CDN would answer. */
const PICTURE = '<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900"><rect width="1200" height="900" fill="#d9cbb8"/></svg>';
async function serveCdnImages(page: Page): Promise<void> {
  await page.route(/^https:\/\/[^/]+\.example\//, (route) => route.fulfill({ status: 200, contentType: 'image/svg+xml', body: PICTURE }));
}

/** A tab with a 390 × 844 window, audited at the end as every e2e tab is. */
async function onPhone(fn: (t: Tab) => Promise<void>): Promise<void> {
  const t = await openTab(browser, PHONE);
  try {
    await serveCdnImages(t.page);
    await fn(t);
    await assertAccessible(t);
  } finally {
    await t.context.close();
  }
}

const slug = (name: string) => name.toLowerCase().replace(/\W+/g, '-');

/** Nothing is loading any more. */
async function noSpinner(page: Page): Promise<void> {
  await expect.poll(() => page.locator('.spinner').count()).toBe(0);
}

/** The screen shown fits the phone's window (measured in it), saved as phone-<name>.png (a modal: the window only, 390 × 844). */
async function fits(page: Page, name: string, fullPage = true): Promise<void> {
  await screenshot(page, `phone-${name}`, fullPage);
  expect(await measureLive(page), name).toEqual({ scrollWidth: PHONE.width, elements: [] });
}

const sessions: Record<'brandAdmin' | 'admin', ApiSession | undefined> = { brandAdmin: undefined, admin: undefined };
const brandAdmin = async () => (sessions.brandAdmin ??= await apiSession('brandadmin@demo.test'));
const admin = async () => (sessions.admin ??= await apiSession('admin@demo.test'));

describe('the 390 px check of every e2e screen', () => {
  it('fails a screen wider than the phone with its path and what sticks out, from a desktop window, and lets a wide table scroll in its box', async () => {
    const t = await openTab(browser);
    try {
      const { page } = t;
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await t.audits[0]!.settled(); // the audit of the load, done before the screen is changed below
      expect(await checkPhoneWidth(page)).toBeUndefined();

      // A table wider than the phone in a box that scrolls: the page keeps 390 px.
      await page.evaluate(() => {
        const box = document.createElement('div');
        box.className = 'phone-probe-box';
        box.style.overflowX = 'auto';
        box.innerHTML = '<table style="width: 900px"><tr><td>wide</td></tr></table>';
        document.body.append(box);
      });
      expect(await checkPhoneWidth(page)).toBeUndefined();

      // A screen-reader label placed absolutely escapes a box that is not positioned: it widens the page.
      await page.evaluate(() => {
        document.querySelector('.phone-probe-box table td')!.insertAdjacentHTML('beforeend', '<span class="sr-only phone-probe-label">label</span>');
        (document.querySelector('.phone-probe-box table') as HTMLElement).style.marginLeft = '600px';
      });
      expect((await checkPhoneWidth(page))?.elements).toEqual([expect.stringMatching(/^span\.sr-only\.phone-probe-label \[/)]);
      await page.evaluate(() => document.querySelector('.phone-probe-box')!.remove());

      // A word that does not wrap, then a box wider than the phone.
      await page.evaluate(() => {
        const p = document.createElement('p');
        p.className = 'phone-probe-word';
        p.textContent = 'x'.repeat(120);
        document.body.append(p);
      });
      const word = await checkPhoneWidth(page);
      expect(word?.path).toBe('/login');
      expect(word?.scrollWidth).toBeGreaterThan(PHONE.width);
      expect(word?.elements).toEqual([expect.stringMatching(/^p\.phone-probe-word \[\d+–\d+ px\] "x+"$/)]);
      await page.evaluate(() => {
        document.querySelector('.phone-probe-word')!.remove();
        const div = document.createElement('div');
        div.className = 'phone-probe-wide';
        div.style.width = '700px';
        div.textContent = 'too wide';
        document.body.append(div);
      });
      // The audit of the tab reports it, and the test's own window stayed as it was.
      await expect(assertAccessible(t)).rejects.toThrow(/screens wider than a 390 px phone \(they scroll sideways\):\n\/login: \d+ px wide at 390 px; sticking out: div\.phone-probe-wide \[\d+–\d+ px\] "too wide"/);
      expect(page.viewportSize()).toEqual({ width: 1366, height: 860 });
    } finally {
      await t.context.close();
    }
  });
});

describe('brand screens on a 390 px phone', () => {
  it('summary (and the side menu), Retailer List (its table scrolls by keyboard), Manage Catalog, Inbox and its message form', () =>
    onPhone(async ({ page }) => {
      await withSession(page, await brandAdmin(), '/dashboard/summary');
      await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
      await page.locator('.tile').first().waitFor();
      await fits(page, 'summary');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Retailer List' }).click();
      await page.getByRole('heading', { level: 1, name: 'Retailer List' }).waitFor();
      const table = page.getByRole('region', { name: 'Retailers table' });
      await table.getByRole('link', { name: RNAME }).waitFor();
      await fits(page, 'retailer-list');
      // The table is wider than the phone: its box scrolls, by keyboard too. (The side menu hands the
      // focus back to its button as it closes, which may come after a first focus: pressed on the box again until it scrolls.)
      await expect
        .poll(async () => {
          await table.press('ArrowRight');
          return table.evaluate((el) => el.scrollLeft);
        })
        .toBeGreaterThan(0);

      await page.goto('/dashboard/products-list');
      await page.getByText(/[\d,]+ Items Found/).waitFor();
      await fits(page, 'catalog');

      await page.goto('/dashboard/message-inbox');
      await page.getByRole('button', { name: 'Add New Message' }).click();
      await page.getByRole('dialog').waitFor();
      await fits(page, 'inbox-new-message', false);
    }), 120_000);

  it('retailer page: DETAILS, Address Book and its form, EMAIL HISTORY, ALL EXPORTS; its product table scrolls by keyboard', () =>
    onPhone(async ({ page }) => {
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}`);
      await page.getByRole('heading', { level: 2, name: RNAME }).waitFor();
      await page.getByRole('tabpanel').first().getByText('Total Products').waitFor();
      await page.getByText(/[\d,]+ Items Found/).waitFor();
      await fits(page, 'retailer');
      // The product table is wider than the phone: its box is a region named by the tab, which the keyboard scrolls.
      const products = page.getByRole('region', { name: 'Price Issues' });
      await products.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => products.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

      const side = page.getByRole('tablist', { name: 'Retailer' });
      for (const name of ['Address Book', 'EMAIL HISTORY', 'ALL EXPORTS']) {
        await side.getByRole('tab', { name }).click();
        await noSpinner(page);
        await fits(page, `retailer-${slug(name)}`);
      }
      await side.getByRole('tab', { name: 'Address Book' }).click();
      await page.getByRole('button', { name: 'Add Contact' }).click();
      await page.getByRole('dialog').waitFor();
      await fits(page, 'retailer-add-contact', false);
    }), 120_000);

  it('retailer page: the product tabs and BASKET; the contact form, the B2B link and the image modal; the period route', () =>
    onPhone(async ({ page }) => {
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}`);
      await page.getByRole('heading', { level: 2, name: RNAME }).waitFor();
      const tabs = page.getByRole('tablist', { name: 'Product tabs' });
      for (const name of ['Flagged Products', 'Changes Since last scan', 'All OH', 'ALL SCRAPED', 'BASKET']) {
        await tabs.getByRole('tab', { name }).click();
        await page.getByRole('tabpanel', { name }).waitFor();
        await noSpinner(page);
        await fits(page, `retailer-tab-${slug(name)}`);
      }
      await tabs.getByRole('tab', { name: 'Flagged Products' }).click();
      await page.getByRole('button', { name: 'Contact Retailer' }).click();
      await page.getByRole('dialog').waitFor();
      await noSpinner(page);
      await fits(page, 'retailer-contact-form', false);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: 'B2B portal link' }).click();
      await page.getByRole('dialog', { name: 'B2B portal link' }).waitFor();
      await fits(page, 'retailer-b2b-link', false);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await page.getByRole('button', { name: `Open Hero image on ${RNAME}` }).click();
      await page.getByRole('dialog', { name: `Hero image on ${RNAME}` }).waitFor();
      await fits(page, 'retailer-image', false);
      await page.keyboard.press('Escape');

      const token = await login('brandadmin@demo.test');
      const periods = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RID } })).body.data;
      await page.goto(`/dashboard/retailer/${RID}/period/${periods[1]!._id}`);
      await page.getByRole('heading', { level: 1, name: 'Comparison Report' }).waitFor();
      await page.getByText(/[\d,]+ Items Found/).waitFor();
      await fits(page, 'retailer-period');
    }), 120_000);

  it('product page: its pickers, PRODUCT DETAILS open, its history table and the flag form', () =>
    onPhone(async ({ page }) => {
      const token = await login('brandadmin@demo.test');
      const periods = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RID } })).body.data;
      const product = (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: periods[0]!._id } })).body.data[0]!;
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}/product/${product._id}`);
      await page.getByRole('heading', { level: 2, name: /^Details for / }).waitFor();
      await page.locator('tr.history-row').first().waitFor();
      await page.getByText('PRODUCT DETAILS').click();
      await fits(page, 'product');
      await page.getByRole('button', { name: 'Flag this product' }).click();
      await page.getByRole('dialog').waitFor();
      await fits(page, 'product-flag', false);
    }), 120_000);

  it('settings: My Account, Brand, Manage Reports, Contacts and its tabs, Users and its forms', () =>
    onPhone(async ({ page }) => {
      await withSession(page, await brandAdmin(), '/dashboard/profile/settings?tab=account');
      await page.getByLabel('Email Frequency').waitFor();
      await fits(page, 'settings-account');
      await page.goto('/dashboard/profile/settings?tab=brand');
      await page.getByRole('heading', { name: 'Brand colours' }).waitFor();
      await fits(page, 'settings-brand');
      await page.goto('/dashboard/profile/settings?tab=reports');
      await page.getByRole('button', { name: 'Export' }).waitFor();
      await fits(page, 'settings-reports');
      await page.goto('/dashboard/profile/settings?tab=contacts');
      for (const name of ['Import Contacts', 'Export Contacts', 'Import/Export History']) {
        await page.getByRole('tab', { name }).click();
        await noSpinner(page);
        await fits(page, `settings-contacts-${slug(name)}`);
      }
      await page.goto('/dashboard/profile/settings?tab=users');
      await page.getByRole('cell', { name: 'brandadmin@demo.test', exact: true }).waitFor();
      await fits(page, 'settings-users');
      await page.getByRole('button', { name: 'Add New User' }).click();
      await page.getByRole('dialog').waitFor();
      await fits(page, 'settings-users-add', false);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Invite Member' }).click();
      await page.getByRole('dialog').waitFor();
      await fits(page, 'settings-users-invite', false);
    }), 120_000);
});

describe('admin screens on a 390 px phone', () => {
  it('the chooser, the admin home, the post office, a file comparison, its settings and notifications', () =>
    onPhone(async ({ page }) => {
      await withSession(page, await admin(), '/admin/confirm');
      await page.getByRole('heading', { name: 'How would you like to continue?' }).waitFor();
      await fits(page, 'admin-confirm');
      await page.goto('/admin');
      await page.getByRole('heading', { name: 'Administration', level: 1 }).waitFor();
      await fits(page, 'admin-home');
      await page.goto('/admin/post-office');
      await page.locator('.po-table tbody tr').first().waitFor();
      await fits(page, 'post-office');
      // A demo retailer's approved file has a comparison; the newest file of the run may be another suite's unreadable drop, which has none.
      await page.goto('/admin/post-office?name=harrowgate-finch&approvedStatus=approved');
      await page.locator('.po-table tbody tr').first().waitFor();
      await page.locator('.po-table tbody .po-row__file a').first().click();
      await page.getByRole('heading', { name: 'File Comparison' }).waitFor();
      await page.locator('.cmp-table').first().waitFor();
      await fits(page, 'post-office-comparison');
      await page.goto('/admin/post-office/settings');
      await page.getByRole('heading', { name: 'Thresholds' }).waitFor();
      await fits(page, 'post-office-settings');
      await page.goto('/admin/post-office/notification');
      await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor();
      await noSpinner(page);
      await fits(page, 'post-office-notifications');
    }), 120_000);

  it('Manage Users, Retailer List, User Retailer List, Permissions, each with its form', () =>
    onPhone(async ({ page }) => {
      // The list is by name and other files add users side by side: the keyword keeps this row on page one.
      await withSession(page, await admin(), '/admin/manage-users?keyword=admin%40demo.test');
      await page.getByRole('cell', { name: 'admin@demo.test', exact: true }).waitFor();
      await fits(page, 'admin-users');
      await page.getByRole('button', { name: 'Add Users' }).click();
      await page.getByRole('dialog').waitFor();
      await fits(page, 'admin-users-add', false);
      await page.keyboard.press('Escape');

      await page.goto('/admin/retailers');
      // By name, 100 a page, with retailers other files add side by side: any row will do for the layout.
      await page.getByRole('region', { name: 'Retailers' }).locator('tbody tr').first().waitFor();
      await fits(page, 'admin-retailers');
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      await page.getByRole('dialog').waitFor();
      await fits(page, 'admin-retailers-add', false);
      await page.keyboard.press('Escape');

      await page.goto('/admin/user-retailer-association');
      await page.getByRole('button', { name: 'Edit the retailers of Maison Aurelle' }).click();
      await page.getByRole('dialog').waitFor();
      await fits(page, 'admin-brand-retailers-edit', false);
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await fits(page, 'admin-brand-retailers');

      await page.goto('/admin/permissions');
      await page.getByLabel('Retailer', { exact: true }).selectOption({ label: RNAME });
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('heading', { name: 'Brands Retailer Carries' }).waitFor();
      await page.locator('.permissions__results tbody tr').first().waitFor();
      await fits(page, 'admin-permissions');
    }), 120_000);

  it("an admin acting as the brand: its canned messages and brand settings", () =>
    onPhone(async ({ page }) => {
      await withSession(page, { ...(await admin()), actingBrand: { _id: MA, name: 'Maison Aurelle', slug: 'maison-aurelle' } }, '/dashboard/message-inbox');
      await page.getByRole('region', { name: 'Canned messages table' }).waitFor();
      await fits(page, 'admin-canned-messages');
      await page.goto('/dashboard/profile/settings?tab=brand');
      await page.getByRole('heading', { name: 'Brand colours' }).waitFor();
      await fits(page, 'admin-brand-settings');
    }), 120_000);
});

describe('public pages on a 390 px phone', () => {
  it('landing, login and its forgot-password form, register, reset and activation links, privacy, not found, the bug report form', () =>
    onPhone(async ({ page }) => {
      await page.goto('/home');
      await page.getByRole('heading', { name: /See your brand the way shoppers see it/ }).waitFor();
      await fits(page, 'home');
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await fits(page, 'login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await page.getByRole('dialog', { name: 'Forgot Password' }).waitFor();
      await fits(page, 'forgot-password', false);
      await page.goto('/register');
      await page.getByRole('button', { name: 'Create account' }).waitFor();
      await fits(page, 'register');
      await page.goto('/reset-password?token=not-a-token');
      await page.locator('#root > *').first().waitFor();
      await noSpinner(page);
      await fits(page, 'reset-password');
      const account = await registerAccount('phone');
      await page.goto(`/activate-account?token=${await emailedToken(account.email, 'activate-account')}`);
      await page.getByRole('heading', { name: 'Activate your account' }).waitFor();
      await fits(page, 'activate-account');
      await page.goto('/no-such-page');
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      await fits(page, 'not-found');
      await withSession(page, await apiSession('newuser@demo.test'), '/privacypolicy');
      await page.getByRole('button', { name: 'I Accept' }).waitFor();
      await fits(page, 'privacy');
      await withSession(page, await brandAdmin(), '/dashboard/stats');
      await page.getByRole('contentinfo').getByRole('button', { name: 'Contact' }).click();
      await page.getByRole('dialog').waitFor();
      await fits(page, 'bug-report', false);
    }), 120_000);

  it('the B2B portal a brand sends its retailer', () =>
    onPhone(async ({ page }) => {
      const token = await login('brandadmin@demo.test');
      const link = (await callRoute('createB2bLink', { token, body: { retailerId: RID, expiresInDays: 1 } })).body.data;
      const u = new URL(link.url);
      await page.goto(u.pathname + u.hash);
      await page.getByRole('heading', { level: 2, name: RNAME }).waitFor();
      await page.getByText(/[\d,]+ Items Found/).waitFor();
      await fits(page, 'b2b-portal');
    }), 120_000);
});
