/**
 * Single sign-on per brand over OIDC (issue 26 step 3; docs/decisions/42-enterprise-sign-in.md
 * "OIDC flow"), through the real protocol against the test stack's local identity provider
 * (oidc-provider, infra/local/oidc-idp.ts): our start, the provider's authorization endpoint and
 * sign-in page, our callback (openid-client), the one-time code's exchange. Each refusal the
 * issue names is one test: a wrong, unknown or reused state; a wrong nonce (an authorization
 * request of the attacker's with the victim's state and PKCE challenge); a wrong audience (an ID
 * token the provider signed for another client); an expired ID token (a client whose ID tokens
 * live 60 s, the callback at a request time 5 minutes on); an email of another brand's domain; an
 * unverified email; an account of another brand; just-in-time refused. Then the brand's settings
 * (domain reservations, public and look-alike domains), the email-first answer, and mandatory SSO.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SSO_MSG as M } from '../../shared/messages/sso';
import { IDP_CLIENT, IDP_TEST_CLIENTS } from '../../infra/local/oidc-idp-clients';
import { testUser } from '../support/accounts';
import { callRoute, errorBody, login, stack, TEST_CLOCK_HEADER } from '../support/api';
import { seedBrand } from '../support/brands';
import { addIdpAccount, callSsoCallback, idpIssuer, signInAtProvider, ssoSignIn, startSso, verifyDomains } from '../support/sso';

const tag = randomBytes(4).toString('hex');
const PASSWORD = 'Sso-Test-2031!';
const brand = (k: string) => ({ _id: `brand-sso${k}-${tag}`, name: `Sso House ${k.toUpperCase()} ${tag}`, slug: `sso${k}-${tag}`, domain: `sso${k}-${tag}.example` });
/** JIT create; JIT refuse; the short-lived ID tokens' client; the tampered client; mandatory. */
const A = brand('a');
const R = brand('r');
const S = brand('s');
const T = brand('t');
const MAND = brand('m');
let admin = '';

const settings = (b: typeof A, over: Record<string, unknown> = {}) => ({
  protocol: 'oidc',
  issuer: idpIssuer(),
  clientId: IDP_CLIENT.id,
  clientSecret: IDP_CLIENT.secret,
  domains: [b.domain],
  jit: 'create',
  mandatory: false,
  ...over,
});

