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
 * One browser per sign-in (issue 36, login CSRF): the attacker's started sign-in, finished by the
 * victim's browser (no binder cookie, or the victim's own), and a code exchanged by another
 * browser, are refused and spend nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { SSO_MSG as M } from '../../shared/messages/sso';
import { IDP_CLIENT, IDP_TEST_CLIENTS } from '../../infra/local/oidc-idp-clients';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, errorBody, login, sentEmails, stack, TEST_CLOCK_HEADER } from '../support/api';
import { seedBrand } from '../support/brands';
import { addIdpAccount, callSsoCallback, exchangeSsoCode, idpIssuer, signInAtProvider, ssoBrowser, ssoSignIn, startSso, verifyDomains } from '../support/sso';

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

/** POST /sso/exchange from the browser the code was given to (test/support/sso.ts), or another (`headers.cookie`). */
async function exchange(code: string, headers: Record<string, string> = {}) {
  return exchangeSsoCode(code, headers);
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

describe('one browser per sign-in (login CSRF)', () => {
  it('gives the starting browser a __Host- binder cookie (HttpOnly, Secure, SameSite=Lax, Path=/, no Domain), keeps only its hash with the state, and the exchange clears it', async () => {
    const email = `binder-${tag}@${A.domain}`;
    await addIdpAccount({ email });
    const start = await startSso(email);
    const { setCookies } = ssoBrowser(start);
    expect(setCookies).toHaveLength(1);
    expect(setCookies[0]).toMatch(/^__Host-ra-sso=[A-Za-z0-9_-]{43}; Path=\/; Max-Age=660; HttpOnly; Secure; SameSite=Lax$/);
    const binder = /^__Host-ra-sso=([^;]+)/.exec(setCookies[0]!)![1]!;
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { table } = await import('../../functions/lib/table');
    const item = (await ddb.send(new GetCommand({ TableName: table.name, Key: { pk: `SSOSTATE#${start.searchParams.get('state')}`, sk: 'SSOSTATE' } }))).Item;
    expect(item?.binderHash).toBe(createHash('sha256').update(binder).digest('base64url'));
    expect(JSON.stringify(item)).not.toContain(binder);

    const { code } = (await callSsoCallback(await signInAtProvider(start, email))) as { code: string };
    const session = await exchange(code);
    expect(session.status).toBe(200);
    expect(session.headers.getSetCookie()).toEqual([
      '__Host-ra-sso=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Lax',
      '__Host-ra-sso-saml=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=None',
    ]);
  });

  it("refuses the attacker's sign-in finished by the victim's browser (no cookie, the victim's own binder, a made-up one): nobody is signed in, and the state is not spent", async () => {
    const attacker = `mallory-${tag}@${A.domain}`;
    const victim = `victim-${tag}@${A.domain}`;
    await addIdpAccount({ email: attacker });
    await addIdpAccount({ email: victim });
    // The attacker signs in at the provider as themselves and stops before our callback.
    const callback = await signInAtProvider(await startSso(attacker), attacker);
    // The victim's browser is made to open that callback URL.
    expect(await callSsoCallback(callback, { cookie: '' })).toEqual({ error: 'otherBrowser' });
    const victimStart = await startSso(victim);
    expect(await callSsoCallback(callback, { cookie: ssoBrowser(victimStart).cookie })).toEqual({ error: 'otherBrowser' });
    expect(await callSsoCallback(callback, { cookie: `__Host-ra-sso=${randomBytes(32).toString('base64url')}` })).toEqual({ error: 'otherBrowser' });
    // The SAML binder is not the OIDC one.
    expect(await callSsoCallback(callback, { cookie: ssoBrowser(victimStart).cookie.replace('__Host-ra-sso=', '__Host-ra-sso-saml=') })).toEqual({ error: 'otherBrowser' });
    const { getUserByEmail } = await import('../../functions/users/users.repo');
    expect(await getUserByEmail(attacker)).toBeUndefined();

    // Checked before the state is taken: the refusals left it to the browser that started it (a stranger cannot spend a state).
    expect(await callSsoCallback(callback)).toHaveProperty('code');
    // And the victim's own sign-in, in their own browser, signs in the victim.
    const own = (await callSsoCallback(await signInAtProvider(victimStart, victim))) as { code: string };
    expect((await exchange(own.code)).body.user).toMatchObject({ email: victim });
  });

  it("refuses a code exchanged without its browser's binder, or with another's, and leaves it to its browser", async () => {
    const email = `code-${tag}@${A.domain}`;
    const other = `code2-${tag}@${A.domain}`;
    await addIdpAccount({ email });
    await addIdpAccount({ email: other });
    const { code } = (await ssoSignIn(email)) as { code: string };
    const none = await exchange(code, { cookie: '' });
    expect(none.status).toBe(401);
    expect(errorBody(none).message).toBe(M.codeExpired);
    const otherBrowser = ssoBrowser(await startSso(other)).cookie;
    const wrong = await exchange(code, { cookie: otherBrowser });
    expect(wrong.status).toBe(401);
    expect(errorBody(wrong)).toEqual(errorBody(none));
    expect(wrong.headers.getSetCookie()).toEqual([]);
    const session = await exchange(code);
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ email });
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
    expect(errorBody(forgot).message).toBe(M.resetRefused(MAND.name));
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

describe('mandatory single sign-on holds the brand\'s own people only (issue 36)', () => {
  const spared = { admin: `adm-${tag}@${MAND.domain}`, other: `other-${tag}@${MAND.domain}`, own: `own-${tag}@${MAND.domain}` };
  beforeAll(async () => {
    const { createUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    const passwordHash = await hashPassword(PASSWORD);
    await createUser(testUser({ _id: `user-ssoadm-${tag}`, email: spared.admin, passwordHash, brand: null, roles: [TEST_ROLES.ADMIN] }));
    await createUser(testUser({ _id: `user-ssooth-${tag}`, email: spared.other, passwordHash, brand: 'brand-maison-aurelle' }));
    await createUser(testUser({ _id: `user-ssoown-${tag}`, email: spared.own, passwordHash, brand: MAND._id }));
  });

  it('a site admin and another brand\'s user of the domain sign in with their password; a wrong password, an unknown address and the brand\'s own person all get the one SSO_REQUIRED', async () => {
    const admin = await callRoute('login', { body: { email: spared.admin, password: PASSWORD } });
    expect(admin.status, JSON.stringify(admin.body)).toBe(200);
    expect(admin.body).toMatchObject({ user: { email: spared.admin } });
    const other = await callRoute('login', { body: { email: spared.other, password: PASSWORD } });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const refusal = { message: M.passwordRefused(MAND.name), code: 'SSO_REQUIRED' };
    for (const [email, password] of [[spared.admin, 'Wrong-Pass-2031!'], [spared.other, 'Wrong-Pass-2031!'], [spared.own, PASSWORD], [`nobody-${tag}@${MAND.domain}`, PASSWORD]] as const) {
      const res = await callRoute('login', { body: { email, password } });
      expect(res.status, email).toBe(403);
      expect(errorBody(res)).toMatchObject(refusal);
    }
  });

  it('forgot-password answers every address of the domain alike, and only a spared account gets its link, which sets its password', async () => {
    const before = (await sentEmails()).length;
    const answers = [];
    for (const email of [spared.admin, spared.own, `nobody-${tag}@${MAND.domain}`]) answers.push(await callRoute('forgotPassword', { body: { email, userName: 'Someone' } }));
    for (const res of answers) {
      expect(res.status).toBe(403);
      expect(errorBody(res)).toMatchObject({ message: M.resetRefused(MAND.name), code: 'SSO_REQUIRED' });
    }
    const sent = (await sentEmails()).slice(before).filter((e) => e.subject === 'Reset your password');
    expect(sent.map((e) => e.destination.to)).toEqual([[spared.admin]]);
    const token = /reset-password\?token=([^"&]+)/.exec(sent[0]!.body.html!)![1]!;
    const reset = await callRoute('resetPassword', { query: { token: decodeURIComponent(token) }, body: { password: 'Admin-Reset-2031!' } });
    expect(reset.status, JSON.stringify(reset.body)).toBe(200);
    expect((await callRoute('login', { body: { email: spared.admin, password: 'Admin-Reset-2031!' } })).status).toBe(200);
  });

  it("lists the accounts it spares to the brand's admin and to site admins, paged with a cursor, never the brand's own people", async () => {
    const first = await callRoute('listSsoAccounts', { token: admin, params: { brandId: MAND._id }, query: { limit: 1 } });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.nextCursor).toBeTruthy();
    const rest = await callRoute('listSsoAccounts', { token: admin, params: { brandId: MAND._id }, query: { limit: 10, cursor: first.body.nextCursor! } });
    expect(rest.status).toBe(200);
    const all = [...first.body.data, ...rest.body.data];
    expect(all.filter((a) => a.email.includes(tag))).toEqual([
      { email: spared.admin, name: `user-ssoadm-${tag}`, kind: 'admin', status: 'active' },
      { email: spared.other, name: `user-ssooth-${tag}`, kind: 'otherBrand', status: 'active' },
    ]);
    expect(JSON.stringify(all)).not.toContain('brand-maison-aurelle');
    const { signedInAccounts } = await import('../support/accounts');
    const t = await signedInAccounts(MAND._id, PASSWORD, { ba: { _id: `user-ssomba-${tag}`, email: `mba-${tag}@demo.test`, role: 'BRAND_ADMIN' } });
    const byBrandAdmin = await callRoute('listSsoAccounts', { token: t.ba, params: { brandId: MAND._id } });
    expect(byBrandAdmin.status).toBe(200);
    expect(byBrandAdmin.body.data.map((a) => a.email)).toEqual(expect.arrayContaining([spared.admin, spared.other]));
    expect(byBrandAdmin.body.data.map((a) => a.email)).not.toContain(spared.own);
    expect((await callRoute('listSsoAccounts', { token: t.ba, params: { brandId: A._id } })).status).toBe(403);
    // A brand without a verified domain lists nobody.
    expect((await callRoute('listSsoAccounts', { token: admin, params: { brandId: 'brand-maison-aurelle' } })).body.data.filter((a) => a.email.includes(tag))).toEqual([]);
  });
});

describe('an address is proven before it counts (issue 36)', () => {
  it("refuses a registration of an address of a brand's single sign-on domain, pointing to the company's sign-in", async () => {
    const res = await callRoute('register', { body: { firstName: 'Paul', lastName: 'Squat', company: `Squat ${tag}`, email: `paul-${tag}@${A.domain}`, password: 'Squat-Pass-2031!' } });
    expect(res.status).toBe(400);
    expect(errorBody(res).message).toBe(M.registerRefused(A.name));
    expect(errorBody(res).issues).toEqual([{ path: 'email', message: M.registerRefused(A.name) }]);
    const { getUserByEmail } = await import('../../functions/users/users.repo');
    expect(await getUserByEmail(`paul-${tag}@${A.domain}`)).toBeUndefined();
  });

  it("a My Account email change to a person's address of an SSO domain changes nothing until its link is opened: the person still signs in with SSO", async () => {
    const { createUser, getUserByEmail } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    const squatter = testUser({ _id: `user-ssosq-${tag}`, email: `squatter-${tag}@demo.test`, passwordHash: await hashPassword(PASSWORD) });
    await createUser(squatter);
    const token = await login(squatter.email, PASSWORD);
    const victim = `ines-${tag}@${A.domain}`;
    const res = await callRoute('updateUser', { token, params: { id: squatter._id }, body: { email: victim, currentPassword: PASSWORD } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.email).toBe(squatter.email);
    expect(await getUserByEmail(victim)).toBeUndefined();
    // The link went to the victim's mailbox, not the squatter's; and the victim's first sign-in makes her account.
    await addIdpAccount({ email: victim });
    const outcome = await ssoSignIn(victim);
    expect(outcome).toHaveProperty('code');
    expect((await exchange((outcome as { code: string }).code)).body.user).toMatchObject({ email: victim });
    expect((await getUserByEmail(victim))?.brand).toBe(A._id);
    expect((await getUserByEmail(squatter.email))?._id).toBe(squatter._id);
  });

  it('a registration never activated gives way to the person\'s single sign-on: removed, then the sign-in makes their account', async () => {
    const P = brand('p');
    await seedBrand({ _id: P._id, name: P.name, slug: P.slug, contact: { email: `it@${P.domain}`, name: 'IT' }, company_email_bcc: '' }, [], []);
    const email = `future-${tag}@${P.domain}`;
    // Registered before the domain was the brand's.
    const reg = await callRoute('register', { body: { firstName: 'Squat', lastName: 'Ter', company: `Early Squat ${tag}`, email, password: 'Squat-Pass-2031!' } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    const { getUserByEmail } = await import('../../functions/users/users.repo');
    const squat = await getUserByEmail(email);
    expect(squat).toMatchObject({ status: 'pending' });
    await configure(P);
    await addIdpAccount({ email, givenName: 'Future', familyName: 'Person' });
    const outcome = await ssoSignIn(email);
    expect(outcome).toHaveProperty('code');
    const session = await exchange((outcome as { code: string }).code);
    expect(session.status).toBe(200);
    const now = await getUserByEmail(email);
    expect(now).toMatchObject({ brand: P._id, status: 'active' });
    expect(now!._id).not.toBe(squat!._id);
    const { getBrand } = await import('../../functions/brands');
    expect(await getBrand(squat!.brand!)).toBeUndefined();
    // The brand name is free again.
    const again = await callRoute('register', { body: { firstName: 'Other', lastName: 'Person', company: `Early Squat ${tag}`, email: `early-${tag}@demo.test`, password: 'Squat-Pass-2031!' } });
    expect(again.status).toBe(201);
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
