/**
 * The admin Retailer List's calls (001 §2, §5, §7, §9) against the local stack: GET /retailers
 * (whole list, and pages by name with cursors and a total kept on write), POST /retailers,
 * PUT /retailers/{id}, DELETE /retailers/{id}. Retailers of this file's own (random tag): CRUD,
 * every validation message, look-alike slugs, uniqueness races (Promise.all), the slug locked by
 * robot files, the delete policy (refused while anything refers to the retailer), a rename shown
 * by the post office on the next read, and who may call (ADMIN only).
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETAILER_MSG as M } from '../../shared/messages/retailers';
import { signedInAccounts } from '../support/accounts';
import { type ApiResult, callRoute, errorBody, login, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { dropRobotFile, waitForFile } from '../support/post-office';

const tag = randomBytes(4).toString('hex');
const TAG = tag.toUpperCase();
const tokens = {} as Record<'admin' | 'brandAdmin' | 'user' | 'other' | 'gone' | 'goneAdmin', string>;
const B = { _id: `brand-ra-${tag}`, name: `Retail Admin House ${tag}`, slug: `retail-admin-house-${tag}` };
/** Listed (switched off) by B: cannot be deleted. */
const LISTED = { _id: `ret-ra-listed-${tag}`, name: `Listed Store ${tag}`, optId: `RAL${TAG}`, slug: `ra-listed-${tag}`, website: 'https://listed.example' };
/** Not listed by any brand, but B holds its scan info: cannot be deleted. */
const HELD = { _id: `ret-ra-held-${tag}`, name: `Held Store ${tag}`, optId: `RAH${TAG}`, slug: `ra-held-${tag}`, website: 'https://held.example' };

type Body = Record<string, unknown>;
const fields = (n: string, over: Body = {}): Body => ({ name: `Store ${n} ${tag}`, optId: `RA${n}${TAG}`, slug: `ra-${n}-${tag}`, website: `https://ra-${n}.example`, ...over });
const create = (body: unknown, token = tokens.admin) => callRoute('createRetailer', { token, body });
const update = (id: string, body: unknown, token = tokens.admin) => callRoute('updateRetailer', { params: { id }, token, body });
const remove = (id: string, token = tokens.admin) => callRoute('deleteRetailer', { params: { id }, token });
async function created(n: string, over: Body = {}): Promise<{ _id: string; name: string; optId: string; slug: string; website: string }> {
  const res = await create(fields(n, over));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}
const all = async () => (await callRoute('listRetailers', { token: tokens.admin })).body.data;

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  await seedBrand(B, [LISTED, HELD], [{ retailer: LISTED._id, flag: false, webSiteType: 'retailerWithProducts' }]);
  const { upsertScanInfo } = await import('../../functions/scrapings/scrapings.repo');
  await upsertScanInfo(B._id, HELD._id, 'productDate', '2026-01-05', { totalProducts: 1 });
  Object.assign(
    tokens,
    await signedInAccounts(B._id, 'Ratest-2031!', {
      brandAdmin: { _id: `user-ra-ba-${tag}`, email: `ra-ba-${tag}@demo.test`, role: 'BRAND_ADMIN' },
      user: { _id: `user-ra-u-${tag}`, email: `ra-u-${tag}@demo.test` },
      gone: { _id: `user-ra-gone-${tag}`, email: `ra-gone-${tag}@demo.test`, role: 'BRAND_ADMIN', gone: true },
    }),
  );
  tokens.admin = await login('admin@demo.test');
  tokens.other = await login('castellane@demo.test');
  // A site admin who is deleted after signing in.
  const { createUser, deleteUser } = await import('../../functions/users/users.repo');
  const { hashPassword } = await import('../../functions/lib/password');
  const { testUser } = await import('../support/accounts');
  const goneAdmin = testUser({ _id: `user-ra-ga-${tag}`, email: `ra-ga-${tag}@demo.test`, passwordHash: await hashPassword('Ratest-2031!'), brand: null, roles: [{ _id: 'role-admin', name: 'ADMIN', label: 'ADMIN', value: 'role-admin' }] });
  await createUser(goneAdmin);
  tokens.goneAdmin = await login(goneAdmin.email, 'Ratest-2031!');
  await deleteUser(goneAdmin._id);
}, 120_000);

