/**
 * The retailer's page of a brand's open cases in a real browser (issue 24 §3), on a brand of this
 * file's own: the brand's admin sends the contact email with "Add a link to this retailer's open
 * cases" ticked; the link from that email opens the page without an account (the token leaves the
 * address bar); the retailer marks one case fixed and writes a note on another; the brand sees
 * both in the case's log; a revoked link says so. At a 390 px phone's width, with the audits.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, login, sentEmails, stack } from '../support/api';
import { apiSession, browserPerFile, screenshot, toast, withSession } from '../support/browser';
import { CASE_PASSWORD, caseFixture } from '../support/case-fixture';

const tag = randomBytes(3).toString('hex');
const fx = caseFixture(tag);
const { tab } = browserPerFile();
let token = '';
let caseIdOf: typeof import('../../functions/cases').caseIdOf;
const subject = `Open cases ${tag}`;

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await fx.seed();
  ({ caseIdOf } = await import('../../functions/cases'));
  const ids = await import('../../functions/scrapings/domain/ids');
  token = await login(fx.adminEmail, CASE_PASSWORD);
  for (const [style, reason] of [
    ['A1', { name: 'Price', value: 'Wrong price' }],
    ['A2', { name: 'Image Issues', value: 'Image Issues' }],
  ] as const) {
    expect((await callRoute('updateProductFlag', { params: { id: ids.productIdOf(fx.period.r1, style) }, token, body: { isFlagged: 'yes', message: `About ${style}`, reason: [reason] } })).status).toBe(200);
  }
}, 60_000);

describe("the retailer's page", () => {
  it('the contact form adds the link to the email', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), `/dashboard/retailer/${fx.r1._id}?tab=flagged`);
      await page.getByRole('button', { name: /Contact Retailer/i }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('checkbox', { name: new RegExp(fx.contact) }).check();
      await dialog.getByLabel('SUBJECT').fill(subject);
      const editor = dialog.getByRole('textbox', { name: 'Message' });
      await editor.click();
      await editor.pressSequentially('Please have a look at these.');
      await dialog.getByRole('checkbox', { name: /Add a link to this retailer's open cases/ }).check();
      await dialog.getByRole('button', { name: 'SEND' }).click();
      await toast(page, 'Email Sent Successfully.').waitFor();
      await expect.poll(async () => (await sentEmails()).some((e) => e.subject === subject)).toBe(true);
    }));

  it('opens from the link without an account; fixed and a note; the brand sees both; a revoked link says so', () =>
    tab(
      async ({ page }) => {
        const email = (await sentEmails()).find((e) => e.subject === subject)!;
        const href = /href="([^"]*\/retailer-cases#t=[^"]+)"/.exec(email.body.html ?? '')![1]!;
        const url = new URL(href);
        await page.goto(`${url.pathname}${url.hash}`);
        await page.getByRole('heading', { name: `Open cases at ${fx.r1.name}` }).waitFor();
        expect(new URL(page.url()).hash).toBe('');
        const a1 = page.getByRole('article', { name: /Piece A1/ });
        await a1.getByText('Your price').waitFor();
        expect(await a1.locator('dd').allTextContents()).toEqual(expect.arrayContaining(['$700.00', '$1,000.00', 'Price: Wrong price']));
        await screenshot(page, 'retailer-cases-page');
        await a1.getByRole('button', { name: 'Mark as fixed: Piece A1' }).click();
        await toast(page, 'Thank you: the brand is told that you fixed it.').waitFor();
        await a1.getByText(/You marked it fixed/).waitFor();
        const a2 = page.getByRole('article', { name: /Piece A2/ });
        await a2.getByRole('button', { name: 'Write a note: Piece A2' }).click();
        await a2.getByRole('button', { name: 'Send the note' }).click();
        await a2.getByText('Write a note.').waitFor();
        await a2.getByLabel('Your note on Piece A2').fill('The new picture goes live on Monday.');
        await a2.getByRole('button', { name: 'Send the note' }).click();
        await toast(page, 'Thank you: your note was sent to the brand.').waitFor();

        const admin = await login(fx.adminEmail, CASE_PASSWORD);
        const log = async (style: string) => (await callRoute('getCase', { params: { caseId: caseIdOf(fx.brand._id, fx.r1._id, style) }, token: admin })).body;
        expect((await log('A1')).data.status).toBe('acknowledged');
        expect((await log('A2')).events.at(-1)).toMatchObject({ kind: 'retailer_note', detail: 'The new picture goes live on Monday.', by: { name: `${fx.r1.name} (retailer)` } });

        const id = (await callRoute('listCaseLinks', { params: { brandId: fx.brand._id, retailerId: fx.r1._id }, token: admin })).body.data[0]!._id;
        expect((await callRoute('revokeCaseLink', { params: { brandId: fx.brand._id, id }, token: admin })).status).toBe(200);
        await page.reload();
        await page.getByRole('heading', { name: 'Link unavailable' }).waitFor();
        await page.getByText('This link has expired or was revoked. Ask the brand for a new one.').waitFor();
      },
      { width: 390, height: 844 },
    ));
});
