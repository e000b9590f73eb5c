/**
 * Cases through the real calls (issue 24): a flag opens a case with its evidence (the scraped
 * values, the on-hand item it was compared with, the gap and the severity); an email to the
 * retailer naming the product notifies it; unflagging resolves it (dismissed); a new flag reopens
 * it as a repeat; PUT /case/{id}/resolve unflags the product with the resolution. The log records
 * who did what, per case and per retailer (one kind, cursor pages); the counts are kept on write
 * and agree with the lists. Two people flagging at once open one case; a User sees only the
 * cases of assigned retailers; another brand sees nothing.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASE_MSG } from '../../shared/schemas/cases';
import { callRoute, errorBody, stack } from '../support/api';
import { caseFixture } from '../support/case-fixture';

const tag = randomBytes(4).toString('hex');
const fx = caseFixture(tag);
const { brand: BRAND, r1: R1, r2: R2, contact: CONTACT } = fx;
const period = fx.period;

let ids: typeof import('../../functions/scrapings/domain/ids');
let caseIdOf: typeof import('../../functions/cases').caseIdOf;
const tokens: Record<'admin' | 'user' | 'other', string> = { admin: '', user: '', other: '' };
const prod = (periodId: string, style: string) => ids.productIdOf(periodId, style);
const flag = (id: string, body: unknown, token = tokens.admin) => callRoute('updateProductFlag', { params: { id }, token, body });
const priceFlag = { isFlagged: 'yes', message: 'Shown far below the list price.', reason: [{ name: 'Price', value: 'Wrong price' }] };
const UNFLAG = { isFlagged: 'no', message: '', reason: [] };
const cases = (retailer = R1._id, query: Record<string, string> = {}, token = tokens.admin) => callRoute('listRetailerCases', { params: { brandId: BRAND._id, retailerId: retailer }, query, token });
const getCase = (caseId: string, token = tokens.admin, query: Record<string, string> = {}) => callRoute('getCase', { params: { caseId }, query, token });
const activity = (query: Record<string, string> = {}, retailer = R1._id, token = tokens.admin) => callRoute('listCaseActivity', { params: { brandId: BRAND._id, retailerId: retailer }, query, token });
const caseOf = (style: string, retailer = R1._id) => caseIdOf(BRAND._id, retailer, style);

function email(products: string[], requestId = `req-${randomBytes(6).toString('hex')}`) {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ subject: `Price issue ${tag}`, message: '<p>Please correct the price.</p>', source: 'product', retailer_brand_scraping: period.r1, requestId, isCanned: 'false' })) fd.append(k, v);
  fd.append('to[]', CONTACT);
  for (const p of products) fd.append('products[]', p);
  return callRoute('contactRetailer', { query: { version: '1.0.0' }, token: tokens.admin, body: fd });
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  ids = await import('../../functions/scrapings/domain/ids');
  ({ caseIdOf } = await import('../../functions/cases'));
  Object.assign(tokens, await fx.seedAndSignIn());
}, 60_000);

describe('a case from flag to fix', () => {
  it('a flag opens a case with its evidence and severity; the list, the counts and the log show it', async () => {
    const id = prod(period.r1, 'A1');
    expect((await flag(id, priceFlag)).status).toBe(200);
    const list = await cases();
    expect(list.status).toBe(200);
    expect(list.body.counts).toMatchObject({ open: 1, notified: 0, resolved: 0 });
    expect(list.body.data).toHaveLength(1);
    const c = list.body.data[0]!;
    expect(c).toMatchObject({ _id: caseOf('A1'), kind: 'product', style_number: 'A1', name: 'Piece A1', productId: id, status: 'open', severity: 'high', repeats: 0, resolution: null });
    expect(c.evidence).toMatchObject({
      scanDate: fx.date,
      periodId: period.r1,
      reasons: [{ name: 'Price', value: 'Wrong price' }],
      message: priceFlag.message,
      scraped: { name: 'Piece A1', style_number: 'A1', price: 700 },
      onHand: { serialNo: `SN-${tag}`, styleName: 'Aurora Ring', price: 1000 },
      gap: { amount: -300, percent: -30 },
    });
    const one = await getCase(c._id);
    expect(one.body.events.map((e) => [e.kind, e.by?.name, e.detail])).toEqual([['flagged', 'Cora Case', 'Price: Wrong price']]);
  });

  it('the same flag again writes nothing; new reasons are logged and the evidence of the opening stays', async () => {
    const id = prod(period.r1, 'A1');
    expect((await flag(id, priceFlag)).status).toBe(200);
    expect((await getCase(caseOf('A1'))).body.events).toHaveLength(1);
    expect((await flag(id, { isFlagged: 'yes', message: 'And the picture.', reason: [{ name: 'Price', value: 'Wrong price' }, { name: 'Image Issues', value: 'Image Issues' }] })).status).toBe(200);
    const c = await getCase(caseOf('A1'));
    expect(c.body.events.map((e) => e.kind)).toEqual(['flagged', 'reflagged']);
    expect(c.body.data.evidence.message).toBe(priceFlag.message);
    expect((await cases()).body.counts.open).toBe(1);
  });

  it('an email naming the product notifies the case and logs the recipients; the same request again logs it once', async () => {
    const requestId = `req-${randomBytes(6).toString('hex')}`;
    const sent = await email([prod(period.r1, 'A1')], requestId);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const again = await email([prod(period.r1, 'A1')], requestId);
    expect(again.status).toBe(200);
    const c = await getCase(caseOf('A1'));
    expect(c.body.data.status).toBe('notified');
    expect(c.body.data.notifiedAt).toBeTruthy();
    const emailed = c.body.events.filter((e) => e.kind === 'emailed');
    expect(emailed.map((e) => e.detail)).toEqual([`Emailed to ${CONTACT}`]);
    expect((await cases()).body.counts).toMatchObject({ open: 0, notified: 1 });
  });

  it('unflagging resolves the case (dismissed, logged as unflagged); a new flag reopens it as a repeat', async () => {
    const id = prod(period.r1, 'A1');
    expect((await flag(id, UNFLAG)).status).toBe(200);
    let c = await getCase(caseOf('A1'));
    expect(c.body.data).toMatchObject({ status: 'resolved', resolution: 'dismissed', resolutionReason: 'Unflagged' });
    expect(c.body.events.at(-1)).toMatchObject({ kind: 'unflagged', detail: 'Dismissed: Unflagged' });
    expect((await cases()).body.data).toHaveLength(0);
    const resolved = await cases(R1._id, { status: 'resolved' });
    expect(resolved.body.data.map((x) => x._id)).toEqual([caseOf('A1')]);
    expect(resolved.body.counts).toMatchObject({ open: 0, notified: 0, resolved: 1, repeats: 0 });

    expect((await flag(id, priceFlag)).status).toBe(200);
    c = await getCase(caseOf('A1'));
    expect(c.body.data).toMatchObject({ _id: caseOf('A1'), status: 'open', repeats: 1, resolution: null, resolvedAt: null });
    expect(c.body.events.at(-1)!.kind).toBe('reopened');
    expect((await cases()).body.counts).toMatchObject({ open: 1, resolved: 0, repeats: 1 });
  });

  it('PUT /case/{id}/resolve: the retailer fixed it; the product is unflagged with it; a second resolve is 409', async () => {
    const res = await callRoute('resolveCase', { params: { caseId: caseOf('A1') }, token: tokens.admin, body: { resolution: 'retailer_fixed', reason: '' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe(CASE_MSG.resolved);
    expect(res.body.data).toMatchObject({ status: 'resolved', resolution: 'retailer_fixed' });
    const product = await callRoute('getProductScraping', { params: { id: prod(period.r1, 'A1') }, token: tokens.admin });
    expect(product.body.data.isFlagged).toBe('no');
    const c = await getCase(caseOf('A1'));
    expect(c.body.events.at(-1)).toMatchObject({ kind: 'resolved', detail: 'Fixed by the retailer', by: { name: 'Cora Case' } });
    const again = await callRoute('resolveCase', { params: { caseId: caseOf('A1') }, token: tokens.admin, body: { resolution: 'retailer_fixed', reason: '' } });
    expect(again.status).toBe(409);
    expect(errorBody(again).message).toBe(CASE_MSG.alreadyResolved);
  });

  it('dismissing needs a reason (400, nothing changed)', async () => {
    expect((await flag(prod(period.r1, 'A2'), priceFlag)).status).toBe(200);
    const res = await callRoute('resolveCase', { params: { caseId: caseOf('A2') }, token: tokens.admin, body: { resolution: 'dismissed', reason: '  ' } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(CASE_MSG.reasonRequired);
    expect((await getCase(caseOf('A2'))).body.data.status).toBe('open');
  });

  it('a brand profile flag is a case of its own', async () => {
    const info = await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: R1._id }, token: tokens.admin });
    const res = await callRoute('updateBrandFlag', { params: { id: info.body.data._id }, token: tokens.admin, body: { isFlagged: 'yes', message: 'Old logo', reason: [{ name: 'Brand Logo', value: 'Old logo is shown' }] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const profile = (await cases()).body.data.find((c) => c.kind === 'profile');
    expect(profile).toMatchObject({ name: 'Brand profile', severity: 'medium', status: 'open', productId: info.body.data._id });
    const resolved = await callRoute('resolveCase', { params: { caseId: profile!._id }, token: tokens.admin, body: { resolution: 'dismissed', reason: 'Logo approved by the brand' } });
    expect(resolved.status).toBe(200);
    const after = await callRoute('getRetailerScraping', { params: { brandId: BRAND._id, id: R1._id }, token: tokens.admin });
    expect(after.body.data).toMatchObject({ isFlagged: 'no' });
  });
});

describe('races, lists and tenants', () => {
  it('two people flagging the same product at once open one case, counted once', async () => {
    const id = prod(period.r1, 'A3');
    const before = (await cases()).body.counts.open;
    const answers = await Promise.all(Array.from({ length: 6 }, () => flag(id, priceFlag)));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
    const c = await getCase(caseOf('A3'));
    expect(c.body.events.map((e) => e.kind)).toEqual(['flagged']);
    expect((await cases()).body.counts.open).toBe(before + 1);
  });

  it('the counts agree with the lists', async () => {
    const active = await cases(R1._id, { limit: '100' });
    const resolved = await cases(R1._id, { status: 'resolved', limit: '100' });
    const by = (s: string) => active.body.data.filter((c) => c.status === s).length;
    expect(active.body.counts).toMatchObject({ open: by('open'), notified: by('notified'), acknowledged: by('acknowledged'), resolved: resolved.body.data.length });
  });

  it('the active list is worst first; pages follow the cursor; a forged cursor is 400', async () => {
    const all = (await cases(R1._id, { limit: '100' })).body.data;
    const rank = { high: 1, medium: 2, low: 3 } as const;
    expect(all.map((c) => rank[c.severity])).toEqual([...all.map((c) => rank[c.severity])].sort());
    const first = await cases(R1._id, { limit: '1' });
    expect(first.body.data).toHaveLength(1);
    const second = await cases(R1._id, { limit: '1', cursor: first.body.nextCursor! });
    expect(second.body.data[0]!._id).not.toBe(first.body.data[0]!._id);
    expect((await cases(R1._id, { cursor: 'bm9wZQ' })).status).toBe(400);
  });

  it("the retailer's log: newest first, one kind, in cursor pages", async () => {
    const all = await activity({ limit: '100' });
    expect(all.status).toBe(200);
    const times = all.body.data.map((e) => e.at);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(all.body.data.map((e) => e.kind))).toEqual(new Set(['flagged', 'reflagged', 'emailed', 'unflagged', 'reopened', 'resolved']));
    const flagged = await activity({ kind: 'flagged', limit: '100' });
    expect(flagged.body.data.every((e) => e.kind === 'flagged')).toBe(true);
    expect(flagged.body.data.length).toBe(all.body.data.filter((e) => e.kind === 'flagged').length);
    const page1 = await activity({ limit: '2' });
    const page2 = await activity({ limit: '2', cursor: page1.body.nextCursor! });
    expect([...page1.body.data, ...page2.body.data].map((e) => `${e.at}${e.kind}`)).toEqual(all.body.data.slice(0, 4).map((e) => `${e.at}${e.kind}`));
    expect((await activity({ kind: 'bogus' })).status).toBe(400);
  });

  it("a User sees only assigned retailers' cases; another brand sees none; a bad id is 400", async () => {
    expect((await flag(prod(period.r2, 'A1'), priceFlag)).status).toBe(200);
    expect((await cases(R2._id, {}, tokens.user)).body.data.map((c) => c._id)).toEqual([caseOf('A1', R2._id)]);
    expect((await cases(R1._id, {}, tokens.user)).status).toBe(403);
    expect((await activity({}, R1._id, tokens.user)).status).toBe(403);
    expect((await getCase(caseOf('A1'), tokens.user)).status).toBe(404);
    expect((await callRoute('resolveCase', { params: { caseId: caseOf('A3') }, token: tokens.user, body: { resolution: 'retailer_fixed', reason: '' } })).status).toBe(404);
    expect((await cases(R1._id, {}, tokens.other)).status).toBe(403);
    const stolen = await getCase(caseOf('A1'), tokens.other);
    expect(stolen.status).toBe(404);
    expect(JSON.stringify(stolen.body)).not.toContain('Piece A1');
    expect((await callRoute('resolveCase', { params: { caseId: caseOf('A3') }, token: tokens.other, body: { resolution: 'retailer_fixed', reason: '' } })).status).toBe(404);
    expect((await getCase(caseOf('A3'))).body.data.status).toBe('open');
    expect((await getCase('not-a-case')).status).toBe(400);
  });
});
