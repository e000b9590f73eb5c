/**
 * The Address Book and EMAIL HISTORY of the retailer page (000 §2, §5, §6, §7, §8) against the
 * local stack: GET /getContactInfo, POST /addressBooks, DELETE /addressBooks/{id} and
 * GET /email_history on a brand, retailers and users of this file's own (exact lists whatever else
 * the stack holds), plus the demo brand's seeded contacts and emails. Tenants, assigned retailers,
 * roles, look-alike addresses, bad input and concurrent adds.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADDRESS_BOOK_MSG as M } from '../../shared/messages/address-book';
import { contactInfoResponse, emailHistoryResponse } from '../../shared/schemas/address-book';
import { signedInAccounts, type AccountSpec } from '../support/accounts';
import { seedBrand } from '../support/brands';
import { callRoute, errorBody, login, stack } from '../support/api';
import { demo } from '../support/demo';

const tag = randomBytes(4).toString('hex');
const B = { _id: `brand-ab-${tag}`, name: `Address House ${tag}`, slug: `address-house-${tag}` };
const retailer = (n: string) => ({ _id: `ret-ab${n}-${tag}`, name: `Book Store ${n} ${tag}`, optId: `AB${n}${tag}`.toUpperCase(), slug: `ab${n}-${tag}`, website: `https://ab${n}.example` });
const R1 = retailer('1');
const R2 = retailer('2');
/** Carried once, switched off: no contacts can be added. */
const ROFF = retailer('3');
/** Not carried by the brand at all. */
const RNOT = retailer('4');
/** Carried, never given a contact. */
const REMPTY = retailer('5');
const PASSWORD = 'Abtest-2031!';
const users = {
  admin: { _id: `user-ab-admin-${tag}`, email: `ab-admin-${tag}@demo.test`, role: 'BRAND_ADMIN' },
  user: { _id: `user-ab-user-${tag}`, email: `ab-user-${tag}@demo.test` },
  rep: { _id: `user-ab-rep-${tag}`, email: `ab-rep-${tag}@demo.test`, associated_retailers: [R1._id] },
  gone: { _id: `user-ab-gone-${tag}`, email: `ab-gone-${tag}@demo.test`, role: 'BRAND_ADMIN', gone: true },
} satisfies Record<string, AccountSpec>;
const tokens = {} as Record<'admin' | 'user' | 'rep' | 'gone' | 'siteAdmin' | 'other' | 'demoAdmin' | 'demoUser', string>;
const scanInfo: Record<string, string> = {};
let periodR2 = '';

const contact = (over: Record<string, unknown> = {}) => ({ firstName: 'Ada', lastName: 'Lovelace', email: `ada-${tag}@x.test`, role: 'Buyer', retailer: R1._id, ...over });
const add = (token: string, body: unknown) => callRoute('addContact', { token, body });
const list = (token: string, query: Record<string, string | number | undefined>) => callRoute('getContactInfo', { token, query });

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  const { upsertScanInfo, putPeriod } = await import('../../functions/scrapings/scrapings.repo');
  const { periodIdOf, scanInfoIdOf } = await import('../../functions/scrapings/domain/ids');
  const { recordEmail } = await import('../../functions/contact/email-history.repo');
  const { periodRecord } = await import('../support/scrapes');
  await seedBrand(B, [R1, R2, ROFF, RNOT, REMPTY], [
    { retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' },
    { retailer: R2._id, flag: true, webSiteType: 'retailerWithProducts' },
    { retailer: ROFF._id, flag: false, webSiteType: 'retailerWithProducts' },
    { retailer: REMPTY._id, flag: true, webSiteType: 'retailerWithModule' },
  ]);
  Object.assign(tokens, await signedInAccounts(B._id, PASSWORD, users));
  tokens.siteAdmin = await login('admin@demo.test');
  tokens.other = await login('castellane@demo.test');
  tokens.demoAdmin = await login('brandadmin@demo.test');
  tokens.demoUser = await login('user@demo.test');

  // Scan infos of both retailers (R1 by its scan info, R2 also by a period id) and emails in their history.
  for (const r of [R1, R2]) {
    await upsertScanInfo(B._id, r._id, 'productDate', '2026-01-05', { totalProducts: 1 });
    scanInfo[r._id] = scanInfoIdOf(B._id, r._id);
  }
  periodR2 = periodIdOf(B._id, R2._id, '2026-01-05');
  await putPeriod(periodRecord({ _id: periodR2, brand: B._id, retailer: R2._id, date: '2026-01-05', version: `v${tag}` }));
  const email = (i: number, r: string) => ({
    _id: `em-${tag}-${r}-${i}`,
    subject: `Subject ${i} of ${r}`,
    createdAt: new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString(),
    htmlResponse: `<p>Body <strong>${i}</strong> ${r}</p>`,
    brand: B._id,
    retailer: r,
    retailerBrandScraping: scanInfo[r]!,
    sentBy: users.admin._id,
    to: [`to-${i}@x.test`],
    cc: ['cc@x.test'],
    bcc: [`secret-bcc-${tag}@x.test`],
    source: 'product',
    products: [],
    attachments: i === 0 ? ['shot.png'] : [],
  });
  for (let i = 0; i < 30; i++) await recordEmail(email(i, R1._id));
  await recordEmail(email(0, R1._id)); // a retry: written and counted once
  await recordEmail(email(0, R2._id));
}, 120_000);

