/**
 * Issue 6 §5, issue 20 §6: sessions that can be ended. Every request checks the token's session
 * version and session id against the user record (one consistent read) and takes role, brand and
 * assigned retailers from the record. Log out ends one session; 'Log out of all devices', a
 * password reset, deactivation, deletion and a role, brand or retailer change end them all.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { asSession, callRoute, errorBody, sentEmails, stack } from '../support/api';
import { TEST_ROLES, testUser } from '../support/accounts';

const tag = randomBytes(4).toString('hex');
const PASSWORD = 'Session-1!';
let seq = 0;

let users: typeof import('../../functions/users/users.repo');
let ddb: typeof import('../../functions/lib/clients/dynamodb').ddb;
let lib: typeof import('@aws-sdk/lib-dynamodb');
let passwordHash = '';
beforeAll(async () => {
  Object.assign(process.env, stack().env);
  users = await import('../../functions/users/users.repo');
  ddb = (await import('../../functions/lib/clients/dynamodb')).ddb;
  lib = await import('@aws-sdk/lib-dynamodb');
  passwordHash = await (await import('../../functions/lib/password')).hashPassword(PASSWORD);
});

/** A user of Maison Aurelle of this test only (the demo accounts are shared with other files). */
async function makeUser(role: keyof typeof TEST_ROLES = 'User', retailers = ['ret-harrowgate']): Promise<{ id: string; email: string }> {
  const id = `user-sess-${tag}-${++seq}`;
  const email = `sess-${tag}-${seq}@demo.test`;
  await users.createUser(testUser({ _id: id, name: `Sess ${seq}`, firstname: 'Sess', lastname: String(seq), email, passwordHash, roles: [TEST_ROLES[role]], associated_retailers: retailers }));
  return { id, email };
}

