/**
 * Passkeys in a real browser (issue 26 step 2; docs/decisions/42-enterprise-sign-in.md), on
 * accounts of this file's own: Chromium's virtual authenticator over CDP (internal transport,
 * resident keys, user verification, the user verified) stands for the device. A passkey is
 * added in My Account (named), used from the login page's "Sign in with a passkey" after logging
 * out, shown as used, and removed after a confirm (then it no longer signs in). An admin adds one
 * on /admin/security on a 390 px phone, and the login page is checked at that width too.
 */
import { randomBytes } from 'node:crypto';
import type { CDPSession, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { MFA_MSG, MFA_UI } from '../../shared/messages/mfa';
import { PASSKEY_LOGIN_UI as LOGIN, PASSKEY_MSG as M, PASSKEY_UI as UI } from '../../shared/messages/passkeys';
import { TEST_ROLES, testUser } from '../support/accounts';
import { stack } from '../support/api';
import { assertAccessible, browserPerFile, loginInUi, screenshot, toast, waitForPath } from '../support/browser';
import { PHONE } from '../support/phone-width';

const tag = randomBytes(4).toString('hex');
const PASSWORD = 'Passkey-Browser-2031!';
const USER = { _id: `user-e2epk-${tag}`, email: `e2epk-${tag}@demo.test` };
const ADMIN = { _id: `user-e2epk-admin-${tag}`, email: `e2epk-admin-${tag}@demo.test` };
const SETTINGS = '/dashboard/profile/settings?tab=account';
const { tab } = browserPerFile();

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const passwordHash = await hashPassword(PASSWORD);
  await createUser(testUser({ ...USER, passwordHash }));
  await createUser(testUser({ ...ADMIN, passwordHash, brand: null, roles: [TEST_ROLES.ADMIN] }));
}, 60_000);

/** A platform authenticator with user verification for the page (removed by the returned function: the tab is kept for the next test). */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; remove: () => Promise<void>; count: () => Promise<number> }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true } });
  return {
    cdp,
    count: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials.length,
    remove: async () => {
      await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
      await cdp.send('WebAuthn.disable');
      await cdp.detach();
    },
  };
}

async function logOut(page: Page) {
  await page.getByRole('link', { name: 'Log out' }).click();
  await waitForPath(page, '/login?session=logout');
}

