/**
 * A brand's case settings through the real calls (issue 24 §4):
 * - the price tolerance moves a product between Price Issues and In Price Sync (the tabs' totals
 *   agree), and the next scan's auto-resolve reads it too;
 * - overdue after N days feeds the summary's overdue count;
 * - the second notice of overdue cases: its draft (the brand's canned message, the retailer's
 *   contacts), sending it once (a retry sends nothing more), the log on each case; the daily check
 *   (the reports state machine's case-escalation job) drafts once in draft mode and sends in send mode;
 * - who may read and save; bad values, a stale save and two saves at once (one wins, one 409).
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { CASE_SETTINGS_MSG, SECOND_NOTICE_MSG } from '../../shared/messages/case-settings';
import { callRoute, errorBody, sentEmails, stack } from '../support/api';
import { caseFixture } from '../support/case-fixture';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tag = randomBytes(4).toString('hex');
const fx = caseFixture(tag);
const { brand: BRAND, r1: R1, r2: R2, contact: CONTACT } = fx;
const tokens: Record<'admin' | 'user' | 'other', string> = { admin: '', user: '', other: '' };
let caseIdOf: typeof import('../../functions/cases').caseIdOf;
let runJob: (input: { job: string; period?: string; brands?: string[] }) => Promise<{ results: { brand: string; status: string; error?: string }[] }>;

const settings = (token = tokens.admin, brandId = BRAND._id) => callRoute('getCaseSettings', { params: { brandId }, token });
const save = (body: Record<string, unknown>, token = tokens.admin, brandId = BRAND._id) => callRoute('updateCaseSettings', { params: { brandId }, token, body: body as never });
const base = { tolerancePercent: 0, toleranceAmount: 0, overdueDays: 14, escalation: 'off', escalationMessageId: null };
const tab = async (filter: 'price_diff' | 'price_match') => (await callRoute('listProductScrapings', { query: { retailer_brand_scraping: fx.period.r1, [filter]: 'true', limit: '25' }, token: tokens.admin })).body as { totalCount: number; data: { style_number: string }[] };
const notice = (retailer = R1._id, token = tokens.admin) => callRoute('getSecondNotice', { params: { brandId: BRAND._id, retailerId: retailer }, token });
const sendNotice = (requestId: string, retailer = R1._id, token = tokens.admin) => callRoute('sendSecondNotice', { params: { brandId: BRAND._id, retailerId: retailer }, token, body: { requestId } });
const getCase = (style: string) => callRoute('getCase', { params: { caseId: caseIdOf(BRAND._id, R1._id, style) }, token: tokens.admin });

async function saveAs(values: Partial<typeof base>) {
  const current = (await settings()).body.data;
  const res = await save({ ...base, ...values, rev: current.rev });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Moves a case's notice `days` back in time (as if that many days had passed since the email): its keys move with it. */
async function ageNotice(style: string, days: number) {
  const { ddb } = await import('../../functions/lib/clients/dynamodb');
  const { table } = await import('../../functions/lib/table');
  const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
  const id = caseIdOf(BRAND._id, R1._id, style);
  const at = new Date(Date.now() - days * 86_400_000).toISOString();
  const { Attributes: was } = await ddb.send(new UpdateCommand({ TableName: table.name, Key: { pk: `CASE#${id}`, sk: 'CASE' }, UpdateExpression: 'SET notifiedAt = :at, gsi3sk = :k, gsi4sk = :k', ExpressionAttributeValues: { ':at': at, ':k': `${at}#${id}` }, ReturnValues: 'UPDATED_OLD' }));
  // The brand's count of cases awaiting an answer by notice day (kept on write) moves with it, as a notice sent that day would have.
  const day = (iso: string) => ({ pk: `CASESTATS#${BRAND._id}`, sk: `N#${iso.slice(0, 10)}` });
  await ddb.send(new UpdateCommand({ TableName: table.name, Key: day(String(was!.notifiedAt)), UpdateExpression: 'ADD n :d', ExpressionAttributeValues: { ':d': -1 } }));
  await ddb.send(new UpdateCommand({ TableName: table.name, Key: day(at), UpdateExpression: 'ADD n :d', ExpressionAttributeValues: { ':d': 1 } }));
}

async function flagAndEmail(style: string) {
  expect((await fx.flag(tokens.admin, style, [{ name: 'Price', value: 'Wrong price' }], `Check ${style}.`)).status).toBe(200);
  await fx.emailAbout(tokens.admin, [style], { subject: `About ${style} ${tag}`, message: '<p>Please correct it.</p>' });
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  ({ caseIdOf } = await import('../../functions/cases'));
  const { runReportsJob } = await import('../../infra/local/jobs');
  runJob = (input) => runReportsJob(root, input as never) as never;
  Object.assign(tokens, await fx.seedAndSignIn());
}, 60_000);

