/**
 * The browser suite's own harness (test/support/browser.ts):
 * - a closed test tab is wiped and kept for the file's next test (`openTab`): the next test must
 *   see what a new context would show it. No session (the dashboard sends it to /login), no
 *   cookies, nothing in local or session storage, none of the routes, listeners or pages of the
 *   test before, and the viewport it asks for;
 * - the screen audit reports serious and critical axe violations (it runs only the rules that can
 *   find those) and not the moderate ones. The phone-width half: test/e2e/phone.test.ts.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stack } from '../support/api';
import { apiSession, assertAccessible, launchBrowser, openTab, storedSession, waitForPath, withSession } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

it('a kept tab shows the next test what a new context shows', async () => {
  const first = await openTab(browser);
  await withSession(first.page, await apiSession('brandadmin@demo.test'), '/dashboard/summary');
  await first.page.getByRole('heading', { name: /^Welcome/ }).waitFor();
  await first.context.addCookies([{ name: 'left-behind', value: '1', url: stack().url }]);
  await first.page.route('**/api/**', (route) => route.fulfill({ status: 500, body: '' }));
  let dialogs = 0;
  first.page.on('dialog', () => void dialogs++);
  const beside = await first.context.newPage();
  let pages = 0;
  first.context.on('page', () => void pages++);
  await first.context.close();

  const next = await openTab(browser, { width: 390, height: 844 });
  try {
    // The same page, kept (what this is for), and nothing of the test before.
    expect(next.page).toBe(first.page);
    expect(beside.isClosed()).toBe(true);
    expect(next.page.viewportSize()).toEqual({ width: 390, height: 844 });
    expect(await next.context.cookies()).toEqual([]);
    expect(await storedSession(next.page)).toEqual({ local: null, session: null });
    // The route is gone: the stack answers.
    expect(await next.page.evaluate(() => fetch('/api/e2e-parked-tab').then((r) => r.status))).toBe(404);
    // No session: the dashboard asks to log in.
    await next.page.goto('/dashboard/summary');
    await waitForPath(next.page, /^\/login/);
    await next.page.getByRole('button', { name: 'Log in' }).waitFor();
    // The listeners are gone: a dialog is dismissed unseen, a new page is not counted.
    expect(await next.page.evaluate(() => confirm('still listened to?'))).toBe(false);
    await (await next.context.newPage()).close();
    expect({ dialogs, pages }).toEqual({ dialogs: 0, pages: 0 });
    await assertAccessible(next);
  } finally {
    await next.context.close();
  }
});

it('the screen audit fails a test on a serious or critical violation, naming it, and not on a moderate one', async () => {
  const t = await openTab(browser);
  try {
    await t.page.goto('/login');
    await t.page.getByRole('button', { name: 'Log in' }).waitFor();
    await assertAccessible(t); // the login screen itself is clean
    await t.page.evaluate(() => {
      // critical: a picture without a text alternative; serious: grey on grey; moderate only: content outside every landmark.
      const probe = document.createElement('div');
      probe.innerHTML = '<img class="probe-img" src="data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22 width=%2210%22 height=%2210%22/%3E"><p class="probe-grey" style="color:#777;background:#888">hard to read</p>';
      document.body.append(probe);
    });
    const failure = await assertAccessible(t).then(() => '', (e: Error) => e.message);
    expect(failure).toMatch(/^axe-core found serious or critical accessibility violations:/);
    expect(failure).toMatch(/\/login: \[critical\] image-alt: Images must have alternative text \(img\)/);
    expect(failure).toMatch(/\/login: \[serious\] color-contrast: .*\.probe-grey/);
    expect(failure).not.toMatch(/region/);
  } finally {
    await t.context.close();
  }
});
