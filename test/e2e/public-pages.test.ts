/**
 * Public pages (000 §2, §5, §7): the forgot-password modal, reset and activation links, the free
 * registration form, and the first login of a new account through the terms page.
 */
import { describe, expect, it } from 'vitest';
import { callRoute, sentEmails } from '../support/api';
import { activeAccount, browserPerFile, emailedToken, freshEmail, loginInUi, registerAccount, screenshot, toast, waitForPath } from '../support/browser';

const { tab } = browserPerFile();

describe('/forgot-password', () => {
  it('is a modal over the login page; closing it returns to /', () =>
    tab(async ({ page }) => {
      await page.goto('/forgot-password');
      const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
      await dialog.waitFor();
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await screenshot(page, 'forgot-password');
      await dialog.getByRole('button', { name: 'Close dialog' }).click();
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      // The dialog goes (on a loaded machine, a moment after the path changes).
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      expect(await page.getByRole('dialog').count()).toBe(0);
    }));

  it('opens from the login page and validates with the spec messages', () =>
    tab(async ({ page }) => {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await waitForPath(page, '/forgot-password');
      const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
      await dialog.getByRole('button', { name: 'Send reset link' }).click();
      expect(await dialog.getByRole('alert').allTextContents()).toEqual(['Required', 'Required']);
      await dialog.getByLabel('User Name').fill('a');
      await dialog.getByLabel('Email').fill('nope');
      await dialog.getByRole('button', { name: 'Send reset link' }).click();
      await dialog.getByText('Too Short!').waitFor();
      await dialog.getByText('Enter valid email').waitFor();
      await page.keyboard.press('Escape');
      await waitForPath(page, '/');
    }));

  it("sends the link, toasts 'Please check your Email to reset your Password' and returns to /", () =>
    tab(async ({ page }) => {
      const account = await activeAccount('forgot');
      await page.goto('/forgot-password');
      const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
      await dialog.getByLabel('User Name').fill('Erin');
      await dialog.getByLabel('Email').fill(account.email);
      await dialog.getByRole('button', { name: 'Send reset link' }).click();
      await toast(page, 'Please check your Email to reset your Password').waitFor();
      await waitForPath(page, '/');

      // The emailed link: new-password form with the spec's rules, then the success toast.
      const token = await emailedToken(account.email, 'reset-password');
      await page.goto(`/reset-password?token=${token}`);
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      const password = page.getByLabel('New Password');
      const confirm = page.getByLabel('Confirm Password');
      await password.waitFor();
      await password.fill('abc');
      await confirm.fill('abc');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('You must enter a password of at least 6 characters.').first().waitFor();
      await password.fill('new-pass-1');
      await confirm.fill('new-pass-2');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('please confirm your password').waitFor();
      await password.fill('x'.repeat(129));
      await confirm.fill('x'.repeat(129));
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByText('Too Long!').first().waitFor();
      await screenshot(page, 'reset-password');
      // The one password rule (issue 20 §7): a passphrase of 65 characters is welcome, and logs in.
      const passphrase = 'a passphrase of sixty-five characters is welcome here, spaces too';
      expect(passphrase).toHaveLength(65);
      await password.fill(passphrase);
      await confirm.fill(passphrase);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await toast(page, 'Your Password has been Successfully reset').waitFor();
      await waitForPath(page, '/login');
      await loginInUi(page, account.email, passphrase, '');
      await waitForPath(page, '/privacypolicy');

      // The link is single-use.
      await page.goto(`/reset-password?token=${token}`);
      await toast(page, 'Your Session has been expired').waitFor();
    }));
});

describe('reset and activation links', () => {
  it("a bad token toasts 'Your Session has been expired' and goes home", () =>
    tab(async ({ page }) => {
      await page.goto('/reset-password?token=this-token-was-never-issued-by-us');
      await toast(page, 'Your Session has been expired').waitFor();
      await waitForPath(page, '/');
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      await screenshot(page, 'reset-password-expired');
    }));

  it('a link without a token is refused the same way', () =>
    tab(async ({ page }) => {
      await page.goto('/activate-account');
      await toast(page, 'Your Session has been expired').waitFor();
      await waitForPath(page, '/');
    }));
});

