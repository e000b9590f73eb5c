/**
 * The B2B portal (001 §2 /b2bReatilerView/{rId}, §6; docs/decisions.md "B2B portal"): links
 * issued, listed and revoked by a brand's admins, exchanged for a portal session, and what that
 * session may do: only the All OH list of its retailer's periods, its retailer's period list and
 * the portal context; every other route of the table answers 403; a revoked or expired link, or
 * an issuer deleted since, ends the session on its next request.
 */
import { randomBytes } from 'node:crypto';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { B2B_MSG } from '../../shared/messages/b2b';
import { routes, type RouteDef } from '../../shared/routes';
import { callRoute, errorBody, login, rawApi, stack } from '../support/api';
import { TEST_ROLES, testUser } from '../support/accounts';

const MA = 'brand-maison-aurelle';
const CP = 'brand-castellane';
const RETAILER = 'ret-harrowgate';
/** Carried by Maison Aurelle, not by Castellane Paris. */
const MA_ONLY = 'ret-orchard';
const OTHER_MA_RETAILER = 'ret-northbay';
const tag = randomBytes(3).toString('hex');

const t = {} as Record<'admin' | 'brandAdmin' | 'user' | 'cpAdmin', string>;
let users: typeof import('../../functions/users/users.repo');
let linksRepo: typeof import('../../functions/b2b/links.repo');
/** Real ids read as their owner sees them. */
const periods = {} as Record<'own' | 'ownOlder' | 'otherRetailer' | 'otherBrand', string>;

const linkTokenOf = (url: string) => {
  const m = /#t=([^&]+)$/.exec(url);
  if (!m) throw new Error(`no token in ${url}`);
  return m[1]!;
};

