/**
 * The Inbox's calls (000 §3, §5, §6, §7, §9) against the local stack, on two brands of this
 * file's own (exact lists whatever else the stack holds): GET /getvariable, POST /cannedmessages,
 * PUT /cannedmessages/{id} and GET /cannedmessages' paging and sort across pages. The spec's
 * messages, sanitising, names unique per brand, User vs BRAND_ADMIN vs ADMIN, another brand's
 * ids, and two admins saving one message at once (409, never a silent overwrite).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CANNED_MSG as M } from '../../shared/messages/canned-messages';
import { EMAIL_VARIABLES, listCannedMessagesResponse, saveCannedMessageResponse, type CannedMessage } from '../../shared/schemas/contact';
import { signedInAccounts, type AccountSpec } from '../support/accounts';
import { callRoute, errorBody, login, stack } from '../support/api';

const tag = randomBytes(4).toString('hex');
const B = { _id: `brand-inbox-${tag}`, name: `Inbox House ${tag}`, slug: `inbox-house-${tag}` };
const B2 = { _id: `brand-inbox2-${tag}`, name: `Inbox Rival ${tag}`, slug: `inbox-rival-${tag}` };
/** A brand for the paging tests: nothing else writes to it. */
const P = { _id: `brand-inbox-pages-${tag}`, name: `Inbox Pages ${tag}`, slug: `inbox-pages-${tag}` };
const PASSWORD = 'Inbox-2031!';
const users = {
  admin: { _id: `user-inbox-admin-${tag}`, email: `inbox-admin-${tag}@demo.test`, role: 'BRAND_ADMIN' },
  admin2: { _id: `user-inbox-admin2-${tag}`, email: `inbox-admin2-${tag}@demo.test`, role: 'BRAND_ADMIN' },
  user: { _id: `user-inbox-user-${tag}`, email: `inbox-user-${tag}@demo.test` },
  gone: { _id: `user-inbox-gone-${tag}`, email: `inbox-gone-${tag}@demo.test`, role: 'BRAND_ADMIN', gone: true },
} satisfies Record<string, AccountSpec>;
const tokens = {} as Record<keyof typeof users | 'rival' | 'pages' | 'siteAdmin', string>;

const body = (over: Record<string, unknown> = {}) => ({ name: `Welcome ${randomBytes(3).toString('hex')}`, content: '<p>Dear {firstName},</p><p>{User_name}</p>', status: 'active', ...over });
const create = (token: string, b: unknown) => callRoute('createCannedMessage', { token, body: b });
const update = (token: string, id: string, b: unknown) => callRoute('updateCannedMessage', { token, params: { id }, body: b });
const list = (token: string, query: Record<string, string | number | undefined>) => callRoute('listCannedMessages', { token, query });

async function created(token: string, b: Record<string, unknown> = {}): Promise<CannedMessage> {
  const res = await create(token, body(b));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return saveCannedMessageResponse.parse(res.body).data;
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { putBrand } = await import('../../functions/brands/brands.repo');
  const now = new Date().toISOString();
  const colors = { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' };
  for (const b of [B, B2, P]) await putBrand({ ...b, colors, createdAt: now, updatedAt: now, retailers: [] });
  Object.assign(tokens, await signedInAccounts(B._id, PASSWORD, { admin: users.admin, admin2: users.admin2, user: users.user, gone: users.gone }));
  Object.assign(tokens, await signedInAccounts(B2._id, PASSWORD, { rival: { _id: `user-inbox-rival-${tag}`, email: `inbox-rival-${tag}@demo.test`, role: 'BRAND_ADMIN' } }));
  Object.assign(tokens, await signedInAccounts(P._id, PASSWORD, { pages: { _id: `user-inbox-pages-${tag}`, email: `inbox-pages-${tag}@demo.test`, role: 'BRAND_ADMIN' } }));
  tokens.siteAdmin = await login('admin@demo.test');
}, 120_000);