async function configure(b: typeof A, over: Record<string, unknown> = {}) {
  const res = await callRoute('updateSso', { token: admin, params: { brandId: b._id }, body: settings(b, over) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  // Each new domain proven as a brand proves it (its TXT record in the local DNS, then checked): only then does it route.
  await verifyDomains(admin, b._id);
  return (await callRoute('getSso', { token: admin, params: { brandId: b._id } })).body;
}

async function exchange(code: string, headers: Record<string, string> = {}) {
  return callRoute('ssoExchange', { body: { code }, headers });
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  for (const b of [A, R, S, T, MAND]) await seedBrand({ _id: b._id, name: b.name, slug: b.slug, contact: { email: `it@${b.domain}`, name: 'IT' }, company_email_bcc: '' }, [], []);
  admin = await login('admin@demo.test');
  await configure(A);
  await configure(R, { jit: 'refuse' });
  await configure(S, { clientId: IDP_TEST_CLIENTS.short.id, clientSecret: IDP_TEST_CLIENTS.short.secret });
  await configure(T, { clientId: IDP_TEST_CLIENTS.tampered.id, clientSecret: IDP_TEST_CLIENTS.tampered.secret });
  await configure(MAND, { mandatory: true });
});

describe('a sign-in through the provider', () => {
  it('creates the User of the brand just in time, and the one-time code gives the session POST /login gives, once', async () => {
    const email = `camille-${tag}@${A.domain}`;
    await addIdpAccount({ email, givenName: 'Camille', familyName: 'Roux' });
    const start = await startSso(email);
    // PKCE (S256), state, nonce, our redirect URI, at the brand's provider.
    expect(start.origin).toBe(idpIssuer());
    expect(Object.fromEntries(start.searchParams)).toMatchObject({ client_id: IDP_CLIENT.id, response_type: 'code', code_challenge_method: 'S256', scope: 'openid email profile', redirect_uri: `${stack().url}/api/sso/oidc/callback`, login_hint: email });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(start.searchParams.get(p)?.length).toBeGreaterThanOrEqual(43);

    const outcome = await callSsoCallback(await signInAtProvider(start, email));
    expect(outcome).toHaveProperty('code');
    const { code } = outcome as { code: string };
    const session = await exchange(code);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email, firstname: 'Camille', lastname: 'Roux' });
    expect(session.body.user.roles.map((r) => r.name)).toEqual(['User']);
    const { getUserByEmail } = await import('../../functions/users/users.repo');
    const made = await getUserByEmail(email);
    expect(made).toMatchObject({ brand: A._id, status: 'active', policyFlag: true });
    // A session like any other: the terms first, then the brand's data.
    expect((await callRoute('logoutAll', { token: session.body.token })).status).toBe(200);
    expect((await callRoute('getMfaStatus', { token: session.body.token })).status).toBe(401);

    // The code is used once.
    const again = await exchange(code);
    expect(again.status).toBe(401);
    expect(errorBody(again).message).toBe(M.codeExpired);

    // A second sign-in finds the same user (no second account).
    const second = await ssoSignIn(email);
    expect((await exchange((second as { code: string }).code)).body.user._id).toBe(made!._id);
  });

  it('refuses a code after its 60 seconds', async () => {
    const email = `late-${tag}@${A.domain}`;
    await addIdpAccount({ email });
    const { code } = (await ssoSignIn(email)) as { code: string };
    const late = await exchange(code, { [TEST_CLOCK_HEADER]: String(Date.now() + 61_000) });
    expect(late.status).toBe(401);
  });

  it('counts as the second step: a user with an authenticator app gets the session from the provider, and logging out of all devices voids a code not yet exchanged', async () => {
    const email = `second-${tag}@${A.domain}`;
    await addIdpAccount({ email });
    const { createUser, getUserByEmail, updateUserFields } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    await createUser(testUser({ _id: `user-sso2-${tag}`, email, passwordHash: await hashPassword(PASSWORD), brand: A._id }));
    await updateUserFields(`user-sso2-${tag}`, { totp: { sealed: 'x', enabledAt: new Date().toISOString(), lastStep: 0 } } as never);
    const { code } = (await ssoSignIn(email)) as { code: string };
    // The password alone gives a challenge, no session.
    expect((await callRoute('login', { body: { email, password: PASSWORD } })).body).toMatchObject({ mfaRequired: true });
    const session = await exchange(code);
    expect(session.status).toBe(200);
    expect((await getUserByEmail(email))?._id).toBe(`user-sso2-${tag}`);

    const { code: code2 } = (await ssoSignIn(email)) as { code: string };
    expect((await callRoute('logoutAll', { token: session.body.token })).status).toBe(200);
    expect((await exchange(code2)).status).toBe(401);
  });
});

