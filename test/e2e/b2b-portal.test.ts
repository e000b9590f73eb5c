/**
 * The B2B portal (001 §2 /b2bReatilerView/{rId}, §6; docs/decisions.md "B2B portal") in a real
 * browser: the brand admin issues a link from the retailer page's 'B2B portal link' modal, a
 * fresh browser context opens it and sees the reduced view (All OH, default, and BASKET; no
 * dashboard frame, no flag or edit controls; the token gone from the address bar) and cannot
 * reach /dashboard; the brand admin revokes the link and the portal then says the link ended.
 * A plain User has no 'B2B portal link' control. Expected figures come from the API.
 */
import { describe, expect, it } from 'vitest';
import { B2B_MSG } from '../../shared/messages/b2b';
import { BASKET_MSG } from '../../shared/messages/basket';
import { callRoute, login } from '../support/api';
import { apiSession, browserPerFile, here, screenshot, toast, waitForPath, withSession } from '../support/browser';

const MA = 'brand-maison-aurelle';
const RID = 'ret-harrowgate';
const RNAME = 'Harrowgate & Finch';
const { tab } = browserPerFile();

async function allOhCount(): Promise<number> {
  const token = await login('brandadmin@demo.test');
  const periods = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RID } })).body.data;
  return (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: periods[0]!._id, filter: 'all_oh' } })).body.totalCount;
}

