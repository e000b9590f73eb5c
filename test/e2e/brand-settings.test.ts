/**
 * The Brand and Manage Reports tabs of Settings (000 §2, §9) in a real browser, on a brand of this
 * file's own: the contrast warning as a colour is typed, Save ('Successfully updated') and the
 * side bar repainting at once without a reload (and after one), a plain User read-only; the
 * month picker and Export downloading the month's report, opened with exceljs. Screenshots under
 * SCREENS_DIR; every screen visited is audited (axe).
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { beforeAll } from 'vitest';
import { signedInAccounts } from '../support/accounts';
import { stack } from '../support/api';
import { apiSession, assertAccessible, browserPerFile, downloadedBytes, screenshot, toast, withSession, type ApiSession } from '../support/browser';
import { periodRecord } from '../support/scrapes';

const tag = randomBytes(3).toString('hex');
const B = { _id: `brand-e2e-bs-${tag}`, name: `Atelier Teinte ${tag}`, slug: `atelier-teinte-${tag}` };
const R = { _id: `ret-e2e-bs-${tag}`, name: `Teinte Store ${tag}`, optId: `TS${tag}`.toUpperCase(), slug: `teinte-${tag}`, website: 'https://teinte.example' };
const PASSWORD = 'Teinte-2031!';
const ADMIN = { _id: `user-e2e-bs-admin-${tag}`, email: `e2e-bs-admin-${tag}@demo.test`, role: 'BRAND_ADMIN' as const };
const USER = { _id: `user-e2e-bs-user-${tag}`, email: `e2e-bs-user-${tag}@demo.test` };
const now = new Date();
const MONTH = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
const sessions = {} as Record<'admin' | 'user', ApiSession>;
const { tab } = browserPerFile();

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const { putPeriod } = await import('../../functions/scrapings/scrapings.repo');
  const { periodIdOf } = await import('../../functions/scrapings/domain/ids');
  const at = new Date().toISOString();
  await putRetailer({ ...R, createdAt: at, updatedAt: at });
  await putBrand({ ...B, colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' }, retailers: [{ retailer: R._id, flag: true, webSiteType: 'retailerWithProducts' }], createdAt: at, updatedAt: at });
  const date = `${MONTH}-01`;
  await putPeriod(periodRecord({ _id: periodIdOf(B._id, R._id, date), brand: B._id, retailer: R._id, date, version: `v${tag}`, totalProducts: 40, added: 6, deleted: 2, changed: 3, flaggedCount: 5, mappedCount: 30, priceFlaggedCount: 1 }));
  await signedInAccounts(B._id, PASSWORD, { admin: ADMIN, user: USER });
  [sessions.admin, sessions.user] = await Promise.all([apiSession(ADMIN.email, PASSWORD), apiSession(USER.email, PASSWORD)]);
}, 120_000);

const sideBarBackground = (page: import('playwright-core').Page) => page.locator('#side-menu').evaluate((el) => getComputedStyle(el).backgroundColor);

describe('Settings › Brand', () => {
  it('warns about a low contrast before saving, saves, and the side bar repaints at once without a reload', () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, sessions.admin, '/dashboard/profile/settings?tab=brand');
      await page.getByRole('tab', { name: 'Brand' }).waitFor();
      await page.getByLabel('Background colour (hex)').waitFor();
      expect(await sideBarBackground(page)).toBe('rgb(51, 49, 49)');
      await screenshot(page, 'settings-brand-defaults');
      await assertAccessible(t);

      // A light background under white text: the warning shows at once, nothing is sent.
      await page.getByLabel('Background colour (hex)').fill('#dddddd');
      await page.getByRole('status').filter({ hasText: 'Low contrast' }).waitFor();
      await screenshot(page, 'settings-brand-contrast-warning');

      // A readable colour: the warning goes; Save; the side bar takes it without a reload.
      await page.getByLabel('Background colour (hex)').fill('#1f4e79');
      await page.getByRole('status').filter({ hasText: 'Low contrast' }).waitFor({ state: 'detached' });
      await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
      await page.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Successfully updated').waitFor();
      await page.waitForFunction(() => getComputedStyle(document.getElementById('side-menu')!).backgroundColor === 'rgb(31, 78, 121)');
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      await screenshot(page, 'settings-brand-saved');
      await assertAccessible(t);

      // Another screen of the app, then a reload: still the brand's colour.
      await page.getByRole('link', { name: 'Summary view' }).click();
      await page.waitForURL(/\/dashboard\/summary/);
      expect(await sideBarBackground(page)).toBe('rgb(31, 78, 121)');
      expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
      await page.reload();
      await page.locator('#side-menu').waitFor();
      expect(await sideBarBackground(page)).toBe('rgb(31, 78, 121)');
      await assertAccessible(t);
    }));

  it("a User of the brand sees the brand's settings read-only (no Save)", () =>
    tab(async (t) => {
      await withSession(t.page, sessions.user, '/dashboard/profile/settings?tab=brand');
      await t.page.getByText("Only a brand admin can change the brand's colours and BCC email.").waitFor();
      expect(await t.page.getByRole('button', { name: 'Save' }).count()).toBe(0);
      await screenshot(t.page, 'settings-brand-user');
      await assertAccessible(t);
    }));
});

describe('Settings › Manage Reports', () => {
  it("downloads the month's report: the brand's retailer with the figures of its scan", () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, sessions.admin, '/dashboard/profile/settings?tab=reports');
      const month = page.getByRole('textbox', { name: 'Month' });
      await month.waitFor();
      expect(await month.inputValue()).toBe(now.toLocaleString('en-US', { month: 'short' }) + ` ${now.getFullYear()}`);
      await month.click();
      await page.locator('.react-datepicker').waitFor();
      await screenshot(page, 'settings-reports-picker');
      await page.keyboard.press('Escape');
      await screenshot(page, 'settings-reports');
      await assertAccessible(t);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
      expect(download.suggestedFilename()).toBe(`Atelier Teinte ${tag} - Monthly report - ${now.toLocaleString('en-US', { month: 'short' })} ${now.getFullYear()}.xlsx`);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows[1]).toEqual([R.name, R.optId, 1, `${MONTH}-01`, 40, 5, 1, 6, 2, 3, 30, 75]);
      expect(rows[2]![0]).toBe('Total');
      await assertAccessible(t);
    }));
});