describe('refused sign-ins land on the login page with their message', () => {
  it('an unknown state, a missing one, and a state used once already', async () => {
    expect(await callSsoCallback(`${stack().url}/api/sso/oidc/callback?code=abc&state=${'x'.repeat(43)}`)).toEqual({ error: 'started' });
    expect(await callSsoCallback(`${stack().url}/api/sso/oidc/callback?code=abc`)).toEqual({ error: 'started' });
    const email = `replay-${tag}@${A.domain}`;
    await addIdpAccount({ email });
    const callback = await signInAtProvider(await startSso(email), email);
    expect(await callSsoCallback(callback)).toHaveProperty('code');
    expect(await callSsoCallback(callback)).toEqual({ error: 'started' });
  });

  it('a state past its 10 minutes', async () => {
    const email = `stale-${tag}@${A.domain}`;
    await addIdpAccount({ email });
    const callback = await signInAtProvider(await startSso(email), email);
    expect(await callSsoCallback(callback, { [TEST_CLOCK_HEADER]: String(Date.now() + 11 * 60_000) })).toEqual({ error: 'started' });
  });

  it("a wrong nonce: the attacker's own authorization request, with the victim's state and PKCE challenge, signs in at the provider", async () => {
    const email = `nonce-${tag}@${A.domain}`;
    await addIdpAccount({ email });
    const victim = await startSso(email);
    const forged = new URL(victim);
    forged.searchParams.set('nonce', randomBytes(32).toString('base64url'));
    const callback = await signInAtProvider(forged, email);
    expect(new URL(callback).searchParams.get('state')).toBe(victim.searchParams.get('state'));
    expect(await callSsoCallback(callback)).toEqual({ error: 'providerError' });
  });

  it('a code obtained with another PKCE challenge (a code injected into the victim\'s callback)', async () => {
    const email = `pkce-${tag}@${A.domain}`;
    await addIdpAccount({ email });
    const victim = await startSso(email);
    const forged = new URL(victim);
    forged.searchParams.set('code_challenge', randomBytes(32).toString('base64url'));
    expect(await callSsoCallback(await signInAtProvider(forged, email))).toEqual({ error: 'providerError' });
  });

  it('a wrong audience: an ID token the provider signed for another client', async () => {
    const email = `aud-${tag}@${T.domain}`;
    await addIdpAccount({ email });
    expect(await ssoSignIn(email)).toEqual({ error: 'providerError' });
    const { getUserByEmail } = await import('../../functions/users/users.repo');
    expect(await getUserByEmail(email)).toBeUndefined();
  });

  it('an expired ID token (valid 60 s, the callback 5 minutes later: the state is still valid)', async () => {
    const email = `exp-${tag}@${S.domain}`;
    await addIdpAccount({ email });
    const callback = await signInAtProvider(await startSso(email), email);
    expect(await callSsoCallback(callback, { [TEST_CLOCK_HEADER]: String(Date.now() + 5 * 60_000) })).toEqual({ error: 'providerError' });
    // The same client at the request's own time signs in (the refusal above is the expiry).
    const email2 = `inTime-${tag}@${S.domain}`.toLowerCase();
    await addIdpAccount({ email: email2 });
    expect(await ssoSignIn(email2)).toHaveProperty('code');
  });

  it("an email of another brand's domain, an unverified email, an account of another brand, and no account where the brand refuses to create one", async () => {
    const other = `elsewhere-${tag}@${R.domain}`;
    await addIdpAccount({ email: other });
    expect(await ssoSignIn(`someone-${tag}@${A.domain}`, other)).toEqual({ error: 'wrongDomain' });

    const unverified = `unverified-${tag}@${A.domain}`;
    await addIdpAccount({ email: unverified, emailVerified: false });
    expect(await ssoSignIn(unverified)).toEqual({ error: 'emailUnverified' });

    const maUser = `ma-${tag}@${A.domain}`;
    const { createUser, getUserByEmail } = await import('../../functions/users/users.repo');
    await createUser(testUser({ _id: `user-ssoma-${tag}`, email: maUser, passwordHash: 'x', brand: 'brand-maison-aurelle' }));
    await addIdpAccount({ email: maUser });
    expect(await ssoSignIn(maUser)).toEqual({ error: 'otherBrand' });

    const nobody = `nobody-${tag}@${R.domain}`;
    await addIdpAccount({ email: nobody });
    expect(await ssoSignIn(nobody)).toEqual({ error: 'noAccount' });
    expect(await getUserByEmail(nobody)).toBeUndefined();
    // An account the brand's admin added signs in.
    await createUser(testUser({ _id: `user-ssor-${tag}`, email: nobody, passwordHash: 'x', brand: R._id }));
    expect(await ssoSignIn(nobody)).toHaveProperty('code');
  });

  it('a wrong password at the provider never reaches us, and an email without single sign-on is sent back to the password', async () => {
    const res = await fetch(`${stack().url}/api/sso/start?email=${encodeURIComponent(`x-${tag}@plain-${tag}.example`)}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(`${stack().url}/login?sso=notConfigured`);
  });
});

describe("the brand's settings", () => {
  it('keep the secret write-only, and answer the redirect URI to register', async () => {
    const got = await callRoute('getSso', { token: admin, params: { brandId: A._id } });
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ configured: true, issuer: idpIssuer(), clientId: IDP_CLIENT.id, clientSecretSet: true, domains: [A.domain], jit: 'create', mandatory: false, redirectUri: `${stack().url}/api/sso/oidc/callback` });
    expect(JSON.stringify(got.body)).not.toContain(IDP_CLIENT.secret);
    // Saved again without a secret: the saved one is kept (the sign-in still works).
    const { clientSecret: _s, ...noSecret } = settings(A);
    expect((await callRoute('updateSso', { token: admin, params: { brandId: A._id }, body: noSecret })).status).toBe(200);
    const email = `kept-${tag}@${A.domain}`;
    await addIdpAccount({ email });
    expect(await ssoSignIn(email)).toHaveProperty('code');
  });

  it('refuse bad input with field messages: http issuer elsewhere than localhost, no domain, a public mail domain, a domain twice, a first save without secret', async () => {
    const fresh = brand(`n${tag.slice(0, 2)}`);
    await seedBrand({ _id: fresh._id, name: fresh.name, slug: fresh.slug, contact: { email: `it@${fresh.domain}`, name: 'IT' }, company_email_bcc: '' }, [], []);
    const put = (body: Record<string, unknown>) => callRoute('updateSso', { token: admin, params: { brandId: fresh._id }, body });
    const bad = await put({ ...settings(fresh), issuer: 'http://idp.example.com', clientSecret: undefined, domains: ['gmail.com', 'Fresh.example', 'fresh.example', 'not a domain'] });
    expect(bad.status).toBe(400);
    expect(errorBody(bad).issues).toEqual([
      { path: 'issuer', message: M.issuerInvalid },
      { path: 'clientSecret', message: M.clientSecretRequired },
      { path: 'domains.0', message: M.domainPublic('gmail.com') },
      { path: 'domains.2', message: M.domainTwice('fresh.example') },
      { path: 'domains.3', message: M.domainInvalid('not a domain') },
    ]);
    const empty = await put({ ...settings(fresh), domains: [] });
    expect(errorBody(empty).issues).toEqual([{ path: 'domains', message: M.domainsRequired }]);
    const jit = await put({ ...settings(fresh), jit: 'maybe' });
    expect(errorBody(jit).issues).toEqual([{ path: 'jit', message: M.jitInvalid }]);
    // Nothing was saved.
    expect((await callRoute('getSso', { token: admin, params: { brandId: fresh._id } })).body.configured).toBe(false);
  });

  it('ask a new issuer for its discovery document at save: none answering, or one naming another issuer, is refused under the issuer and nothing is saved', async () => {
    const fresh = brand(`d${tag.slice(0, 2)}`);
    await seedBrand({ _id: fresh._id, name: fresh.name, slug: fresh.slug, contact: { email: `it@${fresh.domain}`, name: 'IT' }, company_email_bcc: '' }, [], []);
    const put = (over: Record<string, unknown>) => callRoute('updateSso', { token: admin, params: { brandId: fresh._id }, body: settings(fresh, over) });
    // Nothing listens there.
    const silent = await put({ issuer: 'http://127.0.0.1:9/realms/none' });
    expect(silent.status).toBe(400);
    expect(errorBody(silent).issues).toEqual([{ path: 'issuer', message: M.issuerUnreachable }]);
    // The provider answers, but its document names its issuer by another host: a sign-in there would fail.
    const other = new URL(idpIssuer());
    other.hostname = other.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const named = await put({ issuer: other.href.replace(/\/$/, '') });
    expect(named.status).toBe(400);
    expect(errorBody(named).issues).toEqual([{ path: 'issuer', message: M.issuerUnreachable }]);
    expect((await callRoute('getSso', { token: admin, params: { brandId: fresh._id } })).body.configured).toBe(false);
    // The provider's own issuer: saved.
    expect((await put({})).status).toBe(200);
    expect((await callRoute('getSso', { token: admin, params: { brandId: fresh._id } })).body).toMatchObject({ configured: true, issuer: idpIssuer() });
  });

  it("reserve each domain for one brand: another brand's domain is refused, a dropped one is free again", async () => {
    const taken = await callRoute('updateSso', { token: admin, params: { brandId: R._id }, body: settings(R, { domains: [R.domain, A.domain.toUpperCase()] }) });
    expect(taken.status).toBe(400);
    expect(errorBody(taken).message).toBe(M.domainTaken(A.domain));
    // R keeps its own domain only.
    expect((await callRoute('getSso', { token: admin, params: { brandId: R._id } })).body.domains).toEqual([R.domain]);

    const spare = `spare-${tag}.example`;
    await configure(MAND, { mandatory: true, domains: [MAND.domain, spare] });
    expect((await callRoute('updateSso', { token: admin, params: { brandId: R._id }, body: settings(R, { jit: 'refuse', domains: [R.domain, spare] }) })).status).toBe(400);
    await configure(MAND, { mandatory: true, domains: [MAND.domain] });
    await configure(R, { jit: 'refuse', domains: [R.domain, spare] });
    expect((await callRoute('loginMethod', { body: { email: `a@${spare}` } })).body).toMatchObject({ method: 'sso', label: R.name });
    await configure(R, { jit: 'refuse' });
  });

  it('normalise IDN domains to punycode: a look-alike in another script is another domain, never the brand\'s', async () => {
    const unicode = `maisön-${tag}.example`;
    const ascii = new URL(`http://${unicode}`).hostname;
    expect(ascii.startsWith('xn--')).toBe(true);
    const saved = await configure(A, { domains: [A.domain, unicode.toUpperCase()] });
    expect(saved.domains).toEqual([A.domain, ascii]);
    // Typed in Unicode or in punycode, the same domain.
    expect((await callRoute('loginMethod', { body: { email: `x@${ascii}` } })).body).toMatchObject({ method: 'sso' });
    // A Cyrillic "а" instead of the Latin "a" in the brand's domain: another domain, no single sign-on.
    const lookAlike = new URL(`http://${A.domain.replace('a', '\u0430')}`).hostname;
    expect(lookAlike).toMatch(/^xn--/);
    expect((await callRoute('loginMethod', { body: { email: `x@${lookAlike}` } })).body).toEqual({ method: 'password' });
    expect(await callSsoCallback(`${stack().url}/api/sso/start?email=${encodeURIComponent(`x@${lookAlike}`)}`)).toEqual({ error: 'notConfigured' });
    // And it cannot be reserved as the brand's domain by typing it in Unicode: it is saved as its own punycode.
    expect((await configure(R, { jit: 'refuse', domains: [R.domain, A.domain.replace('a', '\u0430')] })).domains).toEqual([R.domain, lookAlike]);
    await configure(R, { jit: 'refuse' });
    await configure(A);
  });
});

describe('the email-first answer and mandatory single sign-on', () => {
  it('answers by the domain only: an account that exists and one that does not get the same answer', async () => {
    const known = `known-${tag}@${A.domain}`;
    const { createUser } = await import('../../functions/users/users.repo');
    await createUser(testUser({ _id: `user-ssok-${tag}`, email: known, passwordHash: 'x', brand: A._id }));
    const a = await callRoute('loginMethod', { body: { email: known } });
    const b = await callRoute('loginMethod', { body: { email: `unknown-${tag}@${A.domain}` } });
    expect(a.body).toMatchObject({ method: 'sso', label: A.name, passwordAllowed: true });
    expect({ ...b.body, startUrl: '' }).toEqual({ ...a.body, startUrl: '' });
    expect((await callRoute('loginMethod', { body: { email: 'user@demo.test' } })).body).toEqual({ method: 'password' });
    expect((await callRoute('loginMethod', { body: { email: `nobody-${tag}@demo.test` } })).body).toEqual({ method: 'password' });
    const bad = await callRoute('loginMethod', { body: { email: 'not-an-email' } });
    expect(bad.status).toBe(400);
    expect(errorBody(bad).message).toBe(M.emailInvalid);
  });

  it('refuses a password for a mandatory domain at login, forgot-password and reset, with a message pointing to SSO; other domains as before', async () => {
    const email = `pw-${tag}@${MAND.domain}`;
    const { createUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    await createUser(testUser({ _id: `user-ssom-${tag}`, email, passwordHash: await hashPassword(PASSWORD), brand: MAND._id }));
    const refused = await callRoute('login', { body: { email, password: PASSWORD } });
    expect(refused.status).toBe(403);
    expect(errorBody(refused)).toMatchObject({ message: M.passwordRefused(MAND.name), code: 'SSO_REQUIRED' });
    // An unknown account of the domain: the same answer (nothing told about accounts).
    const unknown = await callRoute('login', { body: { email: `ghost-${tag}@${MAND.domain}`, password: PASSWORD } });
    expect(errorBody(unknown)).toEqual(errorBody(refused));
    const forgot = await callRoute('forgotPassword', { body: { email, userName: 'Someone' } });
    expect(forgot.status).toBe(403);
    expect(errorBody(forgot).message).toBe(M.passwordRefused(MAND.name));
    expect((await callRoute('loginMethod', { body: { email } })).body).toMatchObject({ method: 'sso', passwordAllowed: false });

    // A reset link sent before SSO was made mandatory is refused too.
    const { createLink } = await import('../../functions/auth/links');
    await configure(MAND, { mandatory: false });
    expect((await callRoute('login', { body: { email, password: PASSWORD } })).status).toBe(200);
    const link = await createLink(`user-ssom-${tag}`, 'reset');
    await configure(MAND, { mandatory: true });
    const reset = await callRoute('resetPassword', { query: { token: new URL(link).searchParams.get('token')! }, body: { password: 'Another-Pass-2031!' } });
    expect(reset.status).toBe(403);
    expect(errorBody(reset).message).toBe(M.passwordRefused(MAND.name));

    // The same person signs in through the provider.
    await addIdpAccount({ email });
    expect(await ssoSignIn(email)).toHaveProperty('code');
  });
});

describe('who may read and change the settings', () => {
  it("a brand admin their own brand's only, a plain user none, nobody signed out", async () => {
    const { signedInAccounts } = await import('../support/accounts');
    const t = await signedInAccounts(A._id, PASSWORD, {
      ba: { _id: `user-ssoba-${tag}`, email: `ba-${tag}@demo.test`, role: 'BRAND_ADMIN' },
      u: { _id: `user-ssou-${tag}`, email: `u-${tag}@demo.test` },
    });
    expect((await callRoute('getSso', { token: t.ba, params: { brandId: A._id } })).status).toBe(200);
    expect((await callRoute('updateSso', { token: t.ba, params: { brandId: A._id }, body: settings(A) })).status).toBe(200);
    for (const brandId of [R._id, 'brand-maison-aurelle']) {
      expect((await callRoute('getSso', { token: t.ba, params: { brandId } })).status).toBe(403);
      expect((await callRoute('updateSso', { token: t.ba, params: { brandId }, body: settings(R) })).status).toBe(403);
    }
    expect((await callRoute('getSso', { token: t.u, params: { brandId: A._id } })).status).toBe(403);
    expect((await callRoute('updateSso', { token: t.u, params: { brandId: A._id }, body: settings(A) })).status).toBe(403);
    expect((await callRoute('getSso', { params: { brandId: A._id } })).status).toBe(401);
  });
});

describe("the client secrets' names", () => {
  it("are this stack's own (sso/<stack>/<brand>); the deploy's backfill copies a secret kept under its old account-wide name, once, and only for an OIDC brand with a secret", async () => {
    const { legacySsoSecretName, moveSsoSecrets, ssoSecretName } = await import('../../functions/sso/sso.repo');
    expect(ssoSecretName(A._id)).toBe(`${stack().env.SSO_SECRET_PREFIX}${A._id}`);
    expect(ssoSecretName(A._id)).not.toBe(legacySsoSecretName(A._id));
    // A table whose secrets were written under the old names: A's and R's there only; S already under the new one.
    const store = new Map<string, string>([
      [legacySsoSecretName(A._id), 'a-old'],
      [legacySsoSecretName(R._id), 'r-old'],
      [legacySsoSecretName(S._id), 's-old'],
      [ssoSecretName(S._id), 's-new'],
    ]);
    const io = { read: async (n: string) => store.get(n), write: async (n: string, v: string) => void store.set(n, v) };
    const unconfigured = brand(`u${tag.slice(0, 2)}`);
    const moved = await moveSsoSecrets([A._id, R._id, S._id, unconfigured._id], io);
    expect(moved.sort()).toEqual([A._id, R._id].sort());
    expect(store.get(ssoSecretName(A._id))).toBe('a-old');
    expect(store.get(ssoSecretName(S._id))).toBe('s-new');
    // The old ones stay (another stage may use them); a second run copies nothing.
    expect(store.get(legacySsoSecretName(A._id))).toBe('a-old');
    expect(await moveSsoSecrets([A._id, R._id, S._id], io)).toEqual([]);
  });
});
