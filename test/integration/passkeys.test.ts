/**
 * Passkeys (issue 26 step 2; docs/decisions/42-enterprise-sign-in.md "Passkeys (as built)"):
 * registration and sign-in through the routes, with a software authenticator (test/support/webauthn.ts)
 * whose answers are honest but for the one thing each test changes. Attacks refused: a replayed
 * registration or assertion (its challenge is taken once), another user's registration challenge,
 * a registration challenge used to sign in, a counter that goes back (or repeats), another origin
 * or RP id, no user verification, another user's user handle, another user's passkey id on
 * delete and rename (404), a deleted or deactivated user's passkey. A passkey sign-in is the
 * second factor (no code step after it, for a user with TOTP on), and it answers what POST /login
 * answers.
 */
import { randomBytes } from 'node:crypto';
import { generate } from 'otplib';
import { beforeAll, describe, expect, it } from 'vitest';
import { MFA_MSG } from '../../shared/messages/mfa';
import { PASSKEY, PASSKEY_MSG as M } from '../../shared/messages/passkeys';
import type { ResponseOf } from '../../shared/routes/responses';
import { testUser } from '../support/accounts';
import { callRoute, errorBody, login, stack } from '../support/api';
import { expectContract } from '../support/contract';
import { SoftAuthenticator } from '../support/webauthn';

const tag = randomBytes(4).toString('hex');
const PASSWORD = 'Passkey-Setup-2031!';
const user = (k: string) => ({ _id: `user-pk${k}-${tag}`, email: `pk${k}-${tag}@demo.test` });
const ALICE = user('a');
const BOB = user('b');
const CAROL = user('c');
const DAVE = user('d');
const ERIN = user('e');
const tokens: Record<string, string> = {};

type Reg = ResponseOf<'passkeyRegisterOptions'>;