describe('POST /addressBooks', () => {
  it("adds a contact to the brand's retailer, trimmed, with the spec's toast, and lists it", async () => {
    const res = await add(tokens.admin, contact({ firstName: '  Ada ', lastName: ' Lovelace ', email: `  first-${tag}@x.test `, role: ' Buyer ' }));
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contact added successfully.');
    expect(res.body.data).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: `first-${tag}@x.test`, role: 'Buyer', brand: B._id, retailer: R1._id });
    const page = await list(tokens.admin, { retailer: R1._id });
    expect(page.status).toBe(200);
    expect(page.body.retailer_contacts.map((c) => c.email)).toContain(`first-${tag}@x.test`);
  });

  it("answers the form's messages for missing, blank, too long and malformed fields", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [contact({ firstName: undefined }), M.firstNameRequired],
      [contact({ firstName: '   ' }), 'First name is required.'],
      [contact({ lastName: '' }), 'Last name is required.'],
      [contact({ email: '' }), M.emailRequired],
      [contact({ email: 'not-an-email' }), 'Invalid Email Address'],
      [contact({ email: 'a@b' }), 'Invalid Email Address'],
      [contact({ email: `${'a'.repeat(250)}@x.test` }), 'Too Long!'],
      [contact({ role: undefined }), M.roleRequired],
      [contact({ firstName: 'x'.repeat(51) }), 'Too Long!'],
      [contact({ role: 'r'.repeat(101) }), 'Too Long!'],
      [contact({ retailer: undefined }), 'retailer is required.'],
      [contact({ retailer: '../x' }), 'Invalid id.'],
      [contact({ firstName: 42 }), M.firstNameRequired],
    ];
    for (const [body, message] of cases) {
      const res = await add(tokens.admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(errorBody(res).message, JSON.stringify(body)).toBe(message);
    }
    // every missing field is named at once
    const all = await add(tokens.admin, { retailer: R1._id });
    expect(errorBody(all).issues?.map((i) => i.message)).toEqual(expect.arrayContaining([M.firstNameRequired, M.lastNameRequired, M.emailRequired, M.roleRequired]));
  });

  it("answers 409 for an address the retailer already has, whatever its case ('A@x.test' vs 'a@x.test'); another retailer may have it", async () => {
    const first = await add(tokens.admin, contact({ email: `Look-${tag}@X.test` }));
    expect(first.status).toBe(200);
    for (const email of [`look-${tag}@x.test`, `LOOK-${tag}@x.TEST`, ` look-${tag}@x.test `]) {
      const again = await add(tokens.admin, contact({ email, firstName: 'Other' }));
      expect(again.status, email).toBe(409);
      expect(errorBody(again).message).toBe(M.duplicate);
    }
    const page = await list(tokens.admin, { retailer: R1._id, limit: 1000 });
    expect(page.body.retailer_contacts.filter((c) => c.email.toLowerCase() === `look-${tag}@x.test`)).toHaveLength(1);
    expect((await add(tokens.admin, contact({ email: `look-${tag}@x.test`, retailer: R2._id }))).status).toBe(200);
  });

  it('makes one contact of 40 concurrent adds of one address', async () => {
    const email = `race-${tag}@x.test`;
    const outs = await Promise.all(Array.from({ length: 40 }, (_, i) => add(tokens.admin, contact({ email: i % 2 ? email.toUpperCase() : email, retailer: R2._id }))));
    expect(outs.filter((o) => o.status === 200)).toHaveLength(1);
    expect(outs.filter((o) => o.status === 409)).toHaveLength(39);
    const page = await list(tokens.admin, { retailer: R2._id, limit: 1000 });
    expect(page.body.retailer_contacts.filter((c) => c.email.toLowerCase() === email)).toHaveLength(1);
    expect(page.body.totalCount).toBe(page.body.retailer_contacts.length);
  });

  it("refuses a retailer the brand does not carry (or switched off), another brand's and an unassigned retailer", async () => {
    for (const r of [ROFF._id, RNOT._id, 'ret-does-not-exist']) {
      const res = await add(tokens.admin, contact({ retailer: r, email: `no-${tag}@x.test` }));
      expect(res.status, r).toBe(404);
      expect(errorBody(res).message).toBe(M.retailerNotFound);
    }
    // the brand in the body must be the caller's
    const cross = await add(tokens.other, contact({ brand: B._id, email: `cross-${tag}@x.test` }));
    expect(cross.status).toBe(403);
    // Castellane Paris does not carry R1: its own brand gives 404
    expect((await add(tokens.other, contact({ email: `cross-${tag}@x.test` }))).status).toBe(404);
    // a User assigned R1 only
    expect((await add(tokens.rep, contact({ retailer: R2._id, email: `rep-${tag}@x.test` }))).status).toBe(403);
    expect((await add(tokens.rep, contact({ retailer: R1._id, email: `rep-${tag}@x.test` }))).status).toBe(200);
    // a plain User with no assignment adds to any retailer of the brand (000 §6 limits only deletes)
    expect((await add(tokens.user, contact({ retailer: R2._id, email: `user-${tag}@x.test` }))).status).toBe(200);
    const none = await list(tokens.admin, { retailer: R1._id, limit: 1000 });
    expect(JSON.stringify(none.body)).not.toContain(`cross-${tag}`);
  });

  it('lets an ADMIN add for the brand it names, and asks for one when it names none', async () => {
    expect((await add(tokens.siteAdmin, contact({ brand: B._id, email: `site-${tag}@x.test` }))).status).toBe(200);
    const none = await add(tokens.siteAdmin, contact({ email: `site2-${tag}@x.test` }));
    expect(none.status).toBe(400);
    expect(errorBody(none).message).toBe(M.brandRequired);
  });

  it("answers 401 without a token and to a deleted user's token", async () => {
    expect((await add('', contact())).status).toBe(401);
    expect((await add(tokens.gone!, contact({ email: `gone-${tag}@x.test` }))).status).toBe(401);
  });
});

