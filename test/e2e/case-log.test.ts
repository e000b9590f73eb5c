/**
 * The case log outside the CASES lists (issue 24), in a real browser, on a brand of this file's own
 * (test/support/case-fixture.ts): the product page shows the product's case (its state, severity
 * and log, newest first) with "Open in Cases", which opens the retailer's CASES tab; a product
 * without a case says so quietly; the product page fits a 390 px phone. The Activity view's Export
 * downloads the log of the kind shown as an xlsx (the export job's state beside the button, the
 * toast), kept in ALL EXPORTS. Every screen is audited (axe-core, the phone's width) by the tab helper.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, stack } from '../support/api';
import { apiSession, browserPerFile, downloadedBytes, screenshot, toast, withSession } from '../support/browser';
import { CASE_PASSWORD, caseFixture } from '../support/case-fixture';
import { checkPhoneWidth, describeWidthProblem, PHONE } from '../support/phone-width';

const tag = randomBytes(3).toString('hex');
const fx = caseFixture(tag);
const { tab } = browserPerFile();
let productPath: (style: string) => string;

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await fx.seed();
  const ids = await import('../../functions/scrapings/domain/ids');
  productPath = (style) => `/dashboard/retailer/${fx.r1._id}/product/${ids.productIdOf(fx.period.r1, style)}`;
  const token = await login(fx.adminEmail, CASE_PASSWORD);
  expect((await fx.flag(token, 'A1', [{ name: 'Price', value: 'Wrong price' }], 'Shown far below the list price.')).status).toBe(200);
  await fx.emailAbout(token, ['A1'], { subject: `Price ${tag}`, message: '<p>Please correct the price.</p>' });
}, 60_000);

describe("the product page's case", () => {
  it('shows the case (state, severity, its log newest first) at a phone’s width; "Open in Cases" opens the CASES tab', () =>
    tab(
      async ({ page }) => {
        await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), productPath('A1'));
        const panel = page.getByRole('region', { name: 'Case', exact: true });
        const log = panel.getByRole('list', { name: 'Log of the case of Piece A1' });
        await log.locator('li').nth(1).waitFor();
        expect(await panel.locator('.pp-case__status').textContent()).toMatch(/^High Notified · emailed \d\d\/\d\d\/\d{4} · open since \d\d\/\d\d\/\d{4}$/);
        expect(await log.locator('li').allTextContents()).toEqual([
          expect.stringMatching(new RegExp(`^\\d\\d/\\d\\d/\\d{4} Emailed by Cora Case — Emailed to ${fx.contact}$`)),
          expect.stringMatching(/^\d\d\/\d\d\/\d{4} Flagged by Cora Case — Price: Wrong price$/),
        ]);
        expect(await panel.getByRole('button', { name: 'Show more' }).count()).toBe(0);
        await screenshot(page, 'product-case-phone');
        const wide = await checkPhoneWidth(page);
        expect(wide ? describeWidthProblem(wide) : undefined).toBeUndefined();

        await panel.getByRole('link', { name: `Open in Cases of ${fx.r1.name}` }).click();
        await page.waitForURL((u) => u.pathname === `/dashboard/retailer/${fx.r1._id}` && u.searchParams.get('side') === 'cases');
        await page.getByRole('tab', { name: 'CASES', selected: true }).waitFor();
        await page.getByRole('table', { name: `Active cases of ${fx.r1.name}` }).getByText('Piece A1').waitFor();
      },
      PHONE,
    ));

  it('a product that never had a case says so, quietly', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), productPath('A5'));
      const panel = page.getByRole('region', { name: 'Case', exact: true });
      await panel.getByText('This product has never had a case at this retailer.').waitFor();
      expect(await panel.getByRole('link').count()).toBe(0);
      const wide = await checkPhoneWidth(page);
      expect(wide ? describeWidthProblem(wide) : undefined).toBeUndefined();
    }));
});

describe("the Activity view's Export", () => {
  it('downloads the log of the kind shown as an xlsx: the job beside the button, the toast, the file in ALL EXPORTS', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), `/dashboard/retailer/${fx.r1._id}?side=cases`);
      await page.getByRole('button', { name: 'Activity' }).click();
      const log = page.getByRole('table', { name: `Case activity of ${fx.r1.name}` });
      await log.locator('tbody tr').nth(1).waitFor();
      await page.getByLabel('Event').selectOption({ label: 'Emailed' });
      await expect.poll(() => log.locator('tbody tr').count()).toBe(1);
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'Export the case log', exact: true }).click()]);
      expect(await page.getByRole('button', { name: 'Export the case log' }).textContent()).toBe('Export');
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${fx.r1.name} - Case activity \\(Emailed\\) - \\d{4}-\\d{2}-\\d{2}\\.xlsx$`));
      const status = page.getByRole('status').filter({ hasText: /^Export ready \(1 rows\)\. Download$/ });
      await status.waitFor();
      expect(await status.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(/\/api\/exports\/download\?token=/);
      await toast(page, `Export ready: ${download.suggestedFilename()}`).waitFor();
      await screenshot(page, 'cases-activity-export');

      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await downloadedBytes(download)) as unknown as ArrayBuffer);
      const rows: unknown[][] = [];
      wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
      expect(rows).toEqual([
        ['Date (UTC)', 'Case', 'Event', 'By', 'Detail', 'Case status after'],
        [expect.stringMatching(/^\d\d\/\d\d\/\d{4} \d\d:\d\d$/), 'A1 – Piece A1', 'Emailed', 'Cora Case', `Emailed to ${fx.contact}`, 'Notified'],
      ]);

      await page.getByRole('tab', { name: 'ALL EXPORTS' }).click();
      await page.getByRole('tabpanel').first().getByRole('link', { name: download.suggestedFilename() }).first().waitFor();
    }));
});
