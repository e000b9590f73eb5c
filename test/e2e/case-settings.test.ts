/**
 * Settings → Cases and the second notice in a real browser (issue 24 §4), on a brand of this file's
 * own (test/support/case-fixture.ts), at a 390 px phone's width, with the screen audits:
 * - a brand admin sets the price tolerance, the overdue days and the escalation; a value out of
 *   range is said under its field and nothing is saved; a User reads them without a Save;
 * - a case emailed 20 days ago with no answer shows the second notice on the CASES tab (to whom,
 *   the subject, the cases); Send emails it once and the case's log says so;
 * - the demo brand's Harrowgate & Finch shows the second notice the daily check drafted.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASE_SETTINGS_MSG, SECOND_NOTICE_MSG } from '../../shared/messages/case-settings';
import { callRoute, login, sentEmails, stack } from '../support/api';
import { apiSession, browserPerFile, screenshot, toast, withSession } from '../support/browser';
import { CASE_PASSWORD, caseFixture } from '../support/case-fixture';

const tag = randomBytes(3).toString('hex');
const fx = caseFixture(tag);
const { tab } = browserPerFile();
const PHONE = { width: 390, height: 844 };
let caseId = '';

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await fx.seed();
  const { caseIdOf } = await import('../../functions/cases');
  const token = await login(fx.adminEmail, CASE_PASSWORD);
  expect((await fx.flag(token, 'A1', [{ name: 'Price', value: 'Wrong price' }], 'Shown far below the list price.')).status).toBe(200);
  await fx.emailAbout(token, ['A1'], { subject: `Price ${tag}`, message: '<p>Please correct the price.</p>' });
  // As if 20 days had passed since the email, with no answer.
  caseId = caseIdOf(fx.brand._id, fx.r1._id, 'A1');
  const { ddb } = await import('../../functions/lib/clients/dynamodb');
  const { table } = await import('../../functions/lib/table');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const at = new Date(Date.now() - 20 * 86_400_000).toISOString();
  await ddb.send(new UpdateCommand({ TableName: table.name, Key: { pk: `CASE#${caseId}`, sk: 'CASE' }, UpdateExpression: 'SET notifiedAt = :at, gsi3sk = :k, gsi4sk = :k', ExpressionAttributeValues: { ':at': at, ':k': `${at}#${caseId}` } }));
}, 60_000);

describe('Settings → Cases', () => {
  it('a brand admin saves the tolerance, the overdue days and the escalation; a bad value is said under its field', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), '/dashboard/profile/settings?tab=cases');
      const form = page.getByRole('form', { name: `Case settings of ${fx.brand.name}` });
      const percent = form.getByLabel('Percent of the on-hand price');
      await percent.waitFor();
      expect(await percent.inputValue()).toBe('0');
      expect(await form.getByLabel('Overdue after (days)').inputValue()).toBe('14');
      expect(await form.getByLabel('Its message').count()).toBe(0);
      await form.getByLabel('Second notice').selectOption('draft');
      await form.getByLabel('Its message').waitFor();
      await percent.fill('60');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText(CASE_SETTINGS_MSG.percentInvalid).waitFor();
      expect((await callRoute('getCaseSettings', { params: { brandId: fx.brand._id }, token: await login(fx.adminEmail, CASE_PASSWORD) })).body.data.rev).toBe(0);
      await percent.fill('2.5');
      await form.getByLabel('Overdue after (days)').fill('10');
      await screenshot(page, 'case-settings-phone');
      await form.getByRole('button', { name: 'Save' }).click();
      await toast(page, CASE_SETTINGS_MSG.saved).waitFor();
      const saved = (await callRoute('getCaseSettings', { params: { brandId: fx.brand._id }, token: await login(fx.adminEmail, CASE_PASSWORD) })).body.data;
      expect(saved).toMatchObject({ tolerancePercent: 2.5, toleranceAmount: 0, overdueDays: 10, escalation: 'draft', escalationMessageId: null, rev: 1 });
      await page.reload();
      await expect.poll(() => page.getByLabel('Percent of the on-hand price').inputValue()).toBe('2.5');
      expect(await page.getByText(/^Last saved /).count()).toBe(1);
    }, PHONE));

  it('a User of the brand reads them, without Save', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.userEmail, CASE_PASSWORD), '/dashboard/profile/settings?tab=cases');
      const form = page.getByRole('form', { name: `Case settings of ${fx.brand.name}` });
      await form.getByText("Only a brand admin can change the brand's case settings.").waitFor();
      expect(await form.getByLabel('Overdue after (days)').isDisabled()).toBe(true);
      expect(await form.getByRole('button', { name: 'Save' }).count()).toBe(0);
    }));
});

describe('the second notice on the CASES tab', () => {
  it('shows the overdue case, to whom and the subject; Send emails it once and logs it', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.adminEmail, CASE_PASSWORD), `/dashboard/retailer/${fx.r1._id}?side=cases`);
      const panel = page.getByRole('region', { name: `Second notice to ${fx.r1.name}` });
      await panel.getByText('1 overdue case: emailed more than 10 days ago, no answer').waitFor();
      expect(await panel.locator('dd').allTextContents()).toEqual([fx.contact, SECOND_NOTICE_MSG.subject(fx.brand.name, 1)]);
      expect(await panel.locator('li').allTextContents()).toEqual([expect.stringMatching(/^Piece A1 \(A1\): notified \d\d\/\d\d\/\d{4}$/)]);
      await screenshot(page, 'second-notice-phone');
      const before = (await sentEmails()).length;
      await panel.getByRole('button', { name: 'Send the second notice' }).click();
      await toast(page, SECOND_NOTICE_MSG.sent).waitFor();
      await panel.getByRole('button', { name: 'Send another notice' }).waitFor();
      const mails = (await sentEmails()).slice(before).filter((e) => e.destination.to.includes(fx.contact));
      expect(mails.map((m) => m.subject)).toEqual([SECOND_NOTICE_MSG.subject(fx.brand.name, 1)]);
      const c = await callRoute('getCase', { params: { caseId }, token: await login(fx.adminEmail, CASE_PASSWORD) });
      expect(c.body.events.at(-1)).toMatchObject({ kind: 'emailed', detail: `Second notice emailed to ${fx.contact}` });
    }, PHONE));

  it("the demo brand's Harrowgate & Finch shows the second notice the daily check drafted", () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession('brandadmin@demo.test'), '/dashboard/retailer/ret-harrowgate?side=cases');
      const panel = page.getByRole('region', { name: 'Second notice to Harrowgate & Finch' });
      await panel.getByText('2 overdue cases: emailed more than 14 days ago, no answer').waitFor();
      await page.getByRole('button', { name: 'Activity' }).click();
      await page.getByLabel('Event').selectOption({ label: 'Second notice drafted' });
      const log = page.getByRole('table', { name: 'Case activity of Harrowgate & Finch' });
      await expect.poll(() => log.locator('tbody tr').count()).toBe(2);
      expect(await log.locator('tbody tr td:nth-child(5)').allTextContents()).toEqual(Array(2).fill('No answer 14 days after the notice: a second notice is drafted'));
      await screenshot(page, 'second-notice-demo');
    }));
});
