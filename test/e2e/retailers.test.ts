/**
 * The admin Retailer List (/admin/retailers, 001 §2, §5) in the browser as admin@demo.test:
 * reached from the admin home; the add modal's messages, Clear and Save; a taken name and slug
 * told under their fields; edit; delete with 'Confirm Deletion ?' (refused for a demo retailer
 * with history, done for the new one). Each screen is audited with axe-core.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RETAILER_MSG as M } from '../../shared/messages/retailers';
import { apiSession, assertAccessible, browserPerFile, screenshot, toast, waitForPath, withSession } from '../support/browser';

const { tab } = browserPerFile();

/** Waits until no animation runs but the toasts' progress bars (a modal fading in, a toast sliding in), then saves the screenshot. */
async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || !!((a.effect as KeyframeEffect | null)?.target as Element | null)?.closest('.Toastify__progress-bar')));
  await page.waitForTimeout(150);
  await screenshot(page, name, fullPage);
}
const tag = randomBytes(3).toString('hex');
/** Starts with a digit: sorts before every letter, so it is on page 1 whatever other suites add. */
const NAME = `0 E2E Store ${tag}`;
const RENAMED = `0 E2E Renamed ${tag}`;

/** Goes through the Retailer List's pages until one shows a row named `name`. */
async function findRowPage(page: Page, name: RegExp): Promise<void> {
  const table = page.getByRole('table', { name: 'Retailer List' });
  const firstEdit = table.getByRole('button', { name: /^Edit / }).first();
  for (let n = 1; n <= 50; n++) {
    await firstEdit.waitFor();
    if ((await table.getByRole('row', { name }).count()) > 0) return;
    const next = page.getByRole('navigation', { name: 'Retailer pages' }).getByRole('button', { name: `Page ${n + 1}`, exact: true });
    if ((await next.count()) === 0) break;
    const before = await firstEdit.getAttribute('aria-label');
    await next.click();
    await expect.poll(() => firstEdit.getAttribute('aria-label')).not.toBe(before);
  }
  throw new Error(`No row named ${name} on any page of the Retailer List`);
}

describe('/admin/retailers', () => {
  it('lists retailers by name; adds, edits and deletes one with every message on the way', () =>
    tab(async (t) => {
      const { page } = t;
      await withSession(page, await apiSession('admin@demo.test'), '/admin');
      await page.getByRole('link', { name: 'Manage Retailers' }).click();
      await waitForPath(page, '/admin/retailers');
      await page.getByRole('heading', { name: 'Retailer List' }).waitFor();
      const table = page.getByRole('table', { name: 'Retailer List' });
      // Other suites add retailers side by side, so which page a demo retailer is on is not fixed: any row will do here.
      await table.getByRole('button', { name: /^Edit / }).first().waitFor();
      for (const h of ['Name', 'Opt ID', 'Slug', 'Website']) await table.getByRole('columnheader', { name: h, exact: true }).waitFor();
      await expect.poll(() => page.locator('.retailers__count').textContent()).toMatch(/^\d[\d,]* retailers$/);
      await shot(page, 'retailers-list');

      // Add: every field's message first, nothing sent.
      await page.getByRole('button', { name: 'Add', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Retailer' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Save' }).click();
      for (const m of [M.nameRequired, M.optIdRequired, M.slugRequired, M.websiteRequired]) await dialog.getByText(m, { exact: true }).waitFor();
      await shot(page, 'retailers-add-required');
      await assertAccessible(t);

      // The slug follows the name; bad values are told under their fields; Clear empties the form.
      await dialog.getByLabel('Name').fill(NAME);
      expect(await dialog.getByLabel('Slug').inputValue()).toBe(`0-e2e-store-${tag}`);
      await dialog.getByLabel('Opt ID').fill(`E2E ${tag}`);
      await dialog.getByLabel('Slug').fill('Bad--Slug');
      await dialog.getByLabel('Website').fill('ftp://files.example');
      await dialog.getByRole('button', { name: 'Save' }).click();
      for (const m of [M.optIdInvalid, M.slugInvalid, M.websiteInvalid]) await dialog.getByText(m, { exact: true }).waitFor();
      expect(await dialog.getByLabel('Slug').getAttribute('aria-invalid')).toBe('true');
      await shot(page, 'retailers-add-invalid');
      await dialog.getByRole('button', { name: 'Clear' }).click();
      for (const f of ['Name', 'Opt ID', 'Slug', 'Website']) expect(await dialog.getByLabel(f).inputValue()).toBe('');
      expect(await dialog.locator('.field__error').count()).toBe(0);

      // Another retailer's name and slug: the server's answer under each field.
      await dialog.getByLabel('Name').fill('harrowgate & finch');
      await dialog.getByLabel('Opt ID').fill(`E2E${tag}`);
      await dialog.getByLabel('Slug').fill('harrowgate-finch');
      await dialog.getByLabel('Website').fill('https://e2e.example');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.getByText(M.nameTaken, { exact: true }).waitFor();
      await dialog.getByText(M.slugTaken('harrowgate-finch'), { exact: true }).waitFor();
      await shot(page, 'retailers-add-taken');

      // A valid retailer: saved, toast, in the list.
      await dialog.getByLabel('Name').fill(NAME);
      await dialog.getByLabel('Slug').fill(`e2e-store-${tag}`);
      await dialog.getByRole('button', { name: 'Save' }).click();
      await toast(page, M.added).waitFor();
      await dialog.waitFor({ state: 'detached' });
      const row = table.getByRole('row', { name: new RegExp(NAME) });
      await row.waitFor();
      expect(await row.textContent()).toContain(`E2E${tag}`.toUpperCase());
      expect(await row.getByRole('link', { name: 'https://e2e.example' }).getAttribute('rel')).toContain('noopener');

      // Edit: prefilled, renamed.
      await page.getByRole('button', { name: `Edit ${NAME}` }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Retailer' });
      await edit.waitFor();
      expect(await edit.getByLabel('Slug').inputValue()).toBe(`e2e-store-${tag}`);
      await edit.getByLabel('Name').fill(RENAMED);
      expect(await edit.getByLabel('Slug').inputValue()).toBe(`e2e-store-${tag}`);
      await shot(page, 'retailers-edit');
      await assertAccessible(t);
      await edit.getByRole('button', { name: 'Save' }).click();
      await toast(page, M.updated).waitFor();
      await table.getByRole('row', { name: new RegExp(RENAMED) }).waitFor();
      expect(await table.getByRole('row', { name: new RegExp(NAME) }).count()).toBe(0);

      // Cancel keeps it; Delete removes the new one.
      const confirm = page.getByRole('dialog', { name: 'Delete retailer' });
      await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: `Delete ${RENAMED}` }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, M.deleted).waitFor();
      await table.getByRole('row', { name: new RegExp(RENAMED) }).waitFor({ state: 'detached' });
      await shot(page, 'retailers-after-delete');

      // Delete a demo retailer with history: asked, then refused with the reason; it stays. Its page
      // depends on how many retailers the other suites added before it, so walk the pages to it.
      await findRowPage(page, /Harrowgate & Finch/);
      await page.getByRole('button', { name: 'Delete Harrowgate & Finch' }).click();
      await confirm.getByText(M.deleteConfirm, { exact: true }).waitFor();
      await shot(page, 'retailers-delete-confirm');
      await assertAccessible(t);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await toast(page, 'Harrowgate & Finch cannot be deleted').waitFor();
      await shot(page, 'retailers-delete-refused', false);
      await confirm.waitFor({ state: 'detached' });
      await table.getByRole('row', { name: /Harrowgate & Finch/ }).waitFor();

    }));
});
