/**
 * Every count on a screen equals what the list under it holds (issue 20 §2; docs/decisions.md
 * "Dates and counts that agree"), one test per screen, in a real browser: the count as the page
 * shows it against the rows the list shows over all its pages (the rows of the last page plus the
 * full pages before it). Other suites add files, notifications, users and retailers while this
 * one runs, so each screen is read again (reloaded) until its count and its list agree.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PAGE } from '../../shared/constants';
import { testUser, TEST_ROLES } from '../support/accounts';
import { callRoute, login, stack } from '../support/api';
import { apiSession, browserPerFile, screenshot, withSession, type ApiSession } from '../support/browser';

const MA = 'brand-maison-aurelle';
const { tab } = browserPerFile();
/** Walking every page of several lists on a machine shared with other suites: minutes, not the default minute; a page waits up to 30 s. */
const TEST_TIMEOUT = 300_000;
const PAGE_WAIT = 30_000;
const sessions = new Map<string, Promise<ApiSession>>();
const sessionOf = (email: string, password?: string) => {
  if (!sessions.has(email)) sessions.set(email, apiSession(email, password));
  return sessions.get(email)!;
};
const AGREE = 'agree';
/**
 * How long a count and its list may take to agree: each reading walks the list to its last page,
 * which on a loaded machine (two files side by side) can take most of the default 10 s, leaving
 * no time for a second reading after one taken while a tab or filter was still loading.
 */
const SETTLE = { timeout: 120_000, interval: 1_000 };

/** The first number of a text ('1,234 Items Found' → 1234); NaN when there is none. */
const numberIn = (text: string | null) => Number((/\d[\d,]*/.exec(text ?? '')?.[0] ?? 'NaN').replace(/,/g, ''));
const countOf = async (l: Locator) => numberIn(await l.textContent());

/** The rows a paged list holds: on its last page (Last, when there is a pager), (pages − 1) × page size + the rows shown. */
async function rowsOverPages(page: Page, rows: Locator, pager: string, size: number): Promise<number> {
  const nav = page.getByRole('navigation', { name: pager, exact: true });
  if ((await nav.count()) === 0) return rows.count();
  const last = nav.getByRole('button', { name: 'Last', exact: true });
  if (await last.isEnabled()) await last.click();
  await expect.poll(() => last.isDisabled()).toBe(true);
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
  const pages = numberIn(await nav.locator('[aria-current="page"]').textContent());
  return (pages - 1) * size + (await rows.count());
}

/** A mismatch in words, or AGREE. */
const same = (what: string, shown: number, held: number) => (shown === held ? AGREE : `${what}: shown ${shown}, list holds ${held}`);
const all = (...checks: string[]) => checks.find((c) => c !== AGREE) ?? AGREE;

