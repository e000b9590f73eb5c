/**
 * Settings → Single sign-on in a real browser (issue 26, decision 42), on a brand of this file's
 * own (the demo brands' settings are shared by every suite), at a 390 px phone's width, each
 * screen audited (axe and the phone's width):
 * - its brand admin finds the tab not set up yet, fills in the test stack's local identity
 *   provider (its issuer, client ID and secret); a public mail domain is refused under the domains;
 *   the save shows the domains as the server normalised them (lower case, IDN as punycode) and
 *   the secret only as saved; turning mandatory on asks first;
 * - each saved domain is pending with its TXT record (Copy); Check now says it is not found; the
 *   test publishes it in the local DNS server; Check now verifies it (issue 36);
 * - then /login/method answers single sign-on for the verified domain, and a person of the domain signs in
 *   through "Continue with <brand>" at the provider, made a User on that first sign-in.
 */
import { randomBytes } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { SSO_MSG as M, SSO_UI as UI } from '../../shared/messages/sso';
import { IDP_CLIENT, IDP_DEMO_PASSWORD } from '../../infra/local/oidc-idp-clients';
import { signedInAccounts } from '../support/accounts';
import { callRoute, login, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { apiSession, browserPerFile, screenshot, toast, waitForPath, withSession } from '../support/browser';
import { PHONE } from '../support/phone-width';
import { addIdpAccount, idpIssuer, publishTxt } from '../support/sso';

const tag = randomBytes(4).toString('hex');
// A long name, as brands have: "Continue with <name>" must wrap on a phone, not widen the login page.
const B = { _id: `brand-ssotab-${tag}`, name: `Maison Ssotab Haute-Joaillerie-Internationale ${tag}`, slug: `ssotab-${tag}` };
const PASSWORD = 'Ssotab-Admin-2031!';
const ADMIN = { _id: `user-ssotab-${tag}`, email: `boss-${tag}@ops-${tag}.example` };
/** As typed (mixed case, an accented name) and as the server saves them. */
const TYPED = [`  SsoTab-${tag}.EXAMPLE `, `café-${tag}.example`];
const SAVED = [`ssotab-${tag}.example`, domainToASCII(`café-${tag}.example`)];
const { tab } = browserPerFile();

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await seedBrand({ _id: B._id, name: B.name, slug: B.slug, contact: { email: ADMIN.email, name: 'IT' }, company_email_bcc: '' }, [], []);
  await signedInAccounts(B._id, PASSWORD, { admin: { ...ADMIN, role: 'BRAND_ADMIN', name: 'Boss' } });
}, 60_000);

