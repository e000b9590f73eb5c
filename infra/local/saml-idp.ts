/**
 * The local SAML 2.0 identity provider (issue 26 step 4): samlify's IdentityProvider, started by
 * `npm start` and the test stack on a local port, as the identity provider of the demo brand's
 * SAML single sign-on (infra/local/saml-idp-people.ts). It reads our AuthnRequest
 * (HTTP-Redirect), shows its own small sign-in page, and posts a signed assertion (NameID: the
 * email) to the service provider's assertion consumer address that the request named, which
 * must be the app's.
 * - `GET /metadata`: its metadata (what a brand admin pastes into the brand's SSO settings).
 * - Its signing key and certificate are demo files of this folder (./saml-idp/), local only.
 * The test stack's provider (`testHooks`) also answers `POST /_test/accounts` (each suite signs in
 * people of its own domains; a person given an `issuer` gets answers of that issuer, signed with
 * this provider's key). `samlAnswer()` makes answers in-process for the attack tests.
 */
import { inflateRawSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DOMParser } from '@xmldom/xmldom';
import * as samlify from 'samlify';
import { esc, idpPage, readBody } from './idp-page';
import { SAML_IDP_DEMO_PASSWORD, SAML_IDP_DEMO_PEOPLE, type SamlIdpPerson } from './saml-idp-people';

const here = path.dirname(fileURLToPath(import.meta.url));
export const SAML_IDP_KEY = readFileSync(path.join(here, 'saml-idp', 'demo-idp.key.pem'), 'utf8');
export const SAML_IDP_CERT = readFileSync(path.join(here, 'saml-idp', 'demo-idp.cert.pem'), 'utf8');

const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

// The identity provider side reads only our own app's requests here: no XML schema check.
samlify.setSchemaValidator({ validate: () => Promise.resolve('skipped') });

export interface LocalSamlIdp {
  url: string;
  metadataUrl: string;
  metadata: string;
  stop(): Promise<void>;
}

/** The identity provider of `url`, signing with `key`/`cert` (another pair: an impostor for the tests); `entityId` names the answers' issuer. */
export function samlIdentityProvider(url: string, key = SAML_IDP_KEY, cert = SAML_IDP_CERT, entityId = `${url}/metadata`) {
  return samlify.IdentityProvider({
    entityID: entityId,
    privateKey: key,
    signingCert: cert,
    isAssertionEncrypted: false,
    nameIDFormat: [EMAIL_FORMAT],
    singleSignOnService: [{ Binding: REDIRECT, Location: `${url}/sso` }],
    singleLogoutService: [{ Binding: REDIRECT, Location: `${url}/slo` }],
  });
}

/** A service provider as the identity provider sees it: its entity id and assertion consumer address. */
export function samlServiceProvider(entityId: string, acsUrl: string, opts: { wantAssertionsSigned?: boolean } = {}) {
  return samlify.ServiceProvider({ entityID: entityId, assertionConsumerService: [{ Binding: POST, Location: acsUrl }], wantAssertionsSigned: opts.wantAssertionsSigned ?? true });
}

/** A signed answer (base64, as posted) of `idp` to `sp`'s request `requestId` for `email`. */
export async function samlAnswer(idp: ReturnType<typeof samlIdentityProvider>, sp: ReturnType<typeof samlServiceProvider>, requestId: string, email: string): Promise<string> {
  const { context } = await idp.createLoginResponse(sp, { extract: { request: { id: requestId } } }, 'post', { email });
  return context;
}

/** What an AuthnRequest of the HTTP-Redirect binding says: its id, issuer and assertion consumer address. */
export function readAuthnRequest(samlRequest: string): { id: string; issuer: string; acsUrl: string } {
  const xml = inflateRawSync(Buffer.from(samlRequest, 'base64')).toString('utf8');
  const doc = new DOMParser().parseFromString(xml, 'text/xml');
  const root = doc.documentElement;
  const issuer = root?.getElementsByTagNameNS('urn:oasis:names:tc:SAML:2.0:assertion', 'Issuer')[0]?.textContent?.trim() ?? '';
  return { id: root?.getAttribute('ID') ?? '', issuer, acsUrl: root?.getAttribute('AssertionConsumerServiceURL') ?? '' };
}

