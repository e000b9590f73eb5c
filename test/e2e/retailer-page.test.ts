/**
 * The retailer view and the product page (issue 8) in a real browser, on the demo data of the
 * test stack: every product tab with its count, sort, search, paging, a tab switch back to page
 * 1, the URL state surviving a reload, the Period select and Next / Previous Scan, the image
 * modal, the inline map id (the list changes only on 200; a refused save keeps the typed value
 * and shows the server's message), the Brand SKU edit (a searchable select, with Other), the product page and its
 * history, ALL SCRAPED's IMPORT (the Bulk Items Import) and the Changes table's links to the
 * product, and a plain User kept off an unassigned retailer. Expected figures come from the API.
 */
import { describe, expect, it } from 'vitest';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, login, stack } from '../support/api';
import { apiSession, browserPerFile, here, screenshot, toast, waitForPath, withSession, type ApiSession } from '../support/browser';

const MA = 'brand-maison-aurelle';
const RID = 'ret-harrowgate';
const RNAME = 'Harrowgate & Finch';
const { tab } = browserPerFile();

let session: ApiSession | undefined;
const brandAdmin = async () => (session ??= await apiSession('brandadmin@demo.test'));

const TABS: [string, string, Record<string, string>][] = [
  ['price_issues', 'Price Issues', { filter: 'price_diff' }],
  ['flagged', 'Flagged Products', { isFlagged: 'yes' }],
  ['changes', 'Changes Since last scan', { tab: 'change' }],
  ['all_oh', 'All OH', { filter: 'all_oh' }],
  ['oh', 'OH (NOT Scraped)', { filter: 'oh_data' }],
  ['oh_scraped', 'OH (Scraped)', { filter: 'oh_sd_data' }],
  ['products', 'ALL SCRAPED', {}],
  ['not_oh', 'Scraped (NOT OH)', { filter: 'sd_data' }],
  ['in_price_sync', 'In Price Sync', { filter: 'price_match' }],
];

async function latestPeriods() {
  const token = await login('brandadmin@demo.test');
  const periods = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RID } })).body.data;
  return { token, periods };
}
async function list(query: Record<string, string | number>) {
  const { token, periods } = await latestPeriods();
  return (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: periods[0]!._id, ...query } })).body;
}
const itemsFound = (n: number) => `${n.toLocaleString('en-US')} Items Found`;

