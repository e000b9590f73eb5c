/**
 * The contact form's calls (000 §2, §5, §7; docs/decisions.md "Contact retailer"):
 * GET /cannedmessages, POST /getContactInfoForEmail/, POST /contact_retailer?version=1.0.0 —
 * the raw message with its attachments in the SES emulator, the relay rule (To only the
 * retailer's contacts; CC and BCC the brand's own people and the retailer's contacts, issue 20 §6),
 * header injection, images by their bytes, sanitised HTML, tenants and assigned retailers,
 * one send per request id, the hourly throttle.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MSG } from '../../shared/messages/contact';
import { CONTACT_LIMITS } from '../../shared/schemas/contact';
import { type ApiResult, callRoute, errorBody, login, type SentEmail, sentEmails, stack } from '../support/api';
import { TEST_ROLES, testUser } from '../support/accounts';

const MA = 'brand-maison-aurelle';
const CP = 'brand-castellane';
const HARROWGATE = 'ret-harrowgate';
const LUMIERE = 'ret-lumiere';
const NORTHBAY = 'ret-northbay';
const BRAND_CONTACT = 'brand@maison-aurelle.example';
const COMPANY_BCC = 'audit@maison-aurelle.example';
const tag = randomBytes(4).toString('hex');
const contactA = `buyer-${tag}@harrowgate.example`;
const contactB = `manager-${tag}@harrowgate.example`;
const lumiereContact = `buyer-${tag}@lumiere.example`;
const cpContact = `cp-${tag}@harrowgate.example`;

/** A tiny real PNG (1×1) and a real GIF header. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const GIF = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0x80, 0, 0, 0xff, 0xff, 0xff, 0, 0, 0, 0x21, 0xf9, 4, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 1, 0, 0x3b])]);

const tokens = {} as Record<'admin' | 'maAdmin' | 'maUser' | 'cpAdmin', string>;
const ma = { period: '', scanInfo: '', products: [] as string[], northbayPeriod: '', lumierePeriod: '' };
const cp = { period: '', scanInfo: '', product: '' };
let contacts: typeof import('../../functions/address-book/contacts.repo');
let history: typeof import('../../functions/contact/email-history.repo');
let canned: typeof import('../../functions/contact/canned-messages.repo');

async function ok<T>(what: string, call: Promise<ApiResult<T>>): Promise<T> {
  const res = await call;
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
async function scanIds(token: string, brand: string, retailer: string) {
  const period = (await ok('listRetailerPeriods', callRoute('listRetailerPeriods', { params: { brandId: brand, retailerId: retailer }, token }))).data[0]!._id;
  const products = (await ok('listProductScrapings', callRoute('listProductScrapings', { query: { retailer_brand_scraping: period, limit: '3' }, token }))).data.map((p) => p._id);
  const scanInfo = (await ok('getRetailerScraping', callRoute('getRetailerScraping', { params: { brandId: brand, id: retailer }, token }))).data._id;
  return { period, products, scanInfo };
}

interface Fields {
  subject?: string;
  name?: string;
  to?: string[] | string;
  cc?: string[];
  bcc?: string[];
  message?: string;
  source?: string;
  isCanned?: string;
  products?: string[];
  retailer_brand_scraping?: string;
  retailer?: string;
  requestId?: string;
  /** Images, uploaded first through their upload links (as the web does), then named by `attachment[]`. */
  files?: { name: string; type: string; data: Buffer }[];
  /** Upload keys named as they are (no upload). */
  attachment?: string[];
  /** Files put in the request itself (refused: they are uploaded first). */
  inline?: { name: string; type: string; data: Buffer }[];
}
const rid = () => `req-${randomBytes(8).toString('hex')}`;
/** The form as the web sends it: list fields as repeated `x[]` fields, files as `file[]`. */
function form(f: Fields): FormData {
  const fd = new FormData();
  const set = (k: string, v: string | undefined) => v !== undefined && fd.append(k, v);
  set('subject', f.subject ?? `Issue found on the Harrowgate & Finch website ${tag}`);
  set('name', f.name);
  const list = (k: string, xs: string[] | string | undefined) => (typeof xs === 'string' ? fd.append(k, xs) : (xs ?? []).forEach((x) => fd.append(`${k}[]`, x)));
  list('to', f.to ?? [contactA]);
  list('cc', f.cc);
  list('bcc', f.bcc);
  set('message', f.message ?? '<p>Hello</p>');
  set('source', f.source ?? 'product');
  set('isCanned', f.isCanned ?? 'false');
  list('products', f.products ?? (f.source === 'brand' ? [] : [ma.products[0]!]));
  set('retailer_brand_scraping', f.retailer_brand_scraping ?? ma.period);
  set('retailer', f.retailer);
  set('requestId', f.requestId ?? rid());
  for (const key of f.attachment ?? []) fd.append('attachment[]', key);
  for (const file of f.inline ?? []) fd.append('file[]', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
  return fd;
}
type Upload = { name: string; type: string; data: Buffer; size?: number };
/** POST /contact_retailer/attachments, then each file posted to its upload link: the links' answer and S3's answer per file. */
async function upload(token: string, scan: string, files: Upload[]) {
  const links = await callRoute('createContactUploads', { token, body: { retailer_brand_scraping: scan, files: files.map((f) => ({ name: f.name, type: f.type, size: f.size ?? f.data.length })) } });
  if (links.status !== 200) return { links, keys: [] as string[], s3: [] as { status: number; text: string }[] };
  const s3 = await Promise.all(
    links.body.data.map(async (l, i) => {
      const fd = new FormData();
      for (const [k, v] of Object.entries(l.fields)) fd.append(k, v);
      fd.append('file', new Blob([new Uint8Array(files[i]!.data)], { type: files[i]!.type }), l.name);
      const res = await fetch(l.url, { method: 'POST', body: fd });
      return { status: res.status, text: await res.text() };
    }),
  );
  return { links, keys: links.body.data.map((l) => l.key), s3 };
}
async function send(token: string, f: Fields) {
  let attachment = f.attachment;
  if (f.files?.length) {
    const up = await upload(token, f.retailer_brand_scraping ?? ma.period, f.files);
    if (up.links.status !== 200) return up.links as unknown as Awaited<ReturnType<typeof callRoute<'contactRetailer'>>>;
    attachment = [...(attachment ?? []), ...up.keys];
  }
  return callRoute('contactRetailer', { query: { version: '1.0.0' }, token, body: form({ ...f, attachment }) });
}
const dataObjectExists = async (key: string) => {
  const { HeadObjectCommand } = await import('@aws-sdk/client-s3');
  const { s3 } = await import('../../functions/lib/clients/s3');
  return s3.send(new HeadObjectCommand({ Bucket: stack().env.DATA_BUCKET, Key: key })).then(
    () => true,
    () => false,
  );
};
const withSubject = async (subject: string): Promise<SentEmail[]> => (await sentEmails()).filter((e) => e.subject === subject);

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  contacts = await import('../../functions/address-book/contacts.repo');
  history = await import('../../functions/contact/email-history.repo');
  canned = await import('../../functions/contact/canned-messages.repo');
  tokens.admin = await login('admin@demo.test');
  tokens.maAdmin = await login('brandadmin@demo.test');
  tokens.maUser = await login('user@demo.test');
  tokens.cpAdmin = await login('castellane@demo.test');
  const h = await scanIds(tokens.maAdmin, MA, HARROWGATE);
  Object.assign(ma, { period: h.period, scanInfo: h.scanInfo, products: h.products });
  ma.northbayPeriod = (await scanIds(tokens.maAdmin, MA, NORTHBAY)).period;
  ma.lumierePeriod = (await scanIds(tokens.maAdmin, MA, LUMIERE)).period;
  const c = await scanIds(tokens.cpAdmin, CP, HARROWGATE);
  Object.assign(cp, { period: c.period, scanInfo: c.scanInfo, product: c.products[0]! });
  const base = { lastName: 'Contact', role: 'Buyer', createdBy: 'test' };
  await contacts.putContact({ ...base, firstName: 'Alice', email: contactA, brand: MA, retailer: HARROWGATE });
  await contacts.putContact({ ...base, firstName: 'Bruno', email: contactB, brand: MA, retailer: HARROWGATE });
  await contacts.putContact({ ...base, firstName: 'Lucie', email: lumiereContact, brand: MA, retailer: LUMIERE });
  await contacts.putContact({ ...base, firstName: 'Claude', email: cpContact, brand: CP, retailer: HARROWGATE });
}, 120_000);