const page = (title: string, body: string) => idpPage(title, body, { accent: '#0f3d5e', background: '#eef1f5' });

export async function startLocalSamlIdp(opts: { port: number; appUrl: string; testHooks?: boolean; log?: (m: string) => void }): Promise<LocalSamlIdp> {
  const url = `http://localhost:${opts.port}`;
  const idp = samlIdentityProvider(url);
  const metadata = idp.getMetadata();
  const people = new Map<string, SamlIdpPerson>(SAML_IDP_DEMO_PEOPLE.map((p) => [p.email, p]));
  const appAcs = `${opts.appUrl}/api/sso/saml/acs/`;

  const server = http.createServer((req, res) => {
    void (async () => {
      const u = new URL(req.url ?? '/', url);
      const html = (status: number, body: string) => (res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }), res.end(body));
      if (u.pathname === '/metadata') {
        res.writeHead(200, { 'content-type': 'application/samlmetadata+xml' });
        return res.end(metadata);
      }
      const form = (request: string, relay: string, error?: string, email = '') =>
        page(
          'Sign in · Maison Aurelle',
          `<h1>Maison Aurelle</h1><p>Sign in with your company account (SAML).</p>${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/login"><input type="hidden" name="SAMLRequest" value="${esc(request)}"><input type="hidden" name="RelayState" value="${esc(relay)}">
<label for="email">Work email</label><input id="email" name="email" type="email" autocomplete="username" required value="${esc(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form><small>Local SAML identity provider of the demo (samlify).</small>`,
        );
      if (u.pathname === '/sso' && req.method === 'GET') {
        const request = u.searchParams.get('SAMLRequest') ?? '';
        const { acsUrl } = readAuthnRequest(request);
        if (!acsUrl.startsWith(appAcs)) return html(400, page('Sign-in error', '<h1>Sign-in error</h1><p>This application is not known here.</p>'));
        return html(200, form(request, u.searchParams.get('RelayState') ?? ''));
      }
      if (u.pathname === '/login' && req.method === 'POST') {
        const f = new URLSearchParams(await readBody(req));
        const request = f.get('SAMLRequest') ?? '';
        const relay = f.get('RelayState') ?? '';
        const { id, issuer, acsUrl } = readAuthnRequest(request);
        if (!acsUrl.startsWith(appAcs)) return html(400, page('Sign-in error', '<h1>Sign-in error</h1><p>This application is not known here.</p>'));
        const person = people.get((f.get('email') ?? '').trim().toLowerCase());
        if (!person || f.get('password') !== SAML_IDP_DEMO_PASSWORD) return html(200, form(request, relay, 'Wrong email or password.', f.get('email') ?? ''));
        const signer = opts.testHooks && person.issuer ? samlIdentityProvider(url, SAML_IDP_KEY, SAML_IDP_CERT, person.issuer) : idp;
        const answer = await samlAnswer(signer, samlServiceProvider(issuer, acsUrl), id, person.email);
        // The HTTP-POST binding: the browser posts the answer to the service provider.
        return html(
          200,
          page(
            'Signing in…',
            `<form method="post" action="${esc(acsUrl)}" id="saml"><input type="hidden" name="SAMLResponse" value="${esc(answer)}"><input type="hidden" name="RelayState" value="${esc(relay)}"><p>Signing you in…</p><noscript><button type="submit">Continue</button></noscript></form><script>document.getElementById('saml').submit()</script>`,
          ),
        );
      }
      if (opts.testHooks && u.pathname === '/_test/accounts' && req.method === 'POST') {
        const p = JSON.parse((await readBody(req)) || '{}') as SamlIdpPerson;
        people.set(p.email.toLowerCase(), { ...p, email: p.email.toLowerCase() });
        res.writeHead(201, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ email: p.email.toLowerCase() }));
      }
      return html(404, page('Not found', '<h1>Not found</h1>'));
    })().catch((e: unknown) => {
      opts.log?.(`Local SAML identity provider: ${String((e as Error).message)}`);
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page('Sign-in error', `<h1>Sign-in error</h1><p>${esc(String((e as Error).message))}</p>`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return { url, metadataUrl: `${url}/metadata`, metadata, stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}
