/**
 * Robot health (issue 25) in a real browser, on retailers of this file's own whose robots' states
 * and problems are written through the backend's `changeRobot` (functions/robot-health), as the
 * ingest and the daily check write them: the post office's Robot Health panel (the problems with
 * their retailer, robot, problem, since, last good file and why; 'Show more'), the robots and
 * their schedules (a schedule saved, refused under its field, set back to the default), at a
 * desktop's and a 390 px phone's width with the screen audits (axe, the phone's width), the
 * disclosure opened audited too; and the brand's "Data delayed since" on the summary tile, the
 * Retailer List and the retailer page.
 */
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROBOT_HEALTH_MSG as M } from '../../shared/messages/robot-health';
import type { RobotType } from '../../shared/robot-columns';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { apiSession, assertAccessible, browserPerFile, screenshot, toast, withSession } from '../support/browser';

const tag = randomBytes(3).toString('hex');
const PASSWORD = 'Robot-2031!';
const PHONE = { width: 390, height: 844 };
const TYPES: RobotType[] = ['product', 'brand', 'homepage'];
/** Nine retailers × three robots, one problem each: 27, pages of the panel (10) and of the robots (25). */
const R = Array.from({ length: 9 }, (_, i) => ({ _id: `ret-rh-${i}-${tag}`, name: `Robot Store ${i} ${tag}`, optId: `RH${i}${tag}`.toUpperCase(), slug: `robot-store-${i}-${tag}`, website: 'https://robots.example' }));
const B = { _id: `brand-rh-${tag}`, name: `Robot House ${tag}`, slug: `robot-house-${tag}` };
const brandAdminEmail = `rh-brand-${tag}@demo.test`;
const day = (d: number) => `2021-03-${String(d).padStart(2, '0')}`;
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
/** The late robot: Robot Store 0's product robot, last file 03/01/2021, due 03/08, late since 03/10. */
const LATE = { retailer: R[0]!, type: 'product' as const, since: day(10) };
const THIN = { retailer: R[1]!, type: 'brand' as const, fileId: `file-rh-thin-${tag}` };
const fileOf = (i: number, t: RobotType) => ({ _id: `file-rh-${i}-${t}-${tag}`, date: day(1), rowCount: 1200 + i });

const { tab } = browserPerFile();
let health: typeof import('../../functions/robot-health');

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  health = await import('../../functions/robot-health');
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const { refreshBrandRows } = await import('../../functions/scrapings/brand-rows.repo');
  await seedBrand(B, R.slice(0, 2), R.slice(0, 2).map((r) => ({ retailer: r._id, flag: true, webSiteType: 'retailerWithProducts' as const })));
  const hash = await hashPassword(PASSWORD);
  await createUser(testUser({ _id: `user-rh-brand-${tag}`, name: 'Bram Robot', email: brandAdminEmail, passwordHash: hash, brand: B._id, roles: [TEST_ROLES.BRAND_ADMIN], notify: false }));
  const openedAt = new Date().toISOString();
  for (const [i, r] of R.entries()) {
    for (const type of TYPES) {
      const last = fileOf(i, type);
      const robot = `${type}-robot-${i}.csv`;
      const late = r === LATE.retailer && type === LATE.type;
      const thin = r === THIN.retailer && type === THIN.type;
      const kind = late ? 'late' : thin ? 'thin' : type === 'product' && i === 1 ? 'stuck' : type === 'homepage' ? 'broken' : type === 'brand' ? 'stuck' : 'late';
      const file = kind === 'late' ? null : thin ? { _id: THIN.fileId, date: day(8), rowCount: 300 } : { ...last, _id: `${last._id}-bad`, date: day(8) };
      const detail = kind === 'late' ? M.late(us(last.date), us(day(8))) : kind === 'thin' ? M.thin(us(day(8)), 300, 1200, 25) : kind === 'stuck' ? M.stuck(us(day(8)), 5) : M.brokenMissing(us(day(8)), ['Price']);
      await health.changeRobot(r._id, type, () => ({
        health: { retailer: r._id, retailerName: r.name, slug: r.slug, type, robot, lastFile: last, lastGoodFile: { ...last, columns: ['Price'], emptyShares: {} }, recentRowCounts: [1180 + i, 1190 + i, 1200 + i] },
        put: [{ retailer: r._id, retailerName: r.name, slug: r.slug, type, robot, kind, detail, since: late ? LATE.since : kind === 'late' ? day(10 + i) : day(8), file, lastGoodFile: last, openedAt }],
        close: [],
      }));
    }
  }
  // The late product robot delays the brand's data: its retailer row says so (as the daily check refreshes it).
  await refreshBrandRows(B._id, [R[0]!._id, R[1]!._id]);
}, 120_000);

afterAll(async () => {
  // Other files of the run share the post office: leave no problem of ours in its panel.
  for (const r of R) for (const type of TYPES) await health?.deleteRobot(r._id, type);
});