describe('Settings → Single sign-on', () => {
  it('a brand admin sets up OIDC at the provider, sees the normalised domains, requires it; a person of the domain signs in through it', async () => {
    await tab(async ({ page }) => {
      await withSession(page, await apiSession(ADMIN.email, PASSWORD), '/dashboard/profile/settings?tab=sso');
      const form = page.getByRole('form', { name: UI.formLabel(B.name) });
      await form.getByTestId('sso-not-set').waitFor();
      expect(await page.getByRole('tab', { name: UI.tab }).getAttribute('aria-selected')).toBe('true');
      const redirect = await form.getByTestId('sso-redirect-uri').textContent();
      expect(redirect).toMatch(/\/api\/sso\/oidc\/callback$/);
      expect(await form.getByLabel(UI.jitRefuse).isChecked()).toBe(true);
      expect(await form.getByLabel(UI.mandatory).isChecked()).toBe(false);
      await screenshot(page, 'sso-settings-empty');

      await form.getByLabel(UI.issuer).fill(idpIssuer());
      await form.getByLabel(UI.clientId).fill(IDP_CLIENT.id);
      const secret = form.getByLabel(UI.clientSecret);
      expect(await secret.getAttribute('type')).toBe('password');
      await secret.fill(IDP_CLIENT.secret);
      await form.getByLabel(UI.domains).fill([...TYPED, 'Gmail.com'].join('\n'));
      await form.getByLabel(UI.jitCreate).check();
      await form.getByRole('button', { name: UI.save }).click();
      // The public mail provider refused under the domains; nothing saved.
      await form.getByText(M.domainPublic('gmail.com')).waitFor();
      expect(await form.getByLabel(UI.domains).getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'sso-settings-domain-refused');
      const admin = await login(ADMIN.email, PASSWORD);
      expect((await callRoute('getSso', { token: admin, params: { brandId: B._id } })).body.configured).toBe(false);

      await form.getByLabel(UI.domains).fill(TYPED.join('\n'));
      await form.getByRole('button', { name: UI.save }).click();
      await toast(page, M.savedPending).waitFor();
      await expect.poll(() => form.getByLabel(UI.domains).inputValue()).toBe(SAVED.join('\n'));
      expect(await form.getByTestId('sso-not-set').count()).toBe(0);
      expect(await secret.inputValue()).toBe('');
      await form.getByText(UI.clientSecretKept).waitFor();
      expect(await page.content()).not.toContain(IDP_CLIENT.secret);

      // Each domain pending, with the TXT record to publish and Copy (issue 36): nothing routes yet.
      const first = form.locator(`[data-testid="sso-domain"][data-domain="${SAVED[0]}"]`);
      await first.waitFor();
      expect(await first.getAttribute('data-status')).toBe('pending');
      expect(await form.getByLabel(UI.domainStatusLabel(SAVED[1]!, UI.domainPending)).textContent()).toBe(UI.domainPending);
      const recordName = (await first.getByTestId('sso-record-name').textContent())!;
      const recordValue = (await first.getByTestId('sso-record-value').textContent())!;
      expect(recordName).toBe(`_retailer-audit-verification.${SAVED[0]}`);
      expect(recordValue).toMatch(/^retailer-audit-verification=[0-9a-f]{32}$/);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().url });
      await first.getByRole('button', { name: UI.copyRecordValue(SAVED[0]!) }).click();
      await toast(page, UI.recordCopied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(recordValue);
      await first.getByRole('button', { name: UI.copyRecordName(SAVED[0]!) }).isVisible();
      expect((await callRoute('loginMethod', { body: { email: `x@${SAVED[0]}` } })).body).toEqual({ method: 'password' });
      await screenshot(page, 'sso-settings-domains-pending');

      // Check now before the record is published: told what to publish, still pending.
      await first.getByRole('button', { name: UI.checkNowLabel(SAVED[0]!) }).click();
      await first.getByRole('status').getByText(M.domainRecordMissing(SAVED[0]!, recordName, recordValue)).waitFor();
      expect(await first.getAttribute('data-status')).toBe('pending');
      // The record published in the local DNS server, as the brand would at its DNS provider: Check now verifies it.
      await publishTxt(recordName, recordValue);
      await first.getByRole('button', { name: UI.checkNowLabel(SAVED[0]!) }).click();
      await first.getByRole('status').getByText(M.domainVerified(SAVED[0]!)).waitFor();
      await expect.poll(() => first.getAttribute('data-status')).toBe('verified');
      await form.getByLabel(UI.domainStatusLabel(SAVED[0]!, UI.domainVerified)).waitFor();
      await screenshot(page, 'sso-settings-domain-verified');

      // Mandatory: asked first.
      await form.getByLabel(UI.mandatory).check();
      await form.getByRole('button', { name: UI.save }).click();
      const confirm = page.getByRole('dialog', { name: UI.confirmTitle });
      await confirm.getByText(UI.confirmText).waitFor();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      expect(await confirm.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement)).toBe(true);
      await screenshot(page, 'sso-settings-confirm-mandatory');
      await confirm.getByRole('button', { name: UI.confirmYes }).click();
      await expect.poll(async () => (await callRoute('getSso', { token: admin, params: { brandId: B._id } })).body.mandatory).toBe(true);
      await page.reload();
      await expect.poll(() => page.getByLabel(UI.domains).inputValue()).toBe(SAVED.join('\n'));
      expect(await page.getByLabel(UI.mandatory).isChecked()).toBe(true);
      expect(await page.getByLabel(UI.jitCreate).isChecked()).toBe(true);
      await page.getByText(UI.clientSecretKept).waitFor();
      await screenshot(page, 'sso-settings-saved');
    }, PHONE);

    const saved = await callRoute('getSso', { token: await login(ADMIN.email, PASSWORD), params: { brandId: B._id } });
    expect(saved.body).toMatchObject({ configured: true, issuer: idpIssuer(), clientId: IDP_CLIENT.id, clientSecretSet: true, domains: SAVED, jit: 'create', mandatory: true });
    const person = `lea-${tag}@${SAVED[0]}`;
    const method = await callRoute('loginMethod', { body: { email: person } });
    expect(method.body).toMatchObject({ method: 'sso', label: B.name, passwordAllowed: false });

    // A person of the domain, through "Continue with <brand>" and the provider's own page.
    await addIdpAccount({ email: person, givenName: 'Léa', familyName: 'Morel' });
    await tab(async ({ page }) => {
      await page.goto(`${stack().url}/login`);
      await page.getByLabel('Email').fill(person);
      await page.getByLabel('Password').focus();
      const cont = page.getByRole('link', { name: UI.continueWith(B.name) });
      await cont.waitFor();
      expect(await page.getByRole('button', { name: UI.usePassword }).count()).toBe(0);
      await cont.click();
      await page.waitForURL((u) => u.origin === idpIssuer());
      await page.getByLabel('Password').fill(IDP_DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await waitForPath(page, '/privacypolicy');
    }, PHONE);
  });
});
