/**
 * The CASES tab of the retailer page in a real browser (issue 24), on a brand of this file's own
 * (test/support/case-fixture.ts): a flag and an email made through the API show as a notified case
 * with its severity; the case opens with the evidence against the on-hand item and its log;
 * Dismiss asks for a reason, then resolves it (the toast, the status, the lists); Activity shows
 * the log, one kind at a time; "Evidence pack (PDF)" downloads the active cases as a PDF, and says
 * why it cannot where there is none (issue 24 §2); all of it at a 390 px phone's width too, with
 * the screen audits.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, stack } from '../support/api';
import { apiSession, browserPerFile, downloadedBytes, screenshot, toast, withSession } from '../support/browser';
import { CASE_PASSWORD, caseFixture } from '../support/case-fixture';
import { pageText, pdfPages } from '../support/pdf-text';

const tag = randomBytes(3).toString('hex');
const fx = caseFixture(tag, { pictures: true });
const { tab } = browserPerFile();

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await fx.seed();
  const token = await login(fx.adminEmail, CASE_PASSWORD);
  expect((await fx.flag(token, 'A1', [{ name: 'Price', value: 'Wrong price' }], 'Shown far below the list price.')).status).toBe(200);
  expect((await fx.flag(token, 'A2', [{ name: 'Image Issues', value: 'Image Issues' }], 'Old season picture.')).status).toBe(200);
  await fx.emailAbout(token, ['A1'], { subject: `Price ${tag}`, message: '<p>Please correct the price.</p>' });
}, 60_000);

const counts = async (page: import('playwright-core').Page) =>
  Object.fromEntries(await page.locator('.cases__count').evaluateAll((els) => els.map((e) => [e.querySelector('dt')!.textContent, Number(e.querySelector('dd')!.textContent)])));

describe('the CASES tab', () => {
  it('lists the cases worst first; a case shows its evidence and log; Dismiss needs a reason, then resolves it', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), `/dashboard/retailer/${fx.r1._id}`);
      await page.getByRole('tab', { name: 'CASES' }).click();
      const table = page.getByRole('table', { name: `Active cases of ${fx.r1.name}` });
      await table.locator('tbody tr').nth(1).waitFor();
      expect(await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent)))).toEqual([
        ['High', 'Piece A1A1', 'Notified'],
        ['Low', 'Piece A2A2', 'Open'],
      ]);
      expect(await counts(page)).toEqual({ Open: 1, Notified: 1, Acknowledged: 0, Resolved: 0, Repeats: 0 });
      await screenshot(page, 'cases-tab');

      await page.getByRole('button', { name: 'View the case of Piece A1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Case: Piece A1' });
      await dialog.getByText('Evidence from the scan of 11/02/2026').waitFor();
      const evidence = await dialog.locator('.case__evidence').textContent();
      expect(evidence).toContain('Retailer price$700.00');
      expect(evidence).toContain(`On-hand price$1,000.00 (SN-${tag})`);
      expect(evidence).toContain('Gap-$300.00 (-30%)');
      // The picture and page screenshot kept with the case (evidence/), loaded through their signed links.
      const pictures = dialog.locator('.case__pictures img');
      await expect.poll(() => pictures.evaluateAll((imgs) => imgs.map((i) => [(i as HTMLImageElement).alt, (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0, decodeURIComponent(i.getAttribute('src')!).includes('key=evidence/')]))).toEqual([
        ['Product picture', true, true],
        ['Page screenshot', true, true],
      ]);
      expect(await dialog.locator('.case__log li').allTextContents()).toEqual([expect.stringMatching(/Flagged by Cora Case — Price: Wrong price$/), expect.stringMatching(new RegExp(`Emailed by Cora Case — Emailed to ${fx.contact}$`))]);
      await screenshot(page, 'case-modal');
      await dialog.getByRole('button', { name: 'Dismiss…' }).click();
      await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
      await dialog.getByText('Say why the case is dismissed.').waitFor();
      await dialog.getByLabel('Why is it dismissed?').fill('Price agreed for the launch week.');
      await dialog.getByRole('button', { name: 'Dismiss', exact: true }).click();
      await toast(page, 'Case resolved.').waitFor();
      await expect.poll(() => dialog.locator('.case__status').textContent()).toMatch(/^High Dismissed on \d\d\/\d\d\/\d{4}$/);
      expect(await dialog.locator('.case__reason').textContent()).toBe('Price agreed for the launch week.');
      expect(await dialog.getByRole('button', { name: 'Fixed by the retailer' }).count()).toBe(0);
      await dialog.getByRole('button', { name: 'Close' }).last().click();

      await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
      await expect.poll(() => counts(page)).toEqual({ Open: 1, Notified: 0, Acknowledged: 0, Resolved: 1, Repeats: 0 });
      await page.getByRole('button', { name: 'Resolved' }).click();
      const resolved = page.getByRole('table', { name: `Resolved cases of ${fx.r1.name}` });
      await resolved.getByText('Piece A1').waitFor();
      expect(await resolved.locator('tbody tr td').nth(2).textContent()).toBe('Dismissed');
    }));

  it('Evidence pack (PDF) downloads the active cases as a PDF (a cover, then a page per case); without active cases it says why, on a phone too', () =>
    tab(
      async ({ page }) => {
        await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), `/dashboard/retailer/${fx.r1._id}`);
        await page.getByRole('tab', { name: 'CASES' }).click();
        await page.getByRole('table', { name: `Active cases of ${fx.r1.name}` }).getByText('Piece A2').waitFor();
        const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Evidence pack (PDF)' }).click()]);
        await toast(page, 'Evidence pack ready.').waitFor();
        expect(download.suggestedFilename()).toMatch(new RegExp(`^Evidence pack - ${fx.r1.name} - \\d{4}-\\d\\d-\\d\\d\\.pdf$`));
        const pdf = await pdfPages(await downloadedBytes(download));
        // The first test dismissed A1: A2 is the one active case.
        expect(pdf.count).toBe(2);
        expect(pageText(pdf.lines[0]!)).toContain(fx.r1.name);
        expect(pageText(pdf.lines[1]!)).toContain('Piece A2');
        await screenshot(page, 'cases-pack-phone');

        await page.goto(`/dashboard/retailer/${fx.r2._id}`);
        await page.getByRole('tab', { name: 'CASES' }).click();
        const none = page.getByRole('button', { name: 'Evidence pack (PDF)' });
        await page.getByText('No active case to put in a pack.').waitFor();
        expect(await none.isDisabled()).toBe(true);
        expect(await none.getAttribute('aria-describedby')).toBe('cases-pack-none');
      },
      { width: 390, height: 844 },
    ));

  it("Activity shows the retailer's log newest first, one kind at a time; the tab fits a phone", () =>
    tab(
      async ({ page }) => {
        await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), `/dashboard/retailer/${fx.r1._id}`);
        await page.getByRole('tab', { name: 'CASES' }).click();
        await page.getByRole('button', { name: 'Activity' }).click();
        const log = page.getByRole('table', { name: `Case activity of ${fx.r1.name}` });
        await log.locator('tbody tr').first().waitFor();
        const kinds = await log.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.querySelectorAll('td')[1]!.textContent));
        expect(kinds.slice(-3)).toEqual(['Emailed', 'Flagged', 'Flagged']);
        await page.getByLabel('Event').selectOption({ label: 'Emailed' });
        await expect.poll(() => log.locator('tbody tr').count()).toBe(1);
        expect(await log.locator('tbody tr td').nth(4).textContent()).toBe(`Emailed to ${fx.contact}`);
        await screenshot(page, 'cases-activity-phone');
      },
      { width: 390, height: 844 },
    ));

  it("the summary's Cases panel: figures that agree with the retailers' ranking, each a link to its CASES tab", () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), '/dashboard/summary');
      const panel = page.getByRole('region', { name: 'Cases' });
      await panel.getByText('Active cases').first().waitFor();
      const figures = Object.fromEntries(await panel.locator('.programme__figure').evaluateAll((els) => els.map((e) => [e.querySelector('dt')!.textContent, e.querySelector('dd')!.textContent])));
      const ranking = panel.getByRole('table', { name: 'Retailers by compliance, the least compliant first' });
      const rows = await ranking.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      // Case Store: A2 open (the first test dismissed A1); Other Case Store: none.
      expect(rows.map((r) => [r[0], r[2]])).toEqual([
        [fx.r1.name, '1'],
        [fx.r2.name, '0'],
      ]);
      expect(figures['Active cases']).toBe(String(rows.reduce((n, r) => n + Number(r[2]), 0)));
      expect(figures['Retailers with no active case']).toBe('1 of 2');
      expect(figures['Resolved this month']).toBe('1');
      await screenshot(page, 'summary-cases');
      await ranking.getByRole('link', { name: fx.r1.name, exact: true }).click();
      await page.getByRole('tab', { name: 'CASES', selected: true }).waitFor();
      await page.getByRole('table', { name: `Active cases of ${fx.r1.name}` }).getByText('Piece A2').waitFor();
    }));
});
