import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt, errors as joseErrors, jwtVerify } from 'jose';
import { AUTH, type RoleName } from '../../shared/constants';
import { readSecretString } from './secrets';

/** What a session token carries; the rest of the user is read when needed. */
export interface SessionClaims {
  sub: string;
  role: RoleName;
  brand: string | null;
  /** Retailers assigned to a plain User (empty: all of the brand's). */
  retailers: string[];
  /** The user's `sessionVersion` when the token was issued; a different current one ends the session. */
  sv: number;
  /**
   * This session's own id (random, 128 bits): logging out revokes it alone (docs/decisions.md
   * "Accounts and sessions"), while a bump of `sv` ends every session of the user.
   */
  sid: string;
  /**
   * The session was opened with a second factor (issue 26): a code after the password, or a
   * passkey. An ADMIN whose only factor is a passkey needs it (functions/http/authenticate.ts).
   */
  mfa?: true;
}

/** A new session id: 16 random bytes, base64url. */
export const newSessionId = (): string => randomBytes(16).toString('base64url');
const SESSION_ID = /^[A-Za-z0-9_-]{16,64}$/;

let secretKey: Uint8Array | undefined;

/** The signing key: `JWT_SECRET` locally, the Secrets Manager secret `JWT_SECRET_ARN` in AWS. */
async function key(): Promise<Uint8Array> {
  if (secretKey) return secretKey;
  let secret = process.env.JWT_SECRET;
  if (!secret && process.env.JWT_SECRET_ARN) {
    secret = await readSecretString(process.env.JWT_SECRET_ARN);
  }
  if (!secret || secret.length < 32) throw new Error('JWT secret missing or shorter than 32 characters');
  secretKey = new TextEncoder().encode(secret);
  return secretKey;
}

/** A session token; a new session id unless `sid` is given. */
export async function signSession(claims: Omit<SessionClaims, 'sid'> & { sid?: string }, hours: number = AUTH.sessionHours): Promise<string> {
  return new SignJWT({ role: claims.role, brand: claims.brand, retailers: claims.retailers, sv: claims.sv, sid: claims.sid ?? newSessionId(), ...(claims.mfa ? { mfa: true } : {}) })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuedAt()
    .setExpirationTime(`${hours}h`)
    .setAudience('retailer-audit')
    .sign(await key());
}

export class InvalidTokenError extends Error {}

/** A verified session token's claims, with its expiry (seconds since the epoch). */
export type VerifiedSession = SessionClaims & { exp: number };

export async function verifySession(token: string): Promise<VerifiedSession> {
  try {
    // exp and iat are required and the token may not be older than a session lasts, whatever its exp says.
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: ['HS256'],
      audience: 'retailer-audit',
      requiredClaims: ['sub', 'exp', 'iat', 'sv', 'sid'],
      maxTokenAge: `${AUTH.sessionHours}h`,
    });
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') throw new InvalidTokenError('malformed');
    if (!Number.isSafeInteger(payload.sv)) throw new InvalidTokenError('malformed session version');
    if (typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) throw new InvalidTokenError('malformed session id');
    if ((payload.iat ?? 0) * 1000 > Date.now() + 60_000) throw new InvalidTokenError('issued in the future');
    return {
      sub: payload.sub,
      role: payload.role as RoleName,
      brand: typeof payload.brand === 'string' ? payload.brand : null,
      retailers: Array.isArray(payload.retailers) ? payload.retailers.filter((x): x is string => typeof x === 'string') : [],
      sv: payload.sv as number,
      sid: payload.sid,
      ...(payload.mfa === true ? { mfa: true as const } : {}),
      exp: payload.exp!,
    };
  } catch (e) {
    if (e instanceof InvalidTokenError || e instanceof joseErrors.JOSEError) throw new InvalidTokenError((e as Error).message);
    throw e;
  }
}

/** The audience of an export's app link: never a session token, and a session token is never one. */
const LINK_AUDIENCE = 'retailer-audit:export-link';

/** A signed app link to one export (DESIGN.md "Data"): the export's id, until `expiresAt`. */
export async function signExportLink(exportId: string, expiresAt: Date): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(exportId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setAudience(LINK_AUDIENCE)
    .sign(await key());
}

export class ExpiredLinkError extends Error {}