describe('POST /retailers', () => {
  it('adds a retailer (trimmed, Opt ID upper-cased), lists it by name, and resolves its slug for robot drops', async () => {
    const res = await create(fields('a', { name: `  Store a ${tag} `, optId: ` ra-a${tag} `, slug: ` ra-a-${tag} `, website: ' https://ra-a.example/shop ' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(M.added);
    expect(res.body.data).toEqual({ _id: expect.any(String), name: `Store a ${tag}`, optId: `RA-A${TAG}`, slug: `ra-a-${tag}`, website: 'https://ra-a.example/shop' });
    expect((await all()).find((r) => r._id === res.body.data._id)).toEqual(res.body.data);
    const { getRetailerBySlug } = await import('../../functions/retailers/retailers.repo');
    expect((await getRetailerBySlug(`ra-a-${tag}`))?._id).toBe(res.body.data._id);
  });

  it("answers each field's message: required, 2-100 characters, Opt ID characters, slug [a-z0-9-] and reserved words, http(s) website", async () => {
    const long = 'x'.repeat(101);
    const cases: [Body, string][] = [
      [{ ...fields('v'), name: undefined }, M.nameRequired],
      [{ ...fields('v'), name: '   ' }, M.nameRequired],
      [fields('v', { name: 'A' }), M.tooShort],
      [fields('v', { name: long }), M.tooLong],
      [fields('v', { name: '!!' }), M.nameNoLetter],
      [fields('v', { name: 'Bad\u0000Name' }), M.nameControl],
      [fields('v', { name: 'Zero\u200bWidth' }), M.nameControl],
      [fields('v', { optId: '' }), M.optIdRequired],
      [fields('v', { optId: 'OPT 1' }), M.optIdInvalid],
      [fields('v', { optId: 'X'.repeat(65) }), M.optIdInvalid],
      [fields('v', { slug: '' }), M.slugRequired],
      [fields('v', { slug: 'a' }), M.tooShort],
      [fields('v', { slug: 'a'.repeat(61) }), M.tooLong],
      [fields('v', { slug: `Ra-Upper-${tag}` }), M.slugInvalid],
      [fields('v', { slug: `-ra-lead-${tag}` }), M.slugInvalid],
      [fields('v', { slug: `ra-trail-${tag}-` }), M.slugInvalid],
      [fields('v', { slug: `ra--double-${tag}` }), M.slugInvalid],
      [fields('v', { slug: `ra_under_${tag}` }), M.slugInvalid],
      [fields('v', { slug: `ra/../${tag}` }), M.slugInvalid],
      [fields('v', { slug: 'ｈａｒｒｏｗｇａｔｅ-finch' }), M.slugInvalid],
      [fields('v', { slug: 'һarrowgate-finch' }), M.slugInvalid], // Cyrillic һ
      [fields('v', { slug: 'lumière-boutique' }), M.slugInvalid],
      [fields('v', { slug: 'unknown' }), M.slugReserved('unknown')],
      [fields('v', { slug: 'incoming' }), M.slugReserved('incoming')],
      [fields('v', { slug: 'con' }), M.slugReserved('con')],
      [fields('v', { website: '' }), M.websiteRequired],
      [fields('v', { website: 'ra-v.example' }), M.websiteInvalid],
      [fields('v', { website: 'javascript:alert(1)' }), M.websiteInvalid],
      [fields('v', { website: 'ftp://ra-v.example' }), M.websiteInvalid],
      [fields('v', { website: 'https://user:secret@ra-v.example' }), M.websiteInvalid],
      [fields('v', { website: 'https://ra v.example' }), M.websiteInvalid],
      [fields('v', { website: `https://${'x'.repeat(2050)}.example` }), M.tooLong],
      [{ ...fields('v'), extra: 1 }, 'Unknown parameter: extra.'],
    ];
    for (const [body, message] of cases) {
      const res = await create(body);
      expect(res.status, `${JSON.stringify(body).slice(0, 120)} → ${JSON.stringify(res.body)}`).toBe(400);
      expect(errorBody(res).message, JSON.stringify(body).slice(0, 120)).toBe(message);
    }
    expect((await all()).some((r) => r.slug === `ra-v-${tag}` || r.optId === `RAV${TAG}`)).toBe(false);
    expect((await callRoute('createRetailer', { query: { brand: 'x' }, token: tokens.admin, body: fields('v') })).status).toBe(400);
  });

  it('refuses a name, Opt ID or slug another retailer holds (names folded, Opt IDs case-insensitive), naming each', async () => {
    const name = await create(fields('n', { name: 'harrowgate   & FINCH' }));
    expect(name.status).toBe(409);
    expect(errorBody(name).message).toBe(M.nameTaken);
    const accented = await create(fields('n', { name: 'Lumiere Boutique!' }));
    expect(errorBody(accented).message).toBe(M.nameTaken);
    const opt = await create(fields('n', { optId: 'opt1001' }));
    expect(opt.status).toBe(409);
    expect(errorBody(opt).message).toBe(M.optIdTaken('OPT1001'));
    const slug = await create(fields('n', { slug: 'harrowgate-finch' }));
    expect(errorBody(slug).message).toBe(M.slugTaken('harrowgate-finch'));
    const three = await create({ name: 'Harrowgate & Finch', optId: 'OPT1001', slug: 'harrowgate-finch', website: 'https://x.example' });
    expect(three.status).toBe(409);
    expect(errorBody(three).issues?.map((i) => i.path).sort()).toEqual(['name', 'optId', 'slug']);
    expect((await all()).filter((r) => r.slug === 'harrowgate-finch' || r.optId === 'OPT1001' || r.name === 'Harrowgate & Finch').map((r) => r._id)).toEqual(['ret-harrowgate']);
  });

  it('two admins racing for the same name, slug or Opt ID: exactly one wins, the others are told which value is taken', async () => {
    for (const [label, over] of [
      ['all three', {}],
      ['the slug only', (i: number) => ({ name: `Race ${i} ${tag}`, optId: `RACE${i}${TAG}` })],
      ['the Opt ID only', (i: number) => ({ name: `Race Opt ${i} ${tag}`, slug: `ra-race-opt-${i}-${tag}` })],
      ['the name only', (i: number) => ({ optId: `RACEN${i}${TAG}`, slug: `ra-race-name-${i}-${tag}` })],
    ] as const) {
      const base = fields(`race-${label.replace(/\W+/g, '')}`);
      const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => create({ ...base, ...(typeof over === 'function' ? over(i) : over) })));
      expect(answers.map((a) => a.status).sort(), label).toEqual([200, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.status === 409)) expect(errorBody(a).message, label).toMatch(/already exists|belongs to another retailer/);
    }
  });
});

describe('many adds at once', () => {
  it('25 different retailers added at once all commit (their transactions share the count item: conflicts are retried)', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, i) => create(fields(`bulk${i}`))));
    expect(answers.map((a) => a.status)).toEqual(Array.from({ length: 25 }, () => 200));
    const slugs = new Set((await all()).map((r) => r.slug));
    for (let i = 0; i < 25; i++) expect(slugs.has(`ra-bulk${i}-${tag}`)).toBe(true);
  });
});

