/**
 * The Inbox (issue 10) in a real browser, as Castellane Paris's brand admin (Maison Aurelle's
 * messages are counted by other suites: this file writes none of them): the table, the add modal's
 * three spec messages, a message written in Quill with a placeholder from the dropdown inserted at
 * the caret, 'Message created successfully' and the row; the view modal; an edit ('Message updated
 * successfully'); then the message offered in the contact form's canned-message dropdown on the
 * Harrowgate & Finch retailer page (and a placeholder inserted there, filled). A plain User of Maison Aurelle reads the Inbox without Add/Edit.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { assertAccessible, apiSession, browserPerFile, screenshot, toast, withSession } from '../support/browser';

const RID = 'ret-harrowgate';
const RNAME = 'Harrowgate & Finch';
const tag = randomBytes(3).toString('hex');
const NAME = `Inbox e2e ${tag}`;
const { tab } = browserPerFile();

describe('Inbox', () => {
  it('a brand admin adds a message with a placeholder, sees it, views and edits it, and the contact form offers it', () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, await apiSession('castellane@demo.test'), '/dashboard/message-inbox');
      await page.getByRole('heading', { name: 'Canned messages' }).waitFor();
      await page.getByText('Inbox', { exact: true }).first().waitFor(); // the top bar's title
      await page.getByRole('button', { name: 'Add New Message' }).click();
      const add = page.getByRole('dialog', { name: 'Add message' });
      const editor = add.getByRole('textbox', { name: 'Message' });
      await editor.waitFor();

      // Nothing filled: the three spec messages together.
      await add.getByRole('button', { name: 'Save' }).click();
      for (const m of ['Name is required.', 'Message is required.', 'Please select status.']) await add.getByRole('alert').getByText(m).waitFor();
      await screenshot(page, 'inbox-add-errors', false);
      await assertAccessible(t);

      await add.getByLabel('Name').fill(NAME);
      await add.getByLabel('Status').selectOption({ label: 'active' });
      await editor.click();
      await page.keyboard.type('Dear ');
      await add.getByLabel('Insert placeholder').selectOption('{firstName}');
      await editor.click();
      await page.keyboard.press('End');
      await page.keyboard.type(', please check the listing.');
      await expect.poll(() => editor.innerText()).toContain('Dear {firstName}, please check the listing.');
      await add.getByLabel('Insert placeholder').selectOption('{User_name}');
      await expect.poll(() => editor.innerText()).toContain('listing.{User_name}');
      await screenshot(page, 'inbox-add-filled', false);
      await add.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Message created successfully').waitFor();
      await add.waitFor({ state: 'detached' });
      const row = page.getByRole('row', { name: new RegExp(NAME) });
      await row.waitFor();
      expect(await row.innerText()).toContain('Dear {firstName}, please check the listing.{User_name}');
      expect(await row.innerText()).toMatch(/\bactive\b/);
      await screenshot(page, 'inbox-list');

      // View.
      await page.getByRole('button', { name: `View ${NAME}` }).click();
      const view = page.getByRole('dialog', { name: NAME });
      await view.getByText('Dear {firstName}, please check the listing.{User_name}').waitFor();
      await screenshot(page, 'inbox-view', false);
      await assertAccessible(t);
      await view.getByRole('button', { name: 'Close', exact: true }).click();
      await view.waitFor({ state: 'detached' });

      // Edit: the text and the status; the list shows 'in active', then back to active.
      await page.getByRole('button', { name: `Edit ${NAME}` }).click();
      const edit = page.getByRole('dialog', { name: `Edit message: ${NAME}` });
      const editEditor = edit.getByRole('textbox', { name: 'Message' });
      await expect.poll(() => editEditor.innerText()).toContain('Dear {firstName}');
      await editEditor.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.press('Enter');
      await page.keyboard.type('Kind regards');
      await edit.getByLabel('Status').selectOption({ label: 'in active' });
      await screenshot(page, 'inbox-edit', false);
      await edit.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'Message updated successfully').waitFor();
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => row.innerText()).toContain('in active');
      expect(await row.innerText()).toContain('Kind regards');
      // Inactive messages are not offered by the contact form: make it active again.
      await page.getByRole('button', { name: `Edit ${NAME}` }).click();
      await edit.getByLabel('Status').selectOption({ label: 'active' });
      await edit.getByRole('button', { name: 'Update' }).click();
      await toast(page, 'Message updated successfully').waitFor();
      await expect.poll(() => row.innerText()).not.toContain('in active');
      await screenshot(page, 'inbox-list-edited');

      // The contact form on the retailer page offers it, filled for the ticked contact.
      await page.goto(`/dashboard/retailer/${RID}`);
      await page.getByRole('button', { name: `Flag the brand profile on ${RNAME}` }).click();
      const flag = page.getByRole('dialog', { name: `Flag the brand profile on ${RNAME}` });
      await flag.getByRole('tab', { name: 'CONTACT RETAILER' }).click();
      const canned = flag.getByLabel('Canned message');
      await expect.poll(() => canned.locator('option').allInnerTexts()).toContain(NAME);
      // A placeholder of the contact before a To is ticked: the spec's message.
      await canned.selectOption({ label: NAME });
      await toast(page, 'Please select target email address.').waitFor();
      // Placeholder insertion outside add/edit mode: the value for this email, at the caret.
      const body = flag.getByRole('textbox', { name: 'Message' });
      await body.click();
      await page.keyboard.type('From ');
      await flag.getByLabel('Insert placeholder').selectOption('{Brand_name}');
      await expect.poll(() => body.innerText()).toContain('From Castellane Paris');
      await screenshot(page, 'inbox-in-contact-form', false);
    }));

  it('a plain User reads the Inbox: the table and the view modal, no Add or Edit', () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, await apiSession('user@demo.test'), '/dashboard/message-inbox');
      await page.getByRole('heading', { name: 'Canned messages' }).waitFor();
      const firstView = page.getByRole('button', { name: /^View / }).first();
      await firstView.waitFor();
      expect(await page.getByRole('button', { name: 'Add New Message' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
      await screenshot(page, 'inbox-user');
      await firstView.click();
      const view = page.getByRole('dialog');
      await view.getByRole('button', { name: 'Close', exact: true }).waitFor();
      expect(await view.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0);
      await assertAccessible(t);
    }));
});