describe('GET /getContactInfo', () => {
  it('pages the contacts by address, 25 a page by default, with the count kept on write and a cursor', async () => {
    const { putContact } = await import('../../functions/address-book/contacts.repo');
    // 30 contacts of its own on a fresh retailer of the brand
    const R = retailer('p');
    const { putRetailer } = await import('../../functions/retailers/retailers.repo');
    const { getBrand, putBrand } = await import('../../functions/brands/brands.repo');
    const now = new Date().toISOString();
    await putRetailer({ ...R, createdAt: now, updatedAt: now });
    const brand = (await getBrand(B._id))!;
    await putBrand({ ...brand, retailers: [...brand.retailers, { retailer: R._id, flag: true, webSiteType: 'retailerWithProducts' }] });
    const emails = Array.from({ length: 30 }, (_, i) => `p${String(i).padStart(2, '0')}-${tag}@x.test`);
    for (const email of [...emails].reverse()) await putContact({ firstName: 'P', lastName: 'Q', email, role: 'Buyer', brand: B._id, retailer: R._id, createdBy: 'test' });

    const first = await list(tokens.admin, { retailer: R._id });
    expect(first.status).toBe(200);
    expect(() => contactInfoResponse.parse(first.body)).not.toThrow();
    expect(first.body.totalCount).toBe(30);
    expect(first.body.retailer_contacts.map((c) => c.email)).toEqual(emails.slice(0, 25));
    const second = await list(tokens.admin, { retailer: R._id, page: 2 });
    expect(second.body.retailer_contacts.map((c) => c.email)).toEqual(emails.slice(25));
    const byCursor = await list(tokens.admin, { retailer: R._id, cursor: first.body.nextCursor! });
    expect(byCursor.body.retailer_contacts.map((c) => c.email)).toEqual(emails.slice(25));
    const far = await list(tokens.admin, { retailer: R._id, page: 99_999_999 });
    expect(far.status).toBe(200);
    expect(far.body).toEqual({ retailer_contacts: [], totalCount: 30, nextCursor: null });
  });

  it('answers an empty list for a retailer without contacts', async () => {
    for (const [token, query] of [
      [tokens.admin, { retailer: REMPTY._id }],
      [tokens.user, { retailer: REMPTY._id }],
      [tokens.siteAdmin, { brand: B._id, retailer: REMPTY._id }],
    ] as const) {
      const res = await list(token!, query);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ retailer_contacts: [], totalCount: 0, nextCursor: null });
    }
  });

  it('refuses bad input with a clear message', async () => {
    for (const [q, message] of [
      [{}, 'retailer is required.'],
      [{ retailer: '' }, 'retailer is required.'],
      [{ retailer: 'a b' }, 'Invalid id.'],
      [{ retailer: R1._id, page: 0 }, undefined],
      [{ retailer: R1._id, limit: 100000 }, undefined],
      [{ retailer: R1._id, cursor: 'garbage' }, undefined],
    ] as const) {
      const res = await list(tokens.admin, q as Record<string, string | number>);
      expect(res.status, JSON.stringify(q)).toBe(400);
      if (message) expect(errorBody(res).message).toBe(message);
    }
    const res = await list(tokens.siteAdmin, { retailer: R1._id });
    expect(res.status).toBe(400);
    expect(errorBody(res).message).toBe(M.brandRequired);
  });

  it("keeps tenants and assigned retailers apart: another brand's, an unassigned retailer's, a retailer the brand does not carry", async () => {
    // another brand in the query → 403 (tenant rule); its own brand with our retailer → 404
    expect((await list(tokens.other, { brand: B._id, retailer: R1._id })).status).toBe(403);
    expect((await list(tokens.other, { retailer: R1._id })).status).toBe(404);
    // the assigned-retailer User: R1 yes, R2 no
    expect((await list(tokens.rep, { retailer: R1._id })).status).toBe(200);
    const r2 = await list(tokens.rep, { retailer: R2._id });
    expect(r2.status).toBe(403);
    expect(JSON.stringify(r2.body)).not.toContain(`race-${tag}`);
    expect((await list(tokens.admin, { retailer: ROFF._id })).status).toBe(404);
    expect((await list(tokens.admin, { retailer: RNOT._id })).status).toBe(404);
    expect((await list('', { retailer: R1._id })).status).toBe(401);
    expect((await list(tokens.gone!, { retailer: R1._id })).status).toBe(401);
  });
});

