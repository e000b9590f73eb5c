/**
 * SAML single sign-on through the real protocol (issue 26 step 4): a brand admin saves the local
 * SAML identity provider's metadata (infra/local/saml-idp.ts); a person of the brand's domain is
 * sent there by GET /sso/start (our AuthnRequest, its id kept), signs in on its page, and its
 * signed answer, posted to the brand's assertion consumer address, gives the one-time code and a
 * session (just in time: a new User). Refused: the same answer again, the answer posted to another
 * SAML brand's address, a person of another domain, a form without an answer; bad metadata under
 * its field. (The signature, audience, time and wrapping refusals: test/functions/sso/saml.test.ts.)
 */
import { randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAML_MSG } from '../../shared/messages/saml';
import { DEMO_SAML_BRAND, SAML_IDP_DEMO_PASSWORD } from '../../infra/local/saml-idp-people';
import { asSession, callRoute, errorBody, login, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { addSamlIdpAccount, postSamlAnswer, samlIdpUrl, signInAtSamlProvider, startSso, verifyDomains } from '../support/sso';

const tag = randomBytes(4).toString('hex');
const brandOf = (k: string) => ({ _id: `brand-saml${k}-${tag}`, name: `Saml ${k.toUpperCase()} ${tag}`, slug: `saml${k}-${tag}`, domain: `saml${k}-${tag}.example` });
const A = brandOf('a');
const B = brandOf('b');
let metadataXml = '';

/** Saved, and its new domains verified (their TXT records published in the local DNS) when the save succeeds. */
async function configure(b: typeof A, body: Record<string, unknown> = {}) {
  const res = await callRoute('updateSso', { token: await login('admin@demo.test'), params: { brandId: b._id }, body: { protocol: 'saml', metadataXml, domains: [b.domain], jit: 'create', mandatory: false, ...body } as never });
  if (res.status === 200) await verifyDomains(await login('admin@demo.test'), b._id);
  return res;
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  metadataXml = await (await fetch(`${samlIdpUrl()}/metadata`)).text();
  for (const b of [A, B]) await seedBrand({ _id: b._id, name: b.name, slug: b.slug, contact: { email: `it@${b.domain}`, name: 'IT' }, company_email_bcc: '' }, [], []);
}, 60_000);

describe('SAML single sign-on', () => {
  it("is saved from the provider's metadata: what to register at the provider, and what was read", async () => {
    const bad = await configure(A, { metadataXml: '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"/>' });
    expect(bad.status).toBe(400);
    expect(errorBody(bad).issues).toEqual([{ path: 'metadataXml', message: SAML_MSG.metadataNoEntity }]);
    const saved = await configure(A);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      protocol: 'saml',
      clientSecretSet: false,
      domains: [A.domain],
      samlServiceProvider: { entityId: `${stack().url}/api/sso/saml/${A._id}`, acsUrl: `${stack().url}/api/sso/saml/acs/${A._id}` },
      samlIdp: { entityId: `${samlIdpUrl()}/metadata`, ssoUrl: `${samlIdpUrl()}/sso`, certificates: 1 },
    });
    // The last day of the provider's signing certificate (the local provider's demo one), for the settings' warning.
    const demoCert = new X509Certificate(readFileSync(path.join(process.cwd(), 'infra/local/saml-idp/demo-idp.cert.pem')));
    expect(saved.body.samlIdp?.validUntil).toBe(new Date(Date.parse(demoCert.validTo)).toISOString().slice(0, 10));
    // A save without metadata keeps the saved provider (the rules change alone).
    const kept = await callRoute('updateSso', { token: await login('admin@demo.test'), params: { brandId: A._id }, body: { protocol: 'saml', domains: [A.domain], jit: 'create', mandatory: false } });
    expect(kept.status).toBe(200);
    expect(kept.body.samlIdp).toEqual(saved.body.samlIdp);
    // A brand without a SAML provider yet must give its metadata.
    const none = await callRoute('updateSso', { token: await login('admin@demo.test'), params: { brandId: B._id }, body: { protocol: 'saml', domains: [B.domain], jit: 'create', mandatory: false } });
    expect(errorBody(none).issues).toEqual([{ path: 'metadataXml', message: SAML_MSG.metadataRequired }]);
    expect((await configure(B)).status).toBe(200);
    const method = await callRoute('loginMethod', { body: { email: `someone@${A.domain}` } });
    expect(method.body).toMatchObject({ method: 'sso', label: A.name });
  });

  it('signs a person in through the provider: a new User of the brand; the same answer again, or at another brand, is refused', async () => {
    const email = `lea-${tag}@${A.domain}`;
    await addSamlIdpAccount(email);
    const signOn = await startSso(email);
    expect(signOn.origin + signOn.pathname).toBe(`${samlIdpUrl()}/sso`);
    const post = await signInAtSamlProvider(signOn, email, SAML_IDP_DEMO_PASSWORD);
    expect(post.acsUrl).toBe(`${stack().url}/api/sso/saml/acs/${A._id}`);
    const done = await postSamlAnswer(post.acsUrl, post.samlResponse);
    expect('code' in done).toBe(true);
    const session = await callRoute('ssoExchange', { body: { code: (done as { code: string }).code } });
    expect(session.status).toBe(200);
    expect(asSession(session.body).user).toMatchObject({ email, brand: { _id: A._id }, roles: [{ name: 'User' }] });

    // A replay of the answer signs no one in.
    expect(await postSamlAnswer(post.acsUrl, post.samlResponse)).toEqual({ error: 'providerError' });
    // A fresh answer for A posted at B's address (B trusts the same provider): refused.
    const again = await signInAtSamlProvider(await startSso(email), email, SAML_IDP_DEMO_PASSWORD);
    expect(await postSamlAnswer(`${stack().url}/api/sso/saml/acs/${B._id}`, again.samlResponse)).toEqual({ error: 'providerError' });
    // A form without an answer.
    expect(await postSamlAnswer(post.acsUrl, '')).toEqual({ error: 'providerError' });
  });

  it("refuses a person of another domain at the brand's provider, and answers at a brand without SAML", async () => {
    const stranger = `max-${tag}@elsewhere-${tag}.example`;
    await addSamlIdpAccount(stranger);
    // A's sign-in started for one of its people; the provider signs in someone else.
    const post = await signInAtSamlProvider(await startSso(`lea-${tag}@${A.domain}`), stranger, SAML_IDP_DEMO_PASSWORD);
    expect(await postSamlAnswer(post.acsUrl, post.samlResponse)).toEqual({ error: 'wrongDomain' });
    expect(await postSamlAnswer(`${stack().url}/api/sso/saml/acs/brand-castellane`, post.samlResponse)).toEqual({ error: 'notConfigured' });
  });

  it('the demo: Maison Aurelle signs in @maisonaurelle.example at the local SAML provider; its brand admin reads the settings', async () => {
    const method = await callRoute('loginMethod', { body: { email: `helene.morel@${DEMO_SAML_BRAND.domain}` } });
    expect(method.body).toMatchObject({ method: 'sso', label: 'Maison Aurelle', passwordAllowed: true });
    const settings = await callRoute('getSso', { token: await login('brandadmin@demo.test'), params: { brandId: DEMO_SAML_BRAND.brandId } });
    expect(settings.body).toMatchObject({ protocol: 'saml', domains: [DEMO_SAML_BRAND.domain], samlIdp: { ssoUrl: `${samlIdpUrl()}/sso` } });
  });
});