describe('brand dashboard', () => {
  it("Summary: 'auditing N websites', Total Retailers and the tiles count the same retailers; Total and Flagged Products are the tiles' sums", () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      await withSession(page, await sessionOf('brandadmin@demo.test'), '/dashboard/summary');
      await expect
        .poll(async () => {
          await page.reload();
          await page.getByText("Yay! Yeah! You've seen it all.").waitFor();
          const stats = page.getByRole('list', { name: 'Summary stats' });
          await expect.poll(() => stats.getAttribute('aria-busy')).toBeNull();
          const stat = (label: string) => countOf(stats.locator('.stats__item', { hasText: label }).locator('.stats__value'));
          const tiles = page.locator('ul.tiles > .tile');
          const counts = await Promise.all((await tiles.all()).map(async (t) => (await t.locator('.tile__count').allTextContents()).map(numberIn)));
          const websites = numberIn(await page.getByText(/^You are currently auditing \d+ websites$/).textContent());
          return all(
            same("'You are currently auditing N websites' vs the tiles", websites, counts.length),
            same('Total Retailers vs the tiles', await stat('Total Retailers'), counts.length),
            same('Total Products vs the tiles', await stat('Total Products'), counts.reduce((n, [total]) => n + total!, 0)),
            same('Flagged Products vs the tiles', await stat('Flagged Products'), counts.reduce((n, [, flagged]) => n + flagged!, 0)),
          );
        }, SETTLE)
        .toBe(AGREE);
      await screenshot(page, 'counts-summary');
    }), TEST_TIMEOUT);

  it("Retailer List: 'N Retailers' is the rows of every page, under each filter", () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      await withSession(page, await sessionOf('brandadmin@demo.test'), '/dashboard/stats');
      const rows = page.getByRole('table', { name: 'Retailers of the brand' }).locator('tbody tr');
      for (const [filter, value] of [
        ['All', 'all'],
        ['With product pages', 'with-products'],
        ['Without product pages', 'without-products'],
        ['Using module', 'module'],
      ] as const) {
        await page.getByLabel('Show').selectOption({ label: filter });
        await expect.poll(() => new URL(page.url()).searchParams.get('filter') ?? 'all').toBe(value);
        await page.locator('.list-tools__count').waitFor();
        // Read once the table shows the filter's rows (the select's change renders count and rows together).
        await expect.poll(async () => same(filter, await countOf(page.locator('.list-tools__count')), await rowsOverPages(page, rows, 'Pagination', PAGE.defaultLimit)), SETTLE).toBe(AGREE);
        expect(await countOf(page.locator('.list-tools__count')), filter).toBeGreaterThan(0);
      }
    }), TEST_TIMEOUT);

  it("Retailer view: DETAILS Total Products is ALL SCRAPED's count, and each tab's 'N Items Found' is its rows over every page", () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      // A past period (nothing edits it while other suites run): its own figures.
      const token = await login('brandadmin@demo.test');
      const periods = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: 'ret-northbay' } })).body.data;
      const period = periods[1]!;
      await withSession(page, await sessionOf('brandadmin@demo.test'), `/dashboard/retailer/ret-northbay/period/${period._id}`);
      const details = page.locator('.rv-details__list');
      await details.getByText('Total Products').waitFor();
      const totalProducts = await countOf(details.locator('div', { hasText: 'Total Products' }).locator('dd strong'));
      const tabs = ['Price Issues', 'Flagged Products', 'Changes Since last scan', 'All OH', 'OH (NOT Scraped)', 'OH (Scraped)', 'ALL SCRAPED', 'Scraped (NOT OH)', 'In Price Sync'];
      for (const label of tabs) {
        await page.getByRole('tab', { name: label, exact: true }).click();
        await page.getByRole('tab', { name: label, exact: true, selected: true }).waitFor();
        await page.getByText(/^[\d,]+ Items Found$/).waitFor();
        // While the tab's first page loads, the count and rows shown are the last tab's: read until they settle.
        await expect
          .poll(async () => {
            await page.waitForLoadState('networkidle');
            const shown = await countOf(page.getByText(/^[\d,]+ Items Found$/));
            if (shown === 0) return (await page.getByText('No product(s) found!').count()) === 1 ? AGREE : `${label}: 0 Items Found above rows`;
            return same(label, shown, await rowsOverPages(page, page.locator('table.products-table tbody tr'), 'Product pages', PAGE.products));
          }, SETTLE)
          .toBe(AGREE);
        const shown = await countOf(page.getByText(/^[\d,]+ Items Found$/));
        if (label === 'ALL SCRAPED') {
          expect(same('DETAILS Total Products vs ALL SCRAPED', totalProducts, shown)).toBe(AGREE);
          expect(shown).toBeGreaterThan(PAGE.products);
        }
      }
      await screenshot(page, 'counts-retailer-view', false);
    }), TEST_TIMEOUT);

  it("BASKET: '{n} Items In Basket' is the basket's rows over every page", () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      // A user of its own: other suites empty the demo users' baskets.
      Object.assign(process.env, stack().env);
      const users = await import('../../functions/users/users.repo');
      const password = 'Counts-2026!';
      const passwordHash = await (await import('../../functions/lib/password')).hashPassword(password);
      const email = `counts-e2e-${Date.now()}@demo.test`;
      await users.createUser(testUser({ _id: `user-counts-e2e-${Date.now()}`, name: 'Count Tester', email, passwordHash, roles: [TEST_ROLES.BRAND_ADMIN] }));
      const token = await login(email, password);
      const [latest] = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: 'ret-northbay' } })).body.data;
      const serials = ((await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: latest!._id, filter: 'all_oh', limit: 30 } })).body.data as { serialNo: string }[]).map((r) => r.serialNo);
      expect(serials.length).toBe(30);
      const added = await callRoute('addBasketItems', { token, params: { retailerId: 'ret-northbay' }, query: { brand: MA }, body: { serialNo: serials } });
      expect(added.status).toBe(200);
      await withSession(page, await sessionOf(email, password), '/dashboard/retailer/ret-northbay?tab=basket');
      await page.getByText(/^\d+ Items In Basket$/).waitFor();
      const shown = await countOf(page.getByText(/^\d+ Items In Basket$/));
      expect(shown).toBe(30);
      expect(same('Items In Basket', shown, await rowsOverPages(page, page.getByRole('table', { name: 'Basket' }).locator('tbody tr'), 'Basket pages', PAGE.defaultLimit))).toBe(AGREE);
    }), TEST_TIMEOUT);

  it("Inbox: 'N messages' is the canned messages over every page", () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      await withSession(page, await sessionOf('brandadmin@demo.test'), '/dashboard/message-inbox');
      const rows = page.getByRole('table', { name: 'Canned messages' }).locator('tbody tr');
      await expect
        .poll(async () => {
          await page.goto('/dashboard/message-inbox');
          await page.locator('.inbox__count').filter({ hasText: /\d/ }).waitFor();
          const shown = await countOf(page.locator('.inbox__count'));
          return same('messages', shown, await rowsOverPages(page, rows, 'Canned messages pages', PAGE.cannedMessages));
        }, SETTLE)
        .toBe(AGREE);
    }), TEST_TIMEOUT);

  it("Address Book: 'N contacts' is the contacts over every page", () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      await withSession(page, await sessionOf('brandadmin@demo.test'), '/dashboard/retailer/ret-harrowgate');
      await expect
        .poll(async () => {
          await page.reload();
          await page.getByRole('tab', { name: 'Address Book', exact: true }).click();
          await page.locator('.address-book__count').filter({ hasText: /\d/ }).waitFor();
          const shown = await countOf(page.locator('.address-book__count'));
          const rows = page.locator('.address-book table tbody tr');
          return same('contacts', shown, await rowsOverPages(page, rows, 'Address Book pages', PAGE.defaultLimit));
        }, SETTLE)
        .toBe(AGREE);
    }), TEST_TIMEOUT);
});