describe('DELETE /addressBooks/{id}', () => {
  it("deletes as the brand admin with the spec's toast; a second delete is a 404", async () => {
    const added = await add(tokens.admin, contact({ email: `del-${tag}@x.test`, retailer: R2._id }));
    const id = added.body.data._id as string;
    const before = (await list(tokens.admin, { retailer: R2._id, limit: 1000 })).body.totalCount;
    const res = await callRoute('deleteContact', { token: tokens.admin, params: { id } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contact deleted successfully.');
    const after = await list(tokens.admin, { retailer: R2._id, limit: 1000 });
    expect(after.body.totalCount).toBe(before - 1);
    expect(after.body.retailer_contacts.map((c) => c._id)).not.toContain(id);
    const twice = await callRoute('deleteContact', { token: tokens.admin, params: { id } });
    expect(twice.status).toBe(404);
    expect(errorBody(twice).message).toBe(M.contactNotFound);
    // the address can be added again, as a new contact
    expect((await add(tokens.admin, contact({ email: `del-${tag}@x.test`, retailer: R2._id }))).status).toBe(200);
  });

  it('refuses a User (403) and keeps the contact', async () => {
    const added = await add(tokens.admin, contact({ email: `keep-${tag}@x.test` }));
    const id = added.body.data._id as string;
    for (const who of ['user', 'rep'] as const) {
      const res = await callRoute('deleteContact', { token: tokens[who], params: { id } });
      expect(res.status, who).toBe(403);
    }
    expect((await callRoute('deleteContact', { token: tokens.demoUser, params: { id } })).status).toBe(403);
    const page = await list(tokens.admin, { retailer: R1._id, limit: 1000 });
    expect(page.body.retailer_contacts.map((c) => c._id)).toContain(id);
  });

  it("answers 404 to another brand's admin without telling the contact exists, and an ADMIN deletes for the brand it names", async () => {
    const added = await add(tokens.admin, contact({ email: `victim-${tag}@x.test` }));
    const id = added.body.data._id as string;
    const unknown = await callRoute('deleteContact', { token: tokens.other, params: { id: `nope${tag}` } });
    const cross = await callRoute('deleteContact', { token: tokens.other, params: { id } });
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual(unknown.body);
    expect(JSON.stringify(cross.body)).not.toContain('victim');
    // another brand's query → the tenant rule
    expect((await callRoute('deleteContact', { token: tokens.other, params: { id }, query: { brand: B._id } })).status).toBe(403);
    // an ADMIN naming another brand: not that brand's contact
    expect((await callRoute('deleteContact', { token: tokens.siteAdmin, params: { id }, query: { brand: 'brand-castellane' } })).status).toBe(404);
    expect((await list(tokens.admin, { retailer: R1._id, limit: 1000 })).body.retailer_contacts.map((c) => c._id)).toContain(id);
    const ok = await callRoute('deleteContact', { token: tokens.siteAdmin, params: { id }, query: { brand: B._id } });
    expect(ok.status).toBe(200);
    expect((await callRoute('deleteContact', { token: tokens.admin, params: { id: '../etc' } })).status).toBe(400);
    // nothing but `brand` is taken on a delete
    const extra = await callRoute('deleteContact', { params: { id }, query: { page: '1' }, token: tokens.admin });
    expect(extra.status).toBe(400);
    expect(errorBody(extra).message).toBe('Unknown parameter: page.');
    expect((await callRoute('deleteContact', { token: tokens.gone!, params: { id } })).status).toBe(401);
  });
});

describe('GET /email_history', () => {
  const history = (token: string, query: Record<string, string | number | undefined>) => callRoute('getEmailHistory', { token, query });

  it('pages the retailer’s emails newest first, 25 by default, counted once per email, with what the Preview shows', async () => {
    const first = await history(tokens.admin, { retailer_brand_scraping: scanInfo[R1._id]! });
    expect(first.status).toBe(200);
    expect(() => emailHistoryResponse.parse(first.body)).not.toThrow();
    expect(first.body.totalCount).toBe(30);
    expect(first.body.data.map((e) => e.subject)).toEqual(Array.from({ length: 25 }, (_, i) => `Subject ${29 - i} of ${R1._id}`));
    const e0 = (await history(tokens.admin, { retailer_brand_scraping: scanInfo[R1._id]!, page: 2 })).body.data;
    expect(e0.map((e) => e.subject)).toEqual(Array.from({ length: 5 }, (_, i) => `Subject ${4 - i} of ${R1._id}`));
    expect(e0.at(-1)).toMatchObject({ htmlResponse: `<p>Body <strong>0</strong> ${R1._id}</p>`, to: ['to-0@x.test'], cc: ['cc@x.test'], attachments: ['shot.png'], createdAt: '2026-01-01T09:00:00.000Z' });
    // the BCC addresses sent show in the Preview (issue 20 §6)
    expect(first.body.data[0]!.bcc).toEqual([`secret-bcc-${tag}@x.test`]);
    const byCursor = await history(tokens.admin, { retailer_brand_scraping: scanInfo[R1._id]!, cursor: first.body.nextCursor! });
    expect(byCursor.body.data.map((e) => e._id)).toEqual(e0.map((e) => e._id));
    const far = await history(tokens.admin, { retailer_brand_scraping: scanInfo[R1._id]!, page: 99_999_999 });
    expect(far.body).toEqual({ data: [], totalCount: 30, nextCursor: null });
  });

  it('takes a period id of the retailer too, and answers only that retailer’s emails', async () => {
    const res = await history(tokens.admin, { retailer_brand_scraping: periodR2 });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e) => e.subject)).toEqual([`Subject 0 of ${R2._id}`]);
  });

  it('keeps tenants and assigned retailers apart', async () => {
    const cross = await history(tokens.other, { retailer_brand_scraping: scanInfo[R1._id]! });
    const unknown = await history(tokens.other, { retailer_brand_scraping: `nope${tag}` });
    expect(cross.status).toBe(404);
    expect(cross.body).toEqual(unknown.body);
    expect(errorBody(cross).message).toBe(M.scanInfoNotFound);
    expect((await history(tokens.other, { retailer_brand_scraping: periodR2 })).status).toBe(404);
    expect((await history(tokens.rep, { retailer_brand_scraping: scanInfo[R1._id]! })).status).toBe(200);
    const r2 = await history(tokens.rep, { retailer_brand_scraping: scanInfo[R2._id]! });
    expect(r2.status).toBe(403);
    expect(JSON.stringify(r2.body)).not.toContain('Subject');
    expect((await history(tokens.siteAdmin, { retailer_brand_scraping: scanInfo[R1._id]! })).status).toBe(200);
    expect((await history('', { retailer_brand_scraping: scanInfo[R1._id]! })).status).toBe(401);
    expect((await history(tokens.gone!, { retailer_brand_scraping: scanInfo[R1._id]! })).status).toBe(401);
  });

  it('refuses bad input with a clear message', async () => {
    for (const q of [{}, { retailer_brand_scraping: '' }]) {
      const res = await history(tokens.admin, q);
      expect(res.status).toBe(400);
      expect(errorBody(res).message).toBe('retailer_brand_scraping is required.');
    }
    expect(errorBody(await history(tokens.admin, { retailer_brand_scraping: 'x y' })).message).toBe('Invalid id.');
    expect((await history(tokens.admin, { retailer_brand_scraping: scanInfo[R1._id]!, limit: -1 })).status).toBe(400);
  });
});

