/**
 * The admin's Manage Users (001 §2, §5, §6, §7, §8, §9) against the local stack: GET /users
 * (page, limit, sort name|email|brand asc|desc, keyword, cursor) and POST /users, on brands and
 * 30 users of this file's own whose names and addresses start with `000<tag>` (so they are the
 * first rows of the name and email orders whatever else the stack holds). The paging by number
 * and by cursor, every order, the prefix search (folded), bad input with the spec's messages,
 * tenants and roles (403), a deleted user's token, two admins racing on one address, and the new
 * user's first sign-in with the terms to accept.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_USERS_MSG as M } from '../../shared/messages/admin-users';
import { USER_MSG } from '../../shared/messages/users';
import { foldName } from '../../shared/slug';
import { signedInAccounts, testUser, type AccountSpec, turnOnTotp } from '../support/accounts';
import { seedBrand } from '../support/brands';
import { asSession, callRoute, errorBody, login, stack } from '../support/api';

const tag = randomBytes(4).toString('hex');
const P = `000${tag}`;
const B = { _id: `brand-au-${tag}`, name: `${P} Maison Test`, slug: `au-maison-${tag}` };
const B2 = { _id: `brand-au2-${tag}`, name: `Zz Other House ${tag}`, slug: `au-other-${tag}` };
const retailer = (n: string) => ({ _id: `ret-au${n}-${tag}`, name: `Admin Users Store ${n} ${tag}`, optId: `AU${n}${tag}`.toUpperCase(), slug: `au${n}-${tag}`, website: `https://au${n}.example` });
const R1 = retailer('1');
const ROFF = retailer('2');
const RB = retailer('3');
const PASSWORD = 'Autest-2031!';
const FIRST = ['Émile', 'zoe', 'Adam', 'béa', 'Carl', 'dora', 'Ève', 'Fred', 'gus', 'Hana'];
/** 30 users of B: names with accents and mixed case (the order folds them), addresses in another order than the names. */
const MINE = Array.from({ length: 30 }, (_, i) => ({
  _id: `user-au-${String(i).padStart(2, '0')}-${tag}`,
  name: `${P} ${FIRST[i % 10]} ${String(29 - i).padStart(2, '0')}`,
  email: `${P}-${String((i * 7) % 30).padStart(2, '0')}@admin-users.test`,
}));
const accounts = {
  brandAdmin: { _id: `user-au-ba-${tag}`, email: `au-ba-${tag}@demo.test`, role: 'BRAND_ADMIN' },
  user: { _id: `user-au-u-${tag}`, email: `au-u-${tag}@demo.test` },
  gone: { _id: `user-au-gone-${tag}`, email: `au-gone-${tag}@demo.test`, role: 'BRAND_ADMIN', gone: true },
} satisfies Record<string, AccountSpec>;
const tokens = {} as Record<keyof typeof accounts | 'admin' | 'demoBrandAdmin' | 'other', string>;

type Row = { _id: string; name: string; email: string; brand: { _id: string; name: string } | null };
const list = (query: Record<string, string | number | undefined>, token = tokens.admin) => callRoute('listUsers', { token, query });
const add = (body: Record<string, unknown>, token = tokens.admin, query?: Record<string, string>) => callRoute('createUser', { token, body, query });
const newUser = (over: Record<string, unknown> = {}) => ({ name: 'Nadia Newcomer', email: `au-new-${randomBytes(3).toString('hex')}-${tag}@x.test`, password: 'Secret-12', brand: B2._id, roles: ['role-user'], ...over });
const nameKey = (r: Row) => `${foldName(r.name)}#${r._id}`;
const sortedBy = <T>(rows: T[], key: (r: T) => string, desc = false) => [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (desc ? -1 : 1));
const ids = (rows: { _id: string }[]) => rows.map((r) => r._id);

/** Every row of an order, walked with the cursors (a page of 50 each). */
async function walk(sort: string): Promise<Row[]> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  for (let n = 0; n < 100; n++) {
    const res = await list({ sort, limit: 50, page: n + 1, cursor });
    expect(res.status).toBe(200);
    rows.push(...(res.body.data as Row[]));
    cursor = res.body.nextCursor ?? undefined;
    if (!cursor) return rows;
  }
  throw new Error('more than 100 pages');
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { createUser } = await import('../../functions/users/users.repo');
  await seedBrand(B, [R1, ROFF], [
    { retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' },
    { retailer: ROFF._id, flag: false, webSiteType: 'retailerWithProducts' },
  ]);
  await seedBrand(B2, [RB], [{ retailer: RB._id, flag: true, webSiteType: 'retailerWithProducts' }]);
  for (const u of MINE) await createUser(testUser({ ...u, passwordHash: 'x', brand: B._id }));
  Object.assign(tokens, await signedInAccounts(B2._id, PASSWORD, accounts));
  tokens.admin = await login('admin@demo.test');
  tokens.demoBrandAdmin = await login('brandadmin@demo.test');
  tokens.other = await login('castellane@demo.test');
}, 120_000);