async function logIn(email: string, password = PASSWORD): Promise<string> {
  const res = await callRoute('login', { body: { email, password } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return asSession(res.body).token;
}

/** A call any signed-in user may make and that shows their access: the retailers of the brand they see. */
const retailersSeen = async (token: string) => {
  const res = await callRoute('listRetailerScrapings', { params: { brandId: 'brand-maison-aurelle' }, token });
  return { status: res.status, ids: res.status === 200 ? res.body.data.map((r) => r.retailer._id).sort() : undefined };
};

const sign = (claims: Record<string, unknown>, set: (j: SignJWT) => SignJWT) =>
  set(new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setAudience('retailer-audit')).sign(new TextEncoder().encode(stack().env.JWT_SECRET));
const now = () => Math.floor(Date.now() / 1000);

describe('tokens that must not work', () => {
  it("a deleted user's token answers 401", async () => {
    const u = await makeUser();
    const token = await logIn(u.email);
    expect((await retailersSeen(token)).status).toBe(200);
    await users.deleteUser(u.id);
    const res = await callRoute('listRoles', { token });
    expect(res.status).toBe(401);
    expect(errorBody(res).message).toBe('Please login to continue.');
  });

  it('after a password reset the old token answers 401 and the new password logs in', async () => {
    const u = await makeUser();
    const token = await logIn(u.email);
    expect((await callRoute('forgotPassword', { body: { email: u.email, userName: 'Sess' } })).status).toBe(200);
    const mail = (await sentEmails()).reverse().find((m) => m.destination.to.includes(u.email) && m.subject === 'Reset your password');
    const link = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail?.body.html ?? '')?.[1];
    expect((await callRoute('resetPassword', { query: { token: link }, body: { password: 'Changed-1' } })).status).toBe(200);
    expect((await callRoute('listRoles', { token })).status).toBe(401);
    expect((await callRoute('listRoles', { token: await logIn(u.email, 'Changed-1') })).status).toBe(200);
  });

  it('a token without exp or a session id, or older than a session lasts, answers 401', async () => {
    const u = await makeUser();
    await logIn(u.email); // a real session exists: only the token's shape is wrong
    const claims = { role: 'User', brand: 'brand-maison-aurelle', retailers: [], sv: 0, sid: 'handmade-session-01' };
    const noExp = await sign(claims, (j) => j.setSubject(u.id).setIssuedAt());
    const tooOld = await sign(claims, (j) => j.setSubject(u.id).setIssuedAt(now() - 13 * 3600).setExpirationTime(now() + 3600));
    const fine = await sign(claims, (j) => j.setSubject(u.id).setIssuedAt().setExpirationTime('1h'));
    const { sid: _sid, ...withoutSid } = claims;
    const noSid = await sign(withoutSid, (j) => j.setSubject(u.id).setIssuedAt().setExpirationTime('1h'));
    expect((await callRoute('listRoles', { token: fine })).status).toBe(200); // the control: same claims, exp and a fresh iat
    expect((await callRoute('listRoles', { token: noExp })).status).toBe(401);
    expect((await callRoute('listRoles', { token: tooOld })).status).toBe(401);
    expect((await callRoute('listRoles', { token: noSid })).status).toBe(401); // a token of before sessions had ids

  });

  it('Log out ends this session only: its token is refused, the other session of the account goes on', async () => {
    const u = await makeUser();
    const [laptop, phone] = [await logIn(u.email), await logIn(u.email)];
    const out = await callRoute('logout', { token: phone });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('You have been logged out.');
    // The logged-out token, replayed (copied before the logout), is refused everywhere.
    expect((await callRoute('listRoles', { token: phone })).status).toBe(401);
    expect((await retailersSeen(phone)).status).toBe(401);
    expect((await callRoute('logout', { token: phone })).status).toBe(401);
    // The laptop is not thrown out, nor is a new login.
    expect((await callRoute('listRoles', { token: laptop })).status).toBe(200);
    expect((await retailersSeen(laptop)).status).toBe(200);
    expect((await callRoute('listRoles', { token: await logIn(u.email) })).status).toBe(200);
  });

  it("'Log out of all devices' ends every session of the account, its own included", async () => {
    const u = await makeUser();
    const [a, b] = [await logIn(u.email), await logIn(u.email)];
    const out = await callRoute('logoutAll', { token: a });
    expect(out.status).toBe(200);
    expect(out.body.message).toBe('You have been logged out of all devices.');
    expect((await callRoute('listRoles', { token: a })).status).toBe(401);
    expect((await callRoute('listRoles', { token: b })).status).toBe(401);
    const c = await logIn(u.email);
    expect((await callRoute('listRoles', { token: c })).status).toBe(200);
    // Another user's sessions are not touched.
    const other = await makeUser();
    const theirs = await logIn(other.email);
    expect((await callRoute('logoutAll', { token: c })).status).toBe(200);
    expect((await callRoute('listRoles', { token: theirs })).status).toBe(200);
  });

  it('a deactivated user gets 401 on every token', async () => {
    const u = await makeUser();
    const [a, b] = [await logIn(u.email), await logIn(u.email)];
    await users.updateUserFields(u.id, { status: 'disabled' });
    expect((await callRoute('listRoles', { token: a })).status).toBe(401);
    expect((await callRoute('listRoles', { token: b })).status).toBe(401);
  });

  it('the user record keeps few revocations: expired ones go at the next logout, and past the cap a logout ends every session', async () => {
    const u = await makeUser();
    const now = Math.floor(Date.now() / 1000);
    // A revocation whose token has expired is dropped by the next one.
    await users.endSession((await users.getSessionUser(u.id))!, 'expired-session-0001', now - 10, now);
    await users.endSession((await users.getSessionUser(u.id))!, 'current-session-00001', now + 3600, now);
    expect(Object.keys((await users.getSessionUser(u.id))!.revokedSessions ?? {})).toEqual(['current-session-00001']);
    // At the cap, one more logout ends them all rather than growing the record every request reads.
    const keep = await logIn(u.email);
    const record = (await users.getSessionUser(u.id))!;
    const full = Object.fromEntries(Array.from({ length: users.MAX_REVOKED_SESSIONS }, (_, i) => [`revoked-session-${String(i).padStart(4, '0')}`, now + 3600]));
    await ddb.send(new lib.UpdateCommand({ TableName: stack().env.TABLE_NAME, Key: { pk: `USER#${u.id}`, sk: 'USER' }, UpdateExpression: 'SET revokedSessions = :m', ExpressionAttributeValues: { ':m': full } }));
    expect((await callRoute('listRoles', { token: keep })).status).toBe(200);
    const last = await logIn(u.email);
    expect((await callRoute('logout', { token: last })).status).toBe(200);
    expect((await callRoute('listRoles', { token: last })).status).toBe(401);
    expect((await callRoute('listRoles', { token: keep })).status).toBe(401);
    const after = (await users.getSessionUser(u.id))!;
    expect(after.revokedSessions).toEqual({});
    expect(after.sessionVersion).toBe((record.sessionVersion ?? 0) + 1);
  });
});

describe('role, brand and assigned retailers come from the current user record', () => {
  it('a change of assigned retailers takes effect on the next request', async () => {
    const u = await makeUser('User', ['ret-harrowgate']);
    const token = await logIn(u.email);
    expect(await retailersSeen(token)).toEqual({ status: 200, ids: ['ret-harrowgate'] });
    // Through the repo (as the user-management routes will): the session ends, the next login sees the change.
    await users.updateUserFields(u.id, { associated_retailers: ['ret-harrowgate', 'ret-orchard'] });
    expect((await retailersSeen(token)).status).toBe(401);
    const again = await logIn(u.email);
    expect(await retailersSeen(again)).toEqual({ status: 200, ids: ['ret-harrowgate', 'ret-orchard'] });
    // Even a change that does not end the session (written to the table directly) is what counts, not the token's claims.
    await ddb.send(new lib.UpdateCommand({ TableName: stack().env.TABLE_NAME, Key: { pk: `USER#${u.id}`, sk: 'USER' }, UpdateExpression: 'SET associated_retailers = :r', ExpressionAttributeValues: { ':r': ['ret-lumiere'] } }));
    expect(await retailersSeen(again)).toEqual({ status: 200, ids: ['ret-lumiere'] });
  });

  it('a role change takes effect on the next request', async () => {
    const u = await makeUser('BRAND_ADMIN', []);
    const token = await logIn(u.email);
    const users1 = await callRoute('listUsers', { query: { brand: 'brand-maison-aurelle' }, token });
    expect(users1.status).toBe(200);
    await users.updateUserFields(u.id, { roles: [TEST_ROLES.User], associated_retailers: ['ret-harrowgate'] });
    expect((await retailersSeen(token)).status).toBe(401);
    expect(await retailersSeen(await logIn(u.email))).toEqual({ status: 200, ids: ['ret-harrowgate'] });
  });

  it('a move to another brand takes effect on the next request', async () => {
    const u = await makeUser('BRAND_ADMIN', []);
    const token = await logIn(u.email);
    expect((await retailersSeen(token)).status).toBe(200);
    await users.setUserBrand(u.id, 'brand-castellane');
    expect((await retailersSeen(token)).status).toBe(401);
    expect((await retailersSeen(await logIn(u.email))).status).toBe(403);
    expect((await callRoute('listRetailerScrapings', { params: { brandId: 'brand-castellane' }, token: await logIn(u.email) })).status).toBe(200);
  });
});