async function registerOptions(token: string): Promise<Reg> {
  const res = await callRoute('passkeyRegisterOptions', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function loginOptions(): Promise<ResponseOf<'passkeyLoginOptions'>> {
  const res = await callRoute('passkeyLoginOptions');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** A passkey of the token's user on `auth`, named `name`; its id. */
async function addPasskey(token: string, auth: SoftAuthenticator, name = 'Laptop'): Promise<string> {
  const res = await callRoute('registerPasskey', { token, body: { name, response: auth.register(await registerOptions(token)) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.passkey.id;
}

async function signIn(auth: SoftAuthenticator, tamper: Parameters<SoftAuthenticator['assert']>[1] = {}) {
  return callRoute('loginPasskey', { body: { response: auth.assert(await loginOptions(), tamper) } });
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const passwordHash = await hashPassword(PASSWORD);
  // Of no brand: the demo brand's Users list is paged by other suites, which must not see these come and go.
  for (const u of [ALICE, BOB, CAROL, DAVE, ERIN]) {
    await createUser(testUser({ ...u, passwordHash, brand: null }));
    tokens[u.email] = await login(u.email, PASSWORD);
  }
});

describe('passkeys', () => {
  it('registers a discoverable passkey with user verification, lists it without its key, and signs in with it as POST /login does', async () => {
    const token = tokens[ALICE.email]!;
    const auth = new SoftAuthenticator(stack().url);
    expect((await callRoute('listPasskeys', { token })).body).toEqual({ passkeys: [], max: PASSKEY.maxPerUser });

    const options = await registerOptions(token);
    expect(options.rp).toEqual({ id: 'localhost', name: PASSKEY.rpName });
    expect(options.user).toMatchObject({ id: Buffer.from(ALICE._id).toString('base64url'), name: ALICE.email });
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' });
    expect(options.excludeCredentials).toEqual([]);
    expectContract('passkeyRegisterOptions', options);
    const response = auth.register(options);
    const added = await callRoute('registerPasskey', { token, body: { name: '  Work laptop ', response } });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect(added.body).toMatchObject({ message: M.added, passkey: { id: response.id, name: 'Work laptop', lastUsedAt: null } });
    expectContract('registerPasskey', added.body);

    // The same answer again: its challenge was taken.
    const replay = await callRoute('registerPasskey', { token, body: { name: 'Again', response } });
    expect(replay.status).toBe(400);
    expect(errorBody(replay).message).toBe(M.challengeExpired);

    // The next options exclude it (one passkey per authenticator).
    expect((await registerOptions(token)).excludeCredentials).toEqual([{ id: response.id, type: 'public-key', transports: ['internal'] }]);
    const listed = await callRoute('listPasskeys', { token });
    expect(listed.body.passkeys).toEqual([{ id: response.id, name: 'Work laptop', createdAt: added.body.passkey.createdAt, lastUsedAt: null }]);
    expect(JSON.stringify(listed.body)).not.toMatch(/publicKey|counter/);
    expectContract('listPasskeys', listed.body);

    // The user's item counts it: one read says the user has a second factor.
    const { getSessionUser } = await import('../../functions/users/users.repo');
    const { hasSecondFactor } = await import('../../functions/mfa/second-factor');
    expect(hasSecondFactor((await getSessionUser(ALICE._id))!)).toBe(true);

    // Sign in: the answer POST /login gives (token, expiry, the same user), and a working session.
    const signed = await signIn(auth);
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expectContract('loginPasskey', signed.body);
    expectContract('passkeyLoginOptions', await loginOptions());
    const byPassword = await callRoute('login', { body: { email: ALICE.email, password: PASSWORD } });
    expect(Object.keys(signed.body).sort()).toEqual(Object.keys(byPassword.body).sort());
    expect(signed.body.user).toEqual((byPassword.body as typeof signed.body).user);
    expect(signed.headers.get('set-cookie') ?? '').toMatch(/ra-device=/);
    const mine = await callRoute('listPasskeys', { token: signed.body.token });
    expect(mine.status).toBe(200);
    expect(mine.body.passkeys[0]!.lastUsedAt).not.toBeNull();

    // Renamed; then removed: it no longer signs in, and the count is back to none.
    const renamed = await callRoute('renamePasskey', { token, params: { credentialId: response.id }, body: { name: 'Old laptop' } });
    expect(renamed.body).toMatchObject({ message: M.renamed, passkey: { name: 'Old laptop' } });
    expectContract('renamePasskey', renamed.body);
    const removed = await callRoute('deletePasskey', { token, params: { credentialId: response.id } });
    expect(removed.status).toBe(200);
    expect(removed.body.message).toBe(M.removed);
    expectContract('deletePasskey', removed.body);
    expect((await callRoute('deletePasskey', { token, params: { credentialId: response.id } })).status).toBe(404);
    const gone = await signIn(auth);
    expect(gone.status).toBe(401);
    expect(errorBody(gone).message).toBe(M.signInFailed);
    expect(hasSecondFactor((await getSessionUser(ALICE._id))!)).toBe(false);
  });

  it("refuses a registration with another user's challenge, a sign-in challenge, another origin or RP id, or no user verification", async () => {
    const alice = tokens[ALICE.email]!;
    const bob = tokens[BOB.email]!;
    const auth = new SoftAuthenticator(stack().url);

    // Bob's challenge in Alice's registration: refused, and Bob's challenge is still Bob's.
    const bobs = await registerOptions(bob);
    const stolen = await callRoute('registerPasskey', { token: alice, body: { name: 'Stolen', response: auth.register(bobs) } });
    expect(stolen.status).toBe(400);
    expect(errorBody(stolen).message).toBe(M.challengeExpired);
    expect((await callRoute('registerPasskey', { token: bob, body: { name: 'Bob phone', response: auth.register(bobs) } })).status).toBe(200);

    // A sign-in's challenge is not a registration's.
    const login = await loginOptions();
    const wrongKind = await callRoute('registerPasskey', { token: alice, body: { name: 'x', response: auth.register({ ...(await registerOptions(alice)), challenge: login.challenge }) } });
    expect(wrongKind.status).toBe(400);
    expect(errorBody(wrongKind).message).toBe(M.challengeExpired);

    for (const tamper of [{ origin: 'https://evil.example' }, { origin: 'http://localhost:1' }, { rpId: 'evil.example' }, { userVerified: false }]) {
      const res = await callRoute('registerPasskey', { token: alice, body: { name: 'Tampered', response: auth.register(await registerOptions(alice), tamper) } });
      expect(res.status, JSON.stringify(tamper)).toBe(400);
      expect(errorBody(res).message, JSON.stringify(tamper)).toBe(M.registerFailed);
    }
    expect((await callRoute('listPasskeys', { token: alice })).body.passkeys).toEqual([]);

    // Bad input: a clear message, nothing kept.
    const opts = await registerOptions(alice);
    for (const body of [{ name: '', response: auth.register(opts) }, { name: 'x'.repeat(PASSKEY.nameMax + 1), response: auth.register(opts) }, { name: 'ok', response: { id: 'a' } }, { name: 'ok' }]) {
      const res = await callRoute('registerPasskey', { token: alice, body });
      expect(res.status).toBe(400);
      expect(errorBody(res).message.length).toBeGreaterThan(10);
    }
  });

  it('refuses a replayed assertion, a counter that goes back or repeats, another origin or RP id, no user verification, a registration challenge and another user handle', async () => {
    const token = tokens[CAROL.email]!;
    const auth = new SoftAuthenticator(stack().url);
    await addPasskey(token, auth);
    const options = await loginOptions();
    const assertion = auth.assert(options, { counter: 5 });
    expect((await callRoute('loginPasskey', { body: { response: assertion } })).status).toBe(200);
    // The same assertion again: its challenge was taken.
    const replay = await callRoute('loginPasskey', { body: { response: assertion } });
    expect(replay.status).toBe(401);
    expect(errorBody(replay).message).toBe(M.challengeExpired);

    // Two sign-ins with one challenge at once: one session.
    const shared = await loginOptions();
    const both = await Promise.all([auth.assert(shared, { counter: 6 }), auth.assert(shared, { counter: 6 })].map((response) => callRoute('loginPasskey', { body: { response } })));
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);

    // A counter that goes back, or stays (a cloned authenticator): refused.
    for (const counter of [3, 6]) {
      const res = await signIn(auth, { counter });
      expect(res.status, `counter ${counter}`).toBe(401);
      expect(errorBody(res).message).toBe(M.signInFailed);
    }
    for (const tamper of [{ origin: 'https://evil.example' }, { rpId: 'evil.example' }, { userVerified: false }, { userHandle: Buffer.from(ALICE._id).toString('base64url') }]) {
      const res = await signIn(auth, tamper);
      expect(res.status, JSON.stringify(tamper)).toBe(401);
      expect(errorBody(res).message).toBe(M.signInFailed);
    }
    // A registration's challenge (Carol's own) does not sign in.
    const reg = await registerOptions(token);
    const regChallenge = await callRoute('loginPasskey', { body: { response: auth.assert(await loginOptions(), { challenge: reg.challenge, counter: 50 }) } });
    expect(regChallenge.status).toBe(401);
    expect(errorBody(regChallenge).message).toBe(M.challengeExpired);
    // A made-up challenge, an unknown credential, a malformed answer.
    expect((await signIn(auth, { challenge: randomBytes(32).toString('base64url'), counter: 51 })).status).toBe(401);
    const stranger = new SoftAuthenticator(stack().url);
    stranger.register(await registerOptions(token));
    expect((await signIn(stranger)).status).toBe(401);
    const bad = await callRoute('loginPasskey', { body: { response: { id: 'x' } } });
    expect(bad.status).toBe(400);
    expect(errorBody(bad).message).toBe(M.responseInvalid);
    // After all that, the right answer still signs in.
    expect((await signIn(auth, { counter: 60 })).status).toBe(200);
  });

  it('is the second factor: a user with TOTP on gets a session from the passkey, no code step', async () => {
    const token = tokens[DAVE.email]!;
    const setup = await callRoute('setupTotp', { token });
    const step = Math.floor(Date.now() / 30_000);
    expect((await callRoute('confirmTotp', { token, body: { code: await generate({ secret: setup.body.secret, epoch: step * 30 }) } })).status).toBe(200);
    const byPassword = await callRoute('login', { body: { email: DAVE.email, password: PASSWORD } });
    expect(byPassword.body).toMatchObject({ mfaRequired: true, message: MFA_MSG.secondStep });

    const auth = new SoftAuthenticator(stack().url);
    const fresh = (await callRoute('loginMfa', { body: { mfaToken: (byPassword.body as { mfaToken: string }).mfaToken, code: await generate({ secret: setup.body.secret, epoch: (step + 1) * 30 }) } })).body.token;
    await addPasskey(fresh, auth);
    const signed = await signIn(auth);
    expect(signed.status).toBe(200);
    expect(signed.body).toMatchObject({ token: expect.any(String), user: { email: DAVE.email } });
    expect('mfaRequired' in signed.body).toBe(false);
  });

  it("keeps a user's own passkeys: another's id is 404 on delete and rename; a passkey outlives 'log out everywhere', not a deactivation or a deletion", async () => {
    const erin = tokens[ERIN.email]!;
    const bob = tokens[BOB.email]!;
    const auth = new SoftAuthenticator(stack().url);
    const id = await addPasskey(erin, auth, 'Erin key');
    for (const res of [await callRoute('deletePasskey', { token: bob, params: { credentialId: id } }), await callRoute('renamePasskey', { token: bob, params: { credentialId: id }, body: { name: 'Mine now' } })]) {
      expect(res.status).toBe(404);
      expect(errorBody(res).message).toBe(M.notFound);
    }
    expect((await callRoute('listPasskeys', { token: erin })).body.passkeys).toMatchObject([{ id, name: 'Erin key' }]);
    expect((await callRoute('deletePasskey', { token: bob, params: { credentialId: '!!' } })).status).toBe(400);

    // Log out of all devices ends the sessions, not the passkey.
    expect((await callRoute('logoutAll', { token: erin })).status).toBe(200);
    expect((await callRoute('listPasskeys', { token: erin })).status).toBe(401);
    const after = await signIn(auth);
    expect(after.status).toBe(200);

    const { updateUserFields, deleteUser } = await import('../../functions/users/users.repo');
    await updateUserFields(ERIN._id, { status: 'disabled' });
    expect((await signIn(auth)).status).toBe(403);
    await updateUserFields(ERIN._id, { status: 'active' });
    expect((await signIn(auth)).status).toBe(200);
    expect(await deleteUser(ERIN._id)).toBe(true);
    const deleted = await signIn(auth);
    expect(deleted.status).toBe(401);
    expect(errorBody(deleted).message).toBe(M.signInFailed);
    // What DELETE /removeAndNotify does after the user's deletion: nothing of the passkeys is left.
    const { forgetPasskeys, listPasskeys, credentialOwner } = await import('../../functions/passkeys/passkeys.repo');
    expect(await forgetPasskeys(ERIN._id)).toBe(1);
    expect(await listPasskeys(ERIN._id)).toEqual([]);
    expect(await credentialOwner(id)).toBeUndefined();
  });

  it(`keeps at most ${PASSKEY.maxPerUser} passkeys a user`, async () => {
    const token = tokens[BOB.email]!;
    const have = (await callRoute('listPasskeys', { token })).body.passkeys.length;
    for (let i = have; i < PASSKEY.maxPerUser; i++) await addPasskey(token, new SoftAuthenticator(stack().url), `Key ${i}`);
    const full = await callRoute('passkeyRegisterOptions', { token });
    expect(full.status).toBe(409);
    expect(errorBody(full).message).toBe(M.tooMany);
    // Options taken before the tenth: the write's own condition refuses the eleventh.
    const { removePasskey } = await import('../../functions/passkeys/passkeys.repo');
    const list = (await callRoute('listPasskeys', { token })).body.passkeys;
    expect(list).toHaveLength(PASSKEY.maxPerUser);
    expect(await removePasskey(BOB._id, list[0]!.id)).toBe(true);
    const [a, b] = [await registerOptions(token), await registerOptions(token)];
    const auth = new SoftAuthenticator(stack().url);
    expect((await callRoute('registerPasskey', { token, body: { name: 'Tenth', response: auth.register(a) } })).status).toBe(200);
    const eleventh = await callRoute('registerPasskey', { token, body: { name: 'Eleventh', response: auth.register(b) } });
    expect(eleventh.status).toBe(409);
    expect(errorBody(eleventh).message).toBe(M.tooMany);
  });
});

describe("an admin whose second factor is a passkey (issue 26)", () => {
  const FRANK = user('f');
  const held = (res: { status: number; body: unknown }) => ({ status: res.status, code: errorBody(res as never).code, message: errorBody(res as never).message });

  it('adds it from the setup hold; then a password alone opens a session held for the passkey (no new factor can be added from it); the passkey opens the admin area', async () => {
    const { createUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    const { TEST_ROLES } = await import('../support/accounts');
    await createUser(testUser({ ...FRANK, passwordHash: await hashPassword(PASSWORD), brand: null, roles: [TEST_ROLES.ADMIN] }));
    const byPassword = async () => {
      const res = await callRoute('login', { body: { email: FRANK.email, password: PASSWORD } });
      expect(res.status).toBe(200);
      return res.body as { token: string; secondFactorRequired?: true };
    };
    // No factor yet: held for the setup, where a passkey may be its factor.
    const first = await byPassword();
    expect(first.secondFactorRequired).toBe(true);
    expect(held(await callRoute('listFiles', { token: first.token }))).toEqual({ status: 403, code: 'SECOND_FACTOR_REQUIRED', message: MFA_MSG.adminNeedsFactor });
    const auth = new SoftAuthenticator(stack().url);
    await addPasskey(first.token, auth, 'Admin key');

    // A password alone now: held for the passkey. Nothing opens, no other factor can be added (a stolen password adds nothing).
    const second = await byPassword();
    expect(second.secondFactorRequired).toBe(true);
    expect(held(await callRoute('listFiles', { token: second.token }))).toEqual({ status: 403, code: 'SECOND_FACTOR_REQUIRED', message: MFA_MSG.adminUsePasskey });
    expect(held(await callRoute('passkeyRegisterOptions', { token: second.token })).message).toBe(MFA_MSG.adminUsePasskey);
    expect(held(await callRoute('setupTotp', { token: second.token })).message).toBe(MFA_MSG.adminUsePasskey);
    expect((await callRoute('getMfaStatus', { token: second.token })).body).toMatchObject({ required: true, signInWithPasskey: true });
    expect((await callRoute('listPasskeys', { token: second.token })).status).toBe(200);
    expect((await callRoute('logout', { token: second.token })).status).toBe(200);

    // The passkey: the whole admin area.
    const signed = await signIn(auth);
    expect(signed.status).toBe(200);
    expect((signed.body as { secondFactorRequired?: true }).secondFactorRequired).toBeUndefined();
    expect((await callRoute('listFiles', { token: signed.body.token })).status).toBe(200);
    expect((await callRoute('getMfaStatus', { token: signed.body.token })).body).toMatchObject({ signInWithPasskey: false });
  });
});

describe('passkeys and mandatory single sign-on (issue 36)', () => {
  it("refuse a person their brand's mandatory single sign-on holds (403 SSO_REQUIRED, continue with the company) and list their passkeys as inactive; a site admin of the domain still signs in", async () => {
    const { IDP_CLIENT } = await import('../../infra/local/oidc-idp-clients');
    const { idpIssuer, verifyDomains } = await import('../support/sso');
    const { seedBrand } = await import('../support/brands');
    const { TEST_ROLES } = await import('../support/accounts');
    const { SSO_MSG } = await import('../../shared/messages/sso');
    const brand = { _id: `brand-pksso-${tag}`, name: `Passkey House ${tag}`, slug: `pksso-${tag}`, domain: `pksso-${tag}.example` };
    await seedBrand({ _id: brand._id, name: brand.name, slug: brand.slug, contact: { email: `it@${brand.domain}`, name: 'IT' }, company_email_bcc: '' }, [], []);
    const admin = await login('admin@demo.test');
    const configure = async (mandatory: boolean) => {
      const res = await callRoute('updateSso', { token: admin, params: { brandId: brand._id }, body: { protocol: 'oidc', issuer: idpIssuer(), clientId: IDP_CLIENT.id, clientSecret: IDP_CLIENT.secret, domains: [brand.domain], jit: 'create', mandatory } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      await verifyDomains(admin, brand._id);
    };
    await configure(false);
    const { createUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    const passwordHash = await hashPassword(PASSWORD);
    const person = { _id: `user-pksso-${tag}`, email: `person-${tag}@${brand.domain}` };
    const siteAdmin = { _id: `user-pkssoadm-${tag}`, email: `siteadmin-${tag}@${brand.domain}` };
    await createUser(testUser({ ...person, passwordHash, brand: brand._id }));
    await createUser(testUser({ ...siteAdmin, passwordHash, brand: null, roles: [TEST_ROLES.ADMIN] }));
    // Passkeys added while the brand allowed passwords.
    const token = await login(person.email, PASSWORD);
    const auth = new SoftAuthenticator(stack().url);
    await addPasskey(token, auth, 'Phone');
    const adminToken = (await callRoute('login', { body: { email: siteAdmin.email, password: PASSWORD } })).body as { token: string };
    const adminAuth = new SoftAuthenticator(stack().url);
    await addPasskey(adminToken.token, adminAuth, 'Admin key');
    expect((await signIn(auth)).status).toBe(200);
    expect((await callRoute('listPasskeys', { token })).body.passkeys[0]).not.toHaveProperty('inactive');

    await configure(true);
    const refused = await signIn(auth);
    expect(refused.status).toBe(403);
    expect(errorBody(refused)).toMatchObject({ code: 'SSO_REQUIRED', message: SSO_MSG.passkeyRefused(brand.name) });
    const listed = await callRoute('listPasskeys', { token });
    expect(listed.status).toBe(200);
    expect(listed.body.passkeys).toEqual([expect.objectContaining({ name: 'Phone', inactive: true })]);
    expect(listed.body.inactiveReason).toBe(SSO_MSG.passkeysInactive(brand.name));
    expectContract('listPasskeys', listed.body);
    // A site admin of the same domain is not the brand's person: its passkey signs in.
    expect((await signIn(adminAuth)).status).toBe(200);
    expect((await callRoute('listPasskeys', { token: adminToken.token })).body.inactiveReason).toBeUndefined();
  });
});