describe('B2B portal', () => {
  it('a brand admin issues a link; a fresh browser sees only All OH and BASKET, cannot reach the dashboard, and the link ends when revoked', () =>
    tab(async (admin) => {
      await withSession(admin.page, await apiSession('brandadmin@demo.test'), `/dashboard/retailer/${RID}`);
      await admin.page.getByRole('heading', { level: 2, name: RNAME }).waitFor();
      await screenshot(admin.page, 'b2b-retailer-page', false);
      await admin.page.getByRole('button', { name: 'B2B portal link' }).click();
      const modal = admin.page.getByRole('dialog', { name: 'B2B portal link' });
      await modal.waitFor();
      await modal.getByLabel('Expires in').selectOption('7');
      await modal.getByRole('button', { name: 'Create', exact: true }).click();
      await toast(admin.page, B2B_MSG.created).waitFor();
      const url = await modal.getByRole('textbox').inputValue();
      expect(url).toMatch(new RegExp(`/b2bReatilerView/${RID}#t=[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{43}$`));
      // The new link is listed (created by the brand admin, expiring in 7 days).
      const row = modal.locator('tbody tr').filter({ hasText: 'Marchand' }).first();
      await row.waitFor();
      await screenshot(admin.page, 'b2b-issue-modal', false);
      const expected = await allOhCount();

      await tab(async (portal) => {
        const { page } = portal;
        const u = new URL(url);
        await page.goto(u.pathname + u.hash);
        await page.getByRole('heading', { level: 2, name: RNAME }).waitFor();
        // The token left the address bar at once.
        expect(page.url()).not.toContain('#t=');
        expect(here(page)).toBe(`/b2bReatilerView/${RID}`);
        const tabs = page.getByRole('tablist', { name: 'Product tabs' }).getByRole('tab');
        expect(await tabs.allTextContents()).toEqual(['All OH', 'BASKET']);
        await expect.poll(() => page.getByRole('tab', { name: 'All OH' }).getAttribute('aria-selected')).toBe('true');
        await page.getByText(`${expected.toLocaleString('en-US')} Items Found`).waitFor();
        // The brand's name in the header; no dashboard frame, no flag or edit controls.
        await page.getByText('Maison Aurelle', { exact: true }).waitFor();
        expect(await page.getByRole('navigation', { name: 'Dashboard' }).count()).toBe(0);
        expect(await page.getByRole('complementary', { name: 'Side menu' }).count()).toBe(0);
        expect(await page.getByRole('columnheader', { name: 'Flag' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: 'B2B portal link' }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /^(Flag|Unflag) / }).count()).toBe(0);
        expect(await page.getByRole('columnheader', { name: 'Serial #' }).count()).toBe(1);
        // No user session was stored: the portal's token is not a login.
        expect(await page.evaluate(() => localStorage.getItem('auth'))).toBeNull();
        // The header in the brand's colours (from the API, as the brand set them).
        const colors = (await callRoute('listBrands', { token: await login('admin@demo.test') })).body.data.find((b) => b._id === MA)!.colors;
        const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
        expect(await page.locator('.portal__header').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb(colors.bgColor));
        await screenshot(page, 'b2b-portal-all-oh');

        // The portal keeps a basket of its own: the plus icon of an All OH row adds to it.
        const plus = page.getByRole('button', { name: /^Add .+ to the basket$/ }).first();
        const serial = /^Add (.+) to the basket$/.exec((await plus.getAttribute('aria-label')) ?? '')![1]!;
        await plus.click();
        await toast(page, BASKET_MSG.added).waitFor();
        await page.getByRole('tab', { name: 'BASKET' }).click();
        await expect.poll(() => page.getByRole('tab', { name: 'BASKET' }).getAttribute('aria-selected')).toBe('true');
        await page.getByText(BASKET_MSG.count(1)).waitFor();
        await page.getByText(serial, { exact: true }).first().waitFor();
        // No export from the portal (its session may only read and keep its basket).
        expect(await page.getByRole('button', { name: /Export/ }).count()).toBe(0);
        await screenshot(page, 'b2b-portal-basket', false);

        // A reload keeps the portal open (the token is kept for this tab only).
        await page.goto(`/b2bReatilerView/${RID}`);
        await page.getByText(`${expected.toLocaleString('en-US')} Items Found`).waitFor();

        // The dashboard is not the portal's: /login.
        await page.goto('/dashboard/summary');
        await waitForPath(page, /^\/login/);

        // Revoked from the issuing modal (confirmed first).
        await row.getByRole('button', { name: /^Revoke/ }).click();
        const confirm = admin.page.getByRole('dialog', { name: 'Revoke link' });
        await confirm.getByRole('button', { name: 'Revoke', exact: true }).click();
        await toast(admin.page, B2B_MSG.revoked).waitFor();

        await page.goto(`/b2bReatilerView/${RID}`);
        await page.getByText(B2B_MSG.linkEnded).waitFor();
        expect(await page.getByRole('tab').count()).toBe(0);
        await screenshot(page, 'b2b-portal-ended');
      });
    }));

  it('a page already open ends at its next request once the link is revoked; a tampered link shows the same page', () =>
    tab(async (portal) => {
      const { page } = portal;
      const token = await login('brandadmin@demo.test');
      const link = (await callRoute('createB2bLink', { token, body: { retailerId: RID, expiresInDays: 1 } })).body.data;
      const u = new URL(link.url);
      await page.goto(u.pathname + u.hash);
      await page.getByRole('heading', { level: 2, name: RNAME }).waitFor();
      await page.getByRole('tab', { name: 'BASKET' }).click();
      expect((await callRoute('revokeB2bLink', { token, params: { id: link._id } })).status).toBe(200);
      // The BASKET tab's own request may end the page first (its tabs go): then there is nothing to click.
      await page.getByRole('tab', { name: 'All OH' }).click({ timeout: 2000 }).catch(() => undefined);
      // The list may come from the page's cache (no request yet): a search is the page's next request.
      // The tab's own request may end the page meanwhile (the search box goes): then nothing to type.
      const ended = page.getByText(B2B_MSG.linkEnded);
      await expect
        .poll(async () => {
          if (await ended.isVisible()) return true;
          const search = page.getByPlaceholder('Type to search ...');
          await search.fill(`Aurelle ${Date.now()}`, { timeout: 1000 }).catch(() => undefined);
          await search.press('Enter', { timeout: 1000 }).catch(() => undefined);
          return ended.isVisible();
        })
        .toBe(true);

      // In the same tab, a fresh link's address (only the fragment changes: no reload) opens it…
      const fresh = (await callRoute('createB2bLink', { token, body: { retailerId: RID, expiresInDays: 1 } })).body.data;
      await page.goto(`/b2bReatilerView/${RID}${new URL(fresh.url).hash}`);
      await page.getByRole('tab', { name: 'All OH' }).waitFor();
      await expect.poll(() => page.url()).not.toContain('#t=');
      // …and a tampered one does not (in a fresh page load too).
      const tampered = u.hash.slice(0, -2) + (u.hash.endsWith('AA') ? 'BB' : 'AA');
      await page.goto('about:blank');
      await page.goto(`/b2bReatilerView/${RID}${tampered}`);
      await page.getByText(B2B_MSG.linkEnded).waitFor();
      expect(page.url()).not.toContain('#t=');
      expect(await page.getByRole('tab').count()).toBe(0);
    }));

  it("a plain User's retailer page has no 'B2B portal link' control", () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession('user@demo.test'), `/dashboard/retailer/${RID}`);
      await page.getByRole('heading', { level: 2, name: RNAME }).waitFor();
      await page.getByRole('tab', { name: 'Price Issues' }).waitFor();
      expect(await page.getByRole('button', { name: 'B2B portal link' }).count()).toBe(0);
    }));
});
