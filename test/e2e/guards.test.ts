/**
 * Route guards (000 §2, §4, §6; 001 §2, §6): the deep link of an unauthenticated visit, the admin
 * area for ADMIN only, the dashboard for brand users or an admin acting as one, a 401 from any
 * call → /login?session=expired, exact-match public routes.
 */
import { describe, expect, it } from 'vitest';
import { adminWithTotp } from '../support/accounts';
import { activeAccount, apiSession, browserPerFile, here, loginInUi, storedSession, waitForPath, withSession, type Tab } from '../support/browser';

const { tab } = browserPerFile();

const deepLink = (t: Tab) => t.page.evaluate(() => sessionStorage.getItem('deepLink'));

describe('deep link of an unauthenticated visit', () => {
  it('remembers path and query, then opens them after login', () =>
    tab(async (t) => {
      const { page } = t;
      await page.goto('/dashboard/stats?filter=with-products');
      await waitForPath(page, '/login');
      expect(await deepLink(t)).toBe('/dashboard/stats?filter=with-products');
      await loginInUi(page, 'brandadmin@demo.test', undefined, '');
      await waitForPath(page, '/dashboard/stats?filter=with-products');
      await page.getByRole('heading', { name: 'Retailer List', level: 1 }).waitFor();
      // The query came along: the list opens filtered to retailers with product pages.
      await page.getByRole('table').waitFor();
      expect(await page.getByLabel('Show').inputValue()).toBe('with-products');
      expect(await deepLink(t)).toBeNull();
    }));

  it('brings an admin back to the admin page they asked for (after its second step)', () =>
    tab(async ({ page }) => {
      const admin = await adminWithTotp('guard-admin');
      await page.goto('/admin');
      await waitForPath(page, '/login');
      await loginInUi(page, admin.email, admin.password, '', () => admin.app.next());
      await waitForPath(page, '/admin');
      await page.getByRole('heading', { name: 'Administration' }).waitFor();
    }));

  it('is ignored when the user may not see it (a User asking for /admin lands on the summary)', () =>
    tab(async ({ page }) => {
      await page.goto('/admin/confirm');
      await waitForPath(page, '/login');
      await loginInUi(page, 'user@demo.test', undefined, '');
      await waitForPath(page, '/dashboard/summary');
    }));

  it('/privacypolicy needs a session', () =>
    tab(async (t) => {
      await t.page.goto('/privacypolicy');
      await waitForPath(t.page, '/login');
      expect(await deepLink(t)).toBe('/privacypolicy');
    }));
});

describe('role guards', () => {
  it('sends a brand user away from the admin area (to /login, which sends them on to their summary)', () =>
    tab(async (t) => {
      await withSession(t.page, await apiSession('brandadmin@demo.test'), '/admin');
      await waitForPath(t.page, '/dashboard/summary');
      expect(await deepLink(t)).toBe('/admin');
    }));

  it('sends an admin who is not acting as a brand away from the dashboard (→ /login → /admin/confirm)', () =>
    tab(async (t) => {
      await withSession(t.page, await apiSession('admin@demo.test'), '/dashboard/summary');
      await waitForPath(t.page, '/admin/confirm');
      expect(await deepLink(t)).toBe('/dashboard/summary');
    }));

  it('lets an admin acting as a brand into the dashboard', () =>
    tab(async ({ page }) => {
      const session = await apiSession('admin@demo.test');
      await withSession(page, { ...session, actingBrand: { _id: 'brand-maison-aurelle', name: 'Maison Aurelle', slug: 'maison-aurelle' } }, '/dashboard/summary');
      await page.getByRole('heading', { name: 'Welcome, Ada Admin' }).waitFor();
      expect(here(page)).toBe('/dashboard/summary');
      expect(await page.getByRole('link', { name: 'Admin/Brand User' }).getAttribute('href')).toBe('/admin/confirm');
    }));

  it('keeps a user who has not accepted the terms on /privacypolicy', () =>
    tab(async ({ page }) => {
      const account = await activeAccount('guard-terms');
      await withSession(page, await apiSession(account.email, account.password), '/dashboard/stats');
      await waitForPath(page, '/privacypolicy');
      await page.getByRole('button', { name: 'I Accept' }).waitFor();
    }));

  it('/dashboard redirects to /dashboard/summary', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession('user@demo.test'), '/dashboard');
      await waitForPath(page, '/dashboard/summary');
    }));
});

describe('expired or refused sessions', () => {
  it('a 401 from any call sends the user to /login?session=expired and clears nothing (tampered admin token)', () =>
    tab(async (t) => {
      const { page } = t;
      const admin = await adminWithTotp('guard-401-admin');
      const session = { ...admin.session, actingBrand: null };
      const tampered = { ...session, token: `${session.token.slice(0, -4)}AAAA` };
      await withSession(page, tampered, '/admin/confirm');
      await page.getByRole('button', { name: /Brand User/ }).click();
      await waitForPath(page, '/login?session=expired');
      await page.getByText('Error: Session expired, please login again!', { exact: true }).waitFor();
      expect(JSON.parse((await storedSession(page)).local!).token).toBe(tampered.token);
      expect(await deepLink(t)).toBe('/admin/confirm');
      // Logging in again returns to where the user was.
      await loginInUi(page, admin.email, admin.password, '', () => admin.app.next());
      await waitForPath(page, '/admin/confirm');
    }));

  it('a 401 while accepting the terms also goes to /login?session=expired (tampered brand-user token)', () =>
    tab(async ({ page }) => {
      const account = await activeAccount('guard-401');
      const session = await apiSession(account.email, account.password);
      await withSession(page, { ...session, token: 'not.a.token' }, '/privacypolicy');
      await page.getByRole('button', { name: 'I Accept' }).click();
      await waitForPath(page, '/login?session=expired');
      await loginInUi(page, account.email, account.password, '');
      await waitForPath(page, '/privacypolicy');
    }));

  it('a session past its expiry goes to /login?session=expired', () =>
    tab(async ({ page }) => {
      const session = await apiSession('user@demo.test');
      await withSession(page, { ...session, expiresAt: new Date(Date.now() - 60_000).toISOString() }, '/dashboard/summary');
      await waitForPath(page, '/login?session=expired');
      // An expired session is not "logged in": /login shows the form instead of redirecting.
      await page.goto('/login');
      await page.getByRole('heading', { name: 'Log in' }).waitFor();
      expect(here(page)).toBe('/login');
    }));
});

describe('public routes match exactly', () => {
  for (const path of ['/login/extra', '/register/x', '/forgot-password/x', '/reset-password/x', '/nowhere']) {
    it(`${path} is not found`, () =>
      tab(async ({ page }) => {
        await page.goto(path);
        await page.getByRole('heading', { name: 'Page not found' }).waitFor();
        expect(here(page)).toBe(path);
      }));
  }
});
