/**
 * The summary's overdue count, kept on write (issue 24 §4, §5; functions/cases/cases.repo.ts
 * countOverdue): the brand's cases awaiting an answer, less those notified after the cutoff (the
 * days after its day from one small item each, its own day by a COUNT of that day's notice keys).
 * Against DynamoDB Local, through the steps the flag, email, answer and resolve calls write, it
 * must equal what counting every notice key says, at every cutoff: on the cutoff's day before
 * and after its time, after acknowledging, resolving and reopening, for a retried write, and for
 * 40 notices written at once.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { stack } from '../support/api';

type Cases = typeof import('../../functions/cases');
type Repo = typeof import('../../functions/cases/cases.repo');
type Domain = typeof import('../../functions/cases/domain/case');
type CaseRecord = import('../../functions/cases/domain/case').CaseRecord;

const tag = randomBytes(4).toString('hex');
const BRAND = `ovd-${tag}`;
const NOW = Date.parse('2026-11-29T12:00:00.000Z');
const by = { id: 'test', name: 'Test' };
const ago = (days: number, hours = 0) => new Date(NOW - days * 86_400_000 - hours * 3_600_000).toISOString();

let cases: Cases;
let repo: Repo;
let domain: Domain;
let transactIf: typeof import('../../functions/lib/table').transactIf;
let queryCount: typeof import('../../functions/lib/table').queryCount;
let table: typeof import('../../functions/lib/table').table;

/** What counting every notice key of the brand says (the read this replaces). */
const counted = (brand: string, before: string) =>
  queryCount({ IndexName: table.gsi3, KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :before', ExpressionAttributeValues: { ':pk': `CASENOTICE#${brand}`, ':before': before } });

async function apply(step: import('../../functions/cases/domain/case').Step | undefined): Promise<CaseRecord> {
  expect(step).toBeDefined();
  expect(await transactIf(repo.stepWrites(step!))).toBe(true);
  return step!.after;
}

const open = (brand: string, retailer: string, style: string, at: string) =>
  apply(
    cases.flagStep(undefined, {
      brand, retailer, kind: 'product', style_number: style, name: `Piece ${style}`, productId: `p-${style}`, at, by,
      evidence: { scanDate: at.slice(0, 10), periodId: null, reasons: [{ name: 'Price', value: 'Wrong price' }], message: '', scraped: { name: `Piece ${style}`, style_number: style, price: 100, URL: '', image: '', screenshot: '', brand_sku: '' }, onHand: null, gap: null },
    }),
  );
const notify = (c: CaseRecord, at: string) => apply(domain.emailedStep(c, { historyId: `h-${c.style_number}-${at}`, to: ['shop@example.com'], at, by }));

async function expectAgrees(brand: string, overdueDays: number[]) {
  for (const days of overdueDays) {
    const before = new Date(NOW - days * 86_400_000).toISOString();
    expect({ days, overdue: await repo.countOverdue(brand, before) }).toEqual({ days, overdue: await counted(brand, before) });
  }
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  cases = await import('../../functions/cases');
  repo = await import('../../functions/cases/cases.repo');
  domain = await import('../../functions/cases/domain/case');
  ({ transactIf, queryCount, table } = await import('../../functions/lib/table'));
});

describe('the overdue count kept on write', () => {
  it('agrees with counting the notices at every cutoff, on the cutoff’s own day too, as cases are answered, resolved and reopened', async () => {
    const r = `r-${tag}`;
    // Notices 30, 10, 7 days (+/− hours around a 7-day cutoff at noon), 3 days ago and today.
    const at = { old: ago(30), ten: ago(10), earlyOnDay: ago(7, 3), lateOnDay: ago(7, -3), three: ago(3), today: ago(0, 1) };
    const notified: Record<string, CaseRecord> = {};
    for (const [style, when] of Object.entries(at)) notified[style] = await notify(await open(BRAND, r, style, ago(40)), when);
    // One never emailed: open, not awaiting an answer.
    await open(BRAND, r, 'quiet', ago(40));
    // 7 days: notified before noon 7 days ago (30, 10, and that day's early one), not the late one.
    expect(await repo.countOverdue(BRAND, ago(7))).toBe(3);
    await expectAgrees(BRAND, [0, 1, 3, 6, 7, 8, 10, 14, 30, 31, 365]);

    // The retailer answers the oldest: no longer awaiting an answer.
    await apply(domain.answerStep(notified.old, { action: 'fixed', note: '', at: ago(0), by: { id: 'retailer', name: 'Retailer' }, ref: 'link' }));
    // The brand resolves that day's early one.
    const resolved = await apply(cases.resolveStep(notified.earlyOnDay, { resolution: 'dismissed', reason: 'Not ours', at: ago(0), by }));
    expect(await repo.countOverdue(BRAND, ago(7))).toBe(1);
    await expectAgrees(BRAND, [0, 1, 3, 7, 8, 10, 30, 365]);

    // It comes back and is emailed again today: a new notice, not an old one.
    const reopened = await apply(cases.flagStep(resolved, { brand: BRAND, retailer: r, kind: 'product', style_number: 'earlyOnDay', name: 'Piece earlyOnDay', productId: 'p-earlyOnDay', at: ago(0, 2), by, evidence: notified.earlyOnDay!.evidence }));
    await notify(reopened, ago(0, 1));
    expect(await repo.countOverdue(BRAND, ago(7))).toBe(1);
    expect(await repo.countOverdue(BRAND, ago(0))).toBe(5);
    await expectAgrees(BRAND, [0, 1, 3, 7, 8, 10, 30, 365]);
  });

  it('a second email to a notified case and a retried write move nothing', async () => {
    const brand = `${BRAND}-retry`;
    const c = await notify(await open(brand, 'r', 'A', ago(20)), ago(9));
    // A later email to a notified case keeps its first notice's day.
    await apply(domain.emailedStep(c, { historyId: 'again', to: ['shop@example.com'], at: ago(1), by }));
    expect(await repo.countOverdue(brand, ago(7))).toBe(1);
    // The same step written twice (a retried event): the second is refused on the case's rev.
    const current = (await repo.getCase(c._id))!;
    const step = cases.resolveStep(current, { resolution: 'dismissed', reason: '', at: ago(0), by })!;
    expect(await transactIf(repo.stepWrites(step))).toBe(true);
    expect(await transactIf(repo.stepWrites(step))).toBe(false);
    expect(await repo.countOverdue(brand, ago(7))).toBe(0);
    await expectAgrees(brand, [0, 7, 30]);
  });

  it('40 notices written at once are all counted, each on its day', async () => {
    const brand = `${BRAND}-forty`;
    const opened = await Promise.all(Array.from({ length: 40 }, (_, i) => open(brand, `r${i % 4}`, `S${i}`, ago(60))));
    await Promise.all(opened.map((c, i) => notify(c, ago(i % 20, i % 5))));
    await expectAgrees(brand, [0, 1, 5, 7, 14, 19, 20, 365]);
    // Each day's item expires 400 days after that day, past the longest overdue window (365 days).
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const day = ago(3).slice(0, 10);
    const item = (await ddb.send(new GetCommand({ TableName: table.name, Key: { pk: `CASESTATS#${brand}`, sk: `N#${day}` } }))).Item;
    expect(item?.expiresAt).toBe(Date.parse(`${day}T00:00:00Z`) / 1000 + 400 * 86_400);
    expect(item?.n).toBeGreaterThan(0);
  });

  it('a table written before the days were kept is counted again by the deploy’s backfill, the same on a second run', async () => {
    const brand = `${BRAND}-old`;
    const opened = await Promise.all(Array.from({ length: 6 }, (_, i) => open(brand, 'r', `B${i}`, ago(40))));
    await Promise.all(opened.map((c, i) => notify(c, ago(i * 3))));
    // As an older table has them: no day items.
    const { ddb } = await import('../../functions/lib/clients/dynamodb');
    const { DeleteCommand, QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const days = (await ddb.send(new QueryCommand({ TableName: table.name, KeyConditionExpression: 'pk = :pk AND begins_with(sk, :n)', ExpressionAttributeValues: { ':pk': `CASESTATS#${brand}`, ':n': 'N#' } }))).Items ?? [];
    expect(days.length).toBe(6);
    for (const d of days) await ddb.send(new DeleteCommand({ TableName: table.name, Key: { pk: d.pk, sk: d.sk } }));
    // Without them every case awaiting an answer looks overdue (notices 0, 3, … 15 days ago: 3 are).
    expect(await repo.countOverdue(brand, ago(7))).toBe(6);
    const now = new Date(NOW);
    expect(await repo.backfillNoticeDays(brand, now)).toBe(6);
    await expectAgrees(brand, [0, 1, 3, 7, 14, 30]);
    expect(await repo.countOverdue(brand, ago(7))).toBe(3);
    // Again: the same counts; a day whose case was answered since goes to 0.
    await apply(domain.answerStep((await repo.getCase(opened[5]!._id))!, { action: 'fixed', note: '', at: ago(0), by: { id: 'retailer', name: 'Retailer' }, ref: 'link' }));
    expect(await repo.backfillNoticeDays(brand, now)).toBe(6);
    await expectAgrees(brand, [0, 1, 3, 7, 14, 30]);
    expect(await repo.countOverdue(brand, ago(7))).toBe(2);
  });
});
