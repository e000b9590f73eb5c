/**
 * Settings: My Account and Users (000 §2, §5, §6, §7, §9) against the local stack:
 * GET /users?brand= (paged by name), GET /getRetailersForUsersTab/{brandId}, POST /registerAndNotify,
 * PUT /users/{id} (three bodies) and DELETE /removeAndNotify/{id}, on a brand, retailers and
 * accounts of this file's own (the demo accounts stay as they are). Roles, tenants, the ADMIN
 * role, switched-off and foreign retailers, case variants of addresses, sessions ended by
 * password, email, role and deletion, and 40 concurrent adds of one address.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { USER_MSG as M } from '../../shared/messages/users';
import { signedInAccounts, testUser, type AccountSpec } from '../support/accounts';
import { asSession, callRoute, errorBody, login, sentEmails, stack, TEST_CLOCK_HEADER } from '../support/api';

const tag = randomBytes(4).toString('hex');
const B = { _id: `brand-us-${tag}`, name: `Users House ${tag}`, slug: `users-house-${tag}` };
const B2 = { _id: `brand-us2-${tag}`, name: `Other House ${tag}`, slug: `other-house-${tag}` };
const retailer = (n: string) => ({ _id: `ret-us${n}-${tag}`, name: `Users Store ${n} ${tag}`, optId: `US${n}${tag}`.toUpperCase(), slug: `us${n}-${tag}`, website: `https://us${n}.example` });
const R1 = retailer('1');
const R2 = retailer('2');
/** Carried by B, switched off. */
const ROFF = retailer('3');
/** Carried by B2 only. */
const RB2 = retailer('4');
const PASSWORD = 'Ustest-2031!';
const users = {
  admin: { _id: `user-us-admin-${tag}`, email: `us-admin-${tag}@demo.test`, role: 'BRAND_ADMIN', name: `Aaron Admin ${tag}` },
  user: { _id: `user-us-user-${tag}`, email: `us-user-${tag}@demo.test`, name: `Bea User ${tag}` },
  rep: { _id: `user-us-rep-${tag}`, email: `us-rep-${tag}@demo.test`, associated_retailers: [R1._id], name: `Cy Rep ${tag}` },
  editee: { _id: `user-us-editee-${tag}`, email: `us-editee-${tag}@demo.test`, name: `Dee Editee ${tag}` },
  self: { _id: `user-us-self-${tag}`, email: `us-self-${tag}@demo.test`, name: `Eve Self ${tag}` },
  guesser: { _id: `user-us-guesser-${tag}`, email: `us-guesser-${tag}@demo.test`, name: `Gus Guesser ${tag}` },
  doomed: { _id: `user-us-doomed-${tag}`, email: `us-doomed-${tag}@demo.test`, name: `Fay Doomed ${tag}` },
  gone: { _id: `user-us-gone-${tag}`, email: `us-gone-${tag}@demo.test`, role: 'BRAND_ADMIN', gone: true },
} satisfies Record<string, AccountSpec>;
const others = {
  admin2: { _id: `user-us2-admin-${tag}`, email: `us2-admin-${tag}@demo.test`, role: 'BRAND_ADMIN' },
  user2: { _id: `user-us2-user-${tag}`, email: `us2-user-${tag}@demo.test`, name: `Zed Other ${tag}` },
} satisfies Record<string, AccountSpec>;
type Who = keyof typeof users | keyof typeof others | 'siteAdmin';
const tokens = {} as Record<Who, string>;
/** Users of B written straight to the table (never signed in): enough for two pages. */
const PAGERS = Array.from({ length: 12 }, (_, i) => ({ _id: `user-us-pager${String(i).padStart(2, '0')}-${tag}`, email: `us-pager${i}-${tag}@demo.test`, name: `Pager ${String(i).padStart(2, '0')} ${tag}` }));