describe('admin area', () => {
  it("Post office: each flag counter is the list's total with that flag, for the list's status and retailer; together they are 'N files'", () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      await withSession(page, await sessionOf('admin@demo.test'), '/admin/post-office');
      const rows = page.locator('.po-table tbody tr');
      const counter = (flag: string) => countOf(page.getByTestId(`count-${flag}`));
      const files = () => countOf(page.getByText(/^[\d,]+ files?$/));
      const open = async (qs: string) => {
        await page.goto(`/admin/post-office${qs}`);
        await page.getByText(/^[\d,]+ files?$/).waitFor();
        await expect.poll(() => page.getByTestId('count-unflagged').textContent()).not.toBe('–');
        await page.waitForLoadState('networkidle');
      };
      for (const scope of ['', '?approvedStatus=pending', '?name=harrowgate-finch']) {
        await expect
          .poll(async () => {
            await open(scope);
            const counters = { require_review: await counter('require_review'), caution: await counter('caution'), unflagged: await counter('unflagged') };
            const checks = [same(`${scope || 'All'}: the counters vs 'N files'`, counters.require_review + counters.caution + counters.unflagged, await files())];
            for (const flag of ['require_review', 'caution', 'unflagged'] as const) {
              await open(`${scope ? `${scope}&` : '?'}flag=${flag}`);
              // The counter of the flag chosen, on the list filtered by it.
              checks.push(same(`${scope || 'All'} ${flag}: the counter vs 'N files'`, await counter(flag), await files()));
              checks.push(same(`${scope || 'All'} ${flag}: the counter before vs now`, counters[flag], await counter(flag)));
              if ((await files()) > 0) checks.push(same(`${scope || 'All'} ${flag}: 'N files' vs the rows`, await files(), await rowsOverPages(page, rows, 'Files pages', PAGE.defaultLimit)));
            }
            return all(...checks);
          }, SETTLE)
          .toBe(AGREE);
      }
      await open('');
      await page.getByText('All files, by flag').waitFor();
      await screenshot(page, 'counts-post-office', false);
    }), TEST_TIMEOUT);

  it('Admin home: the unseen badge is the notifications marked unseen; Notifications: its count is the list over every page', () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      await withSession(page, await sessionOf('admin@demo.test'), '/admin/post-office/notification');
      const size = 10;
      await expect
        .poll(async () => {
          await page.goto('/admin/post-office/notification');
          const sub = page.locator('.page-head__sub');
          await sub.waitFor();
          const [unseen, total] = /unseen of/.test((await sub.textContent()) ?? '')
            ? ((await sub.textContent())!.match(/\d[\d,]*/g) ?? []).map((x) => numberIn(x))
            : [0, await countOf(sub)];
          let rows = 0;
          let highlighted = 0;
          for (let p = 1; p <= Math.max(1, Math.ceil(total! / size)); p++) {
            await page.goto(`/admin/post-office/notification${p > 1 ? `?page=${p}` : ''}`);
            await page.locator('.notif-list').waitFor();
            rows += await page.locator('.notif-list .notif').count();
            highlighted += await page.locator('.notif-list .notif--unseen').count();
          }
          await page.goto('/admin');
          await page.getByRole('link', { name: /Go to Notifications/ }).waitFor();
          await page.waitForLoadState('networkidle');
          // The badge says its number in its label ('3 unseen'; it shows 99+ above 99) and is not there at 0.
          const badge = page.locator('.count-badge');
          const badgeCount = (await badge.count()) ? numberIn(await badge.getAttribute('aria-label')) : 0;
          return all(same('notifications', total!, rows), same('unseen', unseen!, highlighted), same('the badge vs unseen', badgeCount, unseen!));
        }, SETTLE)
        .toBe(AGREE);
    }), TEST_TIMEOUT);

  it("Retailer List, User Retailer List, Manage Users, Permissions: each 'N …' is the rows over every page", () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      await withSession(page, await sessionOf('admin@demo.test'), '/admin/retailers');
      const screens: { path: string; count: string; table: string; pager: string; size: number }[] = [
        { path: '/admin/retailers', count: '.retailers__count', table: 'Retailer List', pager: 'Retailer pages', size: PAGE.retailersAdmin },
        { path: '/admin/user-retailer-association', count: '.brand-retailers__count', table: 'User Retailer List', pager: 'Brand pages', size: PAGE.brandsAdmin },
        { path: '/admin/manage-users', count: '.admin-users__total', table: 'Users', pager: 'Users pages', size: PAGE.users },
        { path: `/admin/permissions?brand=${MA}`, count: '.permissions__count', table: '', pager: 'Permissions pages', size: PAGE.permissions },
        { path: '/admin/permissions?retailer=ret-harrowgate', count: '.permissions__count', table: '', pager: 'Permissions pages', size: PAGE.permissions },
      ];
      for (const s of screens) {
        await expect
          .poll(async () => {
            await page.goto(s.path);
            await page.locator(s.count).filter({ hasText: /\d/ }).waitFor();
            await page.waitForLoadState('networkidle');
            const shown = await countOf(page.locator(s.count));
            const rows = (s.table ? page.getByRole('table', { name: s.table }) : page.locator('table.permissions__table')).locator('tbody tr');
            return same(s.path, shown, await rowsOverPages(page, rows, s.pager, s.size));
          }, SETTLE)
          .toBe(AGREE);
      }
    }), TEST_TIMEOUT);
});
