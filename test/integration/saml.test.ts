/**
 * SAML single sign-on through the real protocol (issue 26 step 4): a brand admin saves the local
 * SAML identity provider's metadata (infra/local/saml-idp.ts); a person of the brand's domain is
 * sent there by GET /sso/start (our AuthnRequest, its id kept), signs in on its page, and its
 * signed answer, posted to the brand's assertion consumer address, gives the one-time code and a
 * session (just in time: a new User). Refused: the same answer again, the answer posted to another
 * SAML brand's address, a person of another domain, a form without an answer; bad metadata under
 * its field. (The signature, audience, time and wrapping refusals: test/functions/sso/saml.test.ts.)
 * One browser per sign-in (issue 36, login CSRF): an answer to the attacker's request, posted by
 * the victim's browser (no binder cookie, or the victim's own), is refused and spends nothing. The
 * issuer (issue 36): an answer signed with the provider's key but naming another issuer, in its
 * assertion or its Response, is refused (node-saml 5.1 does not check it: our code does).
 */
import { randomBytes, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAML_MSG } from '../../shared/messages/saml';
import { DEMO_SAML_BRAND, SAML_IDP_DEMO_PASSWORD } from '../../infra/local/saml-idp-people';
import { asSession, callRoute, errorBody, login, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { addSamlIdpAccount, exchangeSsoCode, postSamlAnswer, samlIdpUrl, signInAtSamlProvider, ssoBrowser, startSso, verifyDomains } from '../support/sso';

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
    const session = await exchangeSsoCode((done as { code: string }).code);
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

  it("refuses the attacker's answer posted by the victim's browser (no cookie, the victim's own binder): nobody is signed in, and the request is not spent", async () => {
    const attacker = `mallory-${tag}@${A.domain}`;
    const victim = `victim-${tag}@${A.domain}`;
    await addSamlIdpAccount(attacker);
    await addSamlIdpAccount(victim);
    const start = await startSso(attacker);
    // The IdP's answer is a cross-site form POST, which carries no Lax cookie: the SAML binder is SameSite=None.
    expect(ssoBrowser(start).setCookies).toHaveLength(1);
    expect(ssoBrowser(start).setCookies[0]).toMatch(/^__Host-ra-sso-saml=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=660; HttpOnly; Secure; SameSite=None$/);
    // The attacker signs in at the provider as themselves and keeps the answer's form instead of posting it.
    const post = await signInAtSamlProvider(start, attacker, SAML_IDP_DEMO_PASSWORD);
    // The victim's browser is made to post it.
    expect(await postSamlAnswer(post.acsUrl, post.samlResponse, { cookie: '' })).toEqual({ error: 'otherBrowser' });
    const victimStart = await startSso(victim);
    expect(await postSamlAnswer(post.acsUrl, post.samlResponse, { cookie: ssoBrowser(victimStart).cookie })).toEqual({ error: 'otherBrowser' });
    // The OIDC binder is not the SAML one.
    expect(await postSamlAnswer(post.acsUrl, post.samlResponse, { cookie: ssoBrowser(victimStart).cookie.replace('__Host-ra-sso-saml=', '__Host-ra-sso=') })).toEqual({ error: 'otherBrowser' });
    const { getUserByEmail } = await import('../../functions/users/users.repo');
    expect(await getUserByEmail(attacker)).toBeUndefined();

    // Checked before the request is taken (node-saml removes it on any refused answer): it is still its browser's.
    const done = await postSamlAnswer(post.acsUrl, post.samlResponse);
    expect(done).toHaveProperty('code');
    const { code } = done as { code: string };
    // The code too is its browser's only.
    expect((await exchangeSsoCode(code, { cookie: '' })).status).toBe(401);
    expect((await exchangeSsoCode(code, { cookie: ssoBrowser(victimStart).cookie })).status).toBe(401);
    const session = await exchangeSsoCode(code);
    expect(session.status).toBe(200);
    expect(asSession(session.body).user).toMatchObject({ email: attacker });
    expect(session.headers.getSetCookie()).toContain('__Host-ra-sso-saml=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=None');
    // The victim's own sign-in, in their own browser.
    const own = await signInAtSamlProvider(victimStart, victim, SAML_IDP_DEMO_PASSWORD);
    expect(await postSamlAnswer(own.acsUrl, own.samlResponse)).toHaveProperty('code');
  });

  it("refuses an answer signed with the provider's key that names another issuer: in the assertion and the Response, in the assertion only, in the Response only", async () => {
    const entityId = `${samlIdpUrl()}/metadata`;
    const impostor = 'https://impostor.example/saml/metadata';
    /** The answer with its Response's own Issuer (not the assertion's, which is signed) set to `issuer`. */
    const withResponseIssuer = (samlResponse: string, issuer: string) => {
      const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
      const at = xml.search(/<(\w+:)?Assertion\b/);
      const head = xml.slice(0, at).replace(/(<(?:\w+:)?Issuer\b[^>]*>)[^<]*(<\/(?:\w+:)?Issuer>)/, `$1${issuer}$2`);
      expect(head).toContain(issuer);
      return Buffer.from(head + xml.slice(at)).toString('base64');
    };
    const { getUserByEmail } = await import('../../functions/users/users.repo');

    const both = `other-issuer-${tag}@${A.domain}`;
    await addSamlIdpAccount(both, { issuer: impostor });
    const post = await signInAtSamlProvider(await startSso(both), both, SAML_IDP_DEMO_PASSWORD);
    expect(Buffer.from(post.samlResponse, 'base64').toString('utf8').split(impostor).length - 1).toBe(2);
    expect(await postSamlAnswer(post.acsUrl, post.samlResponse)).toEqual({ error: 'providerError' });

    const assertionOnly = await signInAtSamlProvider(await startSso(both), both, SAML_IDP_DEMO_PASSWORD);
    expect(await postSamlAnswer(assertionOnly.acsUrl, withResponseIssuer(assertionOnly.samlResponse, entityId))).toEqual({ error: 'providerError' });
    expect(await getUserByEmail(both)).toBeUndefined();

    const honest = `right-issuer-${tag}@${A.domain}`;
    await addSamlIdpAccount(honest);
    const responseOnly = await signInAtSamlProvider(await startSso(honest), honest, SAML_IDP_DEMO_PASSWORD);
    expect(await postSamlAnswer(responseOnly.acsUrl, withResponseIssuer(responseOnly.samlResponse, impostor))).toEqual({ error: 'providerError' });
    expect(await getUserByEmail(honest)).toBeUndefined();
    // The same person's answer as the provider made it signs in (the refusals above are the issuer's).
    const fine = await signInAtSamlProvider(await startSso(honest), honest, SAML_IDP_DEMO_PASSWORD);
    expect(await postSamlAnswer(fine.acsUrl, fine.samlResponse)).toHaveProperty('code');
  });
});