const add = (token: string, body: Record<string, unknown>, brand?: string) => callRoute('registerAndNotify', { token, body, query: { brand } });
const edit = (token: string, id: string, body: Record<string, unknown>, brand?: string) => callRoute('updateUser', { token, params: { id }, body, query: { brand } });
const remove = (token: string, id: string, brand?: string) => callRoute('removeAndNotify', { token, params: { id }, query: { brand } });
const newUser = (over: Record<string, unknown> = {}) => ({ firstname: 'Nora', lastname: 'New', email: `new-${randomBytes(3).toString('hex')}-${tag}@x.test`, roles: ['role-user'], associated_retailers: [R1._id], notify: true, user_email_bcc: '', ...over });
const emailsTo = async (address: string) => (await sentEmails()).filter((m) => m.destination.to.map((t) => t.toLowerCase()).includes(address.toLowerCase()));
const linkIn = (html: string | undefined) => /activate-account\?token=([A-Za-z0-9_-]+)/.exec(html ?? '')?.[1];

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const { createUser } = await import('../../functions/users/users.repo');
  const now = new Date().toISOString();
  for (const r of [R1, R2, ROFF, RB2]) await putRetailer({ ...r, createdAt: now, updatedAt: now });
  const colors = { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' };
  await putBrand({
    ...B,
    colors,
    createdAt: now,
    updatedAt: now,
    retailers: [
      { retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' },
      { retailer: R2._id, flag: true, webSiteType: 'retailerWithProducts' },
      { retailer: ROFF._id, flag: false, webSiteType: 'retailerWithProducts' },
    ],
  });
  await putBrand({ ...B2, colors, createdAt: now, updatedAt: now, retailers: [{ retailer: RB2._id, flag: true, webSiteType: 'retailerWithProducts' }] });
  Object.assign(tokens, await signedInAccounts(B._id, PASSWORD, users), await signedInAccounts(B2._id, PASSWORD, others));
  tokens.siteAdmin = await login('admin@demo.test');
  for (const p of PAGERS) await createUser(testUser({ ...p, passwordHash: 'x', brand: B._id, associated_retailers: p._id.includes('pager00') ? [R1._id, R2._id] : [] }));
}, 120_000);

describe('GET /users?brand= (the Users tab)', () => {
  it('pages the brand by name, 10 a page by default (name;asc), the next page by cursor or by number, the total of the brand only', async () => {
    const first = await callRoute('listUsers', { token: tokens.user, query: { brand: B._id } });
    expect(first.status).toBe(200);
    const all = Object.values(users).filter((u) => !('gone' in u)).length + PAGERS.length;
    expect(first.body.totalCount).toBe(all);
    expect(first.body.data).toHaveLength(10);
    const names = first.body.data.map((u) => u.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const byCursor = await callRoute('listUsers', { token: tokens.user, query: { brand: B._id, page: 2, cursor: first.body.nextCursor! } });
    const byNumber = await callRoute('listUsers', { token: tokens.user, query: { brand: B._id, page: 2 } });
    expect(byCursor.body.data.map((u) => u._id)).toEqual(byNumber.body.data.map((u) => u._id));
    const seen = [...first.body.data, ...byCursor.body.data, ...(await callRoute('listUsers', { token: tokens.user, query: { brand: B._id, page: 3 } })).body.data].map((u) => u._id);
    expect(new Set(seen).size).toBe(all);
    expect(seen).not.toContain(others.user2._id);
    const desc = await callRoute('listUsers', { token: tokens.user, query: { brand: B._id, sort: 'name;desc', limit: 100 } });
    expect(desc.body.data.map((u) => u.name.toLowerCase())).toEqual([...desc.body.data.map((u) => u.name.toLowerCase())].sort().reverse());
    expect(JSON.stringify(desc.body)).not.toMatch(/passwordHash|scrypt|sessionVersion/);
  });

  it('answers a huge page number with an empty page, and refuses other sorts, bad cursors and another brand', async () => {
    const far = await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, page: 99999 } });
    expect(far.status).toBe(200);
    expect(far.body.data).toEqual([]);
    const sort = await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, sort: 'email;asc' } });
    expect(sort.status).toBe(400);
    expect(errorBody(sort).message).toBe(M.sortNotSupported);
    expect((await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, cursor: 'garbage' } })).status).toBe(400);
    for (const who of ['admin2', 'user2'] as const) expect((await callRoute('listUsers', { token: tokens[who], query: { brand: B._id } })).status, who).toBe(403);
  });

  it("shows a User with assigned retailers only the assigned retailers they see themselves, counting the others", async () => {
    const rows = (await callRoute('listUsers', { token: tokens.rep, query: { brand: B._id, limit: 100 } })).body.data;
    const pager = rows.find((u) => u._id === PAGERS[0]!._id)!;
    expect(pager.associated_retailers).toEqual([{ _id: R1._id }]);
    expect(pager.hiddenRetailers).toBe(1);
    const full = (await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, limit: 100 } })).body.data.find((u) => u._id === PAGERS[0]!._id)!;
    expect(full.associated_retailers.map((r) => r._id).sort()).toEqual([R1._id, R2._id].sort());
    expect(full.hiddenRetailers).toBeUndefined();
  });
});