async function issue(token: string, retailerId = RETAILER, opts: { brand?: string; expiresInDays?: number } = {}) {
  const res = await callRoute('createB2bLink', { token, query: { brand: opts.brand }, body: { retailerId, ...(opts.expiresInDays !== undefined ? { expiresInDays: opts.expiresInDays } : {}) } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...res.body.data, linkToken: linkTokenOf(res.body.data.url) };
}

async function open(linkToken: string) {
  const res = await callRoute('openB2bPortal', { body: { token: linkToken } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const products = (token: string, period: string, extra: Record<string, string> = {}) => callRoute('listProductScrapings', { query: { retailer_brand_scraping: period, filter: 'all_oh', ...extra }, token });

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  users = await import('../../functions/users/users.repo');
  linksRepo = await import('../../functions/b2b/links.repo');
  t.admin = await login('admin@demo.test');
  t.brandAdmin = await login('brandadmin@demo.test');
  t.user = await login('user@demo.test');
  t.cpAdmin = await login('castellane@demo.test');
  const own = await callRoute('listRetailerPeriods', { token: t.brandAdmin, params: { brandId: MA, retailerId: RETAILER } });
  periods.own = own.body.data[0]!._id;
  periods.ownOlder = own.body.data[1]!._id;
  periods.otherRetailer = (await callRoute('listRetailerPeriods', { token: t.brandAdmin, params: { brandId: MA, retailerId: OTHER_MA_RETAILER } })).body.data[0]!._id;
  periods.otherBrand = (await callRoute('listRetailerPeriods', { token: t.cpAdmin, params: { brandId: CP, retailerId: RETAILER } })).body.data[0]!._id;
}, 120_000);

describe('issuing, listing and revoking links', () => {
  it('a brand admin issues a link for a retailer of the brand: the address (secret in the fragment) is answered once, only its hash is kept', async () => {
    const before = Date.now();
    const res = await callRoute('createB2bLink', { token: t.brandAdmin, body: { retailerId: RETAILER } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(B2B_MSG.created);
    const link = res.body.data;
    expect(link.url.startsWith(`${(stack().env.APP_URL ?? stack().url).replace(/\/$/, '')}/b2bReatilerView/${RETAILER}#t=`)).toBe(true);
    expect(link).toMatchObject({ brand: MA, retailer: RETAILER, status: 'active', revokedAt: null, createdBy: { _id: 'user-brandadmin', name: expect.stringContaining('Marchand') } });
    // 30 days by default.
    const days = (Date.parse(link.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThan(30.01);
    const secret = linkTokenOf(link.url).split('.')[1]!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await linksRepo.getLink(link._id);
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(stored!.secretHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const list = await callRoute('listB2bLinks', { token: t.brandAdmin, query: { retailerId: RETAILER } });
    expect(list.status).toBe(200);
    const listed = list.body.data.find((l) => l._id === link._id);
    expect(listed).toMatchObject({ status: 'active', createdBy: { _id: 'user-brandadmin' }, expiresAt: link.expiresAt });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    expect(JSON.stringify(list.body)).not.toContain('secretHash');
  });

  it('an ADMIN issues for the brand it names; without a brand it is told so', async () => {
    const link = await issue(t.admin, RETAILER, { brand: MA, expiresInDays: 1 });
    expect(link).toMatchObject({ brand: MA, createdBy: { _id: 'user-admin' } });
    expect((Date.parse(link.expiresAt) - Date.now()) / 86_400_000).toBeCloseTo(1, 2);
    const res = await callRoute('createB2bLink', { token: t.admin, body: { retailerId: RETAILER } });
    expect(res.status).toBe(400);
    expect(errorBody(res).message).toBe(B2B_MSG.brandRequired);
  });

  it('expiry is a whole number of days from 1 to 90; the retailer is required', async () => {
    for (const expiresInDays of [0, 91, 1.5, -3, '30', 1e9, null]) {
      const res = await callRoute('createB2bLink', { token: t.brandAdmin, body: { retailerId: RETAILER, expiresInDays } });
      expect(res.status, String(expiresInDays)).toBe(400);
      expect(errorBody(res).message).toBe(B2B_MSG.expiryRange);
    }
    expect((await issue(t.brandAdmin, RETAILER, { expiresInDays: 90 })).status).toBe('active');
    for (const body of [{}, { retailerId: '' }, { retailerId: '../ret-harrowgate' }, { retailerId: 'x'.repeat(65) }]) {
      const res = await callRoute('createB2bLink', { token: t.brandAdmin, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it('a plain User cannot issue, list or revoke', async () => {
    const link = await issue(t.brandAdmin);
    expect((await callRoute('createB2bLink', { token: t.user, body: { retailerId: RETAILER } })).status).toBe(403);
    expect((await callRoute('listB2bLinks', { token: t.user, query: { retailerId: RETAILER } })).status).toBe(403);
    expect((await callRoute('revokeB2bLink', { token: t.user, params: { id: link._id } })).status).toBe(403);
    expect((await open(link.linkToken)).token).toBeTruthy();
  });

  it("another brand's admin gets nothing of the brand's links and cannot issue for a retailer its brand does not carry", async () => {
    const link = await issue(t.brandAdmin);
    // Naming the other brand: 403 (the tenant rule).
    expect((await callRoute('createB2bLink', { token: t.cpAdmin, query: { brand: MA }, body: { retailerId: RETAILER } })).status).toBe(403);
    expect((await callRoute('listB2bLinks', { token: t.cpAdmin, query: { brand: MA, retailerId: RETAILER } })).status).toBe(403);
    expect((await callRoute('revokeB2bLink', { token: t.cpAdmin, params: { id: link._id }, query: { brand: MA } })).status).toBe(403);
    // Its own brand: the other brand's link is not found, and its list of the shared retailer does not show it.
    const revoke = await callRoute('revokeB2bLink', { token: t.cpAdmin, params: { id: link._id } });
    expect(revoke.status).toBe(404);
    expect(errorBody(revoke).message).toBe(B2B_MSG.linkNotFound);
    const cpList = await callRoute('listB2bLinks', { token: t.cpAdmin, query: { retailerId: RETAILER, status: 'all' } });
    expect(cpList.status).toBe(200);
    expect(cpList.body.data.map((l) => l._id)).not.toContain(link._id);
    // A retailer Castellane Paris does not carry.
    const notCarried = await callRoute('createB2bLink', { token: t.cpAdmin, body: { retailerId: MA_ONLY } });
    expect(notCarried.status).toBe(404);
    expect(errorBody(notCarried).message).toBe(B2B_MSG.retailerNotFound);
    expect((await callRoute('listB2bLinks', { token: t.cpAdmin, query: { retailerId: MA_ONLY } })).status).toBe(404);
    expect((await callRoute('createB2bLink', { token: t.brandAdmin, body: { retailerId: 'ret-does-not-exist' } })).status).toBe(404);
    // The link still works: nothing above touched it.
    expect((await open(link.linkToken)).data.retailer._id).toBe(RETAILER);
  });

  it('revoking: at once, once; the active list drops it, the full list shows who revoked it', async () => {
    const link = await issue(t.brandAdmin);
    const res = await callRoute('revokeB2bLink', { token: t.brandAdmin, params: { id: link._id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: B2B_MSG.revoked, data: { _id: link._id, status: 'revoked', revokedBy: { _id: 'user-brandadmin' } } });
    const again = await callRoute('revokeB2bLink', { token: t.brandAdmin, params: { id: link._id } });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(B2B_MSG.alreadyRevoked);
    const active = await callRoute('listB2bLinks', { token: t.brandAdmin, query: { retailerId: RETAILER } });
    expect(active.body.data.map((l) => l._id)).not.toContain(link._id);
    expect(active.body.data.every((l) => l.status === 'active')).toBe(true);
    const all = await callRoute('listB2bLinks', { token: t.brandAdmin, query: { retailerId: RETAILER, status: 'all', limit: 100 } });
    expect(all.body.data.find((l) => l._id === link._id)).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
    expect((await callRoute('revokeB2bLink', { token: t.brandAdmin, params: { id: 'AAAAAAAAAAAAAAAA' } })).status).toBe(404);
    for (const id of ['ret-harrowgate', 'x'.repeat(17), `${link._id.slice(0, 15)}.`]) expect((await callRoute('revokeB2bLink', { token: t.brandAdmin, params: { id } })).status, id).toBe(400);
  });

  it('the list pages with a cursor, newest first; a forged cursor is refused', async () => {
    for (let i = 0; i < 3; i++) await issue(t.brandAdmin, 'ret-saint-clair');
    const first = await callRoute('listB2bLinks', { token: t.brandAdmin, query: { retailerId: 'ret-saint-clair', limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await callRoute('listB2bLinks', { token: t.brandAdmin, query: { retailerId: 'ret-saint-clair', limit: 2, cursor: first.body.nextCursor! } });
    expect(second.status).toBe(200);
    const ids = [...first.body.data, ...second.body.data].map((l) => l._id);
    expect(new Set(ids).size).toBe(ids.length);
    const created = [...first.body.data, ...second.body.data].map((l) => l.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
    const bad = await callRoute('listB2bLinks', { token: t.brandAdmin, query: { retailerId: 'ret-saint-clair', cursor: 'bm90LWEtY3Vyc29y' } });
    expect(bad.status).toBe(400);
    for (const query of [{ retailerId: RETAILER, status: 'revoked' }, { retailerId: RETAILER, limit: 0 }, { retailerId: RETAILER, limit: 101 }, {}]) {
      expect((await callRoute('listB2bLinks', { token: t.brandAdmin, query: query as never })).status, JSON.stringify(query)).toBe(400);
    }
  });
});

/** A route's address with placeholder ids (enough to reach the wrapper's checks). */
function placeholderUrl(r: RouteDef): string {
  const p = r.path.replace(/\{(\w+)\}/g, (_, k: string) => (k === 'brandId' ? MA : k === 'retailerId' ? RETAILER : 'some-id'));
  return p + (r.tenant?.query ? `?${r.tenant.query}=${MA}` : '');
}

describe('a portal session', () => {
  let session = '';
  let linkId = '';
  beforeAll(async () => {
    const link = await issue(t.brandAdmin);
    linkId = link._id;
    const opened = await open(link.linkToken);
    session = opened.token;
    expect(opened.data).toMatchObject({ linkId, retailer: { _id: RETAILER, name: 'Harrowgate & Finch' }, brand: { _id: MA, name: 'Maison Aurelle' }, period: { _id: periods.own } });
    expect(Date.parse(opened.expiresAt) - Date.now()).toBeLessThanOrEqual(60 * 60_000 + 5_000);
  });

  it("reads its context, its retailer's periods and the All OH list of any of them", async () => {
    const ctx = await callRoute('getB2bPortal', { token: session });
    expect(ctx.status).toBe(200);
    expect(ctx.body.data.retailer._id).toBe(RETAILER);
    expect(ctx.body.data.brand.colors.bgColor).toMatch(/^#/);
    const list = await callRoute('listRetailerPeriods', { token: session, params: { brandId: MA, retailerId: RETAILER } });
    expect(list.status).toBe(200);
    expect(list.body.data.map((p) => p._id)).toContain(periods.own);
    const owner = await products(t.brandAdmin, periods.own);
    for (const period of [periods.own, periods.ownOlder]) {
      const res = await products(session, period);
      expect(res.status, period).toBe(200);
      if (period === periods.own) expect(res.body.totalCount).toBe(owner.body.totalCount);
    }
    expect((await products(session, periods.own, { sort: 'price;desc', page: '2', limit: '10', search: 'a' })).status).toBe(200);
  });

  it('every other route of the table answers 403, before reading anything', async () => {
    const allowed = new Set(['listProductScrapings', 'listRetailerPeriods', 'getB2bPortal', 'getBasket', 'getBasketHas', 'addBasketItems', 'removeBasketItem', 'clearBasket']);
    const others = (routes as readonly RouteDef[]).filter((r) => r.access !== 'public' && !allowed.has(r.id));
    expect(others.length).toBeGreaterThan(30);
    for (const r of others) {
      const res = await rawApi(r.method, placeholderUrl(r), { token: session, body: r.method === 'GET' ? undefined : {} });
      expect(res.status, `${r.id} ${r.method} ${r.path}`).toBe(403);
    }
    // The routes a portal may call carry `portal` in the table (or are portal-only): nothing else does.
    expect((routes as readonly RouteDef[]).filter((r) => r.portal || r.access === 'portal').map((r) => r.id).sort()).toEqual([...allowed].sort());
  });

  it('another tab, filter, retailer or brand is refused', async () => {
    const extras: Record<string, string>[] = [{}, { filter: 'oh_data' }, { filter: 'price_diff' }, { filter: 'sd_data' }, { filter: 'oh_sd_data' }, { filter: 'price_match' }, { tab: 'change' }, { isFlagged: 'yes' }, { oh_map_id: 'true' }, { all_oh: 'true' }, { price_diff: '' }, { unknown: '1' }];
    for (const extra of extras) {
      const q = 'filter' in extra || Object.keys(extra).length === 0 ? extra : { filter: 'all_oh', ...extra };
      const res = await callRoute('listProductScrapings', { query: { retailer_brand_scraping: periods.own, ...q }, token: session });
      expect(res.status, JSON.stringify(q)).toBe(403);
    }
    for (const period of [periods.otherRetailer, periods.otherBrand]) expect((await products(session, period)).status, period).toBe(403);
    expect((await products(session, 'not-a-period')).status).toBe(404);
    for (const [brandId, retailerId] of [
      [MA, OTHER_MA_RETAILER],
      [CP, RETAILER],
      [MA, `${RETAILER}x`],
    ] as const) {
      expect((await callRoute('listRetailerPeriods', { token: session, params: { brandId, retailerId } })).status, `${brandId}/${retailerId}`).toBe(403);
    }
    // A signed-in user's token is not a portal session.
    expect((await callRoute('getB2bPortal', { token: t.brandAdmin })).status).toBe(403);
    expect((await callRoute('getB2bPortal', { token: t.admin })).status).toBe(403);
  });

  it("keeps a basket of its own for its retailer only: the issuer's basket is not it, another retailer's is refused, the export is not open to it", async () => {
    const rows = (await products(session, periods.own, { limit: '2' })).body.data as { serialNo: string }[];
    const serial = rows[0]!.serialNo;
    const add = await callRoute('addBasketItems', { params: { retailerId: RETAILER }, token: session, body: { serialNo: [serial] } });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    expect(add.body.added).toEqual([serial]);
    const mine = await callRoute('getBasket', { params: { retailerId: RETAILER }, token: session });
    expect(mine.body.data.map((i) => i.serialNo)).toEqual([serial]);
    expect((await callRoute('getBasketHas', { params: { retailerId: RETAILER }, query: { serialNo: serial }, token: session })).body.data).toEqual([serial]);
    // The brand admin who issued the link has a basket of their own: the portal's item is not in it.
    const issuers = await callRoute('getBasket', { params: { retailerId: RETAILER }, token: t.brandAdmin });
    expect(issuers.status).toBe(200);
    expect(issuers.body.data.map((i) => i.serialNo)).not.toContain(serial);
    const body = { serialNo: [serial], retailerId: RETAILER };
    const refused = {
      [`GET /basket/${OTHER_MA_RETAILER}`]: () => callRoute('getBasket', { params: { retailerId: OTHER_MA_RETAILER }, token: session }),
      [`POST /basket/${OTHER_MA_RETAILER}/items`]: () => callRoute('addBasketItems', { params: { retailerId: OTHER_MA_RETAILER }, token: session, body }),
      [`DELETE /basket/${OTHER_MA_RETAILER}`]: () => callRoute('clearBasket', { params: { retailerId: OTHER_MA_RETAILER }, token: session }),
      'DELETE /basket': () => callRoute('clearAllBaskets', { token: session }),
      'POST /exportBucketData': () => callRoute('exportBucketData', { token: session, body }),
    };
    for (const [call, send] of Object.entries(refused)) expect((await send()).status, call).toBe(403);
    expect((await callRoute('removeBasketItem', { params: { retailerId: RETAILER, serialNo: serial }, token: session })).status).toBe(200);
    expect((await callRoute('getBasket', { params: { retailerId: RETAILER }, token: session })).body.totalCount).toBe(0);
  });

  it('the session still works after all this (nothing above ended it)', async () => {
    expect((await callRoute('getB2bPortal', { token: session })).body.data.linkId).toBe(linkId);
  });
});

describe('links that must not open, sessions that must end', () => {
  const key = () => new TextEncoder().encode(stack().env.JWT_SECRET);

  it('a tampered or look-alike token is refused as not valid', async () => {
    const a = await issue(t.brandAdmin);
    const b = await issue(t.brandAdmin);
    const [idA, secretA] = a.linkToken.split('.') as [string, string];
    const [idB, secretB] = b.linkToken.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const lookAlikes = [
      `${idA}.${flip(secretA, 0)}`,
      `${idA}.${flip(secretA, 42)}`,
      `${idA}.${secretB}`,
      `${idB}.${secretA}`,
      `${flip(idA, 3)}.${secretA}`,
      `${idA}.${randomBytes(32).toString('base64url')}`,
      `${idA}.${secretA}x`,
      `${idA}.${secretA.slice(0, 42)}`,
      `${idA}..${secretA}`,
      idA,
      secretA,
      a.linkToken.toUpperCase(),
      `${idA}.${secretA}`.replace(/-/g, '+'),
      'x'.repeat(300),
      // A variant equal to a real token (no '-' to replace: 4 runs in 10) is not a look-alike.
    ].filter((token) => token !== a.linkToken && token !== b.linkToken);
    expect(lookAlikes.length).toBeGreaterThanOrEqual(12);
    for (const token of lookAlikes) {
      const res = await callRoute('openB2bPortal', { body: { token } });
      expect(res.status, token).toBe(401);
      expect(errorBody(res).message).toBe(B2B_MSG.linkInvalid);
    }
    for (const body of [{}, { token: '' }, { token: 'x'.repeat(600) }, { token: 42 }]) expect((await callRoute('openB2bPortal', { body })).status, JSON.stringify(body)).toBe(400);
    // The real ones still open.
    expect((await open(a.linkToken)).data.linkId).toBe(idA);
  });

  it('a forged, expired or re-aimed portal session token is refused', async () => {
    const link = await issue(t.brandAdmin);
    const { token } = await open(link.linkToken);
    const claims = { brand: MA, retailer: RETAILER, by: 'user-brandadmin' };
    const base = (c = claims) => new SignJWT(c).setProtectedHeader({ alg: 'HS256' }).setSubject(link._id).setAudience('retailer-audit:b2b-portal');
    const forged = await base().setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode('not-the-secret-not-the-secret-not-the-secret'));
    const expired = await base()
      .setIssuedAt(Math.floor(Date.now() / 1000) - 600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key());
    const tooLong = await base().setIssuedAt(Math.floor(Date.now() / 1000) - 3 * 3600).setExpirationTime('1h').sign(key());
    for (const bad of [forged, expired, tooLong]) {
      const res = await callRoute('getB2bPortal', { token: bad });
      expect(res.status).toBe(401);
    }
    // Signed by us but aimed at another retailer or brand than the link's: the link record decides.
    for (const c of [
      { ...claims, retailer: OTHER_MA_RETAILER },
      { ...claims, brand: CP },
      { ...claims, by: 'user-admin' },
    ]) {
      const reaimed = await base(c).setIssuedAt().setExpirationTime('10m').sign(key());
      const res = await callRoute('listRetailerPeriods', { token: reaimed, params: { brandId: c.brand, retailerId: c.retailer } });
      expect(res.status, JSON.stringify(c)).toBe(401);
    }
    // The portal audience is not a user session, and a user session's audience is not a portal's.
    const asUser = await new SignJWT({ role: 'ADMIN', brand: null, retailers: [], sv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(link._id).setAudience('retailer-audit:b2b-portal').setIssuedAt().setExpirationTime('10m').sign(key());
    expect((await callRoute('listRoles', { token: asUser })).status).toBe(403);
    expect((await callRoute('getB2bPortal', { token })).status).toBe(200);
  });

  it('revoked while a session is open: the next request is refused, and so is a new exchange', async () => {
    const link = await issue(t.brandAdmin);
    const { token } = await open(link.linkToken);
    expect((await products(token, periods.own)).status).toBe(200);
    expect((await callRoute('revokeB2bLink', { token: t.brandAdmin, params: { id: link._id } })).status).toBe(200);
    for (const res of [await products(token, periods.own), await callRoute('getB2bPortal', { token }), await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RETAILER } })]) {
      expect(res.status).toBe(401);
      expect(errorBody(res).message).toBe(B2B_MSG.linkEnded);
    }
    const again = await callRoute('openB2bPortal', { body: { token: link.linkToken } });
    expect(again.status).toBe(401);
    expect(errorBody(again).message).toBe(B2B_MSG.linkEnded);
  });

  it('40 concurrent exchanges of a revoked link are all refused', async () => {
    const link = await issue(t.brandAdmin);
    await callRoute('revokeB2bLink', { token: t.brandAdmin, params: { id: link._id } });
    const answers = await Promise.all(Array.from({ length: 40 }, () => callRoute('openB2bPortal', { body: { token: link.linkToken } })));
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(401));
    for (const a of answers) expect(JSON.stringify(a.body)).not.toContain('"token"');
  });

  it('revoking while exchanges race: none opened after the revocation works', async () => {
    const link = await issue(t.brandAdmin);
    const exchanges = Array.from({ length: 20 }, () => callRoute('openB2bPortal', { body: { token: link.linkToken } }));
    const revoked = callRoute('revokeB2bLink', { token: t.brandAdmin, params: { id: link._id } });
    const results = await Promise.all(exchanges);
    expect((await revoked).status).toBe(200);
    for (const r of results.filter((x) => x.status === 200)) expect((await callRoute('getB2bPortal', { token: r.body.token })).status).toBe(401);
    expect(results.every((r) => r.status === 200 || r.status === 401)).toBe(true);
  });

  it('an expired link does not open, and a session of a link that expires ends with it', async () => {
    const secret = randomBytes(32).toString('base64url');
    const { createHash } = await import('node:crypto');
    const record = (id: string, expires: Date) => ({
      _id: id,
      brand: MA,
      retailer: RETAILER,
      secretHash: createHash('sha256').update(secret).digest('base64url'),
      createdBy: { _id: 'user-brandadmin', name: 'Béatrice Marchand' },
      createdAt: new Date(Date.now() - 86_400_000).toISOString(),
      linkExpiresAt: expires.toISOString(),
      expiresAt: Math.floor(expires.getTime() / 1000) + 90 * 86_400,
    });
    const pastId = `exp${tag}${randomBytes(5).toString('hex')}`.slice(0, 16);
    await linksRepo.putLink(record(pastId, new Date(Date.now() - 1000)));
    const res = await callRoute('openB2bPortal', { body: { token: `${pastId}.${secret}` } });
    expect(res.status).toBe(401);
    expect(errorBody(res).message).toBe(B2B_MSG.linkEnded);
    const list = await callRoute('listB2bLinks', { token: t.brandAdmin, query: { retailerId: RETAILER, status: 'all', limit: 100 } });
    expect(list.body.data.find((l) => l._id === pastId)?.status).toBe('expired');
    expect((await callRoute('listB2bLinks', { token: t.brandAdmin, query: { retailerId: RETAILER, limit: 100 } })).body.data.map((l) => l._id)).not.toContain(pastId);

    const soonId = `soon${tag}${randomBytes(5).toString('hex')}`.slice(0, 16);
    const soon = new Date(Date.now() + 4000);
    await linksRepo.putLink(record(soonId, soon));
    const opened = await open(`${soonId}.${secret}`);
    // The session ends no later than its link: the answer says so, and so does the token's own expiry.
    expect(Date.parse(opened.expiresAt)).toBeLessThanOrEqual(soon.getTime());
    expect(decodeJwt(opened.token).exp! * 1000).toBeLessThanOrEqual(soon.getTime());
    expect((await callRoute('getB2bPortal', { token: opened.token })).status).toBe(200);
    // The link's end comes (its record as the clock would find it, not a wait): the session ends with it.
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { table } = await import('../../functions/lib/table');
    await ddb.send(
      new UpdateCommand({ TableName: table.name, Key: { pk: `B2BLINK#${soonId}`, sk: 'B2BLINK' }, UpdateExpression: 'SET linkExpiresAt = :past', ExpressionAttributeValues: { ':past': new Date(Date.now() - 1).toISOString() } }),
    );
    expect((await callRoute('getB2bPortal', { token: opened.token })).status).toBe(401);
  });

  it("a deleted or demoted issuer's links stop working", async () => {
    const passwordHash = await (await import('../../functions/lib/password')).hashPassword('Issuer-2026!');
    const make = async (n: number) => {
      const id = `user-b2b-${tag}-${n}`;
      const email = `b2b-${tag}-${n}@demo.test`;
      await users.createUser(testUser({ _id: id, name: `Issuer ${n}`, email, passwordHash, roles: [TEST_ROLES.BRAND_ADMIN] }));
      return { id, token: await login(email, 'Issuer-2026!') };
    };
    const deleted = await make(1);
    const demoted = await make(2);
    const linkDeleted = await issue(deleted.token);
    const linkDemoted = await issue(demoted.token);
    const s1 = (await open(linkDeleted.linkToken)).token;
    const s2 = (await open(linkDemoted.linkToken)).token;
    expect((await callRoute('getB2bPortal', { token: s1 })).status).toBe(200);
    await users.deleteUser(deleted.id);
    await users.updateUserFields(demoted.id, { roles: [TEST_ROLES.User] });
    for (const [session, link] of [
      [s1, linkDeleted],
      [s2, linkDemoted],
    ] as const) {
      const res = await callRoute('getB2bPortal', { token: session });
      expect(res.status).toBe(401);
      expect(errorBody(res).message).toBe(B2B_MSG.linkEnded);
      expect((await callRoute('openB2bPortal', { body: { token: link.linkToken } })).status).toBe(401);
    }
  });
});