describe('/register and the first login of the new account', () => {
  it('validates with the spec messages', () =>
    tab(async ({ page }) => {
      await page.goto('/register');
      await page.getByRole('button', { name: 'Create account' }).click();
      const messages = await page.getByRole('alert').allTextContents();
      expect(messages).toEqual(
        expect.arrayContaining([
          'First name is required.',
          'Last name is required.',
          'Company is required.',
          'Email is required and format should be {email}.',
          'You must enter a password of at least 6 characters.',
        ]),
      );
      await page.getByLabel('Password', { exact: true }).fill('secret-1');
      await page.getByLabel('Confirm Password').fill('secret-2');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Passwords do not match.').waitFor();
      await screenshot(page, 'register-errors');
    }));

  it('creates the account, shows the message, activates through the emailed link, then terms → summary', () =>
    tab(async ({ page }) => {
      const email = freshEmail('register');
      await page.goto('/register');
      await page.getByLabel('First Name').fill('Iris');
      await page.getByLabel('Last Name').fill('Nouveau');
      await page.getByLabel('Company').fill('Atelier Nouveau E2E');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill('secret-1');
      await page.getByLabel('Confirm Password').fill('secret-1');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Your account has been created. Please check your email to activate it.').waitFor();
      await screenshot(page, 'register-done');

      const token = await emailedToken(email, 'activate-account');
      await page.goto(`/activate-account?token=${token}`);
      await page.getByRole('heading', { name: 'Activate your account' }).waitFor();
      await page.getByLabel('New Password').fill('fresh-pw');
      await page.getByLabel('Confirm Password').fill('fresh-pw');
      await screenshot(page, 'activate-account');
      await page.getByRole('button', { name: 'Activate Account' }).click();
      await toast(page, 'Your Password has been Successfully reset').waitFor();
      await waitForPath(page, '/login');

      await loginInUi(page, email, 'fresh-pw', '');
      await waitForPath(page, '/privacypolicy');
      await page.getByRole('button', { name: 'I Accept' }).click();
      await waitForPath(page, '/dashboard/summary');
      await page.getByRole('heading', { name: 'Welcome, Iris Nouveau' }).waitFor();
      // Accepted for good: the next login goes straight to the summary.
      await page.goto('/login?session=logout');
      await loginInUi(page, email, 'fresh-pw', '');
      await waitForPath(page, '/dashboard/summary');
    }));

  it('a taken email gets the answer of a new registration, and its owner an email (the page does not tell the address has an account)', () =>
    tab(async ({ page }) => {
      const taken = await registerAccount('taken');
      await page.goto('/register');
      await page.getByLabel('First Name').fill('Iris');
      await page.getByLabel('Last Name').fill('Again');
      await page.getByLabel('Company').fill(`Again Co ${taken.email.split('@')[0]}`);
      await page.getByLabel('Email').fill(taken.email);
      await page.getByLabel('Password', { exact: true }).fill('secret-1');
      await page.getByLabel('Confirm Password').fill('secret-1');
      await page.getByRole('button', { name: 'Create account' }).click();
      await page.getByText('Your account has been created. Please check your email to activate it.').waitFor();
      await expect.poll(async () => (await sentEmails()).some((m) => m.destination.to.includes(taken.email) && m.subject === 'Someone tried to register with your address')).toBe(true);
    }));

  it('a not-yet-activated account and a wrong password both end on /login?login=failed with the reason', () =>
    tab(async ({ page }) => {
      const pending = await registerAccount('pending');
      await loginInUi(page, pending.email, pending.password);
      await waitForPath(page, '/login?login=failed');
      expect(await page.getByTestId('login-failed').textContent()).toBe('Please activate your account from the email we sent you.');
      const active = await activeAccount('wrong-pw');
      await loginInUi(page, active.email, 'wrong-password');
      await waitForPath(page, '/login?login=failed');
      expect(await page.getByTestId('login-failed').textContent()).toBe('Invalid email or password.');
      expect((await callRoute('login', { body: { email: active.email, password: active.password } })).status).toBe(200);
    }));
});