const admin = async (page: Page, target = '/admin/post-office') => withSession(page, await apiSession('admin@demo.test'), target);
const problemRow = (page: Page, r: { _id: string }, type: RobotType, kind: string) => page.locator(`tr[data-problem-id="${r._id}~${type}~${kind}"]`);
const cellsOf = (row: Locator) => row.locator('td').allTextContents();

/** Clicks `more` until `target` shows (other files' problems or robots may come first), at most 20 pages. */
async function showUntil(target: Locator, more: Locator): Promise<void> {
  for (let i = 0; i < 20 && !(await target.count()); i++) {
    if (!(await more.count())) break;
    await more.click();
    await more.or(target).first().waitFor();
    await target.page().waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  }
  await target.waitFor();
}

describe('the Robot Health panel', () => {
  it('lists the open problems, oldest first, with why and the last good file; Show more brings the next page', () =>
    tab(async (t) => {
      const { page } = t;
      await admin(page);
      const panel = page.locator('section.rh-panel');
      await page.getByRole('heading', { name: 'Robot Health', level: 2 }).waitFor();
      await panel.locator('tr[data-problem-id]').first().waitFor();
      expect(await page.locator('.rh-panel__count').textContent()).toMatch(/^\d+ open problems$/);
      expect(Number((await page.locator('.rh-panel__count').textContent())!.split(' ')[0])).toBeGreaterThanOrEqual(27);
      expect(await page.locator('.rh-panel__check').textContent()).toMatch(/^(Last daily check: \d\d\/\d\d\/\d{4} \d\d:\d\d|The daily check has not run yet\.)$/);
      expect(await page.locator('.rh-table thead th').allTextContents()).toEqual(['Retailer', 'Robot', 'Problem', 'Since', 'Last good file', 'Detail']);
      // A page of 10 (the panel sits above the files), the oldest first.
      expect(await page.locator('tr[data-problem-id]').count()).toBe(10);
      const since = async () => (await page.locator('tr[data-problem-id] td:nth-child(4)').allTextContents()).map((d) => d.replace(/(\d\d)\/(\d\d)\/(\d{4})/, '$3-$1-$2'));
      expect(await since()).toEqual([...(await since())].sort());

      const more = page.getByRole('button', { name: 'Show more' });
      const late = problemRow(page, LATE.retailer, 'product', 'late');
      const thin = problemRow(page, THIN.retailer, 'brand', 'thin');
      await showUntil(late, more);
      await showUntil(thin, more);
      expect(await cellsOf(late)).toEqual([LATE.retailer.name, 'Productsproduct-robot-0.csv', 'Late', '03/10/2021', '03/01/2021 · 1,200 rows', M.late('03/01/2021', '03/08/2021')]);
      expect(await cellsOf(thin)).toEqual([THIN.retailer.name, 'Brand pagebrand-robot-1.csv', 'Thin file', '03/08/2021', '03/01/2021 · 1,201 rows', `${M.thin('03/08/2021', 300, 1200, 25)} Open the file`]);
      expect(await thin.getByRole('link', { name: `Open the file of ${THIN.retailer.name} of 03/08/2021` }).getAttribute('href')).toBe(`/admin/post-office/comparison/${THIN.fileId}`);
      // Every one of ours is listed once the pages are in.
      for (const r of R) for (const type of TYPES) await showUntil(page.locator(`tr[data-problem-id^="${r._id}~${type}~"]`), more);
      expect(await page.locator(`tr[data-problem-id*="-${tag}~"]`).count()).toBe(27);
      await screenshot(page, 'robot-health');
    }));

  it('the robots and their schedules: saved, refused under the field, set back to the default', () =>
    tab(async (t) => {
      const { page } = t;
      await admin(page);
      await page.getByRole('heading', { name: 'Robot Health', level: 2 }).waitFor();
      await page.getByText(M.robotsTitle, { exact: true }).click();
      const robots = page.getByRole('region', { name: M.robotsTitle });
      await robots.locator('tr[data-robot]').first().waitFor();
      expect(await robots.locator('thead th').allTextContents()).toEqual(['Retailer', 'Robot', 'Last file', 'Expected by', 'Recent rows', 'Schedule']);
      const row = robots.locator(`tr[data-robot="${LATE.retailer._id}#product"]`);
      await showUntil(row, page.locator('.rh-robots-box').getByRole('button', { name: 'Show more' }));
      expect((await cellsOf(row)).slice(0, 5)).toEqual([LATE.retailer.name, 'Productsproduct-robot-0.csvLate', '03/01/2021 · 1,200 rows', '03/08/2021', '1,180 · 1,190 · 1,200']);
      // The disclosure opened: audited as shown (axe and the phone's width).
      await assertAccessible(t);

      const label = `Schedule of ${LATE.retailer.name}, Products, in days`;
      const input = page.getByLabel(label, { exact: true });
      expect(await input.inputValue()).toBe('7');
      expect(await row.getByRole('button', { name: /^Use default/ }).count()).toBe(0);
      await input.fill('14');
      await page.getByRole('button', { name: `Save schedule of ${LATE.retailer.name}, Products, in days` }).click();
      await toast(page, M.scheduleSaved).waitFor();
      await expect.poll(() => row.locator('td').nth(3).textContent()).toBe('03/15/2021');
      expect(await input.inputValue()).toBe('14');
      await row.getByRole('button', { name: /^Use default/ }).waitFor();
      const stored = await health.getRobotHealth(LATE.retailer._id, 'product');
      expect(stored?.cadenceDays).toBe(14);

      await input.fill('0');
      await page.getByRole('button', { name: `Save schedule of ${LATE.retailer.name}, Products, in days` }).click();
      await row.getByRole('alert').filter({ hasText: M.cadenceInvalid }).waitFor();
      expect(await input.getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'robot-health-schedule');

      await row.getByRole('button', { name: /^Use default/ }).click();
      await toast(page, M.scheduleReset).waitFor();
      await expect.poll(() => input.inputValue()).toBe('7');
      expect(await row.locator('td').nth(3).textContent()).toBe('03/08/2021');
      expect((await health.getRobotHealth(LATE.retailer._id, 'product'))?.cadenceDays).toBeUndefined();
    }));

  it('fits a 390 px phone, the robots opened too', () =>
    tab(async (t) => {
      const { page } = t;
      await admin(page);
      await page.locator('tr[data-problem-id]').first().waitFor();
      await screenshot(page, 'robot-health-phone');
      await page.getByText(M.robotsTitle, { exact: true }).click();
      await page.getByRole('region', { name: M.robotsTitle }).locator('tr[data-robot]').first().waitFor();
      await assertAccessible(t);
      await screenshot(page, 'robot-health-robots-phone');
    }, PHONE));
});

