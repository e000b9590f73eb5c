/**
 * The local OpenID Provider (issue 26 step 3): `oidc-provider` (OpenID certified), started by
 * `npm start` and the test stack on a local port, as the identity provider of the demo brand's
 * single sign-on. Its own small sign-in page (the provider's interactions: email and password of
 * the demo people, infra/local/oidc-idp-clients.ts), authorization code with PKCE only, and the
 * `email` and `profile` claims in the ID token.
 *
 * The test stack's provider (`testHooks`) also has the test-only clients of oidc-idp-clients.ts
 * and `POST /_test/accounts` to add a person (each suite signs in people of its own domains).
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt } from 'jose';
import Provider, { type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import { esc, idpPage, readBody } from './idp-page';
import { IDP_CLIENT, IDP_DEMO_ACCOUNTS, IDP_DEMO_PASSWORD, IDP_TEST_CLIENTS, SHORT_ID_TOKEN_SECONDS, type IdpAccount } from './oidc-idp-clients';

export interface LocalIdp {
  issuer: string;
  stop(): Promise<void>;
}

const page = (title: string, body: string) => idpPage(title, body, { accent: '#1f2a44', background: '#f3f1ec' });
const readForm = async (req: http.IncomingMessage) => new URLSearchParams(await readBody(req));
const readJson = async (req: http.IncomingMessage): Promise<unknown> => JSON.parse((await readBody(req)) || '{}');

export async function startLocalIdp(opts: { port: number; appUrl: string; testHooks?: boolean; log?: (m: string) => void }): Promise<LocalIdp> {
  const issuer = `http://localhost:${opts.port}`;
  const redirectUri = `${opts.appUrl}/api/sso/oidc/callback`;
  const accounts = new Map<string, IdpAccount & { sub: string }>();
  const addAccount = (a: IdpAccount) => accounts.set(a.email.toLowerCase(), { ...a, email: a.email.toLowerCase(), sub: accounts.get(a.email.toLowerCase())?.sub ?? `idp-${randomBytes(8).toString('hex')}` });
  IDP_DEMO_ACCOUNTS.forEach(addAccount);
  const bySub = (sub: string) => [...accounts.values()].find((a) => a.sub === sub);

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const kid = randomBytes(8).toString('hex');
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  const client = (id: string, secret: string) => ({ client_id: id, client_secret: secret, redirect_uris: [redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_basic' });
  const clients = [client(IDP_CLIENT.id, IDP_CLIENT.secret), ...(opts.testHooks ? Object.values(IDP_TEST_CLIENTS).map((c) => client(c.id, c.secret)) : [])];

  const configuration: Configuration = {
    clients,
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    // The claims of the scopes in the ID token itself (the relying party reads them there).
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: {
      IdToken: (_ctx, _token, c) => (c.clientId === IDP_TEST_CLIENTS.short.id ? SHORT_ID_TOKEN_SECONDS : 3600),
      AuthorizationCode: 60,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
    },
    // Our own applications: no consent screen (a company's IdP pre-approves its apps).
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    findAccount: (_ctx, sub) => {
      const a = bySub(sub);
      if (!a) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, email: a.email, email_verified: a.emailVerified, given_name: a.givenName, family_name: a.familyName, name: `${a.givenName} ${a.familyName}` }),
      };
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<h1>Sign-in error</h1><p>${esc(String(out.error_description ?? out.error))}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  if (opts.testHooks) {
    // The tampered client's ID tokens: the provider's own signature over another client's audience.
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.oidc?.route === 'token' && ctx.oidc.client?.clientId === IDP_TEST_CLIENTS.tampered.id && body?.id_token) {
        const claims = decodeJwt(body.id_token);
        body.id_token = await new SignJWT({ ...claims, aud: IDP_TEST_CLIENTS.other.id }).setProtectedHeader({ alg: 'RS256', kid, typ: 'JWT' }).sign(privateKey);
      }
    });
  }
  const callback = provider.callback();

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      const m = /^\/interaction\/([\w-]+)(\/login)?$/.exec(url.pathname);
      if (m) {
        const details = await provider.interactionDetails(req, res);
        const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint : '';
        const form = (error?: string, email = hint) =>
          page(
            'Sign in · Castellane Paris',
            `<h1>Castellane Paris</h1><p>Sign in with your company account.</p>${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
<form method="post" action="/interaction/${esc(details.uid)}/login">
<label for="email">Work email</label><input id="email" name="email" type="email" autocomplete="username" required value="${esc(email)}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button></form><small>Local identity provider of the demo (oidc-provider).</small>`,
          );
        if (req.method === 'POST' && m[2]) {
          const f = await readForm(req);
          const a = accounts.get((f.get('email') ?? '').trim().toLowerCase());
          if (!a || f.get('password') !== IDP_DEMO_PASSWORD) {
            res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
            return res.end(form('Wrong email or password.', f.get('email') ?? ''));
          }
          return provider.interactionFinished(req, res, { login: { accountId: a.sub } }, { mergeWithLastSubmission: false });
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
        return res.end(form());
      }
      if (opts.testHooks && url.pathname === '/_test/accounts' && req.method === 'POST') {
        const a = (await readJson(req)) as IdpAccount;
        addAccount(a);
        res.writeHead(201, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ email: a.email.toLowerCase() }));
      }
      return callback(req, res);
    })().catch((e: unknown) => {
      opts.log?.(`Local identity provider: ${String((e as Error).message)}`);
      if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page('Sign-in error', `<h1>Sign-in error</h1><p>${esc(String((e as Error).message))}</p>`));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, '127.0.0.1', () => resolve());
  });
  return { issuer, stop: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))) };
}
