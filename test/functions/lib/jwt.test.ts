import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';

const SECRET = 'unit-test-secret-unit-test-secret-0123456789';
let jwt: typeof import('../../../functions/lib/jwt');
const key = () => new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);
/** A well-formed session id: the tokens below fail for the reason each test names, not for lacking one. */
const SID = 'test-session-id-0001';

beforeAll(async () => {
  process.env.JWT_SECRET = SECRET;
  jwt = await import('../../../functions/lib/jwt');
});

describe('session tokens', () => {
  it('round-trips the claims, the session version and a session id of its own included', async () => {
    const token = await jwt.signSession({ sub: 'u1', role: 'BRAND_ADMIN', brand: 'b1', retailers: ['r1'], sv: 3 });
    const claims = await jwt.verifySession(token);
    expect(claims).toEqual({ sub: 'u1', role: 'BRAND_ADMIN', brand: 'b1', retailers: ['r1'], sv: 3, sid: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), exp: expect.any(Number) });
    expect(claims.exp).toBeGreaterThan(now() + 11 * 3600);
    const again = await jwt.verifySession(await jwt.signSession({ sub: 'u1', role: 'BRAND_ADMIN', brand: 'b1', retailers: ['r1'], sv: 3 }));
    expect(again.sid).not.toBe(claims.sid);
  });
  it('rejects a token without a session id, or with one that is not an id', async () => {
    const sign = (claims: Record<string, unknown>) => new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setAudience('retailer-audit').setIssuedAt().setExpirationTime('1h').sign(key());
    await expect(jwt.verifySession(await sign({ role: 'ADMIN', sv: 0, sid: 'a-fine-session-id-01' }))).resolves.toMatchObject({ sid: 'a-fine-session-id-01' });
    for (const sid of [undefined, 7, 'short', 'has spaces in it, 12345', 'x'.repeat(65)]) await expect(jwt.verifySession(await sign({ role: 'ADMIN', sv: 0, sid }))).rejects.toBeInstanceOf(jwt.InvalidTokenError);
  });
  it('rejects an expired token', async () => {
    const token = await new SignJWT({ role: 'ADMIN', sv: 0, sid: SID }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setAudience('retailer-audit').setIssuedAt(now() - 100).setExpirationTime(now() - 10).sign(key());
    await expect(jwt.verifySession(token)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
  });
  it('rejects a token without exp, without iat or without a session version', async () => {
    const noExp = await new SignJWT({ role: 'ADMIN', sv: 0, sid: SID }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setAudience('retailer-audit').setIssuedAt().sign(key());
    const noIat = await new SignJWT({ role: 'ADMIN', sv: 0, sid: SID }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setAudience('retailer-audit').setExpirationTime('1h').sign(key());
    const noSv = await new SignJWT({ role: 'ADMIN', sid: SID }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setAudience('retailer-audit').setIssuedAt().setExpirationTime('1h').sign(key());
    for (const t of [noExp, noIat, noSv]) await expect(jwt.verifySession(t)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
  });
  it('rejects a token older than a session lasts, whatever its exp, and one issued in the future', async () => {
    const old = await new SignJWT({ role: 'ADMIN', sv: 0, sid: SID }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setAudience('retailer-audit').setIssuedAt(now() - 13 * 3600).setExpirationTime(now() + 3600 * 24 * 365).sign(key());
    await expect(jwt.verifySession(old)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
    const future = await new SignJWT({ role: 'ADMIN', sv: 0, sid: SID }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setAudience('retailer-audit').setIssuedAt(now() + 3600).setExpirationTime(now() + 7200).sign(key());
    await expect(jwt.verifySession(future)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
  });
  it('rejects a token signed with another key, a tampered one and garbage', async () => {
    const other = await new SignJWT({ role: 'ADMIN', sv: 0, sid: SID }).setProtectedHeader({ alg: 'HS256' }).setSubject('u').setAudience('retailer-audit').setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode('x'.repeat(40)));
    await expect(jwt.verifySession(other)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
    const good = await jwt.signSession({ sub: 'u1', role: 'User', brand: 'b1', retailers: [], sv: 0 });
    const [h, p, s] = good.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), role: 'ADMIN' })).toString('base64url');
    await expect(jwt.verifySession(`${h}.${forgedPayload}.${s}`)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
    await expect(jwt.verifySession('not-a-jwt')).rejects.toBeInstanceOf(jwt.InvalidTokenError);
  });
  it('rejects alg=none', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ sub: 'u', role: 'ADMIN', aud: 'retailer-audit', sv: 0, sid: SID, iat: now(), exp: now() + 3600 })).toString('base64url');
    await expect(jwt.verifySession(`${header}.${payload}.`)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
  });
});

describe('B2B portal session tokens (docs/decisions.md "B2B portal")', () => {
  const claims = { linkId: 'L1234567890abcde', brand: 'b1', retailer: 'r1', createdBy: 'u1' };

  it('round-trip their claims and say they are portal tokens', async () => {
    const token = await jwt.signPortalSession(claims, new Date(Date.now() + 60_000));
    expect(jwt.isPortalToken(token)).toBe(true);
    expect(await jwt.verifyPortalSession(token, 60)).toEqual(claims);
  });

  it('are never a user session, and a user session or an export link is never one', async () => {
    const portal = await jwt.signPortalSession(claims, new Date(Date.now() + 60_000));
    await expect(jwt.verifySession(portal)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
    const session = await jwt.signSession({ sub: 'u1', role: 'ADMIN', brand: null, retailers: [], sv: 0 });
    expect(jwt.isPortalToken(session)).toBe(false);
    await expect(jwt.verifyPortalSession(session, 60)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
    const link = await jwt.signExportLink('e1', new Date(Date.now() + 60_000));
    await expect(jwt.verifyPortalSession(link, 60)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
    expect(jwt.isPortalToken('garbage')).toBe(false);
  });

  it('are refused expired, older than a session lasts, signed with another key, or missing a claim', async () => {
    const base = (c: Record<string, unknown> = { brand: 'b1', retailer: 'r1', by: 'u1' }) => new SignJWT(c).setProtectedHeader({ alg: 'HS256' }).setSubject('L1').setAudience('retailer-audit:b2b-portal');
    const expired = await base().setIssuedAt(now() - 100).setExpirationTime(now() - 10).sign(key());
    const old = await base().setIssuedAt(now() - 2 * 3600).setExpirationTime(now() + 3600).sign(key());
    const other = await base().setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode('y'.repeat(40)));
    const noRetailer = await base({ brand: 'b1', by: 'u1' }).setIssuedAt().setExpirationTime('10m').sign(key());
    for (const t of [expired, old, other, noRetailer]) await expect(jwt.verifyPortalSession(t, 60)).rejects.toBeInstanceOf(jwt.InvalidTokenError);
  });
});