describe('GET /retailers', () => {
  it('pages by name with cursors (100 a page by default), the pages agreeing with the whole list, the total kept on write', async () => {
    for (let i = 0; i < 3; i++) await created(`page${i}`);
    const first = await callRoute('listRetailers', { token: tokens.admin, query: { page: 1 } });
    expect(first.status).toBe(200);
    expect(first.body.data.length).toBe(Math.min(100, first.body.totalCount));
    const walked: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await callRoute('listRetailers', { token: tokens.admin, query: cursor ? { limit: 7, cursor } : { page: 1, limit: 7 } });
      expect(res.status).toBe(200);
      expect(res.body.data.length).toBeLessThanOrEqual(7);
      walked.push(...res.body.data.map((r) => r.name));
      cursor = res.body.nextCursor ?? undefined;
      pages++;
    } while (cursor && pages < 500);
    const lower = walked.map((n) => n.toLowerCase());
    expect(lower).toEqual([...lower].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(walked).toEqual(expect.arrayContaining([`Store page0 ${tag}`, `Store page1 ${tag}`, `Store page2 ${tag}`]));
    // Page 2 asked by number = page 2 reached by the cursor.
    const p1 = await callRoute('listRetailers', { token: tokens.admin, query: { page: 1, limit: 3 } });
    const [byNumber, byCursor] = await Promise.all([
      callRoute('listRetailers', { token: tokens.admin, query: { page: 2, limit: 3 } }),
      callRoute('listRetailers', { token: tokens.admin, query: { limit: 3, cursor: p1.body.nextCursor! } }),
    ]);
    expect(byNumber.body.data.map((r) => r._id)).toEqual(byCursor.body.data.map((r) => r._id));
    // The total kept on write equals the retailers there are (other suites add theirs meanwhile: asked until both reads agree).
    await expect
      .poll(async () => {
        const [list, page] = await Promise.all([callRoute('listRetailers', { token: tokens.admin }), callRoute('listRetailers', { token: tokens.admin, query: { page: 1, limit: 1 } })]);
        return list.body.data.length - page.body.totalCount;
      })
      .toBe(0);
  });

  it('answers a page past the end empty (reading nothing), and refuses a bad page, limit or cursor', async () => {
    const far = await callRoute('listRetailers', { token: tokens.admin, query: { page: 999_999 } });
    expect(far.status).toBe(200);
    expect(far.body).toMatchObject({ data: [], nextCursor: null });
    expect(far.body.totalCount).toBeGreaterThan(0);
    for (const query of [{ page: 0 }, { page: 1.5 }, { page: 10_000_000 }, { limit: 0 }, { limit: 5000 }, { page: 'x' }] as Body[]) {
      expect((await callRoute('listRetailers', { query: query as Record<string, string | number>, token: tokens.admin })).status, JSON.stringify(query)).toBe(400);
    }
    const forged = await callRoute('listRetailers', { query: { cursor: Buffer.from(JSON.stringify([{ pk: 'USER#user-admin', sk: 'USER', gsi1pk: 'USERS', gsi1sk: 'a' }])).toString('base64url') }, token: tokens.admin });
    expect(forged.status).toBe(400);
    expect(errorBody(forged).message).toBe('The page cursor is not valid for this list.');
  });
});