describe('GET /users (admin): pages of 10 by key condition and cursor', () => {
  it('pages by email and by name: 10 a page (the default), page numbers and cursors give the same pages', async () => {
    const byEmail = sortedBy(MINE, (u) => `${u.email}#${u._id}`);
    const pages = await Promise.all([1, 2, 3].map((page) => list({ page, sort: 'email;asc' })));
    for (const [i, res] of pages.entries()) {
      expect(res.status).toBe(200);
      expect(ids(res.body.data)).toEqual(ids(byEmail.slice(i * 10, i * 10 + 10)));
      expect(res.body.totalCount).toBeGreaterThanOrEqual(MINE.length + 5);
    }
    const viaCursor = await list({ page: 2, sort: 'email;asc', cursor: pages[0]!.body.nextCursor! });
    expect(ids(viaCursor.body.data)).toEqual(ids(pages[1]!.body.data));

    // By name: accents and case folded ('Émile' with the e's, 'béa' with the b's).
    const byName = sortedBy(MINE, (u) => `${foldName(u.name)}#${u._id}`);
    const first = await list({ page: 1 });
    expect(first.body.data).toHaveLength(10);
    expect(ids(first.body.data)).toEqual(ids(byName.slice(0, 10)));
    expect(first.body.data[0]!.brand).toEqual({ _id: B._id, name: B.name });
    const second = await list({ page: 2, sort: 'name;asc', cursor: first.body.nextCursor! });
    expect(ids(second.body.data)).toEqual(ids(byName.slice(10, 20)));
    expect(ids((await list({ page: 3, sort: 'name;asc' })).body.data)).toEqual(ids(byName.slice(20, 30)));
  });

  it('walks every order either way: each user once, in the order of its index (name, email, brand name then name)', async () => {
    const brandKey = (r: Row) => `${r.brand ? foldName(r.brand.name) : ''}#${foldName(r.name)}#${r._id}`;
    for (const [sort, key] of [
      ['name;desc', nameKey],
      ['email;desc', (r: Row) => `${r.email}#${r._id}`],
      ['brand;asc', brandKey],
      ['brand.name;desc', brandKey],
    ] as const) {
      const rows = await walk(sort);
      expect(new Set(ids(rows)).size, sort).toBe(rows.length);
      expect(ids(rows), sort).toEqual(ids(sortedBy(rows, key, sort.endsWith('desc'))));
      const mine = rows.filter((r) => r.brand?._id === B._id);
      expect(mine, sort).toHaveLength(MINE.length);
    }
    // Brand ascending: the users of no brand first, then by brand name; within a brand by name.
    const asc = await walk('brand;asc');
    const firstBranded = asc.findIndex((r) => r.brand);
    expect(asc.slice(firstBranded).every((r) => r.brand)).toBe(true);
    expect(asc.map((r) => r.email)).toContain('admin@demo.test');
  });

  it('reads one page of items per page (what it passes over for a page number), never the whole list', async () => {
    const { pageUsers, usersWithPrefix } = await import('../../functions/users/users.repo');
    const total = (await list({})).body.totalCount;
    expect(total).toBeGreaterThanOrEqual(MINE.length + 5);
    for (const order of ['name', 'email', 'brand'] as const) {
      const first = await pageUsers(order, { ascending: true, limit: 10 });
      expect(first.items).toHaveLength(10);
      expect(first.evaluated, order).toBeLessThanOrEqual(10);
      const next = await pageUsers(order, { ascending: false, limit: 10, cursor: (await pageUsers(order, { ascending: false, limit: 10 })).nextCursor });
      expect(next.evaluated, order).toBeLessThanOrEqual(10);
      expect((await pageUsers(order, { ascending: true, limit: 10, skip: 20 })).evaluated, order).toBeLessThanOrEqual(30);
    }
    // A search reads its matches only.
    expect(await usersWithPrefix('email', `${P}-2`, 1000)).toHaveLength(MINE.filter((u) => u.email.startsWith(`${P}-2`)).length);
    expect(await usersWithPrefix('name', foldName(P), 5)).toHaveLength(6);
  });

  it('a page past the end is empty; a bad sort, cursor or keyword is a 400 with a message', async () => {
    const far = await list({ page: 99999 });
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
    expect(far.body.nextCursor).toBeNull();
    expect(errorBody(await list({ sort: 'passwordHash;asc' })).message).toBe(M.sortUnknown);
    expect((await list({ sort: 'name;sideways' })).status).toBe(400);
    expect(errorBody(await list({ cursor: 'garbage' })).message).toBe('The page cursor is not valid for this list.');
    // A cursor of the email order is not one of the name order.
    const email = await list({ sort: 'email;asc' });
    expect((await list({ sort: 'name;asc', page: 2, cursor: email.body.nextCursor! })).status).toBe(400);
    expect((await list({ keyword: 'x'.repeat(101) })).status).toBe(400);
    expect((await list({ limit: 0 })).status).toBe(400);
    expect((await list({ page: -1 })).status).toBe(400);
  });
});

