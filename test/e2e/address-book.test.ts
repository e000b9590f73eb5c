/**
 * The Address Book and EMAIL HISTORY tabs of the retailer page (issue 9) in a real browser, on the
 * demo data of the test stack: the contacts from the API, Add Contact with the form's messages
 * and the server's duplicate answer, delete with its confirmation as the brand admin, no delete
 * icon for a plain User, the empty states, and the email Preview (sandboxed frame). Expected rows
 * come from the API.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_MSG as M } from '../../shared/messages/address-book';
import { callRoute, login } from '../support/api';
import { apiSession, browserPerFile, screenshot, toast, withSession, type ApiSession } from '../support/browser';

const MA = 'brand-maison-aurelle';
const tag = randomBytes(3).toString('hex');
const { tab } = browserPerFile();
const sessions: Record<string, ApiSession> = {};
const as = async (email: string) => (sessions[email] ??= await apiSession(email));
const pad = (n: number) => String(n).padStart(2, '0');
/** MM/DD/YYYY in the browser's (this machine's) time zone, as the page shows it. */
const mmddyyyy = (iso: string) => {
  const d = new Date(iso);
  return `${pad(d.getMonth() + 1)}/${pad(d.getDate())}/${d.getFullYear()}`;
};

async function contactsOf(retailer: string) {
  const token = await login('brandadmin@demo.test');
  const res = await callRoute('getContactInfo', { token, query: { retailer, limit: 1000 } });
  expect(res.status).toBe(200);
  return res.body;
}

describe('Address Book', () => {
  it('adds a contact (the form names each missing or wrong field first), refuses the same address in another case, and deletes it as the brand admin', () =>
    tab(async ({ page }) => {
      const rid = 'ret-saint-clair';
      const before = await contactsOf(rid);
      await withSession(page, await as('brandadmin@demo.test'), `/dashboard/retailer/${rid}`);
      await page.getByRole('tab', { name: 'Address Book' }).click();
      const panel = page.getByRole('tabpanel').first();
      for (const c of before.retailer_contacts) await panel.getByRole('cell', { name: c.email }).waitFor();
      await panel.getByText(`${before.totalCount} contact${before.totalCount === 1 ? '' : 's'}`).waitFor();

      await panel.getByRole('button', { name: 'Add Contact' }).click();
      const dialog = page.getByRole('dialog', { name: /^Add Contact/ });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      for (const m of [M.firstNameRequired, M.lastNameRequired, M.emailRequired, M.roleRequired]) await dialog.getByText(m, { exact: true }).waitFor();
      await dialog.getByLabel('First Name').fill('Elise');
      await dialog.getByLabel('Last Name').fill('Moreau');
      await dialog.getByLabel('Email').fill('elise.moreau@');
      await dialog.getByLabel('Role').fill('Buyer');
      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      await dialog.getByText(M.emailInvalid, { exact: true }).waitFor();
      expect(await dialog.getByText(M.firstNameRequired).count()).toBe(0);
      await screenshot(page, 'address-book-add-invalid', false);

      const email = `elise.moreau-${tag}@saintclair.example`;
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      await toast(page, M.contactAdded).waitFor();
      await dialog.waitFor({ state: 'detached' });
      await panel.getByRole('cell', { name: email }).waitFor();
      await panel.getByText(`${before.totalCount + 1} contacts`).waitFor();
      const after = await contactsOf(rid);
      expect(after.totalCount).toBe(before.totalCount + 1);
      await screenshot(page, 'address-book-added');

      // The same address in capitals: the server's 409, shown under the field; nothing added.
      await panel.getByRole('button', { name: 'Add Contact' }).click();
      await dialog.getByLabel('First Name').fill('Elise');
      await dialog.getByLabel('Last Name').fill('Again');
      await dialog.getByLabel('Email').fill(email.toUpperCase());
      await dialog.getByLabel('Role').fill('Buyer');
      await dialog.getByRole('button', { name: 'Add Contact' }).click();
      await dialog.getByText(M.duplicate, { exact: true }).waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect((await contactsOf(rid)).totalCount).toBe(before.totalCount + 1);

      // Delete: a confirmation first; No keeps it, Yes deletes it.
      const del = panel.getByRole('button', { name: 'Delete contact Elise Moreau' });
      await del.click();
      const confirm = page.getByRole('dialog', { name: 'Delete contact' });
      await confirm.getByText(M.deleteQuestion).waitFor();
      await screenshot(page, 'address-book-delete-confirm', false);
      await confirm.getByRole('button', { name: 'No' }).click();
      await confirm.waitFor({ state: 'detached' });
      await panel.getByRole('cell', { name: email }).waitFor();
      await del.click();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await toast(page, M.contactDeleted).waitFor();
      await panel.getByRole('cell', { name: email }).waitFor({ state: 'detached' });
      const end = await contactsOf(rid);
      expect(end.totalCount).toBe(before.totalCount);
      expect(end.retailer_contacts.map((c) => c.email)).not.toContain(email);
    }));

  it('shows a plain User the contacts of an assigned retailer with no delete icon (they may still add)', () =>
    tab(async ({ page }) => {
      const rid = 'ret-harrowgate';
      const { retailer_contacts: contacts } = await contactsOf(rid);
      expect(contacts.length).toBeGreaterThan(0);
      await withSession(page, await as('user@demo.test'), `/dashboard/retailer/${rid}`);
      await page.getByRole('tab', { name: 'Address Book' }).click();
      const panel = page.getByRole('tabpanel').first();
      for (const c of contacts.slice(0, 25)) await panel.getByRole('cell', { name: c.email }).waitFor();
      expect(await panel.getByRole('columnheader').allTextContents()).toEqual(['First Name', 'Last Name', 'Email', 'Role']);
      expect(await panel.getByRole('button', { name: /^Delete contact/ }).count()).toBe(0);
      expect(await panel.getByRole('button', { name: 'Add Contact' }).count()).toBe(1);
      await screenshot(page, 'address-book-user');
    }));

  it("says 'Contact(s) not found.' and 'Email history(s) not found.' for a retailer with neither", () =>
    tab(async ({ page }) => {
      const rid = 'ret-orchard';
      expect((await contactsOf(rid)).totalCount).toBe(0);
      await withSession(page, await as('brandadmin@demo.test'), `/dashboard/retailer/${rid}`);
      await page.getByRole('tab', { name: 'Address Book' }).click();
      await page.getByRole('tabpanel').first().getByText(M.noContacts, { exact: true }).waitFor();
      await screenshot(page, 'address-book-empty', false);
      await page.getByRole('tab', { name: 'EMAIL HISTORY' }).click();
      await page.getByRole('tabpanel').first().getByText(M.noEmailHistory, { exact: true }).waitFor();
    }));
});