describe('the Robot health section of the post office settings', () => {
  it('shows the six thresholds as stored; a refused value is said under its field and nothing is saved (on a phone)', () =>
    tab(async ({ page }) => {
      const token = (await apiSession('admin@demo.test')).token;
      const before = (await callRoute('getThresholdSettings', { token })).body;
      await admin(page, '/admin/post-office/settings');
      await page.getByRole('heading', { name: 'Robot health', level: 2 }).waitFor();
      const fields = ['Thin below (%)', 'Was empty at most (%)', 'Now empty at least (%)', 'Late after (days)', 'Stuck after (days)', 'Remind every (days)'];
      const keys = ['thinPercent', 'emptyBeforePercent', 'emptyNowPercent', 'graceDays', 'stuckDays', 'reminderDays'] as const;
      for (const [i, label] of fields.entries()) expect(await page.getByLabel(label, { exact: true }).inputValue()).toBe(String(before.settings.robotHealth[keys[i]!]));
      // The settings are the run's own (other files read them): only a refusal here, nothing saved.
      await page.getByLabel('Late after (days)', { exact: true }).fill('2.5');
      await page.getByRole('button', { name: 'Save' }).click();
      const message = M.settingInvalid('Late after', [0, 60]);
      await page.locator('.rh-settings .field__error', { hasText: message }).waitFor();
      expect(await page.getByLabel('Late after (days)', { exact: true }).getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'robot-health-settings-phone');
      expect((await callRoute('getThresholdSettings', { token })).body.version).toBe(before.version);
    }, PHONE));
});

describe("the brand's 'Data delayed since'", () => {
  const line = M.dataDelayedSince(us(LATE.since));

  it('on the summary tile, the Retailer List row and the retailer page head (a late robot; a stuck file too)', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(brandAdminEmail, PASSWORD), '/dashboard/summary');
      const tile = page.locator(`.tile[data-retailer="${R[0]!._id}"]`);
      await tile.locator('.data-delayed').waitFor();
      expect(await tile.locator('.data-delayed__text').textContent()).toBe(line);
      expect(await tile.locator('.data-delayed').getAttribute('title')).toBe(M.dataDelayedTitle);
      // Robot Store 1's product file is stuck in the post office since 03/08 (its brand page robot is the thin one).
      expect(await page.locator(`.tile[data-retailer="${R[1]!._id}"] .data-delayed__text`).textContent()).toBe(M.dataDelayedSince('03/08/2021'));
      await screenshot(page, 'robot-health-summary-tile');

      await page.goto('/dashboard/stats');
      const row = page.locator('tbody tr', { has: page.getByRole('link', { name: R[0]!.name }) });
      await row.locator('.data-delayed').waitFor();
      expect(await row.locator('.data-delayed__text').textContent()).toBe(line);
      await screenshot(page, 'robot-health-retailer-list');

      await page.goto(`/dashboard/retailer/${R[0]!._id}`);
      await page.getByRole('heading', { level: 2, name: R[0]!.name }).waitFor();
      expect(await page.locator('.rv-head__title .data-delayed__text').textContent()).toBe(line);
      await screenshot(page, 'robot-health-retailer-page');
    }, PHONE));
});
