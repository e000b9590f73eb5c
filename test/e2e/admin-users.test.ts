/**
 * Manage Users in a real browser as admin@demo.test (001 §2, §5, §7, §8): from the admin home to
 * /admin/manage-users, the server-paged table, the 'Add Users' modal's messages, a user added to a
 * brand of this file's own ('User added successfully.'), found by the search and sorted by Email
 * and Brand; then that user signs in and meets the terms first (/privacypolicy, 'I Accept').
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERS_MSG as M } from '../../shared/messages/admin-users';
import { PASSWORD_RULE } from '../../shared/schemas/password';
import { stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { apiSession, assertAccessible, browserPerFile, loginInUi, screenshot, toast, waitForPath, withSession } from '../support/browser';

const tag = randomBytes(3).toString('hex');
const B = { _id: `brand-e2eau-${tag}`, name: `Aube Maison ${tag}`, slug: `aube-maison-${tag}` };
const NEW = { name: `Odile Orsay ${tag}`, email: `e2eau-odile-${tag}@demo.test`, password: 'Odile-2031' };
const { tab } = browserPerFile();

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await seedBrand(B, [], []);
}, 120_000);

describe('/admin/manage-users as admin@demo.test', () => {
  it('adds a user (messages first), finds it by search, sorts by Email and Brand', () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, await apiSession('admin@demo.test'), '/admin');
      await page.getByRole('link', { name: 'Manage Users' }).click();
      await waitForPath(page, '/admin/manage-users');
      await page.getByRole('heading', { name: M.title }).waitFor();
      const table = page.getByRole('table', { name: 'Users' });
      await table.locator('tbody tr').first().waitFor();
      expect((await table.getByRole('columnheader').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, ''))).toEqual(['Name', 'Email', 'Brand']);
      await page.locator('th[aria-sort="ascending"]', { hasText: 'Name' }).waitFor();
      expect(await table.locator('tbody tr').count()).toBeLessThanOrEqual(10);
      await assertAccessible(t);
      await screenshot(page, 'admin-users-list');

      await page.getByRole('button', { name: M.addUsers }).click();
      const dialog = page.getByRole('dialog', { name: M.addUsers });
      await dialog.getByRole('button', { name: 'Add User' }).click();
      for (const m of [M.nameRequired, M.emailRequired, M.passwordRequired, M.brandRequired, M.roleRequired]) await dialog.getByText(m, { exact: true }).waitFor();
      await dialog.getByLabel('User Name').fill('O');
      await dialog.getByLabel('Email').fill('odile@');
      await dialog.getByLabel('Password').fill('x'.repeat(PASSWORD_RULE.max + 1));
      await dialog.getByRole('button', { name: 'Add User' }).click();
      for (const m of [M.tooShort, M.emailInvalid, M.tooLong]) await dialog.getByText(m, { exact: true }).waitFor();
      await assertAccessible(t);
      await screenshot(page, 'admin-users-add-invalid', false);

      await dialog.getByLabel('User Name').fill(NEW.name);
      await dialog.getByLabel('Email').fill(NEW.email);
      await dialog.getByLabel('Password').fill(NEW.password);
      await dialog.getByLabel('Brand').selectOption({ label: B.name });
      await dialog.getByLabel('Role').selectOption({ label: 'User' });
      await dialog.getByRole('button', { name: 'Add User' }).click();
      await toast(page, M.userAdded).waitFor();
      await dialog.waitFor({ state: 'detached' });

      // Found by the start of the name, case and accents folded.
      await page.getByLabel('Search users').fill(`odile ÖRSAY ${tag}`);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await waitForPath(page, /keyword=/);
      const row = table.getByRole('row', { name: new RegExp(NEW.email) });
      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
      expect(await row.locator('td').allTextContents()).toEqual([NEW.name, NEW.email, B.name]);
      await page.getByText(`1 user starting with`).waitFor();
      await assertAccessible(t);
      await screenshot(page, 'admin-users-search');

      // The brand's users (its name's start), sorted by Email descending.
      await page.getByLabel('Search users').fill(`aube maison ${tag}`);
      await page.getByRole('button', { name: 'Search', exact: true }).click();
      await row.waitFor();
      await table.getByRole('button', { name: /^Email/ }).click();
      await waitForPath(page, /sort=email%3Basc|sort=email;asc/);
      await table.getByRole('button', { name: /^Email/ }).click();
      await waitForPath(page, /sort=email%3Bdesc|sort=email;desc/);
      await page.locator('th[aria-sort="descending"]', { hasText: 'Email' }).waitFor();

      // The whole list by Brand: the header says the order and the rows follow it.
      await page.getByRole('button', { name: 'Reset' }).click();
      await table.getByRole('button', { name: /^Brand/ }).click();
      await waitForPath(page, /sort=brand%3Basc|sort=brand;asc/);
      await page.locator('th[aria-sort="ascending"]', { hasText: 'Brand' }).waitFor();
      await page.getByText('starting with').waitFor({ state: 'detached' });
      await page.locator('.table-wrap[aria-busy]').waitFor({ state: 'detached' });
      // At most 10, those of no brand (the site admin) first, then by brand name as the list folds
      // it (spaces and punctuation aside: 'E2E logout-all' before 'E2E logout e2e', the order of
      // the index the list pages; not localeCompare's).
      const { userBrandKey } = await import('../../functions/users/users.repo');
      const brands = (await table.locator('tbody tr td:nth-child(3)').allTextContents()).map((b) => (b === '—' ? '' : b.toLowerCase()));
      expect(brands.length).toBeGreaterThanOrEqual(2);
      expect(brands.length).toBeLessThanOrEqual(10);
      expect(brands[0]).toBe('');
      expect(brands).toEqual([...brands].sort((a, b) => (userBrandKey(a) < userBrandKey(b) ? -1 : userBrandKey(a) > userBrandKey(b) ? 1 : 0)));
      await assertAccessible(t);
      await screenshot(page, 'admin-users-by-brand');
    }));

  it('the new user signs in and meets the terms first', () =>
    tab(async (t) => {
      const { page } = t;
      await loginInUi(page, NEW.email, NEW.password);
      await waitForPath(page, '/privacypolicy');
      await page.getByRole('heading', { name: 'Terms & Conditions' }).waitFor();
      await assertAccessible(t);
      await screenshot(page, 'admin-users-new-user-terms', false);
      await page.getByRole('button', { name: 'I Accept' }).click();
      await waitForPath(page, '/dashboard/summary');
    }));
});