describe('GET /getvariable', () => {
  it('gives every signed-in user the placeholder names: {User_name} plus the contact-info fields the contact form fills', async () => {
    for (const token of [tokens.user, tokens.admin, tokens.siteAdmin]) {
      const res = await callRoute('getVariables', { token });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([...EMAIL_VARIABLES]);
    }
    const names = (await callRoute('getVariables', { token: tokens.user })).body.data;
    expect(names[0]).toBe('{User_name}');
    expect(names).toEqual(expect.arrayContaining(['{firstName}', '{lastName}', '{email}', '{role}', '{Retailer_name}', '{Brand_name}']));
    expect((await callRoute('getVariables')).status).toBe(401);
    expect((await callRoute('getVariables', { token: tokens.gone })).status).toBe(401);
  });
});

describe('POST /cannedmessages', () => {
  it("creates a message in the brand admin's brand with the spec's toast, and lists it", async () => {
    const res = await create(tokens.admin, body({ name: `  First   message ${tag} `, brand: B._id }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Message created successfully');
    const m = saveCannedMessageResponse.parse(res.body).data;
    expect(m).toMatchObject({ name: `First message ${tag}`, brand: B._id, status: 'active', content: '<p>Dear {firstName},</p><p>{User_name}</p>' });
    expect(m.updatedAt).toBe(m.createdAt);
    const all = await list(tokens.user, { brand: B._id, limit: 1000 });
    expect(all.status).toBe(200);
    expect(all.body.data.find((x) => x._id === m._id)).toEqual(m);
    // No brand in the body: the brand admin's own.
    expect((await created(tokens.admin, { name: `No brand ${tag}` })).brand).toBe(B._id);
  });

  it("answers the spec's messages for a missing name, message or status, and clear ones for sizes", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: undefined }, 'Name is required.'],
      [{ name: '   ' }, 'Name is required.'],
      [{ content: undefined }, 'Message is required.'],
      [{ content: '' }, 'Message is required.'],
      [{ content: '<p><br></p>' }, 'Message is required.'],
      [{ content: '<script>alert(1)</script>' }, 'Message is required.'],
      [{ status: undefined }, 'Please select status.'],
      [{ status: '' }, 'Please select status.'],
      [{ status: 'archived' }, 'Please select status.'],
      [{ name: 'x'.repeat(101) }, M.nameTooLong(100)],
      [{ content: `<p>${'x'.repeat(100_000)}</p>` }, M.contentTooLong(100_000)],
    ];
    for (const [over, message] of cases) {
      const res = await create(tokens.admin, body(over));
      expect(res.status, JSON.stringify(over).slice(0, 80)).toBe(400);
      expect(errorBody(res).message, JSON.stringify(over).slice(0, 80)).toBe(message);
    }
    const none = await callRoute('createCannedMessage', { token: tokens.admin, body: {} });
    expect(none.status).toBe(400);
    expect(errorBody(none).issues?.map((i) => i.message)).toEqual(expect.arrayContaining(['Name is required.', 'Message is required.', 'Please select status.']));
    expect(errorBody(await create(tokens.admin, body({ brand: 'not an id!' }))).message).toBe('Invalid id.');
  });

  it('sanitises the HTML on the server: no <script>, no event handlers, no javascript: links; placeholders and formatting kept', async () => {
    const m = await created(tokens.admin, {
      content:
        '<p>Hi <strong>{firstName}</strong></p><script>alert(1)</script><img src="x" onerror="alert(2)"><p onclick="alert(3)">x</p>' +
        '<a href="javascript:alert(4)">bad</a> <a href="JaVaScRiPt:alert(5)">bad2</a> <a href="https://ok.example/a">ok</a><iframe src="https://evil.example"></iframe><style>p{}</style>',
    });
    expect(m.content).not.toMatch(/script|onerror|onclick|javascript:|iframe|<style|alert\(/i);
    expect(m.content).toContain('<strong>{firstName}</strong>');
    expect(m.content).toContain('<a href="https://ok.example/a" target="_blank" rel="noopener noreferrer">ok</a>');
    // What the list gives back is what was stored.
    expect((await list(tokens.admin, { brand: B._id, limit: 1000 })).body.data.find((x) => x._id === m._id)?.content).toBe(m.content);
  });

  it('keeps names unique per brand, case-insensitively and whatever the spaces; another brand may use the name', async () => {
    await created(tokens.admin, { name: `Follow-up ${tag}` });
    for (const name of [`follow-UP ${tag}`, ` Follow-up   ${tag} `]) {
      const res = await create(tokens.admin, body({ name }));
      expect(res.status, name).toBe(409);
      expect(errorBody(res).message).toBe(M.nameTaken);
    }
    expect((await created(tokens.rival, { name: `Follow-up ${tag}` })).brand).toBe(B2._id);
    // Two creates of one name at once: one message.
    const name = `Race ${tag}`;
    const both = await Promise.all([create(tokens.admin, body({ name })), create(tokens.admin2, body({ name: name.toUpperCase() }))]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const names = (await list(tokens.admin, { brand: B._id, limit: 1000 })).body.data.map((x) => x.name.toLowerCase());
    expect(names.filter((n) => n === name.toLowerCase())).toHaveLength(1);
  });

  it('only BRAND_ADMIN, or ADMIN for a brand it names, writes; a User reads (403 to write); another brand is refused', async () => {
    const user = await create(tokens.user, body());
    expect(user.status).toBe(403);
    expect((await list(tokens.user, { brand: B._id })).status).toBe(200);
    expect((await create(tokens.gone, body())).status).toBe(401);
    expect((await callRoute('createCannedMessage', { body: body() })).status).toBe(401);
    // A brand admin naming another brand.
    expect((await create(tokens.rival, body({ brand: B._id }))).status).toBe(403);
    // ADMIN: the brand it acts for, required, existing.
    const noBrand = await create(tokens.siteAdmin, body());
    expect(noBrand.status).toBe(400);
    expect(errorBody(noBrand).message).toBe('brand is required.');
    expect((await create(tokens.siteAdmin, body({ brand: `brand-nowhere-${tag}` }))).status).toBe(404);
    expect((await created(tokens.siteAdmin, { brand: B._id })).brand).toBe(B._id);
  });
});

