/**
 * Dates that agree (issue 20 §1; docs/period-rules.md "Last Scan and Next Scan") in a real browser,
 * on the demo month: the Retailer List's Last Scan is each retailer's approval and its Next Scan
 * never a day before it (overdue and in review said in words); the retailer view's head and
 * DETAILS say the same; a past period's page and a product of that period show that period's own
 * dates. Expected texts come from the API through the web's own wording.
 */
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatTableDate } from '../../web/src/lib/format';
import { nextScanText } from '../../web/src/lib/next-scan';
import { callRoute, login } from '../support/api';
import { apiSession, browserPerFile, screenshot, withSession } from '../support/browser';

const MA = 'brand-maison-aurelle';
const RID = 'ret-harrowgate';
const { tab } = browserPerFile();
/** Walking every page of several lists on a machine shared with other suites: minutes, not the default minute; a page waits up to 30 s. */
const TEST_TIMEOUT = 180_000;
const PAGE_WAIT = 30_000;
/** 'MM/DD/YY' → 'YYYY-MM-DD' (this century). */
const isoOfTable = (d: string) => `20${d.slice(6, 8)}-${d.slice(0, 2)}-${d.slice(3, 5)}`;
const detail = (label: string) => `.rv-details__list div:has(> dt:text-is("${label}")) dd`;

describe('dates that agree', () => {
  it('Retailer List: Last Scan is the approval, Next Scan never a day before it nor gone by (words instead)', () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      const token = await login('brandadmin@demo.test');
      await withSession(page, await apiSession('brandadmin@demo.test'), '/dashboard/stats');
      const table = page.getByRole('table', { name: 'Retailers of the brand' });
      await table.locator('tbody tr').first().waitFor();
      // Other suites approve the demo's waiting files meanwhile: the page and the API are read until they agree.
      await expect
        .poll(async () => {
          await page.reload();
          await table.locator('tbody tr').first().waitFor();
          const records = (await callRoute('listRetailerScrapings', { token, params: { brandId: MA } })).body.data;
          const shown = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
          const expected = [...records]
            .sort((a, b) => a.retailer.name.localeCompare(b.retailer.name, 'en', { sensitivity: 'base' }))
            .map((r) => [formatTableDate(r.approvedDate), nextScanText(r.nextScan, formatTableDate)]);
          return JSON.stringify(shown.map((cells) => [cells[4], cells[5]])) === JSON.stringify(expected);
        }, { timeout: 60_000, interval: 1_000 })
        .toBe(true);
      const cells = await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent ?? '')));
      const today = new Date().toISOString().slice(0, 10);
      for (const [name, , , , last, next] of cells) {
        if (/^\d\d\/\d\d\/\d\d$/.test(next!)) {
          expect(isoOfTable(next!) >= isoOfTable(last!), `${name}: Next Scan ${next} before Last Scan ${last}`).toBe(true);
          expect(isoOfTable(next!) >= today, `${name}: Next Scan ${next} gone by`).toBe(true);
        } else {
          expect(next, name).toMatch(/^(overdue since \d\d\/\d\d\/\d\d|no newer scan yet, expected since \d\d\/\d\d\/\d\d|a newer scan is in review|N\/A)$/);
          // 'overdue since' names a due day after the Last Scan; one before it is said as a scan still expected.
          const since = /^overdue since (\S+)$/.exec(next!)?.[1];
          if (since) expect(isoOfTable(since) >= isoOfTable(last!), `${name}: overdue since ${since}, before Last Scan ${last}`).toBe(true);
        }
      }
      await screenshot(page, 'dates-retailer-list');
    }), TEST_TIMEOUT);

  it("the retailer view's head and DETAILS say the same Next Scan; a past period's page and its product show that period's own dates", () =>
    tab(async ({ page }) => {
      page.setDefaultTimeout(PAGE_WAIT);
      const token = await login('brandadmin@demo.test');
      const session = await apiSession('brandadmin@demo.test');
      await withSession(page, session, `/dashboard/retailer/${RID}`);
      await page.locator(detail('Last Scan')).waitFor();
      // The latest period (another suite may approve Harrowgate's waiting file: read until the page and the API agree).
      await expect
        .poll(async () => {
          await page.reload();
          await page.locator(detail('Next Scan')).waitFor();
          const info = (await callRoute('getRetailerScraping', { token, params: { brandId: MA, id: RID } })).body.data;
          if (info.kind !== 'retailer') return 'not a retailer';
          const next = nextScanText(info.nextScan, formatLongDate);
          return JSON.stringify([await page.locator(detail('Last Scan')).textContent(), await page.locator(detail('Next Scan')).textContent(), await page.locator('.rv-scan').first().textContent()]) ===
            JSON.stringify([formatLongDate(info.approvedDate), next, `Next Scan: ${next}`]);
        }, { timeout: 60_000, interval: 1_000 })
        .toBe(true);

      // A past period: its own approval, and the scan after it, as the head's Next Scan link names it.
      const periods = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RID } })).body.data;
      const [newer, past] = [periods.at(-2)!, periods.at(-1)!];
      const info = (await callRoute('getRetailerScraping', { token, params: { brandId: MA, id: past._id } })).body.data;
      if (info.kind !== 'period') throw new Error('not a period');
      expect(info.nextScan).toEqual({ state: 'scanned', date: newer.value, periodId: newer._id });
      expect(info.approvedDate.slice(0, 10) > past.value && info.approvedDate.slice(0, 10) < newer.value).toBe(true);
      await page.goto(`/dashboard/retailer/${RID}/period/${past._id}`);
      await page.getByRole('link', { name: `Next Scan: ${formatLongDate(newer.value)}` }).waitFor();
      expect(await page.locator(detail('Last Scan')).textContent()).toBe(formatLongDate(info.approvedDate));
      expect(await page.locator(detail('Next Scan')).textContent()).toBe(formatLongDate(newer.value));
      await screenshot(page, 'dates-past-period', false);

      // A product of that period: the same dates in Quick Details.
      const [product] = (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: past._id, limit: 1 } })).body.data;
      await page.goto(`/dashboard/retailer/${RID}/product/${product!._id}`);
      const quick = (label: string) => page.locator(`.pp-quick div:has(> dt:text-is("${label}")) dd`);
      await quick('Last Scan').waitFor();
      expect(await quick('Last Scan').textContent()).toBe(formatLongDate(info.approvedDate));
      expect(await quick('Next Scan').textContent()).toBe(formatLongDate(newer.value));
      await screenshot(page, 'dates-product', false);
    }), TEST_TIMEOUT);
});
