/**
 * Single sign-on in a real browser (issue 26 step 3): the login page asks the email first; a
 * domain of a brand with single sign-on offers "Continue with <brand>", which goes to the test
 * stack's local identity provider (oidc-provider) and its own sign-in page, then back through our
 * callback to /sso/done, whose one-time code becomes the session: a first sign-in made the User
 * just in time (the terms first). A refused sign-in shows its message on the login page. Every
 * screen audited (axe, and a 390 px phone's width); the second test runs on the phone. Chromium
 * keeps the sign-in's `__Host-` binder cookie on http://localhost (a secure context) while the
 * browser is at the provider, and the exchange removes it (issue 36).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SSO_MSG as M, SSO_UI as UI } from '../../shared/messages/sso';
import { IDP_CLIENT, IDP_DEMO_PASSWORD } from '../../infra/local/oidc-idp-clients';
import { callRoute, login, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { browserPerFile, loginInUi, screenshot, waitForPath } from '../support/browser';
import { PHONE } from '../support/phone-width';
import { addIdpAccount, addSamlIdpAccount, idpIssuer, samlIdpUrl, verifyDomains } from '../support/sso';
import { SAML_IDP_DEMO_PASSWORD } from '../../infra/local/saml-idp-people';

const tag = randomBytes(4).toString('hex');
const B = { _id: `brand-e2esso-${tag}`, name: `Maison Sso ${tag}`, slug: `e2esso-${tag}`, domain: `e2esso-${tag}.example` };
const S = { _id: `brand-e2esaml-${tag}`, name: `Maison Saml ${tag}`, slug: `e2esaml-${tag}`, domain: `e2esaml-${tag}.example` };
const { tab } = browserPerFile();

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await seedBrand({ _id: B._id, name: B.name, slug: B.slug, contact: { email: `it@${B.domain}`, name: 'IT' }, company_email_bcc: '' }, [], []);
  const res = await callRoute('updateSso', {
    token: await login('admin@demo.test'),
    params: { brandId: B._id },
    body: { protocol: 'oidc', issuer: idpIssuer(), clientId: IDP_CLIENT.id, clientSecret: IDP_CLIENT.secret, domains: [B.domain], jit: 'create', mandatory: false },
  });
  expect(res.status).toBe(200);
  await verifyDomains(await login('admin@demo.test'), B._id);
  await seedBrand({ _id: S._id, name: S.name, slug: S.slug, contact: { email: `it@${S.domain}`, name: 'IT' }, company_email_bcc: '' }, [], []);
  const metadataXml = await (await fetch(`${samlIdpUrl()}/metadata`)).text();
  const saml = await callRoute('updateSso', { token: await login('admin@demo.test'), params: { brandId: S._id }, body: { protocol: 'saml', metadataXml, domains: [S.domain], jit: 'create', mandatory: true } });
  expect(saml.status).toBe(200);
  await verifyDomains(await login('admin@demo.test'), S._id);
}, 60_000);

describe('single sign-on in the browser', () => {
  it('email first, the provider’s sign-in page, back signed in as a new User (the terms first)', async () => {
    const email = `adele-${tag}@${B.domain}`;
    await addIdpAccount({ email, givenName: 'Adèle', familyName: 'Vernet' });
    await tab(async ({ page }) => {
      await page.goto(`${stack().url}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').focus();
      const cont = page.getByRole('link', { name: UI.continueWith(B.name) });
      await cont.waitFor();
      await expect.poll(() => page.getByText(UI.ssoText(B.name)).isVisible()).toBe(true);
      await screenshot(page, 'sso-login-email-first');
      await cont.click();
      await page.waitForURL((u) => u.origin === idpIssuer());
      expect((await page.context().cookies(stack().url)).filter((c) => c.name.startsWith('__Host-ra-sso'))).toEqual([
        expect.objectContaining({ name: '__Host-ra-sso', path: '/', httpOnly: true, secure: true, sameSite: 'Lax' }),
      ]);
      await expect.poll(() => page.getByLabel('Work email').inputValue()).toBe(email);
      await page.getByLabel('Password').fill(IDP_DEMO_PASSWORD);
      await screenshot(page, 'sso-provider-sign-in');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await waitForPath(page, '/privacypolicy');
      expect(await page.evaluate(() => window.location.hash)).toBe('');
      expect((await page.context().cookies(stack().url)).map((c) => c.name)).not.toContain('__Host-ra-sso');
    });
  });

  it('on a phone: "Use my password instead" keeps the spec’s password form, and a refused sign-in says why on the login page', async () => {
    await tab(async ({ page }) => {
      await page.goto(`${stack().url}/login`);
      await page.getByLabel('Email').fill(`someone-${tag}@${B.domain}`);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('link', { name: UI.continueWith(B.name) }).waitFor();
      await screenshot(page, 'sso-login-phone');
      await page.getByRole('button', { name: UI.usePassword }).click();
      await page.getByLabel('Password').waitFor();

      await page.goto(`${stack().url}/login?sso=noAccount`);
      await expect.poll(() => page.getByTestId('sso-failed').textContent()).toBe(M.noAccount);
      // A password user of another domain logs in as before.
      await loginInUi(page, 'user@demo.test');
      await waitForPath(page, /\/dashboard\//);
    }, PHONE);
  });

  it('SAML: "Continue with <brand>" goes to the SAML provider’s page, whose signed answer is posted back: signed in as a new User', async () => {
    const email = `noemie-${tag}@${S.domain}`;
    await addSamlIdpAccount(email);
    await tab(async ({ page }) => {
      await page.goto(`${stack().url}/login`);
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.getByRole('link', { name: UI.continueWith(S.name) }).click();
      await page.waitForURL((u) => u.origin === samlIdpUrl());
      expect((await page.context().cookies(stack().url)).filter((c) => c.name.startsWith('__Host-ra-sso'))).toEqual([
        expect.objectContaining({ name: '__Host-ra-sso-saml', path: '/', httpOnly: true, secure: true, sameSite: 'None' }),
      ]);
      await page.getByLabel('Work email').fill(email);
      await page.getByLabel('Password').fill(SAML_IDP_DEMO_PASSWORD);
      await screenshot(page, 'saml-provider-sign-in');
      await page.getByRole('button', { name: 'Sign in' }).click();
      // The provider's page posts the answer to our assertion consumer address, which sends the browser to /sso/done.
      await waitForPath(page, '/privacypolicy');
      expect(await page.evaluate(() => window.location.hash)).toBe('');
      const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('auth')))!) as { user: { email: string; brand: { _id: string } } };
      expect(stored.user).toMatchObject({ email, brand: { _id: S._id } });
      expect((await page.context().cookies(stack().url)).map((c) => c.name)).not.toContain('__Host-ra-sso-saml');
    });
  });
});
