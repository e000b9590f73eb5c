/**
 * The contact form (issue 9) in a real browser, as Maison Aurelle's admin at Harrowgate & Finch
 * (two contacts of this file's own, written through the contacts repo): the flag modal's CONTACT
 * RETAILER tab — the spec's validation messages, a canned message needing a target first, the
 * placeholders filled, a PNG attached, SEND → 'Email Sent Successfully.' and the email in the SES
 * emulator with its attachment; the product page's `?contact` opening the modal with the
 * singular subject; the Flagged Products tab's Contact Retailer (plural subject).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, login, sentEmails, stack } from '../support/api';
import { apiSession, browserPerFile, screenshot, toast, withSession } from '../support/browser';

const MA = 'brand-maison-aurelle';
const RID = 'ret-harrowgate';
const RNAME = 'Harrowgate & Finch';
const tag = randomBytes(3).toString('hex');
const alice = { firstName: 'Alice', lastName: `Buyer${tag}`, email: `alice-${tag}@harrowgate.example` };
const bruno = { firstName: 'Bruno', lastName: `Manager${tag}`, email: `bruno-${tag}@harrowgate.example` };
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const { tab } = browserPerFile();
let product: { _id: string; name: string; style_number: string };

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const contacts = await import('../../functions/address-book/contacts.repo');
  for (const c of [alice, bruno]) await contacts.putContact({ ...c, role: 'Buyer', brand: MA, retailer: RID, createdBy: 'e2e' });
  const token = await login('brandadmin@demo.test');
  const period = (await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RID } })).body.data[0]!._id;
  const rows = (await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: period, limit: 50 } })).body.data as { _id: string; name: string; style_number: string; isFlagged: string; type?: string }[];
  const row = rows.find((r) => r.isFlagged === 'no' && r.name && r.type !== 'deleted');
  if (!row) throw new Error('no unflagged product at Harrowgate & Finch');
  product = row;
});

describe('contact retailer', () => {
  it('flag modal → CONTACT RETAILER: validation, canned message with placeholders, a PNG attached, SEND, the email in the SES store', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession('brandadmin@demo.test'), `/dashboard/retailer/${RID}?tab=products&search=${encodeURIComponent(product.style_number)}`);
      await page.getByRole('button', { name: `Flag ${product.name}` }).first().click();
      const dialog = page.getByRole('dialog', { name: `Flag ${product.name}` });
      await dialog.getByRole('tab', { name: 'CONTACT RETAILER' }).click();
      const subject = dialog.getByLabel('SUBJECT');
      await expect.poll(() => subject.inputValue()).toBe(`Issues found on the ${RNAME} website`);
      await dialog.getByText('brand@maison-aurelle.example').waitFor(); // CC
      expect(await dialog.getByLabel('audit@maison-aurelle.example').isChecked()).toBe(true); // BCC default
      const editor = dialog.getByRole('textbox', { name: 'Message' });
      await editor.waitFor();

      // No target: the spec's message.
      await dialog.getByRole('button', { name: 'SEND' }).click();
      await toast(page, 'Please enter first target email address.').waitFor();
      // A canned message with contact placeholders needs a target first.
      await dialog.getByLabel('Canned message').selectOption({ label: 'Price issue' });
      await toast(page, 'Please select target email address.').waitFor();
      expect(await dialog.getByLabel('Canned message').inputValue()).toBe('');
      // The inactive canned message is not offered.
      expect(await dialog.getByRole('option', { name: 'Old season reminder (retired)' }).count()).toBe(0);

      await dialog.getByRole('checkbox', { name: new RegExp(alice.email) }).check();
      await dialog.getByRole('button', { name: 'SEND' }).click();
      await toast(page, 'Please enter message.').waitFor();

      // CC and BCC take colleagues and the brand's own domain (issue 20 §6); an outside address is refused.
      const addCc = dialog.getByLabel(/^Add to CC:/);
      await addCc.fill(`stranger-${tag}@evil.example`);
      await dialog.getByRole('button', { name: 'Add to CC' }).click();
      await dialog.getByText(`stranger-${tag}@evil.example cannot be added to CC`).waitFor();
      await addCc.fill('user@demo.test');
      await dialog.getByRole('button', { name: 'Add to CC' }).click();
      await dialog.getByRole('button', { name: 'Remove user@demo.test from CC' }).waitFor();
      await dialog.getByLabel(/^Add to BCC:/).fill(`legal-${tag}@maison-aurelle.example`);
      await dialog.getByRole('button', { name: 'Add to BCC' }).click();
      expect(await dialog.getByLabel(`legal-${tag}@maison-aurelle.example`).isChecked()).toBe(true);

      await dialog.getByLabel('Canned message').selectOption({ label: 'Price issue' });
      await editor.getByText(`Dear ${alice.firstName} ${alice.lastName},`).waitFor();
      await editor.getByText('While auditing the Harrowgate & Finch website').waitFor();
      await subject.fill(`Issues found on the ${RNAME} website ${tag}`);
      await dialog.getByLabel('Attachments (images)').setInputFiles({ name: `shot-${tag}.png`, mimeType: 'image/png', buffer: PNG });
      await dialog.getByText(`shot-${tag}.png`).waitFor();
      await screenshot(page, 'contact-retailer-flag-modal', false);
      await dialog.getByRole('button', { name: 'SEND' }).click();
      await toast(page, 'Email Sent Successfully.').waitFor();
      await dialog.waitFor({ state: 'detached' });

      const mail = (await sentEmails()).find((m) => m.subject === `Issues found on the ${RNAME} website ${tag}`);
      expect(mail, 'the email in the SES store').toBeTruthy();
      expect(mail!.destination.to.join(',')).toContain(alice.email);
      expect(mail!.destination.cc?.join(',').split(/,\s*/)).toEqual(expect.arrayContaining(['brand@maison-aurelle.example', 'user@demo.test']));
      expect(mail!.body.html).toContain(`Dear ${alice.firstName} ${alice.lastName},`);
      expect(mail!.attachments?.map((a) => [a.filename, a.contentType])).toEqual([[`shot-${tag}.png`, 'image/png']]);
      expect(Buffer.from(mail!.attachments![0]!.content, 'base64').equals(PNG)).toBe(true);

      // EMAIL HISTORY's Preview shows whom it was blind-copied to.
      await page.getByRole('tab', { name: 'EMAIL HISTORY' }).click();
      const sentSubject = `Issues found on the ${RNAME} website ${tag}`;
      await page.getByRole('button', { name: `Preview: ${sentSubject}` }).click();
      const preview = page.getByRole('dialog', { name: sentSubject });
      await preview.getByText('BCC', { exact: true }).waitFor();
      await preview.getByText(`audit@maison-aurelle.example, legal-${tag}@maison-aurelle.example`).waitFor();
      await preview.getByText(/user@demo\.test/).waitFor();
      await screenshot(page, 'email-history-preview-bcc', false);
    }));

  it('the product page opens the contact modal when the query has contact (singular subject), and its button does too', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession('brandadmin@demo.test'), `/dashboard/retailer/${RID}/product/${product._id}?contact=1`);
      const dialog = page.getByRole('dialog', { name: 'Contact Retailer' });
      await dialog.waitFor();
      await expect.poll(() => dialog.getByLabel('SUBJECT').inputValue()).toBe(`Issue found on the ${RNAME} website`);
      await dialog.getByRole('checkbox', { name: new RegExp(bruno.email) }).waitFor();
      await dialog.getByRole('textbox', { name: 'Message' }).waitFor();
      await screenshot(page, 'contact-retailer-product-page', false);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).searchParams.has('contact')).toBe(false);
      await page.getByRole('button', { name: 'Contact Retailer' }).click();
      await page.getByRole('dialog', { name: 'Contact Retailer' }).waitFor();
      expect(new URL(page.url()).searchParams.has('contact')).toBe(true);
    }));

  it("the brand profile's flag modal has the CONTACT RETAILER tab (plural subject, the retailer's contacts)", () =>
    tab(async ({ page }) => {
      // The demo data flags no brand profile (infra/local/demo-dashboard.ts), and no suite flags Harrowgate & Finch's.
      await withSession(page, await apiSession('brandadmin@demo.test'), `/dashboard/retailer/${RID}`);
      await page.getByRole('button', { name: `Flag the brand profile on ${RNAME}` }).click();
      const dialog = page.getByRole('dialog', { name: `Flag the brand profile on ${RNAME}` });
      await dialog.getByRole('tab', { name: 'CONTACT RETAILER' }).click();
      await expect.poll(() => dialog.getByLabel('SUBJECT').inputValue()).toBe(`Issues found on the ${RNAME} website`);
      await dialog.getByRole('checkbox', { name: new RegExp(alice.email) }).waitFor();
      await dialog.getByRole('textbox', { name: 'Message' }).waitFor();
      await screenshot(page, 'contact-retailer-brand-flag-modal', false);
    }));

  it("the Flagged Products tab's Contact Retailer opens the form about the products shown (plural subject)", () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession('brandadmin@demo.test'), `/dashboard/retailer/${RID}?tab=flagged`);
      await page.getByRole('tab', { name: 'Flagged Products', selected: true }).waitFor();
      const button = page.getByRole('button', { name: 'Contact Retailer' });
      await expect.poll(() => button.isEnabled()).toBe(true);
      await button.click();
      const dialog = page.getByRole('dialog', { name: 'Contact Retailer' });
      await expect.poll(() => dialog.getByLabel('SUBJECT').inputValue()).toBe(`Issues found on the ${RNAME} website`);
      await dialog.getByRole('textbox', { name: 'Message' }).waitFor();
      await screenshot(page, 'contact-retailer-flagged-tab', false);
    }));
});