describe('PUT /retailers/{id}', () => {
  it('edits every field; the old name, Opt ID and slug are free again at once', async () => {
    const r = await created('e');
    const res = await update(r._id, fields('e2'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: M.updated, data: { _id: r._id, ...fields('e2'), optId: `RAE2${TAG}` } });
    expect((await all()).find((x) => x._id === r._id)?.name).toBe(`Store e2 ${tag}`);
    const again = await created('e');
    expect(again.slug).toBe(r.slug);
    // Unchanged values and a change of case of the name keep their reservations.
    const same = await update(r._id, fields('e2', { name: `STORE E2 ${tag}` }));
    expect(same.status).toBe(200);
    expect((await update(r._id, fields('e2', { slug: again.slug }))).status).toBe(409);
  });

  it("refuses another retailer's name, Opt ID or slug, a bad field, and an unknown id", async () => {
    const r = await created('f');
    expect(errorBody(await update(r._id, fields('f', { slug: 'lumiere-boutique' }))).message).toBe(M.slugTaken('lumiere-boutique'));
    expect(errorBody(await update(r._id, fields('f', { optId: 'Opt1002' }))).message).toBe(M.optIdTaken('OPT1002'));
    expect(errorBody(await update(r._id, fields('f', { name: 'LUMIÈRE boutique' }))).message).toBe(M.nameTaken);
    expect(errorBody(await update(r._id, fields('f', { website: 'mailto:a@b.c' }))).message).toBe(M.websiteInvalid);
    expect((await update(`ret-none-${tag}`, fields('f'))).status).toBe(404);
    expect((await update('bad id!', fields('f'))).status).toBe(400);
    expect((await all()).find((x) => x._id === r._id)).toEqual(r);
  });

  it('two admins taking the same slug for two retailers at once: one wins', async () => {
    const [a, b] = [await created('ga'), await created('gb')];
    const target = { slug: `ra-race-edit-${tag}` };
    const answers = await Promise.all([update(a._id, fields('ga', target)), update(b._id, fields('gb', target))]);
    expect(answers.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(errorBody(answers.find((x) => x.status === 409)!).message).toBe(M.slugTaken(target.slug));
    expect((await all()).filter((x) => x.slug === target.slug)).toHaveLength(1);
  });

  it("locks the slug once a robot file was dropped in the retailer's folder; other fields still change", async () => {
    const r = await created('lock');
    expect((await update(r._id, fields('lock', { slug: `ra-lock2-${tag}` }))).status).toBe(200);
    await waitForFile(tokens.admin, await dropRobotFile(`ra-lock2-${tag}`, 'product', '2026-01-05', 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID\nRA-1,One,House,RA-1,10.00,One,,https://ra.example/1,,In stock,\n'));
    const locked = await update(r._id, fields('lock', { slug: `ra-lock3-${tag}` }));
    expect(locked.status).toBe(409);
    expect(errorBody(locked).message).toBe(M.slugLocked(`ra-lock2-${tag}`));
    expect(errorBody(locked).issues?.[0]?.path).toBe('slug');
    const renamed = await update(r._id, fields('lock', { slug: `ra-lock2-${tag}`, name: `Renamed Lock ${tag}` }));
    expect(renamed.status).toBe(200);
    // The post office shows the new name on its next read (list, filtered list, one file).
    const files = await callRoute('listFiles', { token: tokens.admin, query: { name: `ra-lock2-${tag}` } });
    expect(files.body.data.length).toBeGreaterThan(0);
    expect(files.body.data.every((f) => f.retailerName === `Renamed Lock ${tag}`)).toBe(true);
    const one = await callRoute('getFile', { token: tokens.admin, params: { fId: files.body.data[0]!._id } });
    expect(one.body[0]?.retailerName).toBe(`Renamed Lock ${tag}`);
    // …and it cannot be deleted any more (its files would be orphaned).
    const del = await remove(r._id);
    expect(del.status).toBe(409);
    expect(errorBody(del).message).toBe(M.inUse(`Renamed Lock ${tag}`, [M.inUseFiles]));
  });
});

describe('DELETE /retailers/{id}', () => {
  it('deletes a retailer nothing refers to: gone from the list, its name, Opt ID and slug free again; a second delete is 404', async () => {
    const r = await created('d');
    const res = await remove(r._id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: M.deleted, _id: r._id });
    expect((await all()).some((x) => x._id === r._id)).toBe(false);
    expect((await remove(r._id)).status).toBe(404);
    const again = await created('d');
    expect(again._id).not.toBe(r._id);
    const { getRetailerBySlug } = await import('../../functions/retailers/retailers.repo');
    expect((await getRetailerBySlug(r.slug))?._id).toBe(again._id);
  });

  it('refuses a retailer a brand lists (even switched off), one whose history a brand holds, and a demo retailer with files', async () => {
    const listed = await remove(LISTED._id);
    expect(listed.status).toBe(409);
    expect(errorBody(listed).message).toBe(M.inUse(LISTED.name, [M.inUseBrands([B.name], 0)]));
    const held = await remove(HELD._id);
    expect(held.status).toBe(409);
    expect(errorBody(held).message).toBe(M.inUse(HELD.name, [M.inUseData]));
    const demo = await remove('ret-harrowgate');
    expect(demo.status).toBe(409);
    expect(errorBody(demo).message).toContain(M.inUseFiles);
    expect(errorBody(demo).message).toContain('Castellane Paris');
    expect((await all()).map((x) => x._id)).toEqual(expect.arrayContaining([LISTED._id, HELD._id, 'ret-harrowgate']));
  });

  it('two admins deleting the same retailer at once: one deletes it, the others are told it is gone or changed', async () => {
    const r = await created('dd');
    const answers = await Promise.all([remove(r._id), remove(r._id), remove(r._id)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200)) expect([404, 409]).toContain(a.status);
  });
});

describe('who may call', () => {
  it('only ADMIN: brand admins, users and another brand get 403, no token or a deleted account 401, and nothing changes', async () => {
    const r = await created('who');
    const calls: [string, (token?: string) => Promise<ApiResult>][] = [
      ['GET /retailers?page=1', (token) => callRoute('listRetailers', { query: { page: '1' }, token })],
      ['GET /retailers', (token) => callRoute('listRetailers', { token })],
      ['POST /retailers', (token) => callRoute('createRetailer', { token, body: fields('who2') })],
      [`PUT /retailers/${r._id}`, (token) => callRoute('updateRetailer', { params: { id: r._id }, token, body: fields('who', { name: `Taken Over ${tag}` }) })],
      [`DELETE /retailers/${r._id}`, (token) => callRoute('deleteRetailer', { params: { id: r._id }, token })],
    ];
    for (const [who, status] of [
      ['brandAdmin', 403],
      ['user', 403],
      ['other', 403],
      ['gone', 401],
      ['goneAdmin', 401],
      ['none', 401],
    ] as const) {
      for (const [call, send] of calls) {
        const res = await send(who === 'none' ? undefined : tokens[who]);
        expect(res.status, `${who} ${call}`).toBe(status);
        expect(JSON.stringify(res.body)).not.toContain(r.optId);
      }
    }
    const list = await all();
    expect(list.find((x) => x._id === r._id)).toEqual(r);
    expect(list.some((x) => x.slug === `ra-who2-${tag}`)).toBe(false);
  });
});
