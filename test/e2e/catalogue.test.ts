/**
 * Settings › Catalogue in a real browser at a 390 px phone's width (issue 38 §1), on a brand of
 * this file's own, with the screen audits (axe, the page's width): a brand admin uploads a file
 * with a bad line (refused: the problem and its line are shown, nothing applied), then a good
 * one (applied: its products in the table, with their markets' prices); a User of the brand
 * reads the catalogue without the upload.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_MSG as M } from '../../shared/messages/catalog';
import { stack } from '../support/api';
import { apiSession, browserPerFile, screenshot, toast, withSession } from '../support/browser';
import { CASE_PASSWORD, caseFixture } from '../support/case-fixture';

const tag = randomBytes(3).toString('hex');
const fx = caseFixture(tag);
const { tab } = browserPerFile();
const PHONE = { width: 390, height: 844 };
const HEADER = 'Brand SKU,Name,Description,Category,Collection,Status,Images,Retired Images,MSRP FR EUR,MSRP US USD';

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await fx.seed();
}, 60_000);

describe('Settings › Catalogue', () => {
  it('a brand admin uploads a file: one bad line refuses it with its line; a good one is applied and listed', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), '/dashboard/profile/settings?tab=catalogue');
      await page.getByText(M.noCatalog).waitFor();
      await page.getByText(M.noImports).waitFor();
      expect(await page.getByRole('link', { name: M.sample }).getAttribute('download')).toBe('catalogue-sample.csv');
      const file = page.getByLabel(/^Catalogue file/);

      await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(`${HEADER}\nCT-1,Sac,,Bags,FW26,active,,,1450,\nCT-1,Copy,,Bags,FW26,active,,,1450,\n`) });
      await page.getByRole('button', { name: M.upload }).click();
      await toast(page, M.refused).waitFor();
      const refused = page.getByTestId('catalogue-import').filter({ hasText: 'bad.csv' });
      await refused.getByText('Refused').waitFor();
      await refused.getByText('Line 3: Brand SKU CT-1 repeats line 2.').waitFor();
      expect(await page.getByText(M.noCatalog).count()).toBe(1);

      const good = [HEADER, 'CT-1,Sac Aurore,Grained calfskin,Bags,FW26,active,https://cdn.example.com/ct-1.jpg,,2450,2650', 'CT-2,Carré Soleil,Silk twill,Scarves,SS26,active,,,450,', 'CT-3,Pochette Lune,Satin clutch,Bags,FW23,retired,,,,'].join('\n');
      await file.setInputFiles({ name: 'golden.csv', mimeType: 'text/csv', buffer: Buffer.from(good) });
      await page.getByRole('button', { name: M.upload }).click();
      await toast(page, M.applied(3)).waitFor();
      const table = page.getByRole('table', { name: "The brand's catalogue" });
      await table.getByRole('cell', { name: 'Carré Soleil', exact: true }).waitFor();
      expect(await table.getByRole('row').count()).toBe(4);
      await table.getByText('€2,450.00').waitFor();
      await table.getByText('$2,650.00').waitFor();
      await table.getByRole('cell', { name: 'Retired', exact: true }).waitFor();
      await page.getByTestId('catalogue-current').getByText(/^3 products, from the file of /).waitFor();
      await page.getByTestId('catalogue-import').filter({ hasText: 'golden.csv' }).getByText('Applied').waitFor();

      await page.getByLabel('Search by Brand SKU').fill('ct-2');
      await page.getByLabel('Search by Brand SKU').press('Enter');
      await expect.poll(() => table.getByRole('row').count()).toBe(2);
      await screenshot(page, 'catalogue-phone');
    }, PHONE));

  it('a User of the brand reads the catalogue, without the upload', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.userEmail, CASE_PASSWORD), '/dashboard/profile/settings?tab=catalogue');
      await page.getByRole('table', { name: "The brand's catalogue" }).getByRole('cell', { name: 'Sac Aurore', exact: true }).waitFor();
      expect(await page.getByRole('button', { name: M.upload }).count()).toBe(0);
      expect(await page.getByText(M.importsTitle).count()).toBe(0);
    }, PHONE));
});
