/**
 * Single sign-on through the real protocol (issue 26 step 3): the browser's hops, done with
 * fetch and a cookie jar, between our API and the local identity provider (infra/local/oidc-idp.ts)
 * of the test stack: GET /sso/start, the provider's authorization endpoint and its own sign-in
 * page, back to our callback, then POST /sso/exchange. Each hop can be stopped at (to tamper with
 * an authorization request, or replay a callback). Raw calls: redirects are followed by hand.
 * Our own cookies (the sign-in's binder, functions/sso/binder.ts) are kept as one browser keeps
 * them: the jar of the browser that started a sign-in is found again by the sign-in's OIDC state
 * or SAML request id at the callback or assertion consumer address, and by the code at the
 * exchange (`exchangeSsoCode`); a `cookie` header given to a hop is another browser's instead.
 */
import { expect } from 'vitest';
import { SSO } from '../../shared/messages/sso';
import type { ResponseOf } from '../../shared/routes/responses';
import { IDP_DEMO_PASSWORD, type IdpAccount } from '../../infra/local/oidc-idp-clients';
import { readAuthnRequest } from '../../infra/local/saml-idp';
import { callRoute, stack, type ApiResult } from './api';

export const idpIssuer = () => stack().env.LOCAL_IDP_ISSUER!;

