/**
 * Our relying party, through openid-client (OpenID certified): discovery, the authorization URL
 * with PKCE (S256), state and nonce, and the code grant, whose answer openid-client checks (the
 * authorization response's state and issuer, PKCE at the token endpoint, the ID token's signature,
 * issuer, audience, nonce, expiry and issue time). No protocol code of ours.
 */
import * as client from 'openid-client';
import { SSO } from '../../shared/messages/sso';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { readSecretString } from '../lib/secrets';
import { ssoSecretName, type SsoConfig } from './sso.repo';

/**
 * Locally the identity provider is plain http on localhost (infra/local/oidc-idp.ts): the local
 * stack sets SSO_ALLOW_HTTP_ISSUER; in AWS it is never set and an issuer must be https.
 */
export const httpIssuerAllowed = () => process.env.SSO_ALLOW_HTTP_ISSUER === '1';

export function issuerProblem(issuer: string): boolean {
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    return true;
  }
  if (url.search || url.hash || url.username || url.password) return true;
  if (url.protocol === 'https:') return false;
  return !(httpIssuerAllowed() && url.protocol === 'http:' && (url.hostname === 'localhost' || url.hostname === '127.0.0.1'));
}

export const redirectUri = () => `${env.appUrl}${SSO.callbackPath}`;

/** Discovery documents by issuer, for a warm function's later sign-ins (5 minutes). */
const discovered = new Map<string, { at: number; server: client.ServerMetadata }>();
const DISCOVERY_MS = 5 * 60_000;

/**
 * The client of a brand's provider. `clockSkew`: seconds the request's time (API Gateway's stamp)
 * is ahead of this machine's clock, so the ID token's expiry is judged at the request's time.
 */
export async function oidcClient(config: Pick<SsoConfig, 'issuer' | 'clientId'>, opts: { secret?: string; clockSkew?: number } = {}): Promise<client.Configuration> {
  const insecure = httpIssuerAllowed() && config.issuer.startsWith('http:');
  const metadata: Partial<client.ClientMetadata> = { [client.clockSkew]: Math.round(opts.clockSkew ?? 0) };
  const auth = opts.secret === undefined ? client.None() : client.ClientSecretBasic(opts.secret);
  const cached = discovered.get(config.issuer);
  let c: client.Configuration;
  if (cached && Date.now() - cached.at < DISCOVERY_MS) {
    c = new client.Configuration(cached.server, config.clientId, metadata, auth);
  } else {
    c = await client.discovery(new URL(config.issuer), config.clientId, metadata, auth, { timeout: 10, ...(insecure ? { execute: [client.allowInsecureRequests] } : {}) });
    discovered.set(config.issuer, { at: Date.now(), server: c.serverMetadata() });
  }
  if (insecure) client.allowInsecureRequests(c);
  c.timeout = 10;
  return c;
}

/**
 * Whether the provider at `issuer` answers its discovery document and names itself by exactly that
 * issuer (openid-client's check): asked when a brand saves a new issuer, so a wrong one is told to
 * its admin then, not to its people at their first sign-in. The answer is kept for the sign-ins.
 */
export async function issuerAnswers(issuer: string): Promise<boolean> {
  try {
    await oidcClient({ issuer, clientId: 'discovery-check' });
    return true;
  } catch (e) {
    logger.info('sso: discovery of a saved issuer failed', { issuer, error: String((e as Error).message) });
    return false;
  }
}

export interface StartedSignIn {
  url: string;
  state: string;
  nonce: string;
  verifier: string;
}

/** The authorization request: a fresh state, nonce and PKCE verifier (S256), and the URL to send the browser to. */
export async function authorizationRequest(config: SsoConfig, loginHint: string): Promise<StartedSignIn> {
  const c = await oidcClient(config);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(c, {
    redirect_uri: redirectUri(),
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
    login_hint: loginHint,
  });
  return { url: url.href, state, nonce, verifier };
}

export interface SignedInClaims {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
  name?: string;
}

/** The code grant of a callback, every check by openid-client; the ID token's claims. */
export async function completeSignIn(config: SsoConfig, callbackQuery: string, checks: { state: string; nonce: string; verifier: string }, clockSkew: number): Promise<SignedInClaims> {
  const secret = await readSecretString(ssoSecretName(config.brandId));
  if (!secret) throw new Error(`No client secret saved for ${config.brandId}`);
  const c = await oidcClient(config, { secret, clockSkew });
  const tokens = await client.authorizationCodeGrant(c, new URL(`${redirectUri()}${callbackQuery ? `?${callbackQuery}` : ''}`), {
    pkceCodeVerifier: checks.verifier,
    expectedState: checks.state,
    expectedNonce: checks.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims();
  if (!claims) throw new Error('No ID token');
  const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
  return {
    sub: claims.sub,
    email: String(claims.email ?? '').toLowerCase(),
    // Only `true` counts (a string "true" or absence does not).
    emailVerified: claims.email_verified === true,
    givenName: str(claims.given_name),
    familyName: str(claims.family_name),
    name: str(claims.name),
  };
}

export { client as openidClient };