describe('GET /users?keyword= (admin): the folded prefix of the name, the address or the brand name', () => {
  it('finds the users whose name, email or brand starts with the keyword, in any order, paged', async () => {
    const res = await list({ keyword: P, sort: 'email;desc' });
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBe(MINE.length);
    expect(ids(res.body.data)).toEqual(ids(sortedBy(MINE, (u) => `${u.email}#${u._id}`, true).slice(0, 10)));
    const page3 = await list({ keyword: P, page: 3, sort: 'name;asc' });
    expect(ids(page3.body.data)).toEqual(ids(sortedBy(MINE, (u) => `${foldName(u.name)}#${u._id}`).slice(20, 30)));
    expect((await list({ keyword: P, page: 4 })).body.data).toEqual([]);
  });

  it('folds case, accents and spacing of names; matches the start of an address; a brand name gives its users', async () => {
    const emile = MINE.filter((u) => u.name.includes('Émile'));
    const byName = await list({ keyword: `  ${P.toUpperCase()}   EMILE ` });
    expect(ids(byName.body.data).sort()).toEqual(ids(emile).sort());
    const byEmail = await list({ keyword: `${P}-1`, limit: 100 });
    expect(byEmail.body.data.map((r) => r.email).sort()).toEqual(MINE.map((u) => u.email).filter((e) => e.startsWith(`${P}-1`)).sort());
    const byBrand = await list({ keyword: 'zz other house', limit: 100 });
    expect(byBrand.body.data.length).toBeGreaterThanOrEqual(2);
    expect(byBrand.body.data.every((r) => r.brand?._id === B2._id)).toBe(true);
    // The middle of a name or an address is not a prefix: nothing.
    const middle = await list({ keyword: `admin-users.test` });
    expect(middle.body).toMatchObject({ data: [], totalCount: 0 });
  });
});

describe('who may list and add users', () => {
  it('only an ADMIN: brand admins, users, another brand, a deleted user and no token are refused', async () => {
    for (const who of ['brandAdmin', 'user', 'demoBrandAdmin', 'other'] as const) {
      expect((await list({ keyword: P }, tokens[who])).status, who).toBe(403);
      expect((await add(newUser(), tokens[who])).status, who).toBe(403);
    }
    expect((await list({}, tokens.gone)).status).toBe(401);
    expect((await add(newUser(), tokens.gone)).status).toBe(401);
    expect((await callRoute('listUsers', {})).status).toBe(401);
    expect((await callRoute('createUser', { body: newUser() })).status).toBe(401);
    // Nothing was added by the refused calls.
    expect((await list({ keyword: `au-new-` })).body.data.filter((r) => r.email.endsWith(`-${tag}@x.test`))).toEqual([]);
  });
});