describe('passkeys in the browser', () => {
  it('a passkey is added in My Account, signs in from the login page after logging out, and is removed', () =>
    tab(async (t) => {
      const { page } = t;
      const device = await virtualAuthenticator(page);
      try {
        await loginInUi(page, USER.email, PASSWORD);
        await waitForPath(page, '/dashboard/summary');
        await page.goto(SETTINGS);
        const section = page.getByRole('region', { name: UI.title });
        await section.getByText(UI.none).waitFor();
        // Beside Two-step sign-in.
        await page.getByRole('region', { name: MFA_UI.title }).waitFor();
        await section.getByRole('button', { name: UI.add }).click();
        const name = section.getByRole('textbox', { name: UI.nameLabel });
        expect(await name.inputValue()).toBe(UI.defaultName);
        // No name: the message under the field, nothing asked of the device.
        await name.fill('  ');
        await section.getByRole('button', { name: UI.create }).click();
        await section.getByText(M.nameRequired).waitFor();
        await assertAccessible(t);
        await name.fill('Test laptop');
        await section.getByRole('button', { name: UI.create }).click();
        await toast(page, M.added).waitFor();
        const list = section.getByRole('list', { name: UI.listLabel });
        await list.getByText('Test laptop').waitFor();
        await list.getByText(/^Added \d{2}\/\d{2}\/\d{4}, not used yet$/).waitFor();
        expect(await device.count()).toBe(1);
        await assertAccessible(t);
        await screenshot(page, 'passkeys-added');

        // Adding a second one on the same device: the browser refuses (the server excluded it), said under the field.
        await section.getByRole('button', { name: UI.add }).click();
        await section.getByRole('button', { name: UI.create }).click();
        await section.getByText(UI.exists).waitFor();
        await section.getByRole('button', { name: UI.cancel }).click();
        expect(await device.count()).toBe(1);

        // Log out, then sign in with the passkey alone.
        await logOut(page);
        const button = page.getByRole('button', { name: LOGIN.signIn });
        await button.waitFor();
        await assertAccessible(t);
        await screenshot(page, 'passkeys-login');
        await button.click();
        await waitForPath(page, '/dashboard/summary');

        // Shown as used; removed after a confirm.
        await page.goto(SETTINGS);
        await list.getByText(/^Added \d{2}\/\d{2}\/\d{4}, last used \d{2}\/\d{2}\/\d{4}$/).waitFor();
        await section.getByRole('button', { name: UI.removeLabel('Test laptop') }).click();
        const dialog = page.getByRole('dialog', { name: UI.removeTitle });
        await dialog.getByText(UI.removeText('Test laptop')).waitFor();
        await assertAccessible(t);
        await screenshot(page, 'passkeys-remove-confirm');
        await dialog.getByRole('button', { name: UI.removeConfirm }).click();
        await toast(page, M.removed).waitFor();
        await section.getByText(UI.none).waitFor();

        // The device still holds it, but it no longer signs in: the reason on the login page (the
        // one the logout opened: its ended session does not send the refusal to the dashboard).
        await logOut(page);
        await page.getByRole('button', { name: LOGIN.signIn }).click();
        await page.getByTestId('login-failed').getByText(M.signInFailed).waitFor();
        await screenshot(page, 'passkeys-login-refused');
      } finally {
        await device.remove();
      }
    }));

  it('an admin without a second factor adds a passkey as its factor on /admin/security, is told to sign in with it, and does, on a 390 px phone', () =>
    tab(async (t) => {
      const { page } = t;
      const device = await virtualAuthenticator(page);
      try {
        await page.goto('/login');
        await page.getByRole('button', { name: LOGIN.signIn }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await screenshot(page, 'passkeys-login-390');
        await assertAccessible(t);

        // No factor yet: the password leads to the setup, where a passkey is a factor.
        await loginInUi(page, ADMIN.email, PASSWORD);
        await waitForPath(page, '/admin/security');
        const section = page.getByRole('region', { name: UI.title });
        await section.getByRole('button', { name: UI.add }).click();
        await section.getByRole('textbox', { name: UI.nameLabel }).fill('Admin phone with a rather long passkey name');
        await section.getByRole('button', { name: UI.create }).click();
        await toast(page, M.added).waitFor();
        await section.getByRole('list', { name: UI.listLabel }).getByText('Admin phone with a rather long passkey name').waitFor();
        // This session was opened by the password: the admin area wants the passkey now.
        await page.getByRole('region', { name: MFA_UI.title }).getByText(MFA_MSG.adminUsePasskey).waitFor();
        await page.goto('/admin/retailers');
        await waitForPath(page, '/admin/security');
        await logOut(page);
        await page.getByRole('button', { name: LOGIN.signIn }).click();
        await waitForPath(page, '/admin/confirm');
        await page.goto('/admin/security');
        await section.getByRole('button', { name: UI.renameLabel('Admin phone with a rather long passkey name') }).click();
        await section.getByRole('form', { name: UI.renameLabel('Admin phone with a rather long passkey name') }).getByRole('textbox', { name: UI.nameLabel }).fill('Admin phone');
        await section.getByRole('button', { name: UI.save }).click();
        await toast(page, M.renamed).waitFor();
        await section.getByRole('list', { name: UI.listLabel }).getByText('Admin phone', { exact: true }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        await screenshot(page, 'passkeys-admin-security-390');
        await assertAccessible(t);
      } finally {
        await device.remove();
      }
    }, PHONE));
});