describe('GET /getRetailersForUsersTab/{brandId}', () => {
  it("lists the brand's switched-on retailers by name; a User with assigned retailers sees only those; another brand gets 403", async () => {
    const res = await callRoute('getRetailersForUsersTab', { token: tokens.admin, params: { brandId: B._id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: [{ _id: R1._id, name: R1.name }, { _id: R2._id, name: R2.name }], totalCount: 2 });
    expect((await callRoute('getRetailersForUsersTab', { token: tokens.user, params: { brandId: B._id } })).body.totalCount).toBe(2);
    expect((await callRoute('getRetailersForUsersTab', { token: tokens.rep, params: { brandId: B._id } })).body.data).toEqual([{ _id: R1._id, name: R1.name }]);
    const other = await callRoute('getRetailersForUsersTab', { token: tokens.admin2, params: { brandId: B._id } });
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).not.toContain(R1.name);
    expect((await callRoute('getRetailersForUsersTab', { token: tokens.siteAdmin, params: { brandId: B._id } })).body.totalCount).toBe(2);
    // A malformed brand id is not the caller's brand: refused before anything is read.
    expect((await callRoute('getRetailersForUsersTab', { token: tokens.admin, params: { brandId: '../x' } })).status).toBe(403);
  });
});

describe('POST /registerAndNotify', () => {
  it("adds a pending user to the caller's brand and emails an activation link that sets the password", async () => {
    const body = newUser({ email: `  Nora.New-${tag}@X.Test `, associated_retailers: [R1._id, R2._id, R1._id] });
    const res = await add(tokens.admin, body);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Message created successfully');
    expect(res.body.user).toMatchObject({ email: `nora.new-${tag}@x.test`, name: 'Nora New', firstname: 'Nora', lastname: 'New', status: 'pending', brand: { _id: B._id, name: B.name } });
    expect(res.body.user.roles.map((r) => r.name)).toEqual(['User']);
    expect(res.body.user.associated_retailers.map((r) => r._id)).toEqual([R1._id, R2._id]);
    const mails = await emailsTo(`nora.new-${tag}@x.test`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`You have been added to ${B.name}`);
    const token = linkIn(mails[0]!.body.html);
    expect(token).toBeTruthy();
    // Not usable before activation.
    expect((await callRoute('login', { body: { email: `nora.new-${tag}@x.test`, password: 'Nora-123' } })).status).toBe(401);
    expect((await callRoute('validateToken', { query: { token } })).body).toMatchObject({ valid: true, kind: 'activate' });
    expect((await callRoute('resetPassword', { query: { token }, body: { password: 'Nora-123' } })).status).toBe(200);
    const signedIn = await callRoute('login', { body: { email: `NORA.NEW-${tag}@x.test`, password: 'Nora-123' } });
    expect(signedIn.status).toBe(200);
    expect(asSession(signedIn.body).user.brand?._id).toBe(B._id);
  });

  it("answers the user form's messages, every one at once, and creates nothing", async () => {
    const all = await add(tokens.admin, {});
    expect(all.status).toBe(400);
    expect(errorBody(all).issues?.map((i) => i.message)).toEqual(expect.arrayContaining(['Firstname is required.', 'Lastname is required.', 'EmailAddress is required.', 'Please select role.']));
    const cases: [Record<string, unknown>, string][] = [
      [newUser({ firstname: '  ' }), 'Firstname is required.'],
      [newUser({ lastname: '' }), 'Lastname is required.'],
      [newUser({ email: '' }), 'EmailAddress is required.'],
      [newUser({ email: 'not-an-email' }), 'Invalid Email Address'],
      [newUser({ email: 'nоra@x.test' }), 'Invalid Email Address'], // a Cyrillic 'о': a look-alike address
      [newUser({ roles: [] }), 'Please select role.'],
      [newUser({ user_email_bcc: 'nope' }), M.bccInvalid],
      [newUser({ status: 'active' }), expect.any(String) as unknown as string],
      [newUser({ brand: B2._id }), expect.any(String) as unknown as string],
    ];
    for (const [body, message] of cases) {
      const res = await add(tokens.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorBody(res).message, JSON.stringify(body)).toEqual(message);
    }
  });

  it('never grants ADMIN, nor assigns a switched-off retailer or another brand\'s, nor an unknown role', async () => {
    const admin = await add(tokens.admin, newUser({ roles: ['role-admin'] }));
    expect(admin.status).toBe(403);
    expect(errorBody(admin).message).toBe(M.adminRoleRefused);
    for (const r of [ROFF._id, RB2._id, 'ret-harrowgate', 'ret-nope']) {
      const res = await add(tokens.admin, newUser({ associated_retailers: [R1._id, r] }));
      expect(res.status, r).toBe(400);
      expect(errorBody(res).message).toBe(M.retailerNotOfBrand);
    }
    expect((await add(tokens.admin, newUser({ roles: ['role-nope'] }))).status).toBe(400);
    // The site admin, acting as the brand, may not either.
    expect((await add(tokens.siteAdmin, newUser({ roles: ['role-admin'] }), B._id)).status).toBe(403);
  });

  it("refuses an address another account has, whatever its case", async () => {
    for (const email of [users.user.email, users.user.email.toUpperCase(), ` ${users.user.email.replace('us-user', 'US-User')} `, others.user2.email, 'brandadmin@demo.test']) {
      const res = await add(tokens.admin, newUser({ email }));
      expect(res.status, email).toBe(409);
      expect(errorBody(res).message).toBe('An account with this email already exists.');
    }
  });

  it('is for BRAND_ADMIN of the brand, or ADMIN acting as it (?brand=)', async () => {
    for (const who of ['user', 'rep'] as const) expect((await add(tokens[who], newUser())).status, who).toBe(403);
    expect((await add(tokens.admin2, newUser(), B._id)).status).toBe(403);
    // Another brand's admin adds to their own brand; B's retailers are not theirs.
    expect((await add(tokens.admin2, newUser({ associated_retailers: [R1._id] }))).status).toBe(400);
    expect((await add(tokens.siteAdmin, newUser())).status).toBe(400);
    const acting = await add(tokens.siteAdmin, newUser({ associated_retailers: [R2._id] }), B._id);
    expect(acting.status).toBe(201);
    expect(acting.body.user.brand?._id).toBe(B._id);
    expect((await add(tokens.gone, newUser())).status).toBe(401);
  });

  it('undoes the add when the activation email fails (500), so adding again works', async () => {
    const email = `fail-once-user-email-${tag}@x.test`;
    const failed = await add(tokens.admin, newUser({ email }));
    expect(failed.status).toBe(500);
    expect(errorBody(failed).message).toBe('Something went wrong, please try again!');
    const rows = async () => (await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, limit: 1000 } })).body.data.filter((u) => u.email === email);
    expect(await rows()).toHaveLength(0);
    expect((await add(tokens.admin, newUser({ email }))).status).toBe(201);
    expect(await rows()).toHaveLength(1);
    expect(linkIn((await emailsTo(email))[0]?.body.html)).toBeTruthy();
  });

  it('creates one user and sends one email when 40 adds of one address race', async () => {
    const email = `race-${tag}@x.test`;
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => add(tokens.admin, newUser({ email: i % 2 ? email.toUpperCase() : email, firstname: `Racer${i}` }))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 201).every((s) => s === 409)).toBe(true);
    const rows = (await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, limit: 1000 } })).body.data.filter((u) => u.email === email);
    expect(rows).toHaveLength(1);
    expect(await emailsTo(email)).toHaveLength(1);
  }, 120_000);
});