describe('PUT /cannedmessages/{id}', () => {
  it("updates name, content and status with the spec's toast; the active count and the name order follow", async () => {
    const m = await created(tokens.admin, { name: `Aaa edit ${tag}`, status: 'active' });
    const before = (await list(tokens.admin, { brand: B._id, status: 'active', limit: 1 })).body.totalCount;
    const res = await update(tokens.admin, m._id, { name: `Zzz edited ${tag}`, content: '<p>Bye {lastName}</p><img src=x onerror=alert(1)>', status: 'inactive', brand: B._id, updatedAt: m.updatedAt });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Message updated successfully');
    const u = saveCannedMessageResponse.parse(res.body).data;
    expect(u).toMatchObject({ _id: m._id, name: `Zzz edited ${tag}`, status: 'inactive', createdAt: m.createdAt });
    expect(u.content).toMatch(/^<p>Bye \{lastName\}<\/p>/);
    expect(u.content).not.toMatch(/onerror|alert/);
    expect(u.updatedAt > m.updatedAt).toBe(true);
    expect((await list(tokens.admin, { brand: B._id, status: 'active', limit: 1 })).body.totalCount).toBe(before - 1);
    const all = (await list(tokens.admin, { brand: B._id, limit: 1000 })).body;
    expect(all.data.filter((x) => x._id === m._id)).toEqual([u]);
    expect(all.data.map((x) => x.name.toLowerCase())).toEqual(all.data.map((x) => x.name.toLowerCase()).sort());
    // Its old name is free again; its own name in another case is no clash.
    await created(tokens.admin, { name: `Aaa edit ${tag}` });
    const recase = await update(tokens.admin, m._id, { name: `ZZZ EDITED ${tag}`, content: u.content, status: 'active', updatedAt: u.updatedAt });
    expect(recase.status).toBe(200);
    // Active again, and the new 'Aaa edit' is active too.
    expect((await list(tokens.admin, { brand: B._id, status: 'active', limit: 1 })).body.totalCount).toBe(before + 1);
    // Renaming onto another message's name.
    const clash = await update(tokens.admin, m._id, { name: `aaa EDIT ${tag}`, content: u.content, status: 'active', updatedAt: recase.body.data.updatedAt });
    expect(clash.status).toBe(409);
    expect(errorBody(clash).message).toBe(M.nameTaken);
  });

  it("answers the spec's messages, and a clear one without the version edited", async () => {
    const m = await created(tokens.admin);
    const ok = { name: m.name, content: m.content, status: m.status, updatedAt: m.updatedAt };
    for (const [over, message] of [
      [{ name: '' }, 'Name is required.'],
      [{ content: '<p> </p>' }, 'Message is required.'],
      [{ status: '' }, 'Please select status.'],
      [{ updatedAt: undefined }, M.versionRequired],
    ] as const) {
      const res = await update(tokens.admin, m._id, { ...ok, ...over });
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(errorBody(res).message).toBe(message);
    }
    expect((await update(tokens.admin, 'bad id!', ok)).status).toBe(400);
  });

  it("refuses a User, another brand's admin (404 as an unknown id) and an ADMIN naming another brand", async () => {
    const m = await created(tokens.admin, { name: `Guarded ${tag}` });
    const ok = { name: 'Captured', content: '<p>captured</p>', status: 'active', updatedAt: m.updatedAt };
    expect((await update(tokens.user, m._id, ok)).status).toBe(403);
    const rival = await update(tokens.rival, m._id, ok);
    expect(rival.status).toBe(404);
    expect(errorBody(rival).message).toBe(M.notFound);
    expect(JSON.stringify(rival.body)).not.toContain('Guarded');
    expect((await update(tokens.rival, m._id, { ...ok, brand: B._id })).status).toBe(403);
    expect((await update(tokens.siteAdmin, m._id, { ...ok, brand: B2._id })).status).toBe(404);
    expect((await update(tokens.admin, `canned-nowhere-${tag}`, ok)).status).toBe(404);
    expect((await list(tokens.admin, { brand: B._id, limit: 1000 })).body.data.find((x) => x._id === m._id)?.name).toBe(`Guarded ${tag}`);
    // The ADMIN acting for the brand may edit it.
    const byAdmin = await update(tokens.siteAdmin, m._id, { ...ok, name: `Guarded by admin ${tag}`, brand: B._id });
    expect(byAdmin.status).toBe(200);
  });

  it('two admins saving the same version: the second gets 409 and the first one\'s text stays', async () => {
    const m = await created(tokens.admin, { name: `Shared ${tag}`, content: '<p>v0</p>' });
    const first = await update(tokens.admin, m._id, { name: m.name, content: '<p>from admin</p>', status: 'active', updatedAt: m.updatedAt });
    expect(first.status).toBe(200);
    const second = await update(tokens.admin2, m._id, { name: m.name, content: '<p>from admin2</p>', status: 'inactive', updatedAt: m.updatedAt });
    expect(second.status).toBe(409);
    expect(errorBody(second).message).toBe(M.stale);
    const now = (await list(tokens.admin, { brand: B._id, limit: 1000 })).body.data.find((x) => x._id === m._id)!;
    expect(now).toMatchObject({ content: '<p>from admin</p>', status: 'active', updatedAt: first.body.data.updatedAt });
    // With the version it now has, the second admin's save goes through.
    expect((await update(tokens.admin2, m._id, { name: m.name, content: '<p>from admin2</p>', status: 'active', updatedAt: now.updatedAt })).status).toBe(200);
  });

  it('two saves of one version at the same moment (one renaming it): exactly one wins, the message stays whole', async () => {
    for (let round = 0; round < 3; round++) {
      const m = await created(tokens.admin, { name: `Race edit ${round} ${tag}` });
      const outs = await Promise.all([
        update(tokens.admin, m._id, { name: `Race renamed ${round} ${tag}`, content: '<p>one</p>', status: 'inactive', updatedAt: m.updatedAt }),
        update(tokens.admin2, m._id, { name: m.name, content: '<p>two</p>', status: 'active', updatedAt: m.updatedAt }),
      ]);
      expect(outs.map((o) => o.status).sort()).toEqual([200, 409]);
      const winner = outs.find((o) => o.status === 200)!.body.data;
      const rows = (await list(tokens.admin, { brand: B._id, limit: 1000 })).body.data.filter((x) => x._id === m._id);
      expect(rows).toEqual([winner]);
    }
  });
});