describe('GET /cannedmessages', () => {
  it("lists the caller's brand's messages by name, pages them, and the form's read (status=active, limit=10000) hides inactive ones", async () => {
    const all = await callRoute('listCannedMessages', { token: tokens.maAdmin, query: { brand: MA, limit: 10000 } });
    expect(all.status).toBe(200);
    expect(all.body.data.length).toBe(all.body.totalCount);
    expect(all.body.data.some((m) => m.status === 'inactive')).toBe(true);
    const names = all.body.data.map((m) => m.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const active = await callRoute('listCannedMessages', { token: tokens.maUser, query: { brand: MA, limit: 10000, status: 'active' } });
    expect(active.status).toBe(200);
    expect(active.body.data.every((m) => m.status === 'active' && m.brand === MA)).toBe(true);
    expect(active.body.totalCount).toBe(active.body.data.length);
    expect(active.body.totalCount).toBe(all.body.data.filter((m) => m.status === 'active').length);
    // default page size 10, sort name;asc
    const first = await callRoute('listCannedMessages', { token: tokens.maAdmin, query: { brand: MA } });
    expect(first.body.data.length).toBe(Math.min(10, all.body.totalCount));
  });

  it('pages with page, limit and sort (name;desc) over a brand of its own, counts kept on write', async () => {
    const brand = `brand-canned-${tag}`;
    for (const [i, name] of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo'].entries()) await canned.putCannedMessage({ name, content: `<p>${name}</p>`, brand, status: i === 2 ? 'inactive' : 'active', createdBy: 'test' });
    const page = (p: number, sort: 'name;asc' | 'name;desc', status?: 'active') => callRoute('listCannedMessages', { token: tokens.admin, query: { brand, page: p, limit: 2, sort, status } });
    expect((await page(1, 'name;asc')).body).toMatchObject({ totalCount: 5, data: [{ name: 'Alpha' }, { name: 'Bravo' }] });
    expect((await page(3, 'name;asc')).body.data.map((m) => m.name)).toEqual(['echo']);
    expect((await page(1, 'name;desc')).body.data.map((m) => m.name)).toEqual(['echo', 'delta']);
    const act = await page(2, 'name;asc', 'active');
    expect(act.body.totalCount).toBe(4);
    expect(act.body.data.map((m) => m.name)).toEqual(['delta', 'echo']);
    expect((await page(99999, 'name;asc')).body.data).toEqual([]);
  });

  it("refuses another brand's messages, and bad queries with a clear message", async () => {
    expect((await callRoute('listCannedMessages', { token: tokens.cpAdmin, query: { brand: MA, limit: 10000 } })).status).toBe(403);
    expect((await callRoute('listCannedMessages', { token: tokens.maUser, query: { brand: CP } })).status).toBe(403);
    const res = await callRoute('listCannedMessages', { token: tokens.maAdmin, query: { brand: MA, limit: 10001 } });
    expect(res.status).toBe(400);
    expect(errorBody(await callRoute('listCannedMessages', { query: { brand: MA, sort: 'content;asc' }, token: tokens.maAdmin })).message).toBe('Sort must be name;asc or name;desc.');
    expect(errorBody(await callRoute('listCannedMessages', { token: tokens.maAdmin })).message).toBe('brand is required.');
    expect((await callRoute('listCannedMessages', { query: { brand: MA } })).status).toBe(401);
  });
});

describe('POST /getContactInfoForEmail/', () => {
  it("gives the retailer's contacts (To), the brand contact (CC), the BCC defaults and the placeholder values", async () => {
    const res = await callRoute('getContactInfoForEmail', { token: tokens.maAdmin, body: { retailer_brand_scraping: ma.period } });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.contacts.map((c) => c.email)).toEqual(expect.arrayContaining([contactA, contactB]));
    expect(d.contacts.map((c) => c.email)).not.toContain(lumiereContact);
    expect(d.contacts.map((c) => c.email)).not.toContain(cpContact);
    expect(d.cc).toEqual([BRAND_CONTACT]);
    expect(d.bcc).toEqual([COMPANY_BCC]);
    expect(d.data).toMatchObject({ Retailer_name: 'Harrowgate & Finch', Brand_name: 'Maison Aurelle', User_name: 'Béatrice Marchand' });
    // the brand profile's scan info works the same way
    const info = await callRoute('getContactInfoForEmail', { token: tokens.maUser, body: { retailer_brand_scraping: ma.scanInfo } });
    expect(info.status).toBe(200);
    expect(info.body.data.retailer).toEqual({ _id: HARROWGATE, name: 'Harrowgate & Finch' });
  });

  it("refuses another brand's scan, an unassigned retailer's scan and unknown ids", async () => {
    for (const [token, id] of [
      [tokens.cpAdmin, ma.period],
      [tokens.cpAdmin, ma.scanInfo],
      [tokens.maAdmin, cp.period],
      [tokens.maUser, ma.northbayPeriod],
    ] as const) {
      const res = await callRoute('getContactInfoForEmail', { token, body: { retailer_brand_scraping: id } });
      expect([403, 404]).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain('@');
    }
    const unknown = await callRoute('getContactInfoForEmail', { token: tokens.maAdmin, body: { retailer_brand_scraping: 'nope0000000000000000zz' } });
    expect(unknown.status).toBe(404);
    expect(errorBody(unknown).message).toBe(CONTACT_MSG.scanNotFound);
    expect(errorBody(await callRoute('getContactInfoForEmail', { token: tokens.maAdmin, body: {} })).message).toBe('retailer_brand_scraping is required.');
  });
});

describe('POST /contact_retailer?version=1.0.0: sending', () => {
  it('sends one raw message with both image attachments and the sanitised HTML, CC the brand contact, and records it once', async () => {
    const subject = `Issues found on the Harrowgate & Finch website ${tag} two`;
    const requestId = rid();
    const res = await send(tokens.maAdmin, {
      subject,
      to: [contactA, contactB.toUpperCase()],
      bcc: [COMPANY_BCC],
      products: ma.products.slice(0, 2),
      requestId,
      isCanned: 'true',
      message: '<p>Dear Alice,</p><p><strong>Price</strong> is wrong <a href="https://harrowgate.example/p/1">here</a></p><script>alert(1)</script><img src="x" onerror="alert(2)">',
      files: [
        { name: 'shot.png', type: 'image/png', data: PNG },
        { name: 'anim.gif', type: 'image/gif', data: GIF },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(CONTACT_MSG.sent);
    const mails = await withSubject(subject);
    expect(mails).toHaveLength(1);
    const m = mails[0]!;
    expect(m.destination.to.join(',')).toContain(contactA);
    expect(m.destination.cc?.join(',')).toContain(BRAND_CONTACT);
    expect(m.replyTo?.join(',')).toContain('brandadmin@demo.test');
    expect(m.body.html).toContain('<strong>Price</strong>');
    expect(m.body.html).toContain('href="https://harrowgate.example/p/1"');
    expect(m.body.html).not.toMatch(/script|onerror|alert/);
    expect(m.body.text).toContain('Dear Alice,');
    const files = (m.attachments ?? []).map((a) => [a.filename, a.contentType, Buffer.from(a.content, 'base64').equals(a.contentType === 'image/png' ? PNG : GIF)]);
    expect(files).toEqual(expect.arrayContaining([['shot.png', 'image/png', true], ['anim.gif', 'image/gif', true]]));
    expect(files).toHaveLength(2);
    // the history holds the sanitised HTML as sent, with the BCC, once
    const page = await history.pageEmailHistory(MA, HARROWGATE, { limit: 50 });
    const recs = page.items.filter((r) => r.subject === subject);
    expect(recs).toHaveLength(1);
    expect(recs[0]).toMatchObject({ _id: res.body.data._id, htmlResponse: m.body.html, bcc: [COMPANY_BCC], cc: [BRAND_CONTACT], source: 'product', products: ma.products.slice(0, 2), attachments: ['shot.png', 'anim.gif'] });
  });

  it("the From name is the sender's own (and the brand's), never what the form's name field says", async () => {
    const subject = `From name ${tag}`;
    const res = await send(tokens.maAdmin, { subject, name: 'Harrowgate & Finch Legal Department' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [m] = await withSubject(subject);
    expect(m?.from).toContain('Béatrice Marchand (Maison Aurelle)');
    expect(m?.from).not.toContain('Legal Department');
  });

  it('a retried request (same requestId) sends once and records once', async () => {
    const subject = `Retry ${tag}`;
    const requestId = rid();
    const [a, b] = await Promise.all([send(tokens.maAdmin, { subject, requestId }), send(tokens.maAdmin, { subject, requestId })]);
    // one sends; the other is either told it is in progress (409) or gets the same answer
    expect([a.status, b.status].sort()).toEqual(expect.arrayContaining([200]));
    for (const r of [a, b]) expect([200, 409]).toContain(r.status);
    const again = await send(tokens.maAdmin, { subject, requestId });
    expect(again.status).toBe(200);
    expect(again.body.message).toBe(CONTACT_MSG.sent);
    expect(await withSubject(subject)).toHaveLength(1);
    const recs = (await history.pageEmailHistory(MA, HARROWGATE, { limit: 50 })).items.filter((r) => r.subject === subject);
    expect(recs).toHaveLength(1);
    expect(recs[0]!._id).toBe(again.body.data._id);
  });

  it('the brand profile (source brand, scan info id) needs no products; a plain User sends for an assigned retailer', async () => {
    const subject = `Brand profile ${tag}`;
    const res = await send(tokens.maUser, { subject, source: 'brand', retailer_brand_scraping: ma.scanInfo, retailer: HARROWGATE, products: [] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await withSubject(subject)).toHaveLength(1);
    const lum = await send(tokens.maUser, { subject: `${subject} lumiere`, to: [lumiereContact], retailer_brand_scraping: ma.lumierePeriod, products: [] , source: 'brand' });
    expect(lum.status, JSON.stringify(lum.body)).toBe(200);
  });
});

describe('POST /contact_retailer: copying colleagues (issue 20 §6)', () => {
  it('CC and BCC take the brand’s users and addresses at the brand’s own domain; the BCC sent shows in the email history', async () => {
    const subject = `Colleagues ${tag}`;
    const legal = `legal-${tag}@maison-aurelle.example`;
    const res = await send(tokens.maUser, { subject, cc: ['brandadmin@demo.test', legal], bcc: ['newuser@demo.test', COMPANY_BCC, `Director-${tag}@Maison-Aurelle.example`, contactB] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [m] = await withSubject(subject);
    expect(m).toBeDefined();
    // (The emulator reads a raw message's Cc header: one string.)
    expect(m!.destination.cc?.join(',').split(/,\s*/)).toEqual(expect.arrayContaining([BRAND_CONTACT, 'brandadmin@demo.test', legal]));
    // BCC goes to SES as destinations only: the message the retailer reads has no Bcc line (the emulator reads its headers).
    expect(m!.destination.bcc ?? []).toEqual([]);
    expect(JSON.stringify(m)).not.toContain('newuser@demo.test');
    const [sent] = (await history.pageEmailHistory(MA, HARROWGATE, { limit: 100 })).items.filter((r) => r.subject === subject);
    expect(sent!.bcc).toEqual(['newuser@demo.test', COMPANY_BCC, `Director-${tag}@Maison-Aurelle.example`, contactB]);
    // EMAIL HISTORY shows whom it was blind-copied to.
    const hist = await callRoute('getEmailHistory', { token: tokens.maUser, query: { retailer_brand_scraping: ma.period, limit: 100 } });
    expect(hist.status).toBe(200);
    const rec = hist.body.data.find((e) => e.subject === subject);
    expect(rec).toMatchObject({ cc: expect.arrayContaining(['brandadmin@demo.test', legal, BRAND_CONTACT]) });
    expect(rec!.bcc).toEqual(['newuser@demo.test', COMPANY_BCC, `Director-${tag}@Maison-Aurelle.example`, contactB]);
  });

  it("the form's contact info names the colleagues and the brand's own domain, never another brand's people", async () => {
    const res = await callRoute('getContactInfoForEmail', { token: tokens.maUser, body: { retailer_brand_scraping: ma.period } });
    expect(res.status).toBe(200);
    const emails = res.body.data.colleagues.map((c) => c.email);
    expect(emails).toEqual(expect.arrayContaining(['brandadmin@demo.test', 'user@demo.test', 'newuser@demo.test']));
    expect(emails).not.toContain('castellane@demo.test');
    expect(emails).not.toContain('admin@demo.test');
    expect(res.body.data.ownDomains).toEqual(['maison-aurelle.example']);
  });

  it('a deactivated user of the brand is no colleague to copy', async () => {
    Object.assign(process.env, stack().env);
    const users = await import('../../functions/users/users.repo');
    const email = `gone-${tag}@demo.test`;
    await users.createUser(testUser({ _id: `user-gone-${tag}`, email, passwordHash: 'unused', status: 'disabled' }));
    const subject = `Deactivated ${tag}`;
    const res = await send(tokens.maAdmin, { subject, cc: [email] });
    expect(res.status).toBe(400);
    expect(errorBody(res).message).toBe(CONTACT_MSG.notCopyable(email, 'CC'));
  });
});

describe('POST /contact_retailer: refusals (nothing is sent)', () => {
  const refused = async (token: string, f: Fields, status: number, message: string | RegExp) => {
    const subject = `Refused ${tag} ${randomBytes(3).toString('hex')}`;
    const res = await send(token, { ...f, subject: f.subject ?? subject });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (typeof message === 'string') expect(errorBody(res).message).toBe(message);
    else expect(errorBody(res).message).toMatch(message);
    expect(await withSubject(f.subject ?? subject)).toHaveLength(0);
  };

  it('relay: To only the retailer’s contacts of the brand, CC and BCC only the brand’s own people and the retailer’s contacts, each refusal naming the address', async () => {
    await refused(tokens.maAdmin, { to: ['attacker@evil.example'] }, 400, CONTACT_MSG.notAContact('attacker@evil.example'));
    await refused(tokens.maAdmin, { to: [contactA, lumiereContact] }, 400, CONTACT_MSG.notAContact(lumiereContact)); // another retailer's contact
    await refused(tokens.maAdmin, { to: [cpContact] }, 400, CONTACT_MSG.notAContact(cpContact)); // the same retailer's contact for another brand
    await refused(tokens.maAdmin, { cc: ['attacker@evil.example'] }, 400, CONTACT_MSG.notCopyable('attacker@evil.example', 'CC'));
    await refused(tokens.maAdmin, { cc: [contactA, 'x@evil.example'] }, 400, CONTACT_MSG.notCopyable('x@evil.example', 'CC'));
    await refused(tokens.maAdmin, { bcc: ['spy@evil.example'] }, 400, CONTACT_MSG.notCopyable('spy@evil.example', 'BCC'));
    // Another brand: its contact, its users, its domain; another retailer's contact; a look-alike of the brand's domain.
    await refused(tokens.maAdmin, { bcc: ['brand@castellane.example'] }, 400, CONTACT_MSG.notCopyable('brand@castellane.example', 'BCC'));
    await refused(tokens.maAdmin, { cc: ['castellane@demo.test'] }, 400, CONTACT_MSG.notCopyable('castellane@demo.test', 'CC'));
    await refused(tokens.maAdmin, { cc: [`someone-${tag}@castellane.example`] }, 400, CONTACT_MSG.notCopyable(`someone-${tag}@castellane.example`, 'CC'));
    await refused(tokens.maAdmin, { cc: [lumiereContact] }, 400, CONTACT_MSG.notCopyable(lumiereContact, 'CC'));
    await refused(tokens.maAdmin, { bcc: [`spy@maison-aurelle.example.evil.example`] }, 400, CONTACT_MSG.notCopyable('spy@maison-aurelle.example.evil.example', 'BCC'));
    await refused(tokens.maAdmin, { bcc: [`spy@evil-maison-aurelle.example`] }, 400, CONTACT_MSG.notCopyable('spy@evil-maison-aurelle.example', 'BCC'));
    await refused(tokens.maAdmin, { to: `${contactA}, attacker@evil.example` }, 400, CONTACT_MSG.notAContact('attacker@evil.example'));
    await refused(tokens.maAdmin, { to: [`${contactA}\r\nBcc: spy@evil.example`] }, 400, /is not a valid email address/);
    const many = Array.from({ length: CONTACT_LIMITS.maxRecipients + 1 }, (_, i) => `r${i}-${tag}@harrowgate.example`);
    await refused(tokens.maAdmin, { to: many }, 400, CONTACT_MSG.tooManyRecipients(CONTACT_LIMITS.maxRecipients));
  });

  it('header injection: CR/LF in the subject or the name', async () => {
    await refused(tokens.maAdmin, { subject: `Hello ${tag}\r\nBcc: spy@evil.example` }, 400, CONTACT_MSG.headerInjection);
    await refused(tokens.maAdmin, { name: 'Eve\nBcc: spy@evil.example' }, 400, CONTACT_MSG.headerInjection);
  });

  it('the spec’s messages: no To, an empty message', async () => {
    await refused(tokens.maAdmin, { to: [] }, 400, CONTACT_MSG.noTarget);
    await refused(tokens.maAdmin, { message: '<p><br></p>' }, 400, CONTACT_MSG.noMessage);
    await refused(tokens.maAdmin, { message: '<script>alert(1)</script>' }, 400, CONTACT_MSG.noMessage);
  });

  it('attachments: images only by their bytes, a .png that is HTML or SVG is refused, sizes and counts limited', async () => {
    await refused(tokens.maAdmin, { files: [{ name: 'evil.png', type: 'image/png', data: Buffer.from('<html><script>alert(1)</script></html>') }] }, 400, CONTACT_MSG.notAnImage('evil.png'));
    await refused(tokens.maAdmin, { files: [{ name: 'logo.png', type: 'image/png', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') }] }, 400, CONTACT_MSG.notAnImage('logo.png'));
    // Refused before any upload: a type that is not an image, a size over the limits, too many.
    await refused(tokens.maAdmin, { files: [{ name: 'doc.pdf', type: 'application/pdf', data: Buffer.from('%PDF-1.7') }] }, 400, CONTACT_MSG.notAnImage('doc.pdf'));
    const MB = 1024 * 1024;
    await refused(tokens.maAdmin, { files: [{ name: 'big.png', type: 'image/png', data: PNG, size: CONTACT_LIMITS.maxFileBytes + 1 } as Upload] }, 400, CONTACT_MSG.fileTooLarge('big.png', CONTACT_LIMITS.maxFileBytes / MB));
    const three = [0, 1, 2].map((i) => ({ name: `part-${i}.png`, type: 'image/png', data: PNG, size: 9 * MB }));
    await refused(tokens.maAdmin, { files: three }, 400, CONTACT_MSG.filesTooLarge(CONTACT_LIMITS.maxTotalBytes / MB));
    const eleven = Array.from({ length: CONTACT_LIMITS.maxFiles + 1 }, (_, i) => ({ name: `s${i}.png`, type: 'image/png', data: PNG }));
    await refused(tokens.maAdmin, { files: eleven }, 400, CONTACT_MSG.tooManyFiles(CONTACT_LIMITS.maxFiles));
    // A file in the request itself: refused with the way to attach it.
    await refused(tokens.maAdmin, { inline: [{ name: 'shot.png', type: 'image/png', data: PNG }] }, 400, CONTACT_MSG.uploadFirst);
  });

  it('attachments go to S3 through their upload links: the policy holds size and type, the same locally as deployed', async () => {
    // 8 MB, over what a request through API Gateway and Lambda could carry (about 4.4 MB), goes.
    const MB = 1024 * 1024;
    const large = Buffer.concat([PNG, Buffer.alloc(8 * MB)]);
    const subject = `Large attachment ${tag}`;
    const ok = await send(tokens.maAdmin, { subject, files: [{ name: 'large shot.png', type: 'image/png', data: large }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [m] = await withSubject(subject);
    expect(m?.attachments?.map((a) => [a.filename, Buffer.from(a.content, 'base64').length])).toEqual([['large shot.png', large.length]]);
    // S3 refuses more bytes than the link was asked for, or another type; nothing is stored then.
    const lied = await upload(tokens.maAdmin, ma.period, [{ name: 'small.png', type: 'image/png', data: Buffer.concat([PNG, Buffer.alloc(1000)]), size: 100 }]);
    expect(lied.links.status).toBe(200);
    expect(lied.s3[0]).toMatchObject({ status: 400 });
    expect(lied.s3[0]!.text).toContain('EntityTooLarge');
    expect(await dataObjectExists(lied.keys[0]!)).toBe(false);
    await refused(tokens.maAdmin, { attachment: lied.keys }, 400, CONTACT_MSG.attachmentMissing('small.png'));
    const links = await callRoute('createContactUploads', { token: tokens.maAdmin, body: { retailer_brand_scraping: ma.period, files: [{ name: 'a.png', type: 'image/png', size: PNG.length }] } });
    const fd = new FormData();
    for (const [k, v] of Object.entries({ ...links.body.data[0]!.fields, 'Content-Type': 'text/html' })) fd.append(k, v);
    fd.append('file', new Blob([new Uint8Array(PNG)]), 'a.png');
    const wrongType = await fetch(links.body.data[0]!.url, { method: 'POST', body: fd });
    expect(wrongType.status).toBe(403);
    expect(await dataObjectExists(links.body.data[0]!.key)).toBe(false);
  });

  it('an attachment read short from S3 (a connection cut early) is read again and sent whole; short twice, nothing is sent and a retry sends it', async () => {
    const data = Buffer.concat([PNG, Buffer.alloc(5000, 7)]);
    const once = `Short read ${tag}`;
    const ok = await send(tokens.maAdmin, { subject: once, files: [{ name: 'fail-once-upload-read.png', type: 'image/png', data }] });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    const [m] = await withSubject(once);
    expect(m?.attachments?.map((a) => [a.filename, Buffer.from(a.content, 'base64').length])).toEqual([['fail-once-upload-read.png', data.length]]);
    // Read short on both tries: the send fails (nothing goes out), its upload is kept, and sending again goes whole.
    const twice = `Short reads ${tag}`;
    const up = await upload(tokens.maAdmin, ma.period, [{ name: 'fail-thrice-upload-read.png', type: 'image/png', data }]);
    const failed = await callRoute('contactRetailer', { query: { version: '1.0.0' }, token: tokens.maAdmin, body: form({ subject: twice, attachment: up.keys }) });
    expect(failed.status).toBe(500);
    expect(await withSubject(twice)).toEqual([]);
    const retried = await callRoute('contactRetailer', { query: { version: '1.0.0' }, token: tokens.maAdmin, body: form({ subject: twice, attachment: up.keys }) });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    const [sent] = await withSubject(twice);
    expect(sent?.attachments?.map((a) => Buffer.from(a.content, 'base64').length)).toEqual([data.length]);
  });

  it("an upload is its sender's, for its brand: another user's, another brand's or a made-up key is refused; a sent one is deleted, a retry still answers", async () => {
    const up = await upload(tokens.maAdmin, ma.period, [{ name: 'mine.png', type: 'image/png', data: PNG }]);
    expect(up.s3.map((r) => r.status)).toEqual([204]);
    // Another user of the same brand, another brand's admin, a key outside the uploads.
    await refused(tokens.maUser, { attachment: up.keys, to: [contactA] }, 400, CONTACT_MSG.attachmentNotYours);
    await refused(tokens.cpAdmin, { to: [cpContact], retailer_brand_scraping: cp.period, products: [cp.product], attachment: up.keys }, 400, CONTACT_MSG.attachmentNotYours);
    await refused(tokens.maAdmin, { attachment: ['files/some/robot-file.csv'] }, 400, CONTACT_MSG.attachmentNotYours);
    await refused(tokens.maAdmin, { attachment: [up.keys[0]!.replace(/[^/]+$/, '../../x.png')] }, 400, CONTACT_MSG.attachmentNotYours);
    // Links only for a scan the caller may write about.
    const foreign = await callRoute('createContactUploads', { token: tokens.cpAdmin, body: { retailer_brand_scraping: ma.period, files: [{ name: 'a.png', type: 'image/png', size: 10 }] } });
    expect(foreign.status).toBe(403);
    const subject = `Own upload ${tag}`;
    const requestId = rid();
    const sent = await send(tokens.maAdmin, { subject, attachment: up.keys, requestId });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await dataObjectExists(up.keys[0]!)).toBe(false);
    const again = await send(tokens.maAdmin, { subject, attachment: up.keys, requestId });
    expect(again.status).toBe(200);
    expect(again.body.data._id).toBe(sent.body.data._id);
    expect(await withSubject(subject)).toHaveLength(1);
  });

  it('tenant: another brand’s scan, an unassigned retailer, products of another scan, a retailer that does not match', async () => {
    await refused(tokens.cpAdmin, { to: [cpContact], retailer_brand_scraping: ma.period }, 403, /./);
    await refused(tokens.maAdmin, { to: [contactA], retailer_brand_scraping: cp.period, products: [cp.product] }, 403, /./);
    await refused(tokens.maUser, { to: [contactA], retailer_brand_scraping: ma.northbayPeriod, products: [] , source: 'brand' }, 403, /./);
    await refused(tokens.maAdmin, { products: [cp.product] }, 400, CONTACT_MSG.productNotInScan(cp.product));
    const lookAlike = `${ma.period}${'A'.repeat(22)}`;
    await refused(tokens.maAdmin, { products: [lookAlike] }, 400, CONTACT_MSG.productNotInScan(lookAlike));
    await refused(tokens.maAdmin, { retailer: LUMIERE }, 400, CONTACT_MSG.retailerMismatch);
    await refused(tokens.maAdmin, { products: [] }, 400, CONTACT_MSG.productsRequired);
    await refused(tokens.maAdmin, { retailer_brand_scraping: 'nope0000000000000000zz' }, 404, CONTACT_MSG.scanNotFound);
    await refused(tokens.maAdmin, { requestId: 'x' }, 400, /requestId/);
    expect((await callRoute('contactRetailer', { body: form({}) })).status).toBe(401);
    expect((await callRoute('contactRetailer', { token: tokens.maAdmin, body: { subject: 'json' } })).status).toBe(415);
  });
});

describe('POST /contact_retailer: the hourly throttle', () => {
  it(`lets a user send ${CONTACT_LIMITS.perUserPerHour} emails an hour, then answers 429 with a clear message`, async () => {
    const users = await import('../../functions/users/users.repo');
    const { hashPassword } = await import('../../functions/lib/password');
    const email = `throttle-${tag}@demo.test`;
    await users.createUser(testUser({ _id: `user-throttle-${tag}`, email, passwordHash: await hashPassword('Throttle-2026!'), roles: [TEST_ROLES.BRAND_ADMIN] }));
    const token = await login(email, 'Throttle-2026!');
    const subject = `Throttle ${tag}`;
    for (let i = 0; i < CONTACT_LIMITS.perUserPerHour; i++) {
      const r = await send(token, { subject });
      // a window may turn over mid-run: then the count restarts (never more than the limit per window)
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    const last = await send(token, { subject: `${subject} over` });
    expect(last.status).toBe(429);
    expect(errorBody(last).message).toBe(CONTACT_MSG.throttled(CONTACT_LIMITS.perUserPerHour));
    expect(await withSubject(`${subject} over`)).toHaveLength(0);
  }, 120_000);
});