describe('POST /users (admin)', () => {
  it("answers every message of the spec's form (001 §5) and refuses unknown keys and parameters", async () => {
    const messages = async (body: Record<string, unknown>) => {
      const res = await add(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return (errorBody(res).issues ?? []).map((i) => i.message);
    };
    expect(await messages({})).toEqual(expect.arrayContaining([M.nameRequired, M.emailRequired, M.passwordRequired, M.brandRequired, M.roleRequired]));
    expect(await messages(newUser({ name: '  ', email: '', password: '', brand: '', roles: [] }))).toEqual(expect.arrayContaining([M.nameRequired, M.emailRequired, M.passwordRequired, M.brandRequired, M.roleRequired]));
    expect(await messages(newUser({ name: 'A' }))).toEqual([M.tooShort]);
    expect(await messages(newUser({ name: 'A'.repeat(101) }))).toEqual([M.tooLong]);
    expect(await messages(newUser({ email: 'not-an-email' }))).toEqual([M.emailInvalid]);
    expect(await messages(newUser({ email: 'bad@exаmple.test' }))).toEqual([M.emailInvalid]); // a Cyrillic 'а'
    expect(await messages(newUser({ password: 'x'.repeat(129) }))).toEqual([M.tooLong]); // the one password rule: at most 128
    expect(await messages(newUser({ password: '12345' }))).toEqual([M.passwordTooShort]);
    expect(await messages(newUser({ roles: ['role-user', 'role-brand-admin'] }))).toEqual([M.oneRole]);
    expect(await messages(newUser({ brand: '../brand' }))).toEqual(['Invalid id.']);
    expect((await add(newUser({ status: 'active' }))).status).toBe(400);
    expect((await add(newUser({ policyFlag: false }))).status).toBe(400);
    expect(errorBody(await add(newUser(), tokens.admin, { brand: B._id })).message).toMatch(/Unknown parameter: brand/);
  });

  it('refuses a brand, role or retailer that does not fit', async () => {
    expect(errorBody(await add(newUser({ brand: `brand-missing-${tag}` }))).message).toBe(M.brandUnknown);
    expect(errorBody(await add(newUser({ roles: ['role-nope'] }))).message).toBe(USER_MSG.unknownRole);
    // Retailers: switched-on ones of that brand only.
    expect(errorBody(await add(newUser({ brand: B._id, associated_retailers: [RB._id] }))).message).toBe(USER_MSG.retailerNotOfBrand);
    expect(errorBody(await add(newUser({ brand: B._id, associated_retailers: [ROFF._id] }))).message).toBe(USER_MSG.retailerNotOfBrand);
    expect(errorBody(await add(newUser({ roles: ['role-admin'], associated_retailers: [RB._id] }))).message).toBe(M.adminRetailers);
  });

  it('adds an active user with the terms to accept: listed at once, signs in with the password, lands on the terms', async () => {
    const before = (await list({})).body.totalCount;
    const email = `Au-Mixed-${tag}@X.test`;
    const res = await add(newUser({ name: '  Ottilie  Ordóñez ', email, brand: B._id, roles: ['role-user'], associated_retailers: [R1._id] }));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(M.userAdded);
    expect(res.body.user).toMatchObject({ name: 'Ottilie  Ordóñez', email: email.toLowerCase(), brand: { _id: B._id, name: B.name }, roles: [{ name: 'User' }], status: 'active', associated_retailers: [{ _id: R1._id }] });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    expect((await list({})).body.totalCount).toBeGreaterThanOrEqual(before + 1);
    const found = await list({ keyword: 'ottilie ordo' });
    expect(ids(found.body.data)).toEqual([res.body.user._id]);
    expect(ids((await list({ keyword: email.toUpperCase() })).body.data)).toEqual([res.body.user._id]);
    // The brand's Users tab lists them too.
    const tab = await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, limit: 100 } });
    expect(ids(tab.body.data)).toContain(res.body.user._id);

    // First sign-in: the terms to accept (policyFlag), then accepted.
    const signIn = await callRoute('login', { body: { email: email.toLowerCase(), password: 'Secret-12' } });
    expect(signIn.status).toBe(200);
    expect(asSession(signIn.body).user).toMatchObject({ _id: res.body.user._id, policyFlag: true, brand: { _id: B._id } });
    const accepted = await callRoute('updateUserPolicy', { token: asSession(signIn.body).token, params: { userId: res.body.user._id }, body: { policyFlag: false } });
    expect(accepted.status).toBe(200);
    expect(asSession((await callRoute('login', { body: { email, password: 'Secret-12' } })).body).user.policyFlag).toBe(false);

    // The address is taken now, whatever its case.
    expect(errorBody(await add(newUser({ email: email.toUpperCase() }))).message).toBe(USER_MSG.emailTaken);
  });

  it('adds a site ADMIN (only here): in the admin list with its brand, not in the brand\'s Users tab; it may list users', async () => {
    const email = `au-admin-${tag}@x.test`;
    const res = await add(newUser({ name: `${P} Second Admin`, email, roles: ['role-admin'] }));
    expect(res.status).toBe(201);
    expect(res.body.user.roles.map((r) => r.name)).toEqual(['ADMIN']);
    const tab = await callRoute('listUsers', { token: tokens.admin, query: { brand: B2._id, limit: 100 } });
    expect(ids(tab.body.data)).not.toContain(res.body.user._id);
    const token = await login(email, 'Secret-12');
    // A new admin sets up its second factor before anything else (issue 26).
    await turnOnTotp(token);
    const listed = await list({ keyword: `${P} second` }, token);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((r) => r.brand)).toEqual([{ _id: B2._id, name: B2.name }]);
  });

  it('two admins adding one address at once: exactly one user is created, the other gets 409', async () => {
    const second = `au-racer-${tag}@x.test`;
    expect((await add(newUser({ email: second, roles: ['role-admin'] }))).status).toBe(201);
    const racers = [tokens.admin, await login(second, 'Secret-12')];
    await turnOnTotp(racers[1]!);
    const email = `au-race-${tag}@x.test`;
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => add(newUser({ email, name: `Racer ${i}` }), racers[i % 2])));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.status === 409)) expect(errorBody(a).message).toBe(USER_MSG.emailTaken);
    const rows = (await list({ keyword: email })).body.data;
    expect(rows).toHaveLength(1);
    expect(rows[0]!._id).toBe(answers.find((a) => a.status === 201)!.body.user._id);
  });
});