describe('GET /cannedmessages: pages of 10 by name across pages (a brand of its own with 23 messages)', () => {
  const names = Array.from({ length: 23 }, (_, i) => `${String.fromCharCode(97 + ((i * 7) % 23))}${i % 2 ? ' Message' : ' message'} ${i}`);
  beforeAll(async () => {
    for (const [i, name] of names.entries()) await created(tokens.pages, { name, status: i % 3 === 0 ? 'inactive' : 'active' });
  }, 120_000);
  const sorted = (asc: boolean) => [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1) * (asc ? 1 : -1));

  it('name;asc by default, 10 a page, the total kept on write; page numbers and cursors give the same pages', async () => {
    const pages = [];
    for (const p of [1, 2, 3]) {
      const res = await list(tokens.pages, { brand: P._id, page: p });
      expect(res.status).toBe(200);
      listCannedMessagesResponse.parse(res.body);
      expect(res.body.totalCount).toBe(23);
      pages.push(res.body);
    }
    expect(pages.map((p) => p.data.length)).toEqual([10, 10, 3]);
    expect(pages.flatMap((p) => p.data.map((m) => m.name))).toEqual(sorted(true));
    expect(pages[2]!.nextCursor).toBeNull();
    // Walking with the cursors.
    const p2 = await list(tokens.pages, { brand: P._id, page: 2, cursor: pages[0]!.nextCursor! });
    expect(p2.body.data).toEqual(pages[1]!.data);
    const p3 = await list(tokens.pages, { brand: P._id, page: 3, cursor: p2.body.nextCursor! });
    expect(p3.body.data).toEqual(pages[2]!.data);
  });

  it('name;desc reverses the order across pages; status filters with its own total', async () => {
    const desc = [];
    let cursor: string | undefined;
    for (let p = 1; p <= 3; p++) {
      const res = await list(tokens.pages, { brand: P._id, page: p, sort: 'name;desc', cursor });
      desc.push(...res.body.data.map((m) => m.name));
      cursor = res.body.nextCursor ?? undefined;
    }
    expect(desc).toEqual(sorted(false));
    const inactive = names.filter((_, i) => i % 3 === 0);
    const res = await list(tokens.pages, { brand: P._id, status: 'inactive', limit: 5 });
    expect(res.body.totalCount).toBe(inactive.length);
    expect(res.body.data.map((m) => m.name)).toEqual([...inactive].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)).slice(0, 5));
    expect((await list(tokens.pages, { brand: P._id, status: 'active' })).body.totalCount).toBe(23 - inactive.length);
  });

  it('a page past the end is empty, a forged cursor is a 400, another brand a 403', async () => {
    expect((await list(tokens.pages, { brand: P._id, page: 99_999_999 })).body).toEqual({ data: [], totalCount: 23, nextCursor: null });
    const forged = await list(tokens.pages, { brand: P._id, cursor: Buffer.from(JSON.stringify([{ pk: `CANNED#${B._id}`, sk: 'N#a' }])).toString('base64url') });
    expect(forged.status).toBe(400);
    expect(errorBody(forged).message).toBe('The page cursor is not valid for this list.');
    expect((await list(tokens.pages, { brand: P._id, cursor: 'not-a-cursor' })).status).toBe(400);
    expect((await list(tokens.rival, { brand: P._id })).status).toBe(403);
  });
});
