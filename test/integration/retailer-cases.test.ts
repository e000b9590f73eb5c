/**
 * The retailer in the loop, without an account (issue 24 §3), through the real calls: the contact
 * email carries a signed, expiring link; the retailer's page reads the brand's open cases at that
 * retailer with their evidence; "fixed" acknowledges a case and a note is logged, both as the
 * retailer's and emailed to the brand's users who follow the retailer (not to one assigned
 * elsewhere). The link sees no other retailer's or brand's case, opens no B2B portal, is refused
 * once revoked, forged or malformed, and takes a limited number of answers an hour.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { B2B, B2B_MSG } from '../../shared/schemas/b2b';
import { CASE_LINK, CASE_MSG } from '../../shared/schemas/cases';
import { callRoute, errorBody, sentEmails, stack } from '../support/api';
import { caseFixture } from '../support/case-fixture';

const tag = randomBytes(4).toString('hex');
const fx = caseFixture(tag);
const tokens: Record<'admin' | 'user' | 'other', string> = { admin: '', user: '', other: '' };
let ids: typeof import('../../functions/scrapings/domain/ids');
let caseIdOf: typeof import('../../functions/cases').caseIdOf;
let link = '';
const caseOf = (style: string, retailer = fx.r1._id) => caseIdOf(fx.brand._id, retailer, style);
const open = (token = link, cursor?: string) => callRoute('openRetailerCases', { body: { token, ...(cursor ? { cursor } : {}) } });
const answer = (caseId: string, action: 'fixed' | 'note', note = '', token = link) => callRoute('answerRetailerCase', { params: { caseId }, body: { token, action, note } });
const getCase = async (caseId: string) => (await callRoute('getCase', { params: { caseId }, token: tokens.admin })).body;
const flag = (periodId: string, style: string, reason: { name: string; value: string }[]) =>
  callRoute('updateProductFlag', { params: { id: ids.productIdOf(periodId, style) }, token: tokens.admin, body: { isFlagged: 'yes', message: `About ${style}`, reason } });

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  ids = await import('../../functions/scrapings/domain/ids');
  ({ caseIdOf } = await import('../../functions/cases'));
  Object.assign(tokens, await fx.seedAndSignIn());
  expect((await flag(fx.period.r1, 'A1', [{ name: 'Price', value: 'Wrong price' }])).status).toBe(200);
  expect((await flag(fx.period.r1, 'A2', [{ name: 'Image Issues', value: 'Image Issues' }])).status).toBe(200);
  expect((await flag(fx.period.r2, 'A1', [{ name: 'Price', value: 'Wrong price' }])).status).toBe(200);
  // The brand's email to the retailer, with the link.
  link = (await fx.emailAbout(tokens.admin, ['A1'], { subject: `Cases ${tag}`, casesLink: true })).caseLinkToken!;
}, 60_000);

describe("the retailer's link", () => {
  it('the email carries it; the brand lists it as sent by the sender, active', async () => {
    const email = (await sentEmails()).find((e) => e.subject === `Cases ${tag}`)!;
    expect(email.body.html).toMatch(/See the open cases and answer them<\/a> \(no account needed; the link works until \d\d\/\d\d\/\d{4}\)/);
    const links = await callRoute('listCaseLinks', { params: { brandId: fx.brand._id, retailerId: fx.r1._id }, token: tokens.admin });
    expect(links.status).toBe(200);
    expect(links.body.data).toHaveLength(1);
    expect(links.body.data[0]).toMatchObject({ status: 'active', createdBy: { name: 'Cora Case' }, retailer: fx.r1._id });
    const days = (Date.parse(links.body.data[0]!.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(CASE_LINK.days - 1);
    expect(days).toBeLessThanOrEqual(CASE_LINK.days);
  });

  it("opens the brand's active cases at that retailer only, worst first, with their evidence and no people's ids", async () => {
    const res = await open();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ brand: { name: fx.brand.name }, retailer: { name: fx.r1.name } });
    expect(res.body.data.map((c) => [c.style_number, c.severity, c.status])).toEqual([
      ['A1', 'high', 'notified'],
      ['A2', 'low', 'open'],
    ]);
    expect(res.body.data[0]!.evidence).toMatchObject({ scraped: { price: 700 }, onHand: { price: 1000 } });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain('user-case-admin');
    expect(text).not.toContain('Cora Case');
  });

  it('"fixed" acknowledges the case, logged as the retailer, emailed to the followers of that retailer only', async () => {
    const before = (await sentEmails()).length;
    const res = await answer(caseOf('A1'), 'fixed', 'Price corrected this morning.');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(CASE_MSG.markedFixed);
    expect(res.body.data.status).toBe('acknowledged');
    const c = await getCase(caseOf('A1'));
    expect(c.data.status).toBe('acknowledged');
    expect(c.events.at(-1)).toMatchObject({ kind: 'acknowledged', by: { name: `${fx.r1.name} (retailer)` }, detail: 'Marked fixed by the retailer: Price corrected this morning.' });
    const counts = (await callRoute('listRetailerCases', { params: { brandId: fx.brand._id, retailerId: fx.r1._id }, token: tokens.admin })).body.counts;
    expect(counts).toMatchObject({ open: 1, notified: 0, acknowledged: 1 });
    const told = (await sentEmails()).slice(before).filter((e) => e.subject.startsWith(`${fx.r1.name} says it fixed Piece A1`));
    expect(told).toHaveLength(1);
    expect(told[0]!.destination.to).toEqual([fx.adminEmail]);
    expect(told[0]!.body.html).toContain('Price corrected this morning.');
  });

  it('a note is logged and leaves the status; an empty note is refused', async () => {
    const res = await answer(caseOf('A2'), 'note', 'The new picture goes live on Monday.');
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CASE_MSG.noteSent);
    const c = await getCase(caseOf('A2'));
    expect(c.data.status).toBe('open');
    expect(c.events.at(-1)).toMatchObject({ kind: 'retailer_note', detail: 'The new picture goes live on Monday.' });
    const empty = await answer(caseOf('A2'), 'note', '   ');
    expect(empty.status).toBe(400);
    expect(JSON.stringify(empty.body)).toContain(CASE_MSG.noteRequired);
  });

  it("reaches no case of another retailer or brand (404), and opens no B2B portal", async () => {
    const other = await answer(caseOf('A1', fx.r2._id), 'fixed');
    expect(other.status).toBe(404);
    expect((await getCase(caseOf('A1', fx.r2._id))).data.status).toBe('open');
    const demoCase = caseIdOf('brand-maison-aurelle', 'ret-harrowgate', 'HF1-10854');
    expect((await answer(demoCase, 'note', 'captured')).status).toBe(404);
    const portal = await callRoute('openB2bPortal', { body: { token: link } });
    expect(portal.status).toBe(401);
  });

  it('is "not valid" to the B2B portal and a B2B link to the case routes, and each revocation route ends its own kind only (issue 36)', async () => {
    // A case link's token at the portal: not valid, never "ended" (which confirms the token is real).
    const portal = await callRoute('openB2bPortal', { body: { token: link } });
    expect(portal.status).toBe(401);
    expect(errorBody(portal).message).toBe(B2B_MSG.linkInvalid);
    // A B2B portal link of the same brand and retailer at the case routes: not valid.
    const b2b = await callRoute('createB2bLink', { token: tokens.admin, query: { brand: fx.brand._id }, body: { retailerId: fx.r1._id } });
    expect(b2b.status, JSON.stringify(b2b.body)).toBe(200);
    const b2bToken = new URLSearchParams(new URL(b2b.body.data.url).hash.slice(1)).get(B2B.fragmentKey)!;
    const asCases = await open(b2bToken);
    expect(asCases.status).toBe(401);
    expect(errorBody(asCases).message).toBe(CASE_MSG.linkInvalid);
    // DELETE /b2bLinks/{id} never ends a case link; the case links' revocation never a B2B link.
    const caseLinkId = link.split('.')[0]!;
    const crossed = await callRoute('revokeB2bLink', { token: tokens.admin, params: { id: caseLinkId }, query: { brand: fx.brand._id } });
    expect(crossed.status).toBe(404);
    expect((await open()).status).toBe(200);
    expect((await callRoute('revokeCaseLink', { params: { brandId: fx.brand._id, id: b2b.body.data._id }, token: tokens.admin })).status).toBe(404);
    expect((await callRoute('openB2bPortal', { body: { token: b2bToken } })).status).toBe(200);
  });

  it('a forged secret or a made-up token is refused with the link message', async () => {
    const forged = `${link.split('.')[0]}.${randomBytes(32).toString('base64url')}`;
    const res = await open(forged);
    expect(res.status).toBe(401);
    expect(errorBody(res).message).toBe(CASE_MSG.linkInvalid);
    expect((await answer(caseOf('A2'), 'fixed', '', forged)).status).toBe(401);
    const bad = await open('not-a-token');
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain(CASE_MSG.linkInvalid);
  });

  it('takes at most the hourly number of answers per link (429 after)', async () => {
    // The answers so far: 2 accepted, 1 refused as empty (not counted: refused by its schema first), 2 refused (404).
    let last = 0;
    for (let i = 0; i < CASE_LINK.answersPerHour + 1 && last !== 429; i++) last = (await answer(caseOf('A2'), 'note', `Note ${i}`)).status;
    expect(last).toBe(429);
  });

  it('revoked: refused at once (401, the ended message); a User not assigned the retailer and another brand cannot revoke it', async () => {
    const id = (await callRoute('listCaseLinks', { params: { brandId: fx.brand._id, retailerId: fx.r1._id }, token: tokens.admin })).body.data[0]!._id;
    expect((await callRoute('revokeCaseLink', { params: { brandId: fx.brand._id, id }, token: tokens.user })).status).toBe(404);
    expect((await callRoute('revokeCaseLink', { params: { brandId: fx.brand._id, id }, token: tokens.other })).status).toBe(403);
    expect((await callRoute('revokeCaseLink', { params: { brandId: 'brand-maison-aurelle', id }, token: tokens.other })).status).toBe(404);
    expect((await open()).status).toBe(200);
    const revoked = await callRoute('revokeCaseLink', { params: { brandId: fx.brand._id, id }, token: tokens.admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.status).toBe('revoked');
    const res = await open();
    expect(res.status).toBe(401);
    expect(errorBody(res).message).toBe(CASE_MSG.linkEnded);
    expect((await callRoute('listCaseLinks', { params: { brandId: fx.brand._id, retailerId: fx.r1._id }, token: tokens.admin })).body.data).toHaveLength(0);
  });
});
