/**
 * The basket (issue 9) in a real browser, as Maison Aurelle's brand admin at Harrowgate & Finch:
 * add from All OH with the plus icon (which then goes), the BASKET tab's count, Bulk Items Import
 * (empty → 'Error' / 'Add atleast one product.'; one bad serial and one of another retailer
 * listed in Items Not Imported), the export with its progress and its two links opening the
 * files, remove, clear, and 'Clear All Baskets' (which asks first). The serials are read from the API, not assumed.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, login, sentEmails, stack } from '../support/api';

const PASSWORD = 'Basket-2026!';
import { apiSession, browserPerFile, screenshot, toast, withSession } from '../support/browser';

const MA = 'brand-maison-aurelle';
const RID = 'ret-harrowgate';
const OTHER = 'ret-lumiere';
const { tab } = browserPerFile();

async function ohSerials(token: string, retailerId: string, n: number): Promise<string[]> {
  const periods = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId } })).body.data;
  const rows = (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: periods[0]!._id, filter: 'all_oh', limit: n } })).body.data as { serialNo: string }[];
  if (rows.length < n) throw new Error(`fewer than ${n} on-hand items at ${retailerId}`);
  return rows.map((r) => r.serialNo);
}

/** Opens an app link as the browser does (302 to S3), the file's bytes. */
async function open(link: string): Promise<Buffer> {
  const res = await fetch(link);
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

describe('basket', () => {
  it('adds from All OH, bulk imports with a bad serial, exports with progress and links, removes, clears', () =>
    tab(async ({ page }) => {
      // A brand admin of its own: the demo brand admin's basket is emptied by other suites running meanwhile (the dashboard's Clear All Baskets).
      Object.assign(process.env, stack().env);
      const users = await import('../../functions/users/users.repo');
      const passwordHash = await (await import('../../functions/lib/password')).hashPassword(PASSWORD);
      const email = `basket-e2e-${Date.now()}@demo.test`;
      await users.createUser(testUser({ _id: `user-basket-e2e-${Date.now()}`, name: 'Basket Tester', email, passwordHash, roles: [TEST_ROLES.BRAND_ADMIN] }));
      const token = await login(email, PASSWORD);
      const [first, second, third] = await ohSerials(token, RID, 3);
      const [foreign] = await ohSerials(token, OTHER, 1);
      const otherName = (await callRoute('getBatchItems', { token, query: { retailerId: OTHER, serialNo: foreign! } })).body.data.data.customerName;

      await withSession(page, await apiSession(email, PASSWORD), `/dashboard/retailer/${RID}?tab=all_oh&search=${encodeURIComponent(first!)}`);
      await page.getByRole('tab', { name: 'All OH', selected: true }).waitFor();
      const plus = page.getByRole('button', { name: `Add ${first} to the basket` });
      await plus.click();
      await toast(page, 'Product Added!').waitFor();
      await plus.waitFor({ state: 'detached' });
      await screenshot(page, 'basket-all-oh-added');

      await page.getByRole('tab', { name: 'BASKET', exact: true }).click();
      await page.getByText('1 Items In Basket', { exact: true }).waitFor();
      expect(new URL(page.url()).searchParams.get('tab')).toBe('basket');
      await page.locator('table.products-table tbody').getByText(first!, { exact: true }).waitFor();

      // Bulk Items Import: empty first, then two good serials, an unknown one and another retailer's.
      await page.getByRole('button', { name: 'Bulk Items Import' }).click();
      const bulk = page.getByRole('dialog', { name: 'Bulk Items Import' });
      await bulk.getByRole('button', { name: 'Import' }).click();
      await toast(page, 'Add atleast one product.').waitFor();
      await bulk.getByLabel('Enter Serials:').fill(`${second}\n${third}\nNOPE-${Date.now()}\n${foreign}\n`);
      await screenshot(page, 'basket-bulk-import', false);
      await bulk.getByRole('button', { name: 'Import' }).click();
      const failures = page.getByRole('dialog', { name: 'Items Not Imported' });
      await failures.getByText(/^SerialNo: NOPE-\d+ \| Invalid Serial No\.$/).waitFor();
      await failures.getByText(`SerialNo: ${foreign} | belongs to another retailer`, { exact: false }).waitFor();
      expect(await failures.textContent()).toContain(otherName);
      await screenshot(page, 'basket-not-imported', false);
      await failures.getByRole('button', { name: 'Close', exact: true }).click();
      await page.getByText('3 Items In Basket', { exact: true }).waitFor();
      await screenshot(page, 'basket-tab');

      // Export: progress, then the two links, which open an xlsx of the basket and a zip.
      await page.getByRole('button', { name: 'Export', exact: true }).click();
      const exportDialog = page.getByRole('dialog', { name: 'Basket export' });
      await exportDialog.waitFor();
      const spreadsheet = exportDialog.getByRole('link', { name: 'Spreadsheet' });
      await spreadsheet.waitFor({ timeout: 60_000 });
      await exportDialog.getByText('The links expire within 7 days.', { exact: false }).waitFor();
      await screenshot(page, 'basket-export-done', false);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await open((await spreadsheet.getAttribute('href'))!)) as unknown as ArrayBuffer);
      const serials: unknown[] = [];
      wb.worksheets[0]!.eachRow((row, i) => i > 1 && serials.push(row.getCell(1).value));
      expect(serials.sort()).toEqual([first, second, third].sort());
      const zip = await JSZip.loadAsync(await open((await exportDialog.getByRole('link', { name: 'Images (zip)' }).getAttribute('href'))!));
      expect(Object.keys(zip.files)).toContain('failed-images.txt');

      // The links go into a prefilled contact email (001 §7), sent to a contact of the retailer.
      const excelHref = (await spreadsheet.getAttribute('href'))!;
      const tag = `${Date.now()}`;
      const contact = { firstName: 'Basket', lastName: 'Reader', email: `basket-${tag}@harrowgate.example`, role: 'Buyer' };
      expect((await callRoute('addContact', { token, body: { ...contact, brand: 'brand-maison-aurelle', retailer: RID } })).status).toBe(200);
      await exportDialog.getByRole('button', { name: 'Email the links to the retailer' }).click();
      const mailDialog = page.getByRole('dialog', { name: 'Contact Retailer' });
      const editor = mailDialog.getByRole('textbox', { name: 'Message' });
      await expect.poll(() => editor.textContent()).toContain('These links expire within 7 days.');
      expect(await editor.textContent()).toContain(excelHref);
      await mailDialog.getByLabel('SUBJECT').fill(`Basket links ${tag}`);
      await mailDialog.getByRole('checkbox', { name: new RegExp(contact.email) }).check();
      await screenshot(page, 'basket-email-links', false);
      await mailDialog.getByRole('button', { name: 'SEND' }).click();
      await toast(page, 'Email Sent Successfully.').waitFor();
      await expect.poll(async () => (await sentEmails()).find((m) => m.subject === `Basket links ${tag}`)?.body.html ?? '', { timeout: 20_000 }).toContain(excelHref);

      // Remove one, then clear.
      await page.getByRole('button', { name: `Remove ${second} from the basket` }).click();
      await toast(page, 'Product Removed !').waitFor();
      await page.getByText('2 Items In Basket', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Clear', exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Clear the basket' });
      await confirm.getByRole('button', { name: 'Clear' }).click();
      await toast(page, 'Baket cleared').waitFor();
      await page.getByText('No Products.', { exact: true }).waitFor();
      await page.getByText('0 Items In Basket', { exact: true }).waitFor();
      await screenshot(page, 'basket-empty');

      // The plus icon is back on All OH; 'Clear All Baskets' empties the server baskets.
      await page.getByRole('tab', { name: 'All OH', exact: true }).click();
      await page.getByRole('button', { name: `Add ${first} to the basket` }).first().click();
      await toast(page, 'Product Added!').waitFor();
      await page.getByRole('button', { name: 'Clear All Baskets' }).click();
      await page.getByRole('dialog', { name: 'Clear All Baskets' }).getByRole('button', { name: 'Clear All Baskets' }).click();
      await toast(page, 'All Baskets Cleared').waitFor();
      expect((await callRoute('getBasket', { token, params: { retailerId: RID } })).body.totalCount).toBe(0);
    }), 120_000); // the longest flow of the suite (an export with images), now with the confirmation too: 60 s ran out on a loaded machine

  it("'Clear All Baskets' asks first: Cancel keeps every basket, confirming empties them all", () =>
    tab(async ({ page }) => {
      Object.assign(process.env, stack().env);
      const users = await import('../../functions/users/users.repo');
      const passwordHash = await (await import('../../functions/lib/password')).hashPassword(PASSWORD);
      const email = `basket-all-e2e-${Date.now()}@demo.test`;
      await users.createUser(testUser({ _id: `user-basket-all-${Date.now()}`, name: 'Basket Clearer', email, passwordHash, roles: [TEST_ROLES.BRAND_ADMIN] }));
      const token = await login(email, PASSWORD);
      const [serial] = await ohSerials(token, RID, 1);
      const [other] = await ohSerials(token, OTHER, 1);
      expect((await callRoute('addBasketItems', { token, params: { retailerId: RID }, body: { serialNo: [serial!] } })).status).toBe(200);
      expect((await callRoute('addBasketItems', { token, params: { retailerId: OTHER }, body: { serialNo: [other!] } })).status).toBe(200);
      const counts = () => Promise.all([RID, OTHER].map(async (retailerId) => (await callRoute('getBasket', { token, params: { retailerId } })).body.totalCount));

      await withSession(page, await apiSession(email, PASSWORD), '/dashboard/summary');
      await page.getByRole('button', { name: 'Clear All Baskets' }).click();
      const ask = page.getByRole('dialog', { name: 'Clear All Baskets' });
      await ask.getByText('Empty every basket, for every retailer?').waitFor();
      await screenshot(page, 'clear-all-baskets-confirm', false);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await ask.waitFor({ state: 'detached' });
      expect(await counts()).toEqual([1, 1]);
      await page.getByRole('button', { name: 'Clear All Baskets' }).click();
      await ask.getByRole('button', { name: 'Clear All Baskets' }).click();
      await toast(page, 'All Baskets Cleared').waitFor();
      expect(await counts()).toEqual([0, 0]);
    }));
});