describe('retailer page', () => {
  it('shows the retailer, its type badge, DETAILS, the brand landing page side and its image modal', () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}`);
      await page.getByRole('heading', { level: 2, name: RNAME }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'View By Retailer' }).waitFor();
      const token = await login('brandadmin@demo.test');
      const info = (await callRoute('getRetailerScraping', { token, params: { brandId: MA, id: RID } })).body.data;
      if (info.kind !== 'retailer') throw new Error('not a retailer');
      const details = page.getByRole('tabpanel').first();
      await details.getByText('Total Products').waitFor();
      expect(await details.getByText(String(info.totalProducts), { exact: true }).count()).toBe(1);
      await details.getByText('Featured in Menu').waitFor();
      expect(await details.getByRole('link', { name: info.brandLink }).count()).toBe(1);
      expect(await details.getByText(info.brand_description).count()).toBe(1);
      // The spec's tabs, in its order (000 §2); the Address Book and EMAIL HISTORY are test/e2e/address-book.test.ts's.
      expect(await page.getByRole('tablist', { name: 'Retailer' }).getByRole('tab').allTextContents()).toEqual(['DETAILS', 'Address Book', 'EMAIL HISTORY', 'ALL EXPORTS', 'CASES', 'SUGGESTIONS']);
      await page.getByRole('img', { name: 'Brand profile not flagged' }).waitFor();
      // Additional views open large in the image modal; Escape closes it.
      await page.getByRole('button', { name: `Open Hero image on ${RNAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Hero image on ${RNAME}` });
      await dialog.waitFor();
      expect(await dialog.locator('img').getAttribute('src')).toBe(info.brand_hero_image);
      await screenshot(page, 'retailer-image-modal', false);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await screenshot(page, 'retailer-page');
    }));

  it('says what a retailer without product pages and one with a module show', () =>
    tab(async ({ page }) => {
      await withSession(page, await brandAdmin(), '/dashboard/retailer/ret-vellani');
      await page.getByText('This Retailer does not feature any product pages or a module on their website').waitFor();
      expect(await page.getByText('Without Products', { exact: true }).count()).toBe(1);
      await page.goto('/dashboard/retailer/ret-saint-clair');
      await page.getByText('This Retailer uses a Module to display Maison Aurelle items on their website').waitFor();
      await screenshot(page, 'retailer-with-module');
    }));

  it('opens on Price Issues; every tab shows its count from the server; a tab switch goes back to page 1', () =>
    tab(async ({ page }) => {
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}`);
      await page.getByRole('tab', { name: 'Price Issues', selected: true }).waitFor();
      for (const [id, label, query] of TABS) {
        await page.getByRole('tab', { name: label, exact: true }).click();
        await page.getByRole('tab', { name: label, exact: true, selected: true }).waitFor();
        const expected = await list(query);
        await page.getByText(itemsFound(expected.totalCount), { exact: true }).waitFor();
        if (id === 'price_issues') expect(here(page)).toBe(`/dashboard/retailer/${RID}`);
        else expect(new URL(page.url()).searchParams.get('tab')).toBe(id);
        if (expected.totalCount === 0) await page.getByText('No product(s) found!').waitFor();
        else expect(await page.locator('table.products-table tbody tr').count()).toBe(Math.min(25, expected.totalCount));
        if (id === 'changes') await page.getByText(/^Compared to (\d\d\/\d\d\/\d{4}|\(N\/A\))$/).waitFor();
        if (id === 'all_oh') {
          await page.locator('table.products-table thead').getByText('Serial #').waitFor();
          await screenshot(page, 'retailer-tab-all-oh');
        }
        if (id === 'changes') await screenshot(page, 'retailer-tab-changes');
      }
      // Paging on ALL SCRAPED, then a tab switch resets to page 1.
      await page.getByRole('tab', { name: 'ALL SCRAPED', exact: true }).click();
      // The tab is shown (and in the address) before its pager is used: a click on Page 2 meanwhile would page the tab before.
      await page.getByRole('tab', { name: 'ALL SCRAPED', exact: true, selected: true }).waitFor();
      await waitForPath(page, `/dashboard/retailer/${RID}?tab=products`);
      const all = await list({});
      expect(all.totalCount, 'the demo retailer has more than one page of products').toBeGreaterThan(25);
      await page.getByRole('button', { name: 'Page 2' }).click();
      await waitForPath(page, `/dashboard/retailer/${RID}?tab=products&page=2`);
      const page2 = await list({ page: 2 });
      await page.locator('table.products-table tbody tr').first().getByText(page2.data[0]!.name!, { exact: true }).waitFor();
      await page.getByRole('tab', { name: 'All OH', exact: true }).click();
      await waitForPath(page, `/dashboard/retailer/${RID}?tab=all_oh`);
      await page.getByRole('button', { name: 'Page 1', exact: true }).and(page.locator('[aria-current="page"]')).waitFor();
    }));

  it('sorts on header clicks, searches on Enter, filters Mapped / NOT Mapped, and keeps it all in the URL across a reload', () =>
    tab(async ({ page }) => {
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}?tab=products`);
      const firstName = page.locator('table.products-table tbody tr').first().locator('.product-name__text');
      const byPrice = await list({ sort: 'price;asc' });
      await page.getByRole('button', { name: /^Price/ }).click();
      await waitForPath(page, `/dashboard/retailer/${RID}?tab=products&sort=price%3Basc`);
      await expect.poll(() => firstName.textContent()).toBe(byPrice.data[0]!.name);
      const byPriceDesc = await list({ sort: 'price;desc' });
      await page.getByRole('button', { name: /^Price/ }).click();
      await waitForPath(page, `/dashboard/retailer/${RID}?tab=products&sort=price%3Bdesc`);
      await expect.poll(() => firstName.textContent()).toBe(byPriceDesc.data[0]!.name);
      expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Price');

      // Search: typing alone does nothing, Enter asks the server.
      const word = byPrice.data[0]!.name!.split(' ').slice(1, 3).join(' ');
      const found = await list({ search: word, sort: 'price;desc' });
      const box = page.getByPlaceholder('Type to search ...');
      await box.fill(word);
      expect(new URL(page.url()).searchParams.get('search')).toBeNull();
      await box.press('Enter');
      await page.getByText(itemsFound(found.totalCount), { exact: true }).waitFor();
      expect(new URL(page.url()).searchParams.get('search')).toBe(word);

      // A reload (or a shared link) shows the same table.
      await page.reload();
      await page.getByRole('tab', { name: 'ALL SCRAPED', selected: true }).waitFor();
      await page.getByText(itemsFound(found.totalCount), { exact: true }).waitFor();
      expect(await page.getByPlaceholder('Type to search ...').inputValue()).toBe(word);
      expect(await page.locator('th[aria-sort="descending"]').textContent()).toContain('Price');

      // Mapped / NOT Mapped.
      await box.fill('');
      await box.press('Enter');
      const notMapped = await list({ oh_map_id: 'false', sort: 'price;desc' });
      await page.getByRole('button', { name: 'NOT Mapped', exact: true }).click();
      await page.getByText(itemsFound(notMapped.totalCount), { exact: true }).waitFor();
      expect(new URL(page.url()).searchParams.get('mapped')).toBe('false');
      await screenshot(page, 'retailer-tab-all-scraped');
    }));

  it('exports the tab shown (its filter and sort) as a background job: its state beside the button, then the download, a toast, and the file under ALL EXPORTS', () =>
    tab(async ({ page }) => {
      const rid = 'ret-northbay';
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${rid}?tab=all_oh&sort=price%3Bdesc`);
      await page.getByRole('tab', { name: 'All OH', selected: true }).waitFor();
      await page.getByText(/Items Found$/).waitFor();
      const token = await login('brandadmin@demo.test');
      const before = (await callRoute('getExportHistory', { token, params: { id: rid } })).body.totalCount;
      // The request answers the job at once; the file downloads once the job is ready (docs/exports.md).
      const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'Export', exact: true }).click()]);
      expect(download.suggestedFilename()).toMatch(/^Northbay Luxury - All OH - \d{4}-\d{2}-\d{2}\.xlsx$/);
      const status = page.getByRole('status').filter({ hasText: /^Export ready \([\d,]+ rows\)\. Download$/ });
      await status.waitFor();
      expect(await status.getByRole('link', { name: 'Download' }).getAttribute('href')).toMatch(/\/api\/exports\/download\?token=/);
      await page.getByText(`Export ready: ${download.suggestedFilename()}`).waitFor();
      // The page stays where it was; the history has the new export, first.
      expect(new URL(page.url()).searchParams.get('tab')).toBe('all_oh');
      const history = await callRoute('getExportHistory', { token, params: { id: rid } });
      expect(history.body.totalCount).toBe(before + 1);
      expect(history.body.data[0]!.name).toBe(download.suggestedFilename());
      await screenshot(page, 'retailer-export-ready');
      await page.getByRole('tab', { name: 'ALL EXPORTS' }).click();
      const first = history.body.data[0]!;
      await page.getByRole('tabpanel').first().getByRole('link', { name: first.name }).first().waitFor();
      await screenshot(page, 'retailer-all-exports');
    }));

  it('goes to a period with the Period select, back with its empty option, and along Previous / Next Scan', () =>
    tab(async ({ page }) => {
      const { periods } = await latestPeriods();
      expect(periods.length, 'the demo retailer has several periods').toBeGreaterThan(1);
      const long = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}`);
      const select = page.getByLabel('Period', { exact: true });
      await select.waitFor();
      expect(await select.locator('option').allTextContents()).toEqual(['Select Period', ...periods.map((p) => long(p.value))]);
      await select.selectOption(periods[1]!._id);
      await waitForPath(page, `/dashboard/retailer/${RID}/period/${periods[1]!._id}`);
      await page.getByRole('heading', { level: 1, name: 'Comparison Report' }).waitFor();
      await page.getByRole('tab', { name: 'Price Issues', selected: true }).waitFor();
      await screenshot(page, 'retailer-period');
      await select.selectOption('');
      await waitForPath(page, `/dashboard/retailer/${RID}`);
      // Previous Scan from the latest period, then Next Scan back.
      await page.getByRole('link', { name: `Previous Scan: ${long(periods[1]!.value)}` }).click();
      await waitForPath(page, `/dashboard/retailer/${RID}/period/${periods[1]!._id}`);
      await expect.poll(() => select.inputValue()).toBe(periods[1]!._id);
      await page.getByRole('link', { name: `Next Scan: ${long(periods[0]!.value)}` }).click();
      await waitForPath(page, `/dashboard/retailer/${RID}/period/${periods[0]!._id}`);
    }));

  it('saves a map id on Enter (the list changes on 200 only); a refused one keeps the typed value and shows why', () =>
    tab(async ({ page }) => {
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}?tab=products&sort=style_number%3Bdesc`);
      const row = page.locator('table.products-table tbody tr').first();
      const id = await row.getAttribute('data-product-id');
      expect(id).toBeTruthy();
      const mapId = `E2E-${Date.now().toString(36).toUpperCase()}`;
      await row.getByRole('button', { name: /^Map id:/ }).click();
      const input = row.getByPlaceholder('Enter map id...');
      await input.fill(mapId);
      await input.press('Enter');
      await toast(page, 'Map id updated successfully.').waitFor();
      await row.getByRole('button', { name: `Map id: ${mapId}`, exact: true }).waitFor();
      const token = await login('brandadmin@demo.test');
      expect((await callRoute('getProductScraping', { token, params: { id: id! } })).body.data).toMatchObject({ oh_map_id: mapId });

      // Refused (too long): the input stays with what was typed, the server's message shows, the list keeps the saved value.
      const tooLong = 'X'.repeat(101);
      await row.getByRole('button', { name: /^Map id:/ }).click();
      await input.fill(tooLong);
      await input.press('Enter');
      await toast(page, 'Too Long!').waitFor();
      expect(await input.inputValue()).toBe(tooLong);
      expect((await callRoute('getProductScraping', { token, params: { id: id! } })).body.data).toMatchObject({ oh_map_id: mapId });
      await screenshot(page, 'retailer-map-id-refused', false);
      await input.press('Escape');
      await row.getByRole('button', { name: `Map id: ${mapId}`, exact: true }).waitFor();
    }));

  it('edits a Brand SKU with a searchable select: type to filter, keyboard, Other reveals a free-text field, an option saves', () =>
    tab(async ({ page }) => {
      const token = await login('brandadmin@demo.test');
      const options = (await callRoute('getBrandSkus', { token, params: { brandId: MA } })).body.data;
      expect(options.length, 'more options than the list draws at once').toBeGreaterThan(50);
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}?tab=products&sort=style_number%3Basc`);
      const row = page.locator('table.products-table tbody tr').first();
      const id = (await row.getAttribute('data-product-id'))!;
      await row.getByRole('button', { name: /^Edit brand sku/ }).click();
      const box = row.getByRole('combobox', { name: 'Brand sku' });
      await box.waitFor();
      // The edit focuses the field.
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await row.getByRole('button', { name: 'Save' }).click();
      await row.getByText('Please select brand sku.').waitFor();

      // The keyboard opens the list: the first 50 options and Other, and a status saying how many there are.
      await box.focus();
      await box.press('ArrowDown');
      expect(await box.getAttribute('aria-expanded')).toBe('true');
      const listbox = row.getByRole('listbox', { name: 'Brand sku' });
      expect(await listbox.getByRole('option').count()).toBe(51);
      await row.getByRole('status').getByText(`${options.length.toLocaleString('en-US')} options, the first 50 shown: type to narrow.`).waitFor();
      await screenshot(page, 'retailer-brand-sku-open', false);

      // Other, by keyboard, whatever is typed: it reveals the free-text field.
      await box.fill('no such sku at all');
      expect(await listbox.getByRole('option').allTextContents()).toEqual(['Other']);
      await box.press('ArrowDown');
      await box.press('Enter');
      const other = row.getByLabel('Other brand sku');
      await other.waitFor();
      expect(await box.inputValue()).toBe('Other');
      await other.fill('');
      await row.getByRole('button', { name: 'Save' }).click();
      await row.getByText('Please select brand sku.').waitFor();
      const free = `E2E-SKU-${Date.now().toString(36).toUpperCase()}`;
      await other.fill(free);
      await screenshot(page, 'retailer-brand-sku-other', false);
      await row.getByRole('button', { name: 'Save' }).click();
      await toast(page, 'Brand Sku updated successfully.').waitFor();
      await row.getByText(free, { exact: true }).waitFor();
      expect((await callRoute('getProductScraping', { token, params: { id } })).body.data).toMatchObject({ brand_sku: free });

      // An option found by typing part of it, its words in any order and lower case ('1042 bag' for MA-BAG-1042).
      const option = options[options.length - 1]!;
      const [, category, number] = /^[A-Z]+-([A-Z]+)-(\d+)/.exec(option.sku)!;
      const query = `${number} ${category!.toLowerCase()}`;
      const plain = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
      const expected = options.filter((o) => plain(o.sku).includes(number!) && plain(o.sku).includes(category!.toLowerCase())).map((o) => o.sku);
      expect(expected).toContain(option.sku);
      await row.getByRole('button', { name: /^Edit brand sku/ }).click();
      await box.fill(query);
      await expect.poll(() => listbox.getByRole('option').allTextContents()).toEqual([...expected.slice(0, 50), 'Other']);
      // The first match is highlighted (aria-activedescendant); arrows move to ours, Enter takes it.
      expect(await box.getAttribute('aria-activedescendant')).toBe(await listbox.getByRole('option').first().getAttribute('id'));
      for (let i = 0; i < expected.indexOf(option.sku); i++) await box.press('ArrowDown');
      await screenshot(page, 'retailer-brand-sku-filtered', false);
      await box.press('Enter');
      expect(await box.inputValue()).toBe(option.sku);
      await row.getByRole('button', { name: 'Save' }).click();
      await row.getByText(option.sku, { exact: true }).waitFor();
      expect((await callRoute('getProductScraping', { token, params: { id } })).body.data).toMatchObject({ brand_sku: option.sku, product: option });
    }));
});

describe('ALL SCRAPED IMPORT and the Changes links (issue 20 §5)', () => {
  it("ALL SCRAPED's buttons are All, Mapped, NOT Mapped and IMPORT; IMPORT opens the Bulk Items Import into the retailer's basket", () =>
    tab(async ({ page }) => {
      // A brand admin of its own: the demo accounts' baskets are emptied by other suites meanwhile ('Clear All Baskets').
      Object.assign(process.env, stack().env);
      const users = await import('../../functions/users/users.repo');
      const password = 'Import-2026!';
      const passwordHash = await (await import('../../functions/lib/password')).hashPassword(password);
      const email = `import-e2e-${Date.now()}@demo.test`;
      await users.createUser(testUser({ _id: `user-import-e2e-${Date.now()}`, name: 'Import Tester', email, passwordHash, roles: [TEST_ROLES.BRAND_ADMIN] }));
      const token = await login(email, password);
      const { periods } = await latestPeriods();
      const serials = ((await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: periods[0]!._id, filter: 'all_oh', limit: 2 } })).body.data as { serialNo: string }[]).map((r) => r.serialNo);
      expect(serials).toHaveLength(2);

      await withSession(page, await apiSession(email, password), `/dashboard/retailer/${RID}?tab=products`);
      await page.getByRole('tab', { name: 'ALL SCRAPED', selected: true }).waitFor();
      const group = page.locator('.products__scraped');
      await group.getByRole('button', { name: 'IMPORT', exact: true }).waitFor();
      expect(await group.getByRole('button').allTextContents()).toEqual(['All', 'Mapped', 'NOT Mapped', 'IMPORT']);
      await screenshot(page, 'retailer-all-scraped-import');

      await group.getByRole('button', { name: 'IMPORT', exact: true }).click();
      const bulk = page.getByRole('dialog', { name: 'Bulk Items Import' });
      await bulk.getByRole('button', { name: 'Import' }).click();
      await toast(page, 'Add atleast one product.').waitFor();
      const bad = `NOPE-${Date.now()}`;
      await bulk.getByLabel('Enter Serials:').fill(`${serials.join('\n')}\n${bad}\n`);
      await screenshot(page, 'retailer-all-scraped-import-modal', false);
      await bulk.getByRole('button', { name: 'Import' }).click();
      await toast(page, 'Product Added!').waitFor();
      const failures = page.getByRole('dialog', { name: 'Items Not Imported' });
      await failures.getByText(`SerialNo: ${bad} | Invalid Serial No.`, { exact: true }).waitFor();
      await failures.getByRole('button', { name: 'Close', exact: true }).click();
      const basket = (await callRoute('getBasket', { token, params: { retailerId: RID } })).body;
      expect(basket.totalCount).toBe(2);
      expect(basket.data.map((i) => i.serialNo).sort()).toEqual([...serials].sort());
      await page.getByRole('tab', { name: 'BASKET', exact: true }).click();
      await page.getByText('2 Items In Basket', { exact: true }).waitFor();

      // IMPORT belongs to ALL SCRAPED only.
      await page.getByRole('tab', { name: 'All OH', exact: true }).click();
      await page.getByRole('tab', { name: 'All OH', selected: true }).waitFor();
      await page.getByText(/Items Found$/).waitFor();
      expect(await page.getByRole('button', { name: 'IMPORT', exact: true }).count()).toBe(0);
    }));

  it('Changes Since last scan: a product opens from its name; a removed one (disabled row) does not', () =>
    tab(async ({ page }) => {
      const changes = await list({ tab: 'change', limit: 1000 });
      const rows = changes.data as { _id: string; name: string; type?: string }[];
      const open = rows.find((r) => r.type !== 'deleted' && r.name);
      const gone = rows.findIndex((r) => r.type === 'deleted');
      expect(open, 'the demo retailer has a new or updated product').toBeDefined();
      expect(gone, 'the demo retailer has a removed product').toBeGreaterThanOrEqual(0);

      // The removed product's page of the table: its row has no link.
      const gonePage = Math.floor(gone / 25) + 1;
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}?tab=changes${gonePage > 1 ? `&page=${gonePage}` : ''}`);
      const goneRow = page.locator(`tr[data-product-id="${rows[gone]!._id}"]`);
      await goneRow.waitFor();
      expect(await goneRow.getAttribute('aria-disabled')).toBe('true');
      expect(await goneRow.getByRole('link').count()).toBe(0);

      const index = rows.indexOf(open!);
      const openPage = Math.floor(index / 25) + 1;
      await page.goto(`/dashboard/retailer/${RID}?tab=changes${openPage > 1 ? `&page=${openPage}` : ''}`);
      const row = page.locator(`tr[data-product-id="${open!._id}"]`);
      const link = row.getByRole('link', { name: open!.name, exact: true });
      await link.waitFor();
      await screenshot(page, 'retailer-tab-changes-links');
      await link.click();
      await waitForPath(page, `/dashboard/retailer/${RID}/product/${open!._id}`);
      await page.getByRole('heading', { level: 2, name: `Details for ${open!.name} on ${RNAME}` }).waitFor();
      // Back returns to the same tab and page.
      await page.getByRole('button', { name: 'Back' }).click();
      await waitForPath(page, `/dashboard/retailer/${RID}?tab=changes${openPage > 1 ? `&page=${openPage}` : ''}`);
    }));
});

