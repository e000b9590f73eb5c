/**
 * The error catalogue (000 §8), shown by the one error handler: each kind of failed answer is
 * forced on the forgot-password call with a routed response and the toast checked.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertAccessible, here, launchBrowser, openTab, screenshot, toast, toasts, waitForPath } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

type Answer = { status: number; body?: string; contentType?: string } | 'abort';

async function submitForgotPassword(answer: Answer, check: (page: Page) => Promise<void>) {
  const t = await openTab(browser);
  const { context, page } = t;
  try {
    await page.route('**/api/forgotPassword', (route) =>
      answer === 'abort' ? route.abort('connectionrefused') : route.fulfill({ status: answer.status, body: answer.body ?? '', contentType: answer.contentType ?? 'application/json' }),
    );
    await page.goto('/forgot-password');
    const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
    await dialog.getByLabel('User Name').fill('Someone');
    await dialog.getByLabel('Email').fill('someone@demo.test');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await check(page);
    await assertAccessible(t);
  } finally {
    await context.close();
  }
}

describe('error catalogue', () => {
  it('a body with a message → warning toast with it', () =>
    submitForgotPassword({ status: 409, body: JSON.stringify({ message: 'That did not work.', code: 'CONFLICT' }) }, async (page) => {
      await page.locator('.Toastify__toast--warning', { hasText: 'That did not work.' }).waitFor();
      // The modal stays open: the user can correct and retry.
      expect(here(page)).toBe('/forgot-password');
      await page.waitForTimeout(500); // let the toast finish sliding in
      await screenshot(page, 'toast-warning-over-modal');
    }));

  it('an errors list → error toast titled ERROR listing them', () =>
    submitForgotPassword({ status: 400, body: JSON.stringify({ errors: ['First problem', { message: 'Second problem' }] }) }, async (page) => {
      const t = page.locator('.Toastify__toast--error', { hasText: 'ERROR' });
      await t.waitFor();
      expect(await t.locator('li').allTextContents()).toEqual(['First problem', 'Second problem']);
    }));

  it('a plain string body → warning toast with it', () =>
    submitForgotPassword({ status: 503, body: 'Service is down for maintenance', contentType: 'text/plain' }, async (page) => {
      await page.locator('.Toastify__toast--warning', { hasText: 'Service is down for maintenance' }).waitFor();
    }));

  it("anything else → 'Something went wrong, please try again!'", () =>
    submitForgotPassword({ status: 500, body: JSON.stringify({ code: 'INTERNAL' }) }, async (page) => {
      await toast(page, 'Something went wrong, please try again!').waitFor();
    }));

  it("an empty failed body → 'Oops, blank response!'", () =>
    submitForgotPassword({ status: 502, body: '' }, async (page) => {
      await toast(page, 'Oops, blank response!').waitFor();
    }));

  it('no response → error toast with the network message', () =>
    submitForgotPassword('abort', async (page) => {
      const t = page.locator('.Toastify__toast--error');
      await t.waitFor();
      expect((await t.textContent())?.trim()).toBe('Failed to fetch');
    }));

  it('401 → /login?session=expired', () =>
    submitForgotPassword({ status: 401, body: JSON.stringify({ message: 'Please login to continue.', code: 'UNAUTHORIZED' }) }, async (page) => {
      await waitForPath(page, '/login?session=expired');
      await page.getByText('Error: Session expired, please login again!').waitFor();
      expect(await page.locator('.Toastify__toast').count()).toBe(0);
    }));

  it('the same message twice at once is shown once', () =>
    submitForgotPassword({ status: 409, body: JSON.stringify({ message: 'Only once please.' }) }, async (page) => {
      await toast(page, 'Only once please.').waitFor();
      await page.getByRole('dialog').getByRole('button', { name: 'Send reset link' }).click();
      await page.waitForTimeout(400);
      expect(await toasts(page, 'Only once please.').count()).toBe(1);
    }));
});