describe('the settings', () => {
  it('a brand that never saved reads the defaults: exact prices, overdue after 14 days, no escalation', async () => {
    const res = await settings();
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ ...base, rev: 0, updatedAt: null });
    // A User of the brand reads them (the price tabs follow them); only a brand admin saves.
    expect((await settings(tokens.user)).status).toBe(200);
    const refused = await save({ ...base, rev: 0 }, tokens.user);
    expect(refused.status).toBe(403);
  });

  it('another brand neither reads nor saves them', async () => {
    expect((await settings(tokens.other)).status).toBe(403);
    expect((await save({ ...base, rev: 0 }, tokens.other)).status).toBe(403);
    expect((await settings()).body.data.rev).toBe(0);
  });

  it.each([
    [{ tolerancePercent: 51 }, CASE_SETTINGS_MSG.percentInvalid],
    [{ tolerancePercent: -1 }, CASE_SETTINGS_MSG.percentInvalid],
    [{ tolerancePercent: 1.234 }, CASE_SETTINGS_MSG.percentInvalid],
    [{ toleranceAmount: '5' }, CASE_SETTINGS_MSG.amountInvalid],
    [{ overdueDays: 0 }, CASE_SETTINGS_MSG.overdueInvalid],
    [{ overdueDays: 2.5 }, CASE_SETTINGS_MSG.overdueInvalid],
    [{ escalation: 'shout' }, CASE_SETTINGS_MSG.escalationInvalid],
    [{ escalationMessageId: 'no-such-message' }, CASE_SETTINGS_MSG.messageNotFound],
    [{ colour: 'red' }, CASE_SETTINGS_MSG.unknownField('colour')],
  ])('refuses %j with its message, and saves nothing', async (bad, message) => {
    const res = await save({ ...base, rev: 0, ...bad });
    expect(res.status).toBe(400);
    expect(errorBody(res).message).toBe(message);
    expect((await settings()).body.data.rev).toBe(0);
  });

  it('two saves from the same screen at once: one is saved, the other told to reload (409)', async () => {
    const [a, b] = await Promise.all([save({ ...base, overdueDays: 10, rev: 0 }), save({ ...base, overdueDays: 20, rev: 0 })]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect(errorBody(loser).message).toBe(CASE_SETTINGS_MSG.changedMeanwhile);
    const now = (await settings()).body.data;
    expect(now.rev).toBe(1);
    expect(now.overdueDays).toBe((a.status === 200 ? a : b).body.data.overdueDays);
    // A save from a screen older than that one: 409, nothing changed.
    expect((await save({ ...base, overdueDays: 30, rev: 0 })).status).toBe(409);
    expect((await settings()).body.data.overdueDays).toBe(now.overdueDays);
  });
});

describe('the price tolerance', () => {
  it('moves a product between Price Issues and In Price Sync at its threshold; the totals agree', async () => {
    // A1: 700.00 against an on-hand 1,000.00 (a gap of 300.00, 30 %).
    await saveAs({});
    expect((await tab('price_diff')).data.map((r) => r.style_number)).toEqual(['A1']);
    expect((await tab('price_match')).totalCount).toBe(0);
    await saveAs({ tolerancePercent: 29.99 });
    expect((await tab('price_diff')).totalCount).toBe(1);
    await saveAs({ tolerancePercent: 30 });
    expect((await tab('price_diff')).totalCount).toBe(0);
    expect((await tab('price_match')).data.map((r) => r.style_number)).toEqual(['A1']);
    await saveAs({ tolerancePercent: 0, toleranceAmount: 299.99 });
    expect((await tab('price_diff')).totalCount).toBe(1);
    await saveAs({ toleranceAmount: 300 });
    expect((await tab('price_match')).totalCount).toBe(1);
    // The larger of the two applies.
    await saveAs({ tolerancePercent: 1, toleranceAmount: 300 });
    expect((await tab('price_match')).totalCount).toBe(1);
    await saveAs({});
    expect((await tab('price_diff')).totalCount).toBe(1);
  });
});