describe('product page', () => {
  it('shows the details, quick details, drill-down, flag panel and history; a history row replaces the route; Back returns', () =>
    tab(async ({ page }) => {
      const { token, periods } = await latestPeriods();
      // A product scanned in more than one period.
      const first = (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: periods[0]!._id, tab: 'change' } })).body.data.find((r) => 'type' in r && r.type === 'change')!;
      expect(first, 'the demo retailer has an updated product').toBeDefined();
      const history = (await callRoute('getRelatedProducts', { token, query: { id: first._id, brand: MA, retailer: RID } })).body.data;
      expect(history.length).toBeGreaterThan(1);

      const style = (first as { style_number: string }).style_number;
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}?tab=products&search=${style}`);
      await page.locator(`tr[data-product-id="${first._id}"]`).getByRole('link', { name: `Details of ${first.name}` }).click();
      await waitForPath(page, `/dashboard/retailer/${RID}/product/${first._id}`);
      await page.getByRole('heading', { level: 2, name: `Details for ${first.name} on ${RNAME}` }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'View By Product' }).waitFor();
      for (const label of ['Last Scan', 'Next Scan', 'Retailer Name', 'Product Name', 'URL']) await page.locator('.pp-quick dt', { hasText: label }).waitFor();
      await page.getByText('PRODUCT DETAILS').click();
      await page.locator('.pp-drill dd', { hasText: style }).waitFor();
      await page.getByRole('heading', { name: 'FLAG REASON' }).waitFor();
      await page.getByText('This product is not flagged.').waitFor();
      const rows = page.locator('tr.history-row');
      await expect.poll(() => rows.count()).toBe(history.length);
      const fmt = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;
      expect(await rows.nth(1).locator('td').nth(5).textContent()).toBe(fmt(history[1]!.period));
      await screenshot(page, 'product-page');

      // A history row replaces the route: Back then leaves the product pages.
      await rows.nth(1).click();
      await waitForPath(page, `/dashboard/retailer/${RID}/product/${history[1]!._id}`);
      await page.locator('tr.history-row[aria-current="true"]').waitFor();
      expect(await page.locator('tr.history-row[aria-current="true"]').getAttribute('data-product-id')).toBe(history[1]!._id);
      await page.getByRole('button', { name: 'Back' }).click();
      await waitForPath(page, `/dashboard/retailer/${RID}?tab=products&search=${style}`);
    }));

  it('the …/sku/{brandSKU} address shows the same page', () =>
    tab(async ({ page }) => {
      const first = (await list({ limit: 1 })).data[0]! as { _id: string; name: string; brand_sku: string };
      await withSession(page, await brandAdmin(), `/dashboard/retailer/${RID}/product/${first._id}/sku/${encodeURIComponent(first.brand_sku || 'none')}`);
      await page.getByRole('heading', { level: 2, name: `Details for ${first.name} on ${RNAME}` }).waitFor();
    }));
});

describe("a plain User's assigned retailers", () => {
  it('sees an assigned retailer, not an unassigned one (page, period or product)', () =>
    tab(async ({ page }) => {
      const token = await login('brandadmin@demo.test');
      const periods = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: 'ret-northbay' } })).body.data;
      const product = (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: periods[0]!._id, limit: 1 } })).body.data[0]!;
      await withSession(page, await apiSession('user@demo.test'), '/dashboard/retailer/ret-lumiere');
      await page.getByRole('heading', { level: 2, name: 'Lumière Boutique' }).waitFor();
      for (const path of ['/dashboard/retailer/ret-northbay', `/dashboard/retailer/ret-northbay/period/${periods[0]!._id}`, `/dashboard/retailer/ret-northbay/product/${product._id}`]) {
        await page.goto(path);
        await page.getByText(/^This (retailer|scan period|product) is not available\.$/).waitFor();
        expect(await page.getByText('Northbay Luxury').count()).toBe(0);
        expect(await page.getByText(product.name!).count()).toBe(0);
      }
      await screenshot(page, 'retailer-unassigned');
    }));
});
