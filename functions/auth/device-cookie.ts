/**
 * The known-device cookie (OWASP Authentication Cheat Sheet, "Slow Down Online Guessing Attacks
 * with Device Cookies"; docs/decisions.md "Login throttling"). A successful login (and a password
 * set from an emailed link) gives the browser a signed cookie naming the account (a hash of its
 * email) and a random device id. A login that presents a valid one for the account it names is
 * throttled per device (AUTH.maxFailedLogins a window) instead of by address and by the
 * account-wide backstop, so strangers' guessing, however spread, cannot lock the owner's own
 * browsers out; every other login stays under the backstop.
 *
 * HttpOnly (no script reads it), Secure, SameSite=Strict (never sent by another site's request),
 * and sent back only to the login (`Path=/api/login`, the browser's path of POST /login: the API
 * is served under /api of the site's origin, by CloudFront in AWS and by the local server).
 * Signed (HS256) with a key derived from the session secret: nobody can make one for an account.
 */
import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SignJWT, jwtVerify } from 'jose';
import { AUTH } from '../../shared/constants';
import { derivedKey } from '../lib/jwt';
import { emailKey } from './throttle.repo';

/** `__Secure-`: browsers keep it only when set Secure from a secure origin (https, or http://localhost). */
export const DEVICE_COOKIE = '__Secure-ra-device';
export const DEVICE_COOKIE_PATH = '/api/login';
const AUDIENCE = 'retailer-audit:device';
const MAX_AGE_SECONDS = AUTH.deviceCookieDays * 86_400;

let signingKey: Promise<Uint8Array> | undefined;
const deviceKey = () => (signingKey ??= derivedKey('device-cookie'));

/** A new device cookie for this account: the Set-Cookie value. */
export async function deviceCookie(email: string, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000);
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(emailKey(email))
    .setJti(randomBytes(16).toString('base64url'))
    .setIssuedAt(iat)
    .setExpirationTime(iat + MAX_AGE_SECONDS)
    .setAudience(AUDIENCE)
    .sign(await deviceKey());
  return `${DEVICE_COOKIE}=${token}; Path=${DEVICE_COOKIE_PATH}; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=Strict`;
}

/** The values of a cookie in a request: API Gateway v2 gives `cookies` ("name=value" each); a plain Cookie header otherwise. */
export function cookieValues(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>, name: string): string[] {
  const pairs = event.cookies ?? event.headers?.cookie?.split(';') ?? [];
  return pairs.flatMap((p) => {
    const i = p.indexOf('=');
    return i > 0 && p.slice(0, i).trim() === name ? [p.slice(i + 1).trim()] : [];
  });
}

/** The device id of a valid device cookie of this account in the request, if there is one. */
export async function trustedDevice(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>, email: string): Promise<string | undefined> {
  const account = emailKey(email);
  for (const value of cookieValues(event, DEVICE_COOKIE).slice(0, 5)) {
    try {
      const { payload } = await jwtVerify(value, await deviceKey(), { algorithms: ['HS256'], audience: AUDIENCE, requiredClaims: ['sub', 'jti', 'iat', 'exp'] });
      if (payload.sub === account && typeof payload.jti === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(payload.jti)) return payload.jti;
    } catch {
      // Not ours, expired or tampered with: the login is an unknown device's.
    }
  }
  return undefined;
}