describe('PUT /users/{id}: the Users tab edit', () => {
  it("edits a user of the brand ('User updated successfully'), emails them when 'notify user' is ticked, and ends their sessions on a role change", async () => {
    const before = await login(users.editee.email, PASSWORD);
    const res = await edit(tokens.admin, users.editee._id, { firstname: 'Dora', lastname: 'Edited', email: users.editee.email.toUpperCase(), roles: ['role-brand-admin'], associated_retailers: [R2._id], notify: true, user_email_bcc: `bcc-${tag}@x.test` });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User updated successfully');
    expect(res.body.user).toMatchObject({ name: 'Dora Edited', firstname: 'Dora', lastname: 'Edited', notify: true, user_email_bcc: `bcc-${tag}@x.test`, associated_retailers: [{ _id: R2._id }] });
    expect(res.body.user.roles.map((r) => r.name)).toEqual(['BRAND_ADMIN']);
    expect(res.body.token).toBeUndefined();
    expect((await callRoute('listRoles', { token: before })).status).toBe(401);
    const mail = (await emailsTo(users.editee.email)).find((m) => m.subject === `Your ${B.name} account was updated`);
    expect(mail?.body.html).toContain(R2.name);
    // The list follows the new name.
    const rows = (await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, limit: 100 } })).body.data;
    expect(rows.find((u) => u._id === users.editee._id)?.name).toBe('Dora Edited');
  });

  it("assigns retailers alone ('Successfully updated'), and only the brand's switched-on ones", async () => {
    const res = await edit(tokens.admin, users.rep._id, { associated_retailers: [R1._id, R2._id] });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Successfully updated');
    for (const r of [ROFF._id, RB2._id]) {
      const bad = await edit(tokens.admin, users.rep._id, { associated_retailers: [r] });
      expect(bad.status, r).toBe(400);
      expect(errorBody(bad).message).toBe(M.retailerNotOfBrand);
    }
    tokens.rep = await login(users.rep.email, PASSWORD);
    expect((await callRoute('getRetailersForUsersTab', { token: tokens.rep, params: { brandId: B._id } })).body.totalCount).toBe(2);
  });

  it('never grants ADMIN, never changes the email here, nor one\'s own role', async () => {
    const adminRole = await edit(tokens.admin, users.user._id, { firstname: 'Bea', lastname: 'User', roles: ['role-admin'] });
    expect(adminRole.status).toBe(403);
    expect(errorBody(adminRole).message).toBe(M.adminRoleRefused);
    const email = await edit(tokens.admin, users.user._id, { firstname: 'Bea', lastname: 'User', email: `taken-over-${tag}@x.test`, roles: ['role-user'] });
    expect(email.status).toBe(400);
    expect(errorBody(email).message).toBe(M.emailLocked);
    const own = await edit(tokens.admin, users.admin._id, { firstname: 'Aaron', lastname: 'Admin', roles: ['role-user'] });
    expect(own.status).toBe(400);
    expect(errorBody(own).message).toBe(M.ownRole);
    const sneaky = await edit(tokens.admin, users.user._id, { firstname: 'Bea', passwordHash: 'x' });
    expect(sneaky.status).toBe(400);
    const mixed = await edit(tokens.admin, users.user._id, { firstname: 'Bea', password: 'hijacked-1' });
    expect(mixed.status).toBe(400);
    expect(errorBody(mixed).message).toBe(M.mixedEdit);
    expect((await callRoute('listRoles', { token: tokens.user })).status).toBe(200);
  });

  it("is refused to plain users, another brand's admin (404, same as an unknown id) and on a site ADMIN", async () => {
    for (const who of ['user', 'rep'] as const) {
      expect((await edit(tokens[who], users.editee._id, { firstname: 'X', lastname: 'Y', roles: ['role-user'] })).status, who).toBe(403);
      expect((await edit(tokens[who], users.editee._id, { associated_retailers: [] })).status, who).toBe(403);
      // My Account fields of someone else.
      const res = await edit(tokens[who], users.editee._id, { name: 'Hijack', emailFrequency: 'Daily' });
      expect(res.status, who).toBe(403);
      expect(errorBody(res).message).toBe(M.notYours);
    }
    const cross = await edit(tokens.admin2, users.user._id, { firstname: 'X', lastname: 'Y', roles: ['role-user'] });
    expect(cross.status).toBe(404);
    expect(JSON.stringify(cross.body)).not.toContain(users.user.email);
    expect((await edit(tokens.admin, others.user2._id, { associated_retailers: [] })).status).toBe(404);
    expect((await edit(tokens.admin, 'user-nobody', { associated_retailers: [] })).status).toBe(404);
    expect((await edit(tokens.admin, 'user-admin', { firstname: 'Site', lastname: 'Admin', roles: ['role-user'] })).status).toBe(404);
    expect((await edit(tokens.admin2, users.user._id, { associated_retailers: [] }, B._id)).status).toBe(403);
    expect((await edit(tokens.gone, users.user._id, { associated_retailers: [] })).status).toBe(401);
    // The site admin, acting as the brand, may.
    const acting = await edit(tokens.siteAdmin, users.user._id, { firstname: 'Bea', lastname: 'User', roles: ['role-user'], associated_retailers: [] }, B._id);
    expect(acting.status).toBe(200);
  });
});