/** The export id an app link names; ExpiredLinkError past its expiry, InvalidTokenError for anything not signed by us for a link. */
export async function verifyExportLink(token: string): Promise<string> {
  try {
    const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'], audience: LINK_AUDIENCE, requiredClaims: ['sub', 'exp', 'iat'] });
    if (typeof payload.sub !== 'string' || !payload.sub) throw new InvalidTokenError('malformed');
    return payload.sub;
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new ExpiredLinkError(e.message);
    if (e instanceof InvalidTokenError || e instanceof joseErrors.JOSEError) throw new InvalidTokenError((e as Error).message);
    throw e;
  }
}

/** The audience of a B2B portal session: never a user session, and a user session is never one. */
const PORTAL_AUDIENCE = 'retailer-audit:b2b-portal';

/** What a B2B portal session carries (docs/decisions.md "B2B portal"); the link record is read on every request. */
export interface PortalClaims {
  /** The link's id. */
  linkId: string;
  brand: string;
  retailer: string;
  /** Who issued the link (a deleted or demoted issuer ends it). */
  createdBy: string;
}

/** A portal session until `expiresAt` (at most its link's expiry). */
export async function signPortalSession(c: PortalClaims, expiresAt: Date): Promise<string> {
  return new SignJWT({ brand: c.brand, retailer: c.retailer, by: c.createdBy })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(c.linkId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setAudience(PORTAL_AUDIENCE)
    .sign(await key());
}

/** Whether a bearer token says it is a portal session (unverified: the caller then verifies it as one). */
export function isPortalToken(token: string): boolean {
  try {
    const aud = decodeJwt(token).aud;
    return aud === PORTAL_AUDIENCE || (Array.isArray(aud) && aud.includes(PORTAL_AUDIENCE));
  } catch {
    return false;
  }
}

export async function verifyPortalSession(token: string, maxMinutes: number): Promise<PortalClaims> {
  try {
    const { payload } = await jwtVerify(token, await key(), {
      algorithms: ['HS256'],
      audience: PORTAL_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'iat'],
      maxTokenAge: `${maxMinutes}m`,
    });
    const { sub, brand, retailer, by } = payload;
    if (typeof sub !== 'string' || typeof brand !== 'string' || typeof retailer !== 'string' || typeof by !== 'string' || !sub || !brand || !retailer || !by) throw new InvalidTokenError('malformed');
    if ((payload.iat ?? 0) * 1000 > Date.now() + 60_000) throw new InvalidTokenError('issued in the future');
    return { linkId: sub, brand, retailer, createdBy: by };
  } catch (e) {
    if (e instanceof InvalidTokenError || e instanceof joseErrors.JOSEError) throw new InvalidTokenError((e as Error).message);
    throw e;
  }
}

/**
 * A key for another signing purpose, derived from the session secret (HMAC of a label): the local
 * captcha's challenges are signed with `derivedKey('captcha')`, so no second secret to deploy.
 */
export async function derivedKey(label: string): Promise<Buffer> {
  const { createHmac } = await import('node:crypto');
  return createHmac('sha256', await key()).update(`retailer-audit:${label}`).digest();
}

/** The audience of a sign-in's second step: never a session, and a session is never one. */
const MFA_AUDIENCE = 'retailer-audit:mfa-challenge';

export interface MfaChallengeClaims {
  /** The user. */
  sub: string;
  /** The user's session version when the password was checked (a change since ends the challenge). */
  sv: number;
  /** The challenge's own id: its wrong codes are counted on it. */
  jti: string;
}

/** The challenge a right password gives a user with a second factor, until `expiresAt`. */
export async function signMfaChallenge(c: Omit<MfaChallengeClaims, 'jti'>, expiresAt: Date): Promise<{ token: string; jti: string }> {
  const jti = newSessionId();
  const token = await new SignJWT({ sv: c.sv })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(c.sub)
    .setJti(jti)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .setAudience(MFA_AUDIENCE)
    .sign(await key());
  return { token, jti };
}

/** A challenge's claims; InvalidTokenError when it is not ours, not a challenge, or expired. */
export async function verifyMfaChallenge(token: string): Promise<MfaChallengeClaims> {
  try {
    const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'], audience: MFA_AUDIENCE, requiredClaims: ['sub', 'exp', 'iat', 'jti', 'sv'] });
    if (typeof payload.sub !== 'string' || !payload.sub || typeof payload.jti !== 'string' || !SESSION_ID.test(payload.jti) || !Number.isSafeInteger(payload.sv)) throw new InvalidTokenError('malformed challenge');
    return { sub: payload.sub, sv: payload.sv as number, jti: payload.jti };
  } catch (e) {
    if (e instanceof InvalidTokenError || e instanceof joseErrors.JOSEError) throw new InvalidTokenError((e as Error).message);
    throw e;
  }
}
