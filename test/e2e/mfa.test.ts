/**
 * Two-step sign-in in a real browser (issue 26; docs/decisions/42-enterprise-sign-in.md), on a
 * user of this file's own: set up in My Account (the key read from the page, codes computed with
 * otplib as an authenticator app would), the recovery codes downloaded and acknowledged; then
 * the login page's second step (a wrong code's message under the field, too many wrong codes back
 * to the password step, the right code, a recovery code), and turned off with a code. An admin of
 * this file's own, without a second factor, is led to /admin/security and set it up there before
 * anything else (issue 26), on a 390 px phone.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MFA, MFA_MSG as M, MFA_UI as UI } from '../../shared/messages/mfa';
import { TEST_ROLES, testUser } from '../support/accounts';
import { stack } from '../support/api';
import { assertAccessible, browserPerFile, downloadedBytes, loginInUi, screenshot, toast, waitForPath } from '../support/browser';
import { PHONE } from '../support/phone-width';
import { authenticator } from '../support/totp';

const tag = randomBytes(4).toString('hex');
const PASSWORD = 'Mfa-Browser-2031!';
const USER = { _id: `user-e2emfa-${tag}`, email: `e2emfa-${tag}@demo.test` };
const ADMIN = { _id: `user-e2emfa-admin-${tag}`, email: `e2emfa-admin-${tag}@demo.test` };
const SETTINGS = '/dashboard/profile/settings?tab=account';
const { tab } = browserPerFile();

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const passwordHash = await hashPassword(PASSWORD);
  await createUser(testUser({ ...USER, passwordHash }));
  await createUser(testUser({ ...ADMIN, passwordHash, roles: [TEST_ROLES.ADMIN] }));
}, 60_000);

async function passwordStep(page: Page) {
  await loginInUi(page, USER.email, PASSWORD);
  await page.getByRole('heading', { name: UI.title }).waitFor();
  expect(await page.getByText(M.secondStep).count()).toBe(1);
}

async function logOut(page: Page) {
  await page.getByRole('link', { name: 'Log out' }).click();
  await waitForPath(page, '/login?session=logout');
  // The login page clears the stored session in an effect after it is drawn: a /login opened
  // before that would still be signed in and go on to the dashboard.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('auth') ?? sessionStorage.getItem('auth'))).toBeNull();
}

describe('two-step sign-in in the browser', () => {
  it('is set up in My Account, asked at login (a wrong code, too many, the code, a recovery code), and turned off', () =>
    tab(async (t) => {
      const { page } = t;
      // A password user signs in as before.
      await loginInUi(page, USER.email, PASSWORD);
      await waitForPath(page, '/dashboard/summary');
      await page.goto(SETTINGS);
      const section = page.getByRole('region', { name: UI.title });
      await section.getByText(UI.offText).waitFor();
      await section.getByRole('button', { name: UI.setUp }).click();

      // The QR code and the key as text; the key is what an app would scan.
      await section.getByRole('img', { name: UI.qrAlt }).waitFor();
      const secret = (await section.locator('.mfa-setup__secret').textContent())!.replace(/\s/g, '');
      expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
      const app = authenticator(secret);
      await assertAccessible(t);
      await screenshot(page, 'mfa-setup');
      // A wrong first code: the message under the field, nothing on.
      await section.getByLabel(UI.appCodeLabel).fill(await app.wrong());
      await section.getByRole('button', { name: UI.confirm }).click();
      await section.getByText(M.codeInvalid).waitFor();
      await section.getByLabel(UI.appCodeLabel).fill(await app.next());
      await section.getByRole('button', { name: UI.confirm }).click();
      await toast(page, M.enabled).waitFor();

      // The recovery codes, once: downloaded, acknowledged before Done.
      const list = section.getByRole('list', { name: UI.codesTitle });
      await list.waitFor();
      const recovery = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
      expect(recovery).toHaveLength(MFA.recoveryCodeCount);
      for (const c of recovery) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
      const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: UI.download }).click()]);
      expect(download.suggestedFilename()).toBe('retailer-audit-recovery-codes.txt');
      const file = (await downloadedBytes(download)).toString('utf8');
      for (const c of recovery) expect(file).toContain(c);
      const done = section.getByRole('button', { name: UI.done });
      expect(await done.isDisabled()).toBe(true);
      await assertAccessible(t);
      await screenshot(page, 'mfa-recovery-codes');
      await section.getByLabel(UI.saved).check();
      await done.click();
      await section.getByText(/^On since \d{2}\/\d{2}\/\d{4}$/).waitFor();
      await section.getByText(UI.codesLeft(10)).waitFor();
      await screenshot(page, 'mfa-on');
      await logOut(page);

      // The password now asks for the second step: a wrong code's message under the field.
      await passwordStep(page);
      const code = page.getByLabel(UI.codeLabel);
      expect(await code.getAttribute('inputmode')).toBe('numeric');
      expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
      expect(await code.evaluate((el) => el === document.activeElement)).toBe(true);
      await code.fill(await app.wrong());
      await page.getByRole('button', { name: UI.verify }).click();
      await page.getByText(M.codeInvalid).waitFor();
      await assertAccessible(t);
      await screenshot(page, 'mfa-login-wrong-code');
      // Too many wrong codes: back to the email and password, with the message.
      for (let i = 1; i <= MFA.maxCodeTries; i++) {
        await code.fill(await app.wrong());
        await page.getByRole('button', { name: UI.verify }).click();
        // Each refusal empties the field for the next code.
        if (i < MFA.maxCodeTries) await expect.poll(() => code.inputValue()).toBe('');
      }
      await page.getByTestId('login-failed').getByText(M.tooManyCodes).waitFor();
      expect(await page.getByLabel('Email').inputValue()).toBe(USER.email);
      await screenshot(page, 'mfa-login-too-many');

      // The right code: the user's home, as a one-step login.
      await passwordStep(page);
      await page.getByLabel(UI.codeLabel).fill(await app.next());
      await page.getByRole('button', { name: UI.verify }).click();
      await waitForPath(page, '/dashboard/summary');
      await logOut(page);

      // A recovery code instead, typed in capitals.
      await passwordStep(page);
      await page.getByRole('button', { name: UI.useRecovery }).click();
      const rec = page.getByLabel(UI.recoveryLabel);
      await rec.fill(recovery[0]!.toUpperCase());
      await screenshot(page, 'mfa-login-recovery');
      await page.getByRole('button', { name: UI.verify }).click();
      await waitForPath(page, '/dashboard/summary');

      // Turned off with a code from the app.
      await page.goto(SETTINGS);
      await section.getByText(UI.codesLeft(9)).waitFor();
      await section.getByRole('button', { name: UI.turnOff }).click();
      await section.getByLabel(UI.anyCodeLabel).fill(await app.next());
      await screenshot(page, 'mfa-turn-off');
      await section.getByRole('button', { name: UI.turnOffSubmit }).click();
      await toast(page, M.disabled).waitFor();
      await section.getByText(UI.offText).waitFor();
      await logOut(page);
      await loginInUi(page, USER.email, PASSWORD);
      await waitForPath(page, '/dashboard/summary');
    }));

  it('an admin without a second factor is led to set it up before anything else, on a 390 px phone; then the admin area opens', () =>
    tab(async (t) => {
      const { page } = t;
      await loginInUi(page, ADMIN.email, PASSWORD);
      // Straight to its security page, with the reason and no way out but the setup.
      await waitForPath(page, '/admin/security');
      await page.getByRole('heading', { level: 1, name: UI.adminPageTitle }).waitFor();
      const section = page.getByRole('region', { name: UI.title });
      await section.getByText(M.adminNeedsFactor).waitFor();
      expect(await page.getByRole('link', { name: 'Back' }).count()).toBe(0);
      await screenshot(page, 'mfa-admin-required-390');
      await assertAccessible(t);
      // Any other admin page leads back here.
      await page.goto('/admin/retailers');
      await waitForPath(page, '/admin/security');
      await page.goto('/admin/confirm');
      await waitForPath(page, '/admin/security');

      // The setup: the QR code and key, the first code, the recovery codes.
      await section.getByRole('button', { name: UI.setUp }).click();
      await section.getByRole('img', { name: UI.qrAlt }).waitFor();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);
      const secret = (await section.locator('[data-secret]').getAttribute('data-secret'))!;
      const app = authenticator(secret);
      await section.getByLabel(UI.appCodeLabel).fill(await app.next());
      await section.getByRole('button', { name: UI.confirm }).click();
      await toast(page, M.enabled).waitFor();
      await section.getByRole('checkbox', { name: UI.saved }).check();
      await section.getByRole('button', { name: UI.done }).click();
      // On, for good: no Turn off for an admin; the way to the admin area is open.
      await section.getByText(UI.renew).waitFor();
      expect(await section.getByRole('button', { name: UI.turnOff }).count()).toBe(0);
      await page.getByRole('link', { name: 'Back' }).click();
      await waitForPath(page, '/admin');
      await page.getByRole('heading', { name: 'Administration' }).waitFor();

      // The next sign-in asks for the code after the password.
      await logOut(page);
      await loginInUi(page, ADMIN.email, PASSWORD, '/login', () => app.next());
      await waitForPath(page, '/admin/confirm');
    }, PHONE));
});
