/**
 * Generated from the route table: every non-public route is called with no token, a bad or
 * expired token, a role it does not allow, an admin without a second factor, and another brand's token. Adding a route to the
 * table adds it here.
 */
import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { routes, type RouteDef } from '../../shared/routes';
import { SECOND_FACTOR_REQUIRED, TERMS_NOT_ACCEPTED } from '../../shared/constants';
import { signedInAccounts, TEST_ROLES, testUser } from '../support/accounts';
import { asSession, callRoute, errorBody, login, rawApi, stack } from '../support/api';

const OWN_BRAND = 'brand-maison-aurelle';
/** What another tenant must never see of Maison Aurelle. */
const SECRETS = ['brandadmin@demo.test', 'user@demo.test', 'newuser@demo.test', 'Maison Aurelle'];

/** Path parameters per name; a route may override (e.g. an id that must exist). */
const PARAMS: Record<string, string> = { brandId: OWN_BRAND, userId: 'user-user', retailerId: 'ret-harrowgate' };
const OVERRIDES: Partial<Record<string, { params?: Record<string, string>; query?: string }>> = {
  listUsers: { query: `?brand=${OWN_BRAND}` },
  // Scrapings and on-hand: real retailer ids and complete queries, so another brand is refused on a resource that exists.
  getRetailerScraping: { params: { id: 'ret-harrowgate' } },
  getRelatedProducts: { query: `?id=${'A'.repeat(44)}&brand=${OWN_BRAND}&retailer=ret-harrowgate` },
  getBatchItems: { query: `?retailerId=ret-harrowgate&serialNo=SN100100130&brand=${OWN_BRAND}` },
  // The brand's verified single sign-on domain (the demo seed's), so another brand is refused on a domain that exists.
  verifySsoDomain: { params: { domain: 'maisonaurelle.example' } },
};

function url(r: RouteDef): string {
  const o = OVERRIDES[r.id];
  const p = r.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(o?.params?.[k] ?? PARAMS[k] ?? 'some-id'));
  return p + (o?.query ?? (r.tenant?.query ? `?${r.tenant.query}=${OWN_BRAND}` : ''));
}

const guarded = (routes as readonly RouteDef[]).filter((r) => r.access !== 'public');
const tokens: Record<string, string> = {};

beforeAll(async () => {
  tokens.admin = await login('admin@demo.test');
  tokens.brandAdmin = await login('brandadmin@demo.test');
  tokens.user = await login('user@demo.test');
  tokens.otherBrand = await login('castellane@demo.test');
  // A brand admin of Maison Aurelle who has not accepted the terms (issue 20 §7).
  Object.assign(process.env, stack().env);
  const tag = Math.random().toString(36).slice(2, 10);
  ({ termsPending: tokens.termsPending } = await signedInAccounts(OWN_BRAND, 'Terms-Walk-1', { termsPending: { _id: `user-terms-walk-${tag}`, email: `terms-walk-${tag}@demo.test`, role: 'BRAND_ADMIN', policyFlag: true } }));
  // An ADMIN without a second factor (issue 26): its session opens only the setup and logging out.
  const { createUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const held = { _id: `user-held-admin-${tag}`, email: `held-admin-${tag}@demo.test` };
  await createUser(testUser({ ...held, passwordHash: await hashPassword('Held-Admin-1'), brand: null, roles: [TEST_ROLES.ADMIN] }));
  tokens.heldAdmin = asSession((await callRoute('login', { body: { email: held.email, password: 'Held-Admin-1' } })).body).token;
  const key = new TextEncoder().encode(stack().env.JWT_SECRET);
  tokens.expired = await new SignJWT({ role: 'ADMIN', brand: null, retailers: [] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('user-admin')
    .setAudience('retailer-audit')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
    .sign(key);
  tokens.forged = await new SignJWT({ role: 'ADMIN', brand: null, retailers: [] })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject('user-admin')
    .setAudience('retailer-audit')
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
});

describe.each(guarded.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', (_name, r) => {
  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    for (const token of [undefined, 'garbage', tokens.forged, tokens.expired]) {
      const res = await rawApi(r.method, url(r), { token, body: r.method === 'GET' ? undefined : {} });
      expect(res.status, `token=${String(token).slice(0, 12)}`).toBe(401);
      expect(errorBody(res).message).toBe('Please login to continue.');
    }
  });

  if (r.access === 'admin' || r.access === 'brandAdmin') {
    it('answers 403 to a role it does not allow', async () => {
      const wrong = r.access === 'admin' ? ['brandAdmin', 'user'] : ['user'];
      for (const who of wrong) {
        const res = await rawApi(r.method, url(r), { token: tokens[who], body: r.method === 'GET' ? undefined : {} });
        expect(res.status, who).toBe(403);
      }
    });
  }

  // The routes open before the terms (logout, accepting them) are not called here: they would end or change the account.
  if ((r.access === 'user' || r.access === 'brandAdmin') && !r.beforeTerms) {
    it('answers 403 TERMS_NOT_ACCEPTED to a brand user who has not accepted the terms', async () => {
      const res = await rawApi(r.method, url(r), { token: tokens.termsPending, body: r.method === 'GET' ? undefined : {} });
      expect(res.status).toBe(403);
      expect(errorBody(res).code).toBe(TERMS_NOT_ACCEPTED);
    });
  }

  // The setup's own routes and logging out are open to it (test/integration/mfa.test.ts); a portal-only route refuses any user first.
  if (r.access !== 'portal' && !r.beforeSecondFactor) {
    it('answers 403 SECOND_FACTOR_REQUIRED to an admin without a second factor', async () => {
      const res = await rawApi(r.method, url(r), { token: tokens.heldAdmin, body: r.method === 'GET' ? undefined : {} });
      expect(res.status).toBe(403);
      expect(errorBody(res).code).toBe(SECOND_FACTOR_REQUIRED);
    });
  }

  if (r.tenant) {
    it("answers 403 or 404 to another brand's token and never shows that brand's data", async () => {
      const res = await rawApi(r.method, url(r), { token: tokens.otherBrand, body: r.method === 'GET' ? undefined : {} });
      expect([403, 404]).toContain(res.status);
      const text = JSON.stringify(res.body);
      for (const s of SECRETS) expect(text).not.toContain(s);
    });
  }
});

describe('error answers never leak internals', () => {
  // (A handler's 5xx saying only the generic message is asserted in test/functions/lib/handler.test.ts.)
  it('an unknown API path answers 404 with a plain message, no stack trace', async () => {
    const res = await rawApi('GET', '/definitely/not/a/route');
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts|Error:/);
  });
});