describe('the demo brand (Maison Aurelle)', () => {
  it("has contacts on user@demo.test's retailers and none on Orchard Row, and emails in Harrowgate & Finch's history", async () => {
    for (const r of ['ret-harrowgate', 'ret-lumiere']) {
      const res = await list(tokens.demoUser, { retailer: r });
      expect(res.status, r).toBe(200);
      expect(res.body.totalCount, r).toBeGreaterThan(0);
    }
    expect((await list(tokens.demoUser, { retailer: 'ret-northbay' })).status).toBe(403);
    // Orchard Row has no demo contact (its empty Address Book is part of the demo). Read from the seed's
    // list, not the API: the contacts-import browser suite imports two contacts there in the same run.
    const { DEMO_CONTACTS } = await import('../../infra/local/demo-address-book');
    expect(Object.keys(DEMO_CONTACTS)).toEqual(expect.arrayContaining(['ret-harrowgate', 'ret-lumiere']));
    expect(DEMO_CONTACTS['ret-orchard'] ?? []).toEqual([]);
    const info = await callRoute('getRetailerScraping', { params: { brandId: 'brand-maison-aurelle', id: 'ret-harrowgate' }, token: tokens.demoAdmin });
    const res = await demoHistory(tokens.demoUser, info.body.data._id);
    expect(res.status).toBe(200);
    expect(res.body.totalCount).toBeGreaterThan(0);
  });
});

describe('the demo seed', () => {
  it('writes its contacts and emails once: a second run changes nothing', async () => {
    const { seedAddressBook } = await import('../../infra/local/demo-address-book');
    const before = await list(tokens.demoAdmin, { retailer: 'ret-lumiere' });
    expect(await seedAddressBook(demo())).toEqual({ contacts: 0, emails: 0 });
    const after = await list(tokens.demoAdmin, { retailer: 'ret-lumiere' });
    expect(after.body.totalCount).toBe(before.body.totalCount);
  });
});

function demoHistory(token: string, id: string) {
  return callRoute('getEmailHistory', { token, query: { retailer_brand_scraping: id } });
}