/** A person at the test stack's provider (its test hook), with the provider's demo password. */
export async function addIdpAccount(a: Partial<IdpAccount> & { email: string }): Promise<void> {
  const res = await fetch(`${idpIssuer()}/_test/accounts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ emailVerified: true, givenName: 'Sso', familyName: 'Tester', ...a }),
  });
  expect(res.status).toBe(201);
}

class Jar {
  private cookies = new Map<string, string>();
  /** Every Set-Cookie value this browser was given, as given. */
  readonly given: string[] = [];
  /** A browser that holds the cookies of a Cookie header. */
  static of(header: string): Jar {
    const jar = new Jar();
    for (const pair of header.split(/;\s*/).filter(Boolean)) jar.set(pair);
    return jar;
  }
  private set(pair: string) {
    const i = pair.indexOf('=');
    this.cookies.set(pair.slice(0, i), pair.slice(i + 1));
  }
  take(res: { headers: Headers }) {
    for (const c of res.headers.getSetCookie()) {
      this.given.push(c);
      const [pair] = c.split(';');
      if (/;\s*max-age=0(;|$)/i.test(c)) this.cookies.delete(pair!.slice(0, pair!.indexOf('=')));
      else this.set(pair!);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/** The browsers of the sign-ins started here, by `signInKey`; and of the codes they were given. */
const browsers = new Map<string, Jar>();
const codeBrowsers = new Map<string, Jar>();

/** What finds a sign-in's browser again: its OIDC state, or its SAML request's id (in the AuthnRequest, or an answer's InResponseTo). */
function signInKey(url: URL | string): string | undefined {
  const u = new URL(url);
  const state = u.searchParams.get('state');
  if (state) return `oidc:${state}`;
  const request = u.searchParams.get('SAMLRequest');
  return request ? `saml:${readAuthnRequest(request).id}` : undefined;
}
const samlAnswerKey = (samlResponse: string) => {
  const id = /<(?:\w+:)?Response\b[^>]*\sInResponseTo="([^"]+)"/.exec(Buffer.from(samlResponse, 'base64').toString('utf8'))?.[1];
  return id ? `saml:${id}` : undefined;
};

/** The browser of a hop: another browser's cookies when the hop's headers name them, else the browser that started the sign-in (none: a fresh browser). */
function browserFor(key: string | undefined, headers: Record<string, string>): { jar: Jar; headers: Record<string, string> } {
  const { cookie, ...rest } = headers;
  return { jar: cookie !== undefined ? Jar.of(cookie) : ((key && browsers.get(key)) || new Jar()), headers: rest };
}

/**
 * The browser that started the sign-in of `url` (the provider's address /sso/start sent it to, or
 * our callback's): its Cookie header (to play another browser with it), and what /sso/start set.
 */
export function ssoBrowser(url: URL | string): { cookie: string; setCookies: string[] } {
  const jar = browsers.get(signInKey(url) ?? '');
  if (!jar) throw new Error(`No sign-in was started here for ${String(url)}`);
  return { cookie: jar.header(), setCookies: [...jar.given] };
}

async function hop(url: string, jar: Jar, init: RequestInit = {}): Promise<Response> {
  const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
  jar.take(res);
  return res;
}

const location = (res: Response, base: string) => {
  const l = res.headers.get('location');
  if (!l) throw new Error(`Expected a redirect, got ${res.status}`);
  return new URL(l, base).href;
};

/** GET /sso/start?email=: the provider's authorization URL it redirects to (or wherever else it sends the browser). */
export async function startSso(email: string): Promise<URL> {
  const jar = new Jar();
  const res = await hop(`${stack().url}/api/sso/start?${new URLSearchParams({ email })}`, jar);
  expect(res.status).toBe(302);
  const to = new URL(location(res, stack().url));
  const key = signInKey(to);
  if (key) browsers.set(key, jar);
  return to;
}

/**
 * At the provider: the authorization request, its sign-in page with `login` (email, and the
 * provider's password unless given), and the redirect back: our callback's URL (not yet called).
 */
export async function signInAtProvider(authorizationUrl: URL | string, login: string, password = IDP_DEMO_PASSWORD): Promise<string> {
  const jar = new Jar();
  const idp = idpIssuer();
  let res = await hop(String(authorizationUrl), jar);
  const interaction = location(res, idp);
  expect(interaction).toMatch(/\/interaction\//);
  const form = await hop(interaction, jar);
  expect(form.status).toBe(200);
  expect(await form.text()).toContain('Sign in with your company account');
  res = await hop(`${interaction}/login`, jar, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ email: login, password }).toString() });
  for (let i = 0; i < 5; i++) {
    const next = location(res, idp);
    if (next.startsWith(`${stack().url}/`)) return next;
    res = await hop(next, jar);
  }
  throw new Error('The provider did not send the browser back');
}

export type CallbackOutcome = { code: string } | { error: string };

/**
 * Our callback, called by the browser that started the sign-in (or by another: `headers.cookie`):
 * where it sends the browser (the SPA's landing page with a code, or the login page with an error key).
 */
export async function callSsoCallback(callbackUrl: string, headers: Record<string, string> = {}): Promise<CallbackOutcome> {
  const browser = browserFor(signInKey(callbackUrl), headers);
  return outcomeOf(await hop(callbackUrl, browser.jar, { headers: browser.headers }), browser.jar);
}

/**
 * POST /sso/exchange of a code, from the browser the code was given to (or another:
 * `headers.cookie`), which keeps the answer's cookies.
 */
export async function exchangeSsoCode(code: string, headers: Record<string, string> = {}): Promise<ApiResult<ResponseOf<'ssoExchange'>>> {
  const { cookie, ...rest } = headers;
  const jar = cookie !== undefined ? Jar.of(cookie) : (codeBrowsers.get(code) ?? new Jar());
  const header = jar.header();
  const res = await callRoute('ssoExchange', { body: { code }, headers: { ...rest, ...(header ? { cookie: header } : {}) } });
  jar.take(res);
  return res;
}

/** Where a finished sign-in's answer sends the browser: the SPA's landing page with its code (kept with the browser's jar), or the login page with an error key. */
async function outcomeOf(res: Response, jar: Jar): Promise<CallbackOutcome> {
  expect(res.status).toBe(302);
  const to = new URL(location(res, stack().url));
  expect(res.headers.get('cache-control')).toBe('no-store');
  if (to.pathname === SSO.landingPath) {
    const code = new URLSearchParams(to.hash.slice(1)).get('code');
    expect(code).toBeTruthy();
    // The code travels in the fragment only, never in a query a server would log.
    expect(to.search).toBe('');
    codeBrowsers.set(code!, jar);
    return { code: code! };
  }
  expect(to.pathname).toBe('/login');
  return { error: to.searchParams.get('sso') ?? '' };
}

/** The whole sign-in of `email` (typed on our login page) as `login` at the provider: the callback's outcome. */
export async function ssoSignIn(email: string, login = email): Promise<CallbackOutcome> {
  return callSsoCallback(await signInAtProvider(await startSso(email), login));
}

/** The test stack's local SAML identity provider (infra/local/saml-idp.ts). */
export const samlIdpUrl = () => stack().env.LOCAL_SAML_IDP_URL!;

/**
 * A person at the test stack's SAML provider (its test hook); its password is the provider's demo
 * password. `issuer`: its answers name this issuer, signed with the provider's key.
 */
export async function addSamlIdpAccount(email: string, opts: { issuer?: string } = {}): Promise<void> {
  const res = await fetch(`${samlIdpUrl()}/_test/accounts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, givenName: 'Saml', familyName: 'Tester', ...opts }) });
  expect(res.status).toBe(201);
}