describe('EMAIL HISTORY', () => {
  it("lists the retailer's emails newest first with 'Emailed on' MM/DD/YYYY, and previews one in a sandboxed frame", () =>
    tab(async ({ page }) => {
      const rid = 'ret-harrowgate';
      const token = await login('brandadmin@demo.test');
      const info = (await callRoute('getRetailerScraping', { token, params: { brandId: MA, id: rid } })).body.data;
      const history = (await callRoute('getEmailHistory', { token, query: { retailer_brand_scraping: info._id } })).body;
      expect(history.totalCount).toBeGreaterThan(0);
      await withSession(page, await as('brandadmin@demo.test'), `/dashboard/retailer/${rid}`);
      await page.getByRole('tab', { name: 'EMAIL HISTORY' }).click();
      const panel = page.getByRole('tabpanel').first();
      // The emails' items only (the pager has list items too); other suites send to this retailer meanwhile:
      // the page must match the history read just before or just after it.
      const items = panel.getByRole('listitem').filter({ hasText: 'Emailed on' });
      await items.first().waitFor();
      const shown = await items.allTextContents();
      const after = (await callRoute('getEmailHistory', { token, query: { retailer_brand_scraping: info._id } })).body;
      const matches = (h: typeof history) =>
        shown.length === Math.min(25, h.data.length) && h.data.slice(0, 25).every((e, i) => shown[i]!.includes(e.subject) && shown[i]!.includes(`Emailed on ${mmddyyyy(e.createdAt)}`));
      expect(matches(history) || matches(after), JSON.stringify(shown.slice(0, 3))).toBe(true);
      await screenshot(page, 'email-history');

      const first = history.data[0]!;
      await items.first().getByRole('button', { name: `Preview: ${first.subject}` }).click();
      const dialog = page.getByRole('dialog', { name: first.subject });
      await dialog.waitFor();
      await dialog.getByText(mmddyyyy(first.createdAt)).waitFor();
      const frame = dialog.locator('iframe');
      expect(await frame.getAttribute('sandbox')).toBe('');
      // The first text of the stored body (its first element's), rendered inside the frame.
      const bodyText = (/>([^<]+)</.exec(first.htmlResponse)?.[1] ?? '').trim();
      expect(bodyText.length).toBeGreaterThan(2);
      await dialog.frameLocator('iframe').locator('body').getByText(bodyText, { exact: false }).first().waitFor();
      await screenshot(page, 'email-history-preview', false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }));

  it('keeps a plain User to the history of an assigned retailer (the same list as the API gives them)', () =>
    tab(async ({ page }) => {
      const rid = 'ret-lumiere';
      const token = await login('user@demo.test');
      const info = (await callRoute('getRetailerScraping', { token, params: { brandId: MA, id: rid } })).body.data;
      const history = (await callRoute('getEmailHistory', { token, query: { retailer_brand_scraping: info._id } })).body;
      await withSession(page, await as('user@demo.test'), `/dashboard/retailer/${rid}`);
      await page.getByRole('tab', { name: 'EMAIL HISTORY' }).click();
      const panel = page.getByRole('tabpanel').first();
      if (history.totalCount === 0) await panel.getByText(M.noEmailHistory).waitFor();
      else await panel.getByText(history.data[0]!.subject).first().waitFor();
      expect(await panel.getByRole('listitem').count()).toBe(Math.min(25, history.data.length));
    }));
});