describe('PUT /users/{id}: My Account', () => {
  it("saves name, BCC email and email frequency ('Settings updated.'); the session stays", async () => {
    const res = await edit(tokens.self, users.self._id, { name: 'Eve  Renamed', user_email_bcc: `eve-bcc-${tag}@x.test`, emailFrequency: 'Monthly', brandName: 'Not Mine' });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Settings updated.');
    expect(res.body.user).toMatchObject({ name: 'Eve  Renamed', firstname: 'Eve', lastname: 'Renamed', user_email_bcc: `eve-bcc-${tag}@x.test`, emailFrequency: 'Monthly', brand: { name: B.name } });
    expect(res.body.token).toBeUndefined();
    expect((await callRoute('listRoles', { token: tokens.self })).status).toBe(200);
    for (const body of [{ emailFrequency: 'Hourly' }, { user_email_bcc: 'x@' }, { name: '' }, { roles: ['role-user'], name: 'x' }, { status: 'disabled' }]) {
      const bad = await edit(tokens.self, users.self._id, body);
      expect([400, 403], JSON.stringify(body)).toContain(bad.status);
    }
  });

  it('asks for the current password to change email or password; a wrong one changes nothing', async () => {
    const missing = await edit(tokens.self, users.self._id, { password: 'brand-new-1' });
    expect(missing.status).toBe(400);
    expect(errorBody(missing).message).toBe(M.currentPasswordRequired);
    const wrong = await edit(tokens.self, users.self._id, { email: `eve-new-${tag}@x.test`, password: 'brand-new-1', currentPassword: 'not-it', name: 'Should Not Stick' });
    expect(wrong.status).toBe(400);
    expect(errorBody(wrong).message).toBe(M.currentPasswordWrong);
    expect((await callRoute('listRoles', { token: tokens.self })).status).toBe(200);
    expect((await callRoute('login', { body: { email: users.self.email, password: PASSWORD } })).status).toBe(200);
    const row = (await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, limit: 100 } })).body.data.find((u) => u._id === users.self._id);
    expect(row).toMatchObject({ email: users.self.email, name: 'Eve  Renamed' });
    const short = await edit(tokens.self, users.self._id, { password: 'abc', currentPassword: PASSWORD });
    expect(errorBody(short).message).toBe(M.passwordTooShort);
  });

  it("refuses an address another account has, in any case, and changes nothing", async () => {
    for (const email of [users.user.email.toUpperCase(), 'BrandAdmin@Demo.Test']) {
      const res = await edit(tokens.self, users.self._id, { email, currentPassword: PASSWORD });
      expect(res.status, email).toBe(409);
      expect(errorBody(res).message).toBe('An account with this email already exists.');
    }
    expect((await callRoute('login', { body: { email: users.self.email, password: PASSWORD } })).status).toBe(200);
  });

  it('a new email and password end the other sessions; the session that changed them gets a new token; the email counts once its link is opened (issue 36)', async () => {
    const other = await login(users.self.email, PASSWORD);
    const current = asSession((await callRoute('login', { body: { email: users.self.email, password: PASSWORD } })).body).token;
    const newEmail = `Eve-Moved-${tag}@X.test`;
    const res = await edit(current, users.self._id, { email: newEmail, password: 'eve-new-pass-1', currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.emailChangeSent(newEmail.toLowerCase()));
    // Not yet: the account keeps its address until the link is opened, and the new one is reserved by nothing.
    expect(res.body.user.email).toBe(users.self.email);
    expect(res.body.token).toEqual(expect.any(String));
    expect((await callRoute('listRoles', { token: res.body.token })).status).toBe(200);
    expect((await callRoute('listRoles', { token: other })).status).toBe(401);
    expect((await callRoute('login', { body: { email: newEmail, password: 'eve-new-pass-1' } })).status).toBe(401);
    expect((await callRoute('login', { body: { email: users.self.email, password: 'eve-new-pass-1' } })).status).toBe(200);
    // The old address is told; the new one gets the link.
    expect((await emailsTo(users.self.email)).map((m) => m.subject)).toContain('A change of your email address was asked for');
    const mail = (await emailsTo(newEmail)).find((m) => m.subject === 'Confirm your new email address');
    const token = decodeURIComponent(/confirm-email\?token=([^"&]+)/.exec(mail?.body.html ?? '')?.[1] ?? '');
    expect(token.length).toBeGreaterThan(20);

    const confirmed = await callRoute('confirmEmailChange', { token: res.body.token, body: { token } });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body).toMatchObject({ message: M.emailChanged, user: { email: newEmail.toLowerCase() } });
    expect(confirmed.body.token).toEqual(expect.any(String));
    expect((await callRoute('listRoles', { token: confirmed.body.token })).status).toBe(200);
    expect((await callRoute('listRoles', { token: res.body.token })).status).toBe(401);
    expect((await callRoute('login', { body: { email: users.self.email, password: 'eve-new-pass-1' } })).status).toBe(401);
    expect((await callRoute('login', { body: { email: newEmail.toUpperCase(), password: 'eve-new-pass-1' } })).status).toBe(200);
    // Once only.
    const again = await callRoute('confirmEmailChange', { token: confirmed.body.token, body: { token } });
    expect(again.status).toBe(410);
    expect(errorBody(again).message).toBe(M.emailChangeInvalid);
    // The old address is free again; the new one is taken.
    expect((await add(tokens.admin, newUser({ email: newEmail.toLowerCase() }))).status).toBe(409);
    const freed = await add(tokens.admin, newUser({ email: users.self.email }));
    expect(freed.status).toBe(201);
  });

  it("an email change's link is refused to another account, signed out, after its expiry, and once the address is taken meanwhile; the pending address blocks nobody (issue 36)", async () => {
    const { createUser } = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    const me = testUser({ _id: `user-us-mover-${tag}`, email: `us-mover-${tag}@demo.test`, passwordHash: await hashPassword(PASSWORD), brand: B._id });
    await createUser(me);
    const mine = await login(me.email, PASSWORD);
    const ask = async (email: string) => {
      const res = await edit(mine, me._id, { email, currentPassword: PASSWORD });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const mail = (await emailsTo(email)).filter((m) => m.subject === 'Confirm your new email address').at(-1);
      return decodeURIComponent(/confirm-email\?token=([^"&]+)/.exec(mail?.body.html ?? '')![1]!);
    };
    const wanted = `us-wanted-${tag}@demo.test`;
    const link = await ask(wanted);
    // Another signed-in account (the address's owner opening someone else's link, say), or nobody signed in.
    const wrong = await callRoute('confirmEmailChange', { token: tokens.user, body: { token: link } });
    expect(wrong.status).toBe(410);
    expect(errorBody(wrong).message).toBe(M.emailChangeInvalid);
    expect((await callRoute('confirmEmailChange', { body: { token: link } })).status).toBe(401);
    // After its 24 hours.
    const late = await callRoute('confirmEmailChange', { token: mine, body: { token: link }, headers: { [TEST_CLOCK_HEADER]: String(Date.now() + 25 * 3600_000) } });
    expect(late.status).toBe(410);
    // The pending address blocks nobody: someone else takes it meanwhile; the link then changes nothing.
    expect((await add(tokens.admin, newUser({ email: wanted }))).status).toBe(201);
    const taken = await callRoute('confirmEmailChange', { token: mine, body: { token: link } });
    expect(taken.status).toBe(409);
    expect((await callRoute('login', { body: { email: me.email, password: PASSWORD } })).status).toBe(200);
    // Unchanged by the refused links: the account still has its address.
    const row = (await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, limit: 100 } })).body.data.find((u) => u._id === me._id);
    expect(row).toMatchObject({ email: me.email });
  });
});

describe('PUT /users/{id}: guessing the current password', () => {
  it('counts wrong current passwords as failed logins: past the limit 429, even for the right one', async () => {
    for (let i = 0; i < 5; i++) expect((await edit(tokens.guesser, users.guesser._id, { password: 'guessed-1', currentPassword: `wrong-${i}` })).status).toBe(400);
    const locked = await edit(tokens.guesser, users.guesser._id, { password: 'guessed-1', currentPassword: PASSWORD });
    expect(locked.status).toBe(429);
    expect((await callRoute('login', { body: { email: users.guesser.email, password: 'guessed-1' } })).status).not.toBe(200);
  });
});

describe('DELETE /removeAndNotify/{id}', () => {
  it("deletes a user of the brand ('User deleted successfully'), emails them, and their token stops working", async () => {
    const doomedToken = tokens.doomed;
    expect((await callRoute('listRoles', { token: doomedToken })).status).toBe(200);
    const res = await remove(tokens.admin, users.doomed._id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User deleted successfully');
    expect((await callRoute('listRoles', { token: doomedToken })).status).toBe(401);
    expect((await callRoute('login', { body: { email: users.doomed.email, password: PASSWORD } })).status).toBe(401);
    expect((await emailsTo(users.doomed.email)).map((m) => m.subject)).toContain(`Your ${B.name} account was removed`);
    expect((await remove(tokens.admin, users.doomed._id)).status).toBe(404);
    const ids = (await callRoute('listUsers', { token: tokens.admin, query: { brand: B._id, limit: 1000 } })).body.data.map((u) => u._id);
    expect(ids).not.toContain(users.doomed._id);
  });

  it('two removals of one user at once: one deletes (200) and emails once, the other answers 404', async () => {
    const { createUser } = await import('../../functions/users/users.repo');
    const racer = testUser({ _id: `race-${tag}`, email: `race-${tag}@users.test`, passwordHash: 'x', brand: B._id });
    await createUser(racer);
    const results = await Promise.all([remove(tokens.admin, racer._id), remove(tokens.admin, racer._id), remove(tokens.admin, racer._id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    await expect.poll(async () => (await emailsTo(racer.email)).length, { timeout: 5000 }).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect((await emailsTo(racer.email)).length).toBe(1);
  });

  it("refuses one's own user, plain users, another brand's admin and a site ADMIN as the target", async () => {
    const own = await remove(tokens.admin, users.admin._id);
    expect(own.status).toBe(400);
    expect(errorBody(own).message).toBe(M.ownDelete);
    expect((await remove(tokens.user, users.rep._id)).status).toBe(403);
    expect((await remove(tokens.admin2, users.user._id)).status).toBe(404);
    expect((await remove(tokens.admin2, users.user._id, B._id)).status).toBe(403);
    expect((await remove(tokens.admin, others.user2._id)).status).toBe(404);
    expect((await remove(tokens.admin, 'user-admin')).status).toBe(404);
    expect((await remove(tokens.gone, users.user._id)).status).toBe(401);
    expect((await callRoute('listRoles', { token: tokens.user })).status).toBe(200);
    expect((await callRoute('listRoles', { token: tokens.user2 })).status).toBe(200);
  });
});

describe('bad input', () => {
  it('refuses malformed ids and bodies with a clear message', async () => {
    expect((await callRoute('updateUser', { params: { id: '../x' }, token: tokens.admin, body: { associated_retailers: [] } })).status).toBe(400);
    expect((await callRoute('removeAndNotify', { params: { id: 'a b' }, token: tokens.admin })).status).toBe(400);
    const junk = await callRoute('registerAndNotify', { token: tokens.admin, body: { ...newUser(), associated_retailers: Array.from({ length: 501 }, (_, i) => `r${i}`) } });
    expect(junk.status).toBe(400);
    expect((await edit(tokens.admin, users.user._id, { associated_retailers: ['../etc'] })).status).toBe(400);
  });
});
