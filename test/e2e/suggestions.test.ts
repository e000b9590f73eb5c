/**
 * A retailer's SUGGESTIONS in a real browser at a 390 px phone's width (issue 38 §3), on a brand of
 * this file's own whose scan the content checks went through (test/support/content-fixture.ts),
 * with the screen audits: the findings with what the retailer shows beside the catalogue
 * (pictures side by side, the renamed product's words marked), Flag with the proposed reason and
 * message (the product's case opens), Dismiss with a reason (required), the counts by status.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { FINDING_LABELS } from '../../shared/messages/content';
import { SUGGESTIONS_MSG as M } from '../../shared/messages/suggestions';
import { apiSession, browserPerFile, screenshot, toast, withSession } from '../support/browser';
import { contentFixture } from '../support/content-fixture';

const fx = contentFixture(randomBytes(3).toString('hex'));
const { tab } = browserPerFile();
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  await fx.seed();
}, 180_000);

describe('SUGGESTIONS', () => {
  it('shows each finding with its evidence; Flag opens the case with the proposed reason; Dismiss needs a reason', () =>
    tab(async ({ page }) => {
      await withSession(page, await apiSession(fx.email, fx.password), `/dashboard/retailer/${fx.retailer._id}`);
      await page.getByRole('tab', { name: 'SUGGESTIONS' }).click();
      await page.getByTestId('suggestions-counts').getByText(M.checked(6, 5)).waitFor();
      const cards = page.getByTestId('suggestion');
      await expect.poll(() => cards.count()).toBe(6);
      const foreign = cards.filter({ has: page.getByText(FINDING_LABELS['image-foreign'], { exact: true }) });
      await expect.poll(() => foreign.locator('img.picture').count()).toBe(2);
      const renamed = page.locator('[data-kind="name"]');
      await renamed.locator('ins').filter({ hasText: 'Édition Spéciale XL' }).waitFor();
      await screenshot(page, 'suggestions-phone');

      await page.locator('[data-kind="price-discount"]').getByRole('button', { name: M.flag }).click();
      const flag = page.getByRole('dialog', { name: 'Flag Sac Aurore' });
      await flag.getByText('Price: Discount').waitFor();
      expect(await flag.getByLabel('Message').inputValue()).toContain('800.00 EUR');
      await flag.getByRole('button', { name: M.flag }).click();
      await toast(page, M.flagged).waitFor();
      await expect.poll(() => cards.count()).toBe(5);
      await page.getByRole('button', { name: `${M.statusTabs.flagged} (1)` }).waitFor();

      await foreign.getByRole('button', { name: M.dismiss }).click();
      const dismiss = page.getByRole('dialog', { name: M.dismissTitle });
      await dismiss.getByRole('button', { name: M.dismiss }).click();
      await dismiss.getByText(M.dismissReasonRequired).waitFor();
      await dismiss.getByLabel(M.dismissReason).fill('Our campaign picture for this store.');
      await dismiss.getByRole('button', { name: M.dismiss }).click();
      await toast(page, M.dismissed).waitFor();
      await expect.poll(() => cards.count()).toBe(4);
      await page.getByRole('button', { name: `${M.statusTabs.dismissed} (1)` }).click();
      await page.getByText('“Our campaign picture for this store.”').waitFor();
    }, PHONE));
});