describe('overdue cases and the second notice', () => {
  it('a notice with no answer after the brand’s days is overdue in the summary and in the draft', async () => {
    await saveAs({ overdueDays: 7 });
    await flagAndEmail('A1');
    await flagAndEmail('A2');
    expect((await notice()).body.data.cases).toEqual([]);
    await ageNotice('A1', 8);
    const summary = await callRoute('getCaseSummary', { params: { brandId: BRAND._id }, token: tokens.admin });
    expect(summary.body.figures).toMatchObject({ overdue: 1, overdueDays: 7 });
    const draft = (await notice()).body.data;
    expect(draft.cases.map((c: { style_number: string }) => c.style_number)).toEqual(['A1']);
    expect(draft.to).toEqual([CONTACT]);
    expect(draft.subject).toBe(SECOND_NOTICE_MSG.subject(BRAND.name, 1));
    expect(draft.html).toContain('Piece A1 (A1)');
    expect(draft.html).toContain('More than 7 days ago');
    // 10 days: A2 is not overdue yet.
    await saveAs({ overdueDays: 10 });
    expect((await notice()).body.data.cases).toEqual([]);
    await saveAs({ overdueDays: 7 });
  });

  it('a User of another retailer and another brand see no draft and send nothing', async () => {
    expect((await notice(R1._id, tokens.user)).status).toBe(403);
    expect((await sendNotice(`user-${tag}`, R1._id, tokens.user)).status).toBe(403);
    expect((await notice(R1._id, tokens.other)).status).toBe(403);
    expect((await sendNotice(`other-${tag}`, R1._id, tokens.other)).status).toBe(403);
  });

  it('sending it emails the retailer once, with a link to its cases, and logs it on each case', async () => {
    const before = (await sentEmails()).length;
    const requestId = `second-${tag}`;
    const [a, b] = await Promise.all([sendNotice(requestId), sendNotice(requestId)]);
    expect([a.status, b.status]).toContain(200);
    expect([200, 409]).toContain(a.status === 200 ? b.status : a.status);
    const again = await sendNotice(requestId);
    expect(again.status).toBe(200);
    const mails = (await sentEmails()).slice(before).filter((e) => e.destination.to.includes(CONTACT));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(SECOND_NOTICE_MSG.subject(BRAND.name, 1));
    expect(mails[0]!.body.html).toMatch(/retailer-cases#t=/);
    const c = (await getCase('A1')).body;
    expect(c.data.secondNoticeAt).toBeTruthy();
    expect(c.events.filter((e: { detail: string }) => e.detail.startsWith('Second notice emailed to'))).toHaveLength(1);
    // Still overdue (no answer yet), still listed, now with its second notice's date.
    expect((await notice()).body.data.cases[0]!.secondNoticeAt).toBe(c.data.secondNoticeAt);
  });

  it('nothing overdue: a clear 400 and nothing sent', async () => {
    const none = await sendNotice(`none-${tag}`, R2._id);
    expect(none.status).toBe(400);
    expect(errorBody(none).message).toBe(SECOND_NOTICE_MSG.nothingOverdue);
  });
});

describe('the daily check (case-escalation job)', () => {
  it('draft mode logs "Second notice drafted" once per case and tells the followers once; off does nothing', async () => {
    await ageNotice('A2', 9);
    await saveAs({ overdueDays: 7, escalation: 'off' });
    const day = new Date().toISOString().slice(0, 10);
    const off = await runJob({ job: 'case-escalation', period: day, brands: [BRAND._id] });
    expect(off.results[0]!.status).toBe('done');
    expect((await getCase('A2')).body.events.map((e: { kind: string }) => e.kind)).not.toContain('escalated');
    await saveAs({ overdueDays: 7, escalation: 'draft' });
    const before = (await sentEmails()).length;
    // Planned without naming brands: the check walks only the brands that escalate, this one among them.
    const run = await runJob({ job: 'case-escalation', period: day });
    expect(run.results.find((r) => r.brand === BRAND._id)?.status).toBe('done');
    await runJob({ job: 'case-escalation', period: day, brands: [BRAND._id] });
    const a2 = (await getCase('A2')).body;
    expect(a2.events.filter((e: { kind: string }) => e.kind === 'escalated')).toHaveLength(1);
    expect(a2.data.secondNoticeDraftedAt).toBeTruthy();
    // A1 had its second notice already: nothing drafted for it.
    expect((await getCase('A1')).body.events.map((e: { kind: string }) => e.kind)).not.toContain('escalated');
    const told = (await sentEmails()).slice(before).filter((e) => e.destination.to.includes(fx.adminEmail));
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain(SECOND_NOTICE_MSG.draftedTitle(R1.name, 1));
  });

  it('send mode sends the retailer its notice once a day, whatever the re-runs', async () => {
    await saveAs({ overdueDays: 7, escalation: 'send' });
    const before = (await sentEmails()).length;
    const day = new Date().toISOString().slice(0, 10);
    await runJob({ job: 'case-escalation', period: day, brands: [BRAND._id] });
    await runJob({ job: 'case-escalation', period: day, brands: [BRAND._id] });
    const mails = (await sentEmails()).slice(before).filter((e) => e.destination.to.includes(CONTACT));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body.html).toContain('Piece A2 (A2)');
    expect((await getCase('A2')).body.data.secondNoticeAt).toBeTruthy();
    await saveAs({});
  });
});
