/**
 * Two-step sign-in with an authenticator app (issue 26; docs/decisions/42-enterprise-sign-in.md):
 * setup and its first code, then a password alone gives a challenge, not a session; the code is
 * taken once (a replayed code is refused, two requests with one code give one session); a
 * recovery code works once; wrong codes are counted per challenge; a challenge is no session and
 * dies with a password change; turning it off needs a code. Codes are made with otplib from the
 * secret the setup answered, each for a time step after the last one taken (the server takes a
 * step once and accepts one step either side of its clock).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { MFA, MFA_MSG as M } from '../../shared/messages/mfa';
import { SECOND_FACTOR_REQUIRED } from '../../shared/constants';
import { TEST_ROLES, testUser, turnOnTotp } from '../support/accounts';
import { asSession, callRoute, errorBody, login, stack } from '../support/api';
import { authenticator, codeAt, currentStep } from '../support/totp';

const tag = randomBytes(4).toString('hex');
const PASSWORD = 'Mfa-Setup-2031!';
const user = (k: string) => ({ _id: `user-mfa${k}-${tag}`, email: `mfa${k}-${tag}@demo.test` });
const ALICE = user('a');
const BOB = user('b');

async function passwordStep(email: string, password = PASSWORD) {
  const res = await callRoute('login', { body: { email, password } });
  expect(res.status).toBe(200);
  return res.body as { mfaRequired?: true; mfaToken?: string; token?: string };
}

async function enable(email: string): Promise<{ secret: string; recovery: string[]; token: string; next: () => Promise<string> }> {
  const token = await login(email, PASSWORD);
  const setup = await callRoute('setupTotp', { token });
  expect(setup.status).toBe(200);
  const { secret, otpauthUrl } = setup.body;
  expect(otpauthUrl).toMatch(new RegExp(`^otpauth://totp/.*${encodeURIComponent(email).replace(/[.]/g, '\\.')}.*secret=${secret}`));
  const app = authenticator(secret);
  const next = () => app.next();
  const confirmed = await callRoute('confirmTotp', { token, body: { code: await next() } });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.message).toBe(M.enabled);
  return { secret, recovery: confirmed.body.recoveryCodes, token, next };
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const passwordHash = await hashPassword(PASSWORD);
  // Of no brand: the demo brand's Users list is paged by other suites, which must not see these come and go.
  for (const u of [ALICE, BOB]) await createUser(testUser({ ...u, passwordHash, brand: null }));
});

describe('two-step sign-in', () => {
  it('is set up with a first code; then the password gives a challenge, the code a session, and a replayed code nothing', async () => {
    // A wrong first code turns nothing on.
    const token = await login(ALICE.email, PASSWORD);
    expect((await callRoute('getMfaStatus', { token })).body).toEqual({ totp: { enabled: false, enabledAt: null }, recoveryCodesLeft: 0, required: false, signInWithPasskey: false });
    const setup = await callRoute('setupTotp', { token });
    const wrong = await callRoute('confirmTotp', { token, body: { code: String((Number(await codeAt(setup.body.secret, currentStep())) + 1) % 1_000_000).padStart(6, '0') } });
    expect(wrong.status).toBe(400);
    expect(errorBody(wrong).message).toBe(M.codeInvalid);
    expect((await callRoute('getMfaStatus', { token })).body.totp.enabled).toBe(false);

    const { next, recovery } = await enable(ALICE.email);
    expect(recovery).toHaveLength(MFA.recoveryCodeCount);
    for (const c of recovery) expect(c).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const status = (await callRoute('getMfaStatus', { token })).body;
    expect(status).toMatchObject({ totp: { enabled: true }, recoveryCodesLeft: 10 });
    // A second setup while it is on is refused.
    expect((await callRoute('setupTotp', { token })).status).toBe(409);

    // The password alone: a challenge, no session.
    const first = await passwordStep(ALICE.email);
    expect(first).toMatchObject({ mfaRequired: true, message: M.secondStep });
    expect(first.token).toBeUndefined();
    // The challenge is no session.
    expect((await callRoute('getMfaStatus', { token: first.mfaToken! })).status).toBe(401);

    const code = await next();
    const signed = await callRoute('loginMfa', { body: { mfaToken: first.mfaToken!, code } });
    expect(signed.status).toBe(200);
    expect(signed.body.user.email).toBe(ALICE.email);
    expect((await callRoute('getMfaStatus', { token: signed.body.token })).status).toBe(200);

    // The same code again, on a new challenge: refused (taken once).
    const again = await passwordStep(ALICE.email);
    const replay = await callRoute('loginMfa', { body: { mfaToken: again.mfaToken!, code } });
    expect(replay.status).toBe(401);
    expect(errorBody(replay).message).toBe(M.codeInvalid);
  });

  it('takes one code once under two requests at once, a recovery code once, and counts wrong codes per challenge', async () => {
    const { next, recovery, token } = await enable(BOB.email);
    const [a, b] = await Promise.all([passwordStep(BOB.email), passwordStep(BOB.email)]);
    const code = await next();
    const both = await Promise.all([callRoute('loginMfa', { body: { mfaToken: a.mfaToken!, code } }), callRoute('loginMfa', { body: { mfaToken: b.mfaToken!, code } })]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 401]);

    // A recovery code, typed in capitals with spaces: once.
    const c1 = await passwordStep(BOB.email);
    const typed = ` ${recovery[0]!.toUpperCase().replace('-', ' ')} `;
    expect((await callRoute('loginMfa', { body: { mfaToken: c1.mfaToken!, code: typed } })).status).toBe(200);
    const c2 = await passwordStep(BOB.email);
    const used = await callRoute('loginMfa', { body: { mfaToken: c2.mfaToken!, code: recovery[0]! } });
    expect(used.status).toBe(401);
    expect((await callRoute('getMfaStatus', { token })).body.recoveryCodesLeft).toBe(9);

    // Wrong codes: five on one challenge, then it must start again with the password.
    const c3 = await passwordStep(BOB.email);
    for (let i = 0; i < MFA.maxCodeTries; i++) expect((await callRoute('loginMfa', { body: { mfaToken: c3.mfaToken!, code: '000000' } })).status).toBe(401);
    const blocked = await callRoute('loginMfa', { body: { mfaToken: c3.mfaToken!, code: recovery[1]! } });
    expect(blocked.status).toBe(429);
    expect(errorBody(blocked).message).toBe(M.tooManyCodes);

    // Bad input: the message, nothing taken.
    for (const bad of ['', '12345', '1234567', 'abc', 'x'.repeat(40)]) {
      const res = await callRoute('loginMfa', { body: { mfaToken: c2.mfaToken!, code: bad } });
      expect(res.status, bad).toBe(400);
    }
    expect((await callRoute('loginMfa', { body: { mfaToken: 'not-a-token', code: '123456' } })).status).toBe(401);
  });

  it("refuses a challenge of before a password change, and another kind of token as a challenge", async () => {
    const { createUser, getUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    const CAROL = user('c');
    await createUser(testUser({ ...CAROL, passwordHash: await hashPassword(PASSWORD), brand: null }));
    const { next } = await enable(CAROL.email);
    const challenge = await passwordStep(CAROL.email);
    // The password changes meanwhile (the session version moves): the challenge is dead.
    const { updateUserFields } = await import('../../functions/users/users.repo');
    const before = await getUser(CAROL._id);
    await updateUserFields(CAROL._id, { sessionVersion: (before?.sessionVersion ?? 0) + 1 } as never);
    const res = await callRoute('loginMfa', { body: { mfaToken: challenge.mfaToken!, code: await next() } });
    expect(res.status).toBe(401);
    expect(errorBody(res).message).toBe(M.challengeExpired);
    // A session token is not a challenge.
    const session = await login('user@demo.test');
    expect((await callRoute('loginMfa', { body: { mfaToken: session, code: '123456' } })).status).toBe(401);
  });

  it('is turned off only with a code; recovery codes are renewed with a code; the demo accounts keep signing in with a password', async () => {
    const DAN = user('d');
    const { createUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    await createUser(testUser({ ...DAN, passwordHash: await hashPassword(PASSWORD), brand: null }));
    const { next, recovery, token } = await enable(DAN.email);
    const renewed = await callRoute('renewRecoveryCodes', { token, body: { code: await next() } });
    expect(renewed.status).toBe(200);
    expect(renewed.body.message).toBe(M.codesRenewed);
    const c = await passwordStep(DAN.email);
    expect((await callRoute('loginMfa', { body: { mfaToken: c.mfaToken!, code: recovery[2]! } })).status).toBe(401);
    expect((await callRoute('disableTotp', { token, body: { code: '000000' } })).status).toBe(400);
    const off = await callRoute('disableTotp', { token, body: { code: renewed.body.recoveryCodes[0]! } });
    expect(off.status).toBe(200);
    expect(off.body.message).toBe(M.disabled);
    const plain = await passwordStep(DAN.email);
    expect(plain.token).toBeTruthy();
    expect((await callRoute('disableTotp', { token, body: { code: '123456' } })).status).toBe(409);

    const demo = await passwordStep('brandadmin@demo.test', 'Demo-2026!');
    expect(demo.token).toBeTruthy();
  });
});

describe('an admin must have a second factor (issue 26)', () => {
  const FORBIDDEN = { status: 403, code: SECOND_FACTOR_REQUIRED, message: M.adminNeedsFactor };
  const refusal = (res: { status: number; body: unknown }) => ({ status: res.status, code: errorBody(res as never).code, message: errorBody(res as never).message });

  it('gets a session open only for the setup and logging out; the setup frees the same session, and it cannot be turned off', async () => {
    const { createUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    const EVE = user('e');
    await createUser(testUser({ ...EVE, passwordHash: await hashPassword(PASSWORD), brand: null, roles: [TEST_ROLES.ADMIN] }));

    const first = await callRoute('login', { body: { email: EVE.email, password: PASSWORD } });
    expect(first.status).toBe(200);
    const session = asSession(first.body);
    expect(session.secondFactorRequired).toBe(true);
    const token = session.token;
    // The admin area, and any other call: refused with the reason, nothing read.
    expect(refusal(await callRoute('listFiles', { token }))).toEqual(FORBIDDEN);
    expect(refusal(await callRoute('listNotifications', { token }))).toEqual(FORBIDDEN);
    expect(refusal(await callRoute('listBrands', { token }))).toEqual(FORBIDDEN);
    // The setup's own calls are open; the status says it is required.
    expect((await callRoute('getMfaStatus', { token })).body).toEqual({ totp: { enabled: false, enabledAt: null }, recoveryCodesLeft: 0, required: true, signInWithPasskey: false });
    // Logging out is open too (another session of the same admin).
    const other = asSession((await callRoute('login', { body: { email: EVE.email, password: PASSWORD } })).body);
    expect((await callRoute('logout', { token: other.token })).status).toBe(200);

    // Set up: the very session is whole at once.
    const app = await turnOnTotp(token);
    expect((await callRoute('listFiles', { token })).status).toBe(200);
    expect((await callRoute('getMfaStatus', { token })).body).toMatchObject({ totp: { enabled: true }, required: true });
    // Its password alone now gives a challenge, and the second step a whole session.
    const challenge = await passwordStep(EVE.email);
    expect(challenge.mfaRequired).toBe(true);
    const signed = await callRoute('loginMfa', { body: { mfaToken: challenge.mfaToken!, code: await app.next() } });
    expect(signed.status).toBe(200);
    expect(asSession(signed.body).secondFactorRequired).toBeUndefined();
    // An admin keeps it: turning it off is refused, even with a right code.
    const off = await callRoute('disableTotp', { token, body: { code: await app.next() } });
    expect(off.status).toBe(403);
    expect(errorBody(off).message).toBe(M.adminKeepsFactor);
    expect((await callRoute('getMfaStatus', { token })).body.totp.enabled).toBe(true);
  });

  it('holds a User made ADMIN at the setup from its next sign-in (the change ended its sessions); a brand user without one is not held', async () => {
    const { createUser, editUser, getUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    const FAY = user('f');
    await createUser(testUser({ ...FAY, passwordHash: await hashPassword(PASSWORD), brand: null }));
    const plain = asSession((await callRoute('login', { body: { email: FAY.email, password: PASSWORD } })).body);
    expect(plain.secondFactorRequired).toBeUndefined();
    expect((await callRoute('getMfaStatus', { token: plain.token })).body.required).toBe(false);
    await editUser((await getUser(FAY._id))!, { roles: [TEST_ROLES.ADMIN] } as never);
    // Its User session ended with the change of role; the next one is held at the setup.
    expect((await callRoute('getMfaStatus', { token: plain.token })).status).toBe(401);
    const promoted = asSession((await callRoute('login', { body: { email: FAY.email, password: PASSWORD } })).body);
    expect(promoted.secondFactorRequired).toBe(true);
    expect(refusal(await callRoute('getFlagValues', { token: promoted.token }))).toEqual(FORBIDDEN);
    expect((await callRoute('getMfaStatus', { token: promoted.token })).body.required).toBe(true);

    // The demo brand admin has no second factor and is not held.
    const brandAdmin = asSession((await callRoute('login', { body: { email: 'brandadmin@demo.test', password: 'Demo-2026!' } })).body);
    expect(brandAdmin.secondFactorRequired).toBeUndefined();
    expect((await callRoute('listRetailerScrapings', { params: { brandId: 'brand-maison-aurelle' }, token: brandAdmin.token })).status).toBe(200);
  });
});
