/**
 * Settings → Users and My Account in a real browser (000 §2, §5, §6, §7): a brand admin of this
 * file's own brand adds a user (the form's messages listed together first, the retailers step),
 * the activation email lands in the local SES store and its link opens /activate-account, then
 * edits and deletes that user; My Account renames the admin and the top bar follows; the demo
 * User (read only) sees no Actions, no Add New User and a read-only assigned-retailers modal.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_MSG as M } from '../../shared/messages/users';
import { signedInAccounts } from '../support/accounts';
import { callRoute, login, stack } from '../support/api';
import { apiSession, assertAccessible, browserPerFile, emailedToken, screenshot, toast, waitForPath, withSession } from '../support/browser';

const tag = randomBytes(3).toString('hex');
const B = { _id: `brand-e2eu-${tag}`, name: `Users E2E ${tag}`, slug: `users-e2e-${tag}` };
const PASSWORD = 'E2eUsers-2031!';
const accounts = {
  admin: { _id: `user-e2eu-admin-${tag}`, email: `e2eu-admin-${tag}@demo.test`, role: 'BRAND_ADMIN' as const, name: `Ava Admin ${tag}` },
  member: { _id: `user-e2eu-member-${tag}`, email: `e2eu-member-${tag}@demo.test`, name: `Ben Member ${tag}` },
};
const { tab } = browserPerFile();
const USERS = '/dashboard/profile/settings?tab=users';

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const now = new Date().toISOString();
  await putBrand({
    ...B,
    colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
    createdAt: now,
    updatedAt: now,
    retailers: [
      { retailer: 'ret-harrowgate', flag: true, webSiteType: 'retailerWithProducts' },
      { retailer: 'ret-lumiere', flag: true, webSiteType: 'retailerWithProducts' },
    ],
  });
  await signedInAccounts(B._id, PASSWORD, accounts);
}, 120_000);

describe('Settings → Users as a brand admin', () => {
  it('adds a user (messages first, then the retailers step), the activation email opens /activate-account; edits and deletes the user', () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, await apiSession(accounts.admin.email, PASSWORD), USERS);
      const panel = page.locator('.users-tab');
      await panel.getByRole('cell', { name: accounts.member.email }).waitFor();
      await panel.getByRole('columnheader', { name: 'Actions' }).waitFor();
      expect(await panel.getByRole('button', { name: `Delete ${accounts.admin.name}` }).isDisabled()).toBe(true);
      // Roles in people's words (issue 20 §6): 'Brand admin', never the stored BRAND_ADMIN.
      const adminRow = panel.getByRole('row').filter({ hasText: accounts.admin.email });
      expect(await adminRow.getByRole('cell', { name: 'Brand admin', exact: true }).count()).toBe(1);
      expect(await panel.textContent()).not.toContain('BRAND_ADMIN');
      await screenshot(page, 'users-tab');

      await panel.getByRole('button', { name: 'Add New User' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add New User' });
      await dialog.getByRole('button', { name: 'View all assigned retailers' }).click();
      await dialog.getByText(M.namesFirst, { exact: true }).waitFor();
      await dialog.getByRole('button', { name: 'Add User' }).click();
      for (const m of [M.firstnameRequired, M.lastnameRequired, M.emailRequired, M.roleRequired]) await dialog.getByText(m, { exact: true }).waitFor();
      await assertAccessible(t);
      await screenshot(page, 'users-add-invalid', false);

      const email = `e2eu-new-${tag}@demo.test`;
      await dialog.getByLabel('First Name').fill('Nina');
      await dialog.getByLabel('Last Name').fill('Newcomer');
      await dialog.getByLabel('Email Address').fill(email);
      expect(await dialog.getByLabel('Role').locator('option').allTextContents()).toEqual(['Select role', 'Brand admin', 'User']);
      await dialog.getByLabel('Role').selectOption({ label: 'User' });
      await dialog.getByRole('button', { name: 'View all assigned retailers' }).click();
      const step = page.getByRole('dialog', { name: 'Assigned Retailers' });
      await step.getByLabel('Harrowgate & Finch').check();
      await assertAccessible(t);
      await screenshot(page, 'users-add-retailers', false);
      await step.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText('Assigned retailers: Harrowgate & Finch').waitFor();
      await dialog.getByRole('button', { name: 'Add User' }).click();
      await toast(page, M.userCreated).waitFor();
      await dialog.waitFor({ state: 'detached' });
      const row = panel.getByRole('row', { name: new RegExp(email) });
      await row.getByText('Harrowgate & Finch').waitFor();
      await screenshot(page, 'users-added');

      // The activation email, read from the local SES store: its link opens the activation form.
      const token = await emailedToken(email, 'activate-account');
      const other = await page.context().newPage();
      await other.goto(`/activate-account?token=${token}`);
      await other.getByRole('heading', { name: 'Activate your account' }).waitFor();
      await other.getByLabel('New Password', { exact: true }).waitFor();
      await screenshot(other, 'users-activate-account');
      await other.close();

      // Edit: the email is disabled; the new name shows in the table.
      await row.getByRole('button', { name: 'Edit Nina Newcomer' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit User' });
      expect(await edit.getByLabel('Email Address').isDisabled()).toBe(true);
      await edit.getByLabel('First Name').fill('Nadia');
      await edit.getByLabel('Notify user').check();
      await screenshot(page, 'users-edit', false);
      await edit.getByRole('button', { name: 'Save' }).click();
      await toast(page, M.userUpdated).waitFor();
      await panel.getByRole('cell', { name: 'Nadia Newcomer', exact: true }).waitFor();

      // Delete after the confirmation.
      await panel.getByRole('button', { name: 'Delete Nadia Newcomer' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete User' });
      await confirm.getByText(M.deleteConfirm).waitFor();
      await assertAccessible(t);
      await screenshot(page, 'users-delete-confirm', false);
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await toast(page, M.userDeleted).waitFor();
      await panel.getByRole('cell', { name: email }).waitFor({ state: 'detached' });
      const left = await callRoute('listUsers', { token: await login(accounts.admin.email, PASSWORD), query: { brand: B._id, limit: 100 } });
      expect(left.body.data.map((u) => u.email)).not.toContain(email);
    }));

  it('My Account: the current password appears for a new password; a new name is saved and the top bar shows it', () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, await apiSession(accounts.admin.email, PASSWORD), '/dashboard/profile/settings?tab=account');
      const form = page.getByRole('form', { name: 'My Account' });
      await form.getByLabel('Email', { exact: true }).waitFor();
      expect(await form.getByLabel('Current Password').count()).toBe(0);
      await form.getByLabel('Password', { exact: true }).fill('another-1');
      await form.getByLabel('Current Password').waitFor();
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText(M.currentPasswordRequired).waitFor();
      await form.getByLabel('Password', { exact: true }).fill('');
      await form.getByLabel('Name').fill(`Ava Renamed ${tag}`);
      await form.getByLabel('Email Frequency').selectOption('Monthly');
      await screenshot(page, 'my-account');
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, M.settingsUpdated).waitFor();
      await page.locator('.topbar__name', { hasText: `Ava Renamed ${tag}` }).waitFor();
      await screenshot(page, 'my-account-saved');
      await page.reload();
      await waitForPath(page, '/dashboard/profile/settings?tab=account');
      expect(await form.getByLabel('Email Frequency').inputValue()).toBe('Monthly');
    }));
});

describe('Settings → Users as the demo User', () => {
  it('shows the table without Actions or Add New User; view All is read-only', () =>
    tab(async (t) => {
      const { page } = t;
      // The demo brand's users by name, 10 a page: the page that holds user@demo.test. Other suites add
      // users side by side, so its place is read again when a user added meanwhile moved it.
      const placeOf = async () => {
        const all = await callRoute('listUsers', { token: await login('user@demo.test'), query: { brand: 'brand-maison-aurelle', limit: 1000 } });
        const at = all.body.data.findIndex((u) => u.email === 'user@demo.test');
        expect(at).toBeGreaterThanOrEqual(0);
        return Math.floor(at / 10) + 1;
      };
      let pageNo = await placeOf();
      await withSession(page, await apiSession('user@demo.test'), USERS);
      const panel = page.locator('.users-tab');
      await panel.getByRole('row').nth(1).waitFor();
      const cell = panel.getByRole('cell', { name: 'user@demo.test', exact: true });
      const pager = page.getByRole('navigation', { name: 'Users pages' });
      for (let attempt = 0; attempt < 3; attempt++) {
        if ((pageNo > 1 || attempt > 0) && (await pager.count()) > 0) await pager.getByRole('button', { name: `Page ${pageNo}`, exact: true }).click();
        if (await cell.waitFor({ timeout: 5_000 }).then(() => true, () => false)) break;
        pageNo = await placeOf();
      }
      await cell.waitFor();
      expect(await panel.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
      expect(await panel.getByRole('button', { name: 'Add New User' }).count()).toBe(0);
      expect(await panel.getByRole('button', { name: /^Edit / }).count()).toBe(0);
      await screenshot(page, 'users-tab-read-only');
      const viewAll = panel.getByRole('row', { name: /user@demo\.test/ }).getByRole('button', { name: /^view All assigned retailers of / });
      // user@demo.test is assigned Harrowgate & Finch and Lumière Boutique: its own row has 'view All'.
      await viewAll.click();
      const modal = page.getByRole('dialog');
      await modal.getByRole('button', { name: 'Close', exact: true }).waitFor();
      await modal.getByText('Harrowgate & Finch').waitFor();
      expect(await modal.getByRole('checkbox').count()).toBe(0);
      await assertAccessible(t);
      await screenshot(page, 'users-view-all-read-only', false);
    }));
});