/** What the SAML provider's page posts (HTTP-POST binding): where, and its SAMLResponse. */
export interface SamlPost {
  acsUrl: string;
  samlResponse: string;
}

/** At the SAML provider: its sign-in page for our AuthnRequest (`signOnUrl`), then its answer page's form (not yet posted). */
export async function signInAtSamlProvider(signOnUrl: URL | string, email: string, password: string): Promise<SamlPost> {
  const page = await fetch(String(signOnUrl));
  expect(page.status).toBe(200);
  const html = await page.text();
  const field = (h: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(h)?.[1]?.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))) ?? '';
  const res = await fetch(`${samlIdpUrl()}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ SAMLRequest: field(html, 'SAMLRequest'), RelayState: field(html, 'RelayState'), email, password }).toString(),
  });
  const answer = await res.text();
  const acsUrl = /<form method="post" action="([^"]+)"/.exec(answer)?.[1]?.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
  if (!acsUrl) throw new Error(`The SAML provider did not answer with a form: ${answer.slice(0, 300)}`);
  return { acsUrl, samlResponse: field(answer, 'SAMLResponse') };
}

/**
 * The browser's post of the provider's answer to our assertion consumer address, by the browser
 * that started the sign-in the answer is for (or by another: `headers.cookie`): where it is sent next.
 */
export async function postSamlAnswer(acsUrl: string, samlResponse: string, headers: Record<string, string> = {}): Promise<CallbackOutcome> {
  const browser = browserFor(samlAnswerKey(samlResponse), headers);
  const res = await hop(acsUrl, browser.jar, { method: 'POST', headers: { ...browser.headers, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ SAMLResponse: samlResponse, RelayState: '' }).toString() });
  return outcomeOf(res, browser.jar);
}

/** The test stack's local DNS server's control endpoint (infra/local/dns-server.ts). */
export const dnsControl = () => stack().env.LOCAL_DNS_CONTROL!;

/** Publish a TXT record in the local DNS server (as a brand would at its DNS provider). */
export async function publishTxt(name: string, value: string): Promise<void> {
  const res = await fetch(`${dnsControl()}/records`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, value }) });
  expect(res.status).toBe(201);
}

/** Remove a TXT record (one value, or every value of the name). */
export async function removeTxt(name: string, value?: string): Promise<void> {
  const res = await fetch(`${dnsControl()}/records`, { method: 'DELETE', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, value }) });
  expect(res.status).toBe(200);
}

/** A domain's TXT record as GET /sso/{brandId} shows it to the brand. */
export async function domainRecord(token: string, brandId: string, domain: string): Promise<{ name: string; value: string }> {
  const got = await callRoute('getSso', { token, params: { brandId } });
  expect(got.status).toBe(200);
  const d = got.body.domainStatus.find((x) => x.domain === domain);
  if (!d) throw new Error(`${domain} is not a domain of ${brandId}: ${got.body.domains.join(', ')}`);
  return d.record;
}

/**
 * A working single sign-on domain, as a brand gets one: its TXT record (read from GET
 * /sso/{brandId}) published in the local DNS server, then POST /sso/{brandId}/domains/{domain}/verify.
 */
export async function verifyDomain(token: string, brandId: string, domain: string): Promise<void> {
  const record = await domainRecord(token, brandId, domain);
  await publishTxt(record.name, record.value);
  const res = await callRoute('verifySsoDomain', { token, params: { brandId, domain } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.domain.status, res.body.message).toBe('verified');
}

/** Every pending domain of the brand verified (after a PUT /sso/{brandId} that added some). */
export async function verifyDomains(token: string, brandId: string): Promise<void> {
  const got = await callRoute('getSso', { token, params: { brandId } });
  for (const d of got.body.domainStatus.filter((x) => x.status === 'pending')) await verifyDomain(token, brandId, d.domain);
}
