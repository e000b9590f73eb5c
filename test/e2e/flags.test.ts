/**
 * The flag tools (issue 9) in a real browser, as the plain User (assigned Lumière Boutique) on the
 * demo data: flag a product from the Price Issues row (none ticked → 'Please select at least one
 * field.', Price without its option refused), see it in Flagged Products with CURRENT, the
 * flagged-at price and date and Read more, unflag it after the confirm; flag the brand profile
 * from the aside icon (Brand Bio's dropdown required: 'This is required field') and unflag it.
 * Every flag made here is removed again, so the demo counts are as they were.
 */
import { describe, expect, it } from 'vitest';
import { callRoute, login } from '../support/api';
import { apiSession, browserPerFile, screenshot, toast, withSession } from '../support/browser';

const MA = 'brand-maison-aurelle';
const RID = 'ret-lumiere';
const RNAME = 'Lumière Boutique';
const { tab } = browserPerFile();
const DETAILS = 'Shown at a price below the brand price list on the product page and in the category listing since Monday.';

async function unflaggedPriceIssue() {
  const token = await login('user@demo.test');
  const periods = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RID } })).body.data;
  const rows = (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: periods[0]!._id, filter: 'price_diff', limit: 50 } })).body.data as { _id: string; name: string; style_number: string; isFlagged: string; price: number | null }[];
  const row = rows.find((r) => r.isFlagged === 'no' && r.name);
  if (!row) throw new Error('no unflagged price issue at Lumière Boutique');
  return row;
}
const mmddyy = (d: Date) => `${String(d.getMonth() + 1).padStart(2, '0')}/${String(d.getDate()).padStart(2, '0')}/${String(d.getFullYear()).slice(2)}`;

describe('flag tools', () => {
  it('flags a product from its Price Issues row, shows it in Flagged Products, and unflags it after the confirm', () =>
    tab(async ({ page }) => {
      const p = await unflaggedPriceIssue();
      await withSession(page, await apiSession('user@demo.test'), `/dashboard/retailer/${RID}?search=${encodeURIComponent(p.style_number)}`);
      await page.getByRole('tab', { name: 'Price Issues', selected: true }).waitFor();
      await page.getByRole('button', { name: `Flag ${p.name}` }).first().click();
      const dialog = page.getByRole('dialog', { name: `Flag ${p.name}` });
      await dialog.getByRole('tab', { name: 'FLAG REASON', selected: true }).waitFor();
      // None ticked: the toast, and nothing sent.
      await dialog.getByRole('button', { name: 'Flag this product' }).click();
      await toast(page, 'Please select at least one field.').waitFor();
      // Price needs one of its options.
      await dialog.getByLabel('Price', { exact: true }).check();
      await dialog.getByRole('button', { name: 'Flag this product' }).click();
      await dialog.getByText('Please choose Price is missing, Wrong price or Discount.').waitFor();
      await dialog.getByLabel('Price issue').selectOption('Wrong price');
      await dialog.getByLabel('Other', { exact: true }).check();
      await dialog.getByLabel('Details').fill(DETAILS);
      await screenshot(page, 'flag-product-modal', false);
      await dialog.getByRole('button', { name: 'Flag this product' }).click();
      await toast(page, 'Product flagged successfully.').waitFor();
      await dialog.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Unflag ${p.name}` }).first().waitFor();

      await page.getByRole('tab', { name: 'Flagged Products' }).click();
      const row = page.locator(`tr[data-product-id="${p._id}"]`);
      await row.waitFor();
      await row.getByText('CURRENT').waitFor();
      await row.getByText(`on ${mmddyy(new Date())}`).waitFor();
      expect(await row.getByText('Price: Wrong price, Other —').count()).toBe(1);
      await row.getByRole('button', { name: 'Read more' }).click();
      await row.getByText(DETAILS, { exact: false }).waitFor();
      await screenshot(page, 'flagged-products-tab');

      await row.getByRole('button', { name: `Unflag ${p.name}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Unflag' });
      await confirm.getByText('Are you sure you want to un flag this product ?').waitFor();
      await screenshot(page, 'unflag-confirm', false);
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await toast(page, 'Product Unflagged successfully.').waitFor();
      await row.waitFor({ state: 'detached' });
      const token = await login('user@demo.test');
      expect((await callRoute('getProductScraping', { token, params: { id: p._id } })).body.data.isFlagged).toBe('no');

      // The product page's FLAG REASON panel: 'Flag this product' opens the same modal; 'Unflag this product' the confirm.
      await page.goto(`/dashboard/retailer/${RID}/product/${p._id}`);
      await page.getByText('This product is not flagged.').waitFor();
      await page.getByRole('button', { name: 'Flag this product' }).click();
      const modal = page.getByRole('dialog', { name: `Flag ${p.name}` });
      await modal.getByLabel('Image Issues', { exact: true }).check();
      await modal.getByRole('button', { name: 'Flag this product' }).click();
      await toast(page, 'Product flagged successfully.').waitFor();
      await page.getByText('This product is flagged.').waitFor();
      await page.locator('.pp-flag__reasons', { hasText: 'Image Issues' }).waitFor();
      await screenshot(page, 'product-page-flagged');
      await page.getByRole('button', { name: 'Unflag this product' }).click();
      await page.getByRole('dialog', { name: 'Unflag' }).getByRole('button', { name: 'Yes' }).click();
      await toast(page, 'Product Unflagged successfully.').waitFor();
      await page.getByText('This product is not flagged.').waitFor();
    }));

  it('flags the brand profile from the aside icon (Brand Bio needs its option) and unflags it', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession('user@demo.test'), `/dashboard/retailer/${RID}`);
      await page.getByRole('button', { name: `Flag the brand profile on ${RNAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Flag the brand profile on ${RNAME}` });
      await dialog.getByRole('tab', { name: 'FLAG REASON', selected: true }).waitFor();
      await dialog.getByRole('button', { name: 'Flag this brand' }).click();
      await toast(page, 'Please select at least one field.').waitFor();
      await dialog.getByLabel('Brand Bio', { exact: true }).check();
      await dialog.getByLabel('Brand Logo', { exact: true }).check();
      await dialog.getByRole('button', { name: 'Flag this brand' }).click();
      await dialog.getByText('This is required field').waitFor();
      await screenshot(page, 'flag-brand-required', false);
      await dialog.getByLabel('Brand Bio issue').selectOption('Typo/needs updates');
      await dialog.getByLabel('Brand Logo issue').selectOption('Old logo is shown');
      await dialog.getByRole('button', { name: 'Flag this brand' }).click();
      await toast(page, 'Brand flagged successfully.').waitFor();
      await page.getByRole('img', { name: 'Brand profile flagged' }).waitFor();
      await screenshot(page, 'brand-flagged');
      const token = await login('user@demo.test');
      const info = (await callRoute('getRetailerScraping', { token, params: { brandId: MA, id: RID } })).body.data;
      expect(info).toMatchObject({ isFlagged: 'yes', flagMessage: { reason: [{ name: 'Brand Logo', value: 'Old logo is shown' }, { name: 'Brand Bio', value: 'Typo/needs updates' }] } });

      await page.getByRole('button', { name: `Unflag the brand profile on ${RNAME}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Unflag' });
      await confirm.getByText('Are you sure you want to un flag this brand ?').waitFor();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      await toast(page, 'Brand Unflagged successfully.').waitFor();
      await page.getByRole('img', { name: 'Brand profile not flagged' }).waitFor();
    }));
});
