/**
 * One browser per sign-in (issue 36, login CSRF): GET /sso/start gives the browser a fresh random
 * binder in a cookie and keeps only its SHA-256 hash with the sign-in under way (the SSOSTATE item
 * of OIDC, the SAMLREQ item of SAML), then with its one-time code (SSOCODE). The callback, the
 * assertion consumer address and POST /sso/exchange take the sign-in only from a browser whose
 * cookie hashes to it: a sign-in an attacker started, finished by another browser (the victim's),
 * signs nobody in there.
 *
 * `__Host-` cookies (Secure, Path=/, no Domain: only this exact host sets and reads them; a
 * sibling subdomain cannot plant one), HttpOnly, one per protocol:
 * - OIDC `__Host-ra-sso`, SameSite=Lax: the provider sends the browser back by a top-level GET,
 *   which carries Lax cookies; Lax keeps it off every other cross-site request.
 * - SAML `__Host-ra-sso-saml`, SameSite=None: the provider's answer is a cross-site form POST,
 *   which carries no Lax cookie; SameSite=None needs Secure, which `__Host-` requires already.
 * They live for the state's minutes and the code's seconds, and the exchange clears both.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SSO } from '../../shared/messages/sso';
import { cookieValues } from '../auth';

export const BINDER_COOKIE = { oidc: '__Host-ra-sso', saml: '__Host-ra-sso-saml' } as const;
const SAME_SITE = { oidc: 'Lax', saml: 'None' } as const;
const MAX_AGE_SECONDS = SSO.stateMinutes * 60 + SSO.codeSeconds;
/** At most this many values of one cookie name are read (a browser sends one; more is someone's doing). */
const MAX_VALUES = 3;

export const binderHash = (binder: string) => createHash('sha256').update(binder).digest('base64url');

/** A new binder for a sign-in of `protocol`: the hash to keep, and the Set-Cookie value that gives the browser the binder. */
export function newBinder(protocol: keyof typeof BINDER_COOKIE): { hash: string; cookie: string } {
  const binder = randomBytes(32).toString('base64url');
  return { hash: binderHash(binder), cookie: `${BINDER_COOKIE[protocol]}=${binder}; Path=/; Max-Age=${MAX_AGE_SECONDS}; HttpOnly; Secure; SameSite=${SAME_SITE[protocol]}` };
}

/** The hashes of the binders of `protocols` in the request's cookies (none: a browser that did not start a sign-in here). */
export function binderHashes(event: Pick<APIGatewayProxyEventV2, 'cookies' | 'headers'>, ...protocols: (keyof typeof BINDER_COOKIE)[]): string[] {
  return protocols.flatMap((p) => cookieValues(event, BINDER_COOKIE[p]).slice(0, MAX_VALUES)).filter((v) => /^[A-Za-z0-9_-]{43}$/.test(v)).map(binderHash);
}

/** The Set-Cookie values that remove both binders (a finished sign-in). */
export const clearBinders = (): string[] => (Object.keys(BINDER_COOKIE) as (keyof typeof BINDER_COOKIE)[]).map((p) => `${BINDER_COOKIE[p]}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=${SAME_SITE[p]}`);
