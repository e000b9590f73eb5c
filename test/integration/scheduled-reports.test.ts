/**
 * The scheduled report jobs (docs/reports.md "Scheduled reports") against the local stack: the
 * state machine CDK deploys, run by aws-local-stepfunctions with its tasks bound to the handler
 * modules in this process (infra/local/jobs.ts, as `npm run job` runs it), on brands of this
 * file's own (the demo brands and the other suites' users are never written to: every run names
 * its brands). Emails are read from the SES emulator's store.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserRecord } from '../../functions/users/users.repo';
import type { RetailerBrandScraping } from '../../functions/scrapings/scrapings.repo';
import type { JobOutcome } from '../../infra/local/jobs';
import { TEST_ROLES, testUser } from '../support/accounts';
import { callRoute, login, type SentEmail, sentEmails, stack } from '../support/api';
import { signedInAccounts } from '../support/accounts';
import { dropRobotFile, waitForFile } from '../support/post-office';
import { seedBrand } from '../support/brands';
import { periodRecord } from '../support/scrapes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tag = randomBytes(4).toString('hex');
const MONTH = '2026-03';
const retailer = (b: string, n: string, name: string) => ({ _id: `ret-sr${b}${n}-${tag}`, name: `${name} ${tag}`, optId: `SR${b}${n}${tag}`.toUpperCase(), slug: `sr${b}${n}-${tag}`, website: `https://sr${b}${n}.example` });
const B = { _id: `brand-sr-${tag}`, name: `Sched House ${tag}`, slug: `sched-house-${tag}` };
const R1 = retailer('a', '1', 'Alpha Store');
const R2 = retailer('a', '2', 'Beta Boutique');
/** Switched off for B: in no report, no digest. */
const ROFF = retailer('a', '3', 'Off Shop');
const B2 = { _id: `brand-sr2-${tag}`, name: `Other House ${tag}`, slug: `other-house-${tag}` };
const S1 = retailer('b', '1', 'Other Store');
const MISSING = `brand-sr-missing-${tag}`;

const mail = (k: string) => `sr-${k}-${tag}@demo.test`;
type Spec = { role?: 'User' | 'BRAND_ADMIN'; emailFrequency: UserRecord['emailFrequency']; associated_retailers?: string[]; status?: UserRecord['status']; brand?: string; email?: string };
const USERS = {
  admin: { role: 'BRAND_ADMIN', emailFrequency: 'Monthly' },
  user: { emailFrequency: 'Monthly' },
  rep: { emailFrequency: 'Monthly', associated_retailers: [R1._id] },
  /** Assigned only a retailer the brand switched off: sees nothing, gets nothing. */
  offRep: { emailFrequency: 'Monthly', associated_retailers: [ROFF._id] },
  /** The first send to this address fails once (fault injection): the retry sends it, the others are not sent again. */
  flaky: { emailFrequency: 'Monthly', email: `sr-fail-once-report-email-${tag}@demo.test` },
  pending: { emailFrequency: 'Monthly', status: 'pending' },
  daily: { emailFrequency: 'Daily' },
  weekly: { emailFrequency: 'Weekly' },
  dailyRep: { emailFrequency: 'Daily', associated_retailers: [R2._id] },
  other: { emailFrequency: 'Monthly', brand: B2._id },
  otherDaily: { emailFrequency: 'Daily', brand: B2._id },
} satisfies Record<string, Spec>;
type Key = keyof typeof USERS;
const emailOf = (k: Key) => (USERS[k] as Spec).email ?? mail(k);

let runJob: (input: { job: string; period?: string; brands?: string[] }) => Promise<JobOutcome>;
let repo: typeof import('../../functions/reports/jobs/jobs.repo');

const to = (emails: SentEmail[], k: Key) => emails.filter((e) => e.destination.to.includes(emailOf(k)));
const linkIn = (e: SentEmail) => /href="([^"]*\/api\/exports\/download\?token=[^"]+)"/.exec(e.body.html ?? '')?.[1]?.replace(/&amp;/g, '&');

async function sheetOf(link: string): Promise<string[]> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const file = await fetch(res.headers.get('location')!);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await file.arrayBuffer()) as ArrayBuffer);
  const names: string[] = [];
  wb.worksheets[0]!.eachRow((row, i) => i > 1 && names.push(String((row.values as unknown[])[1])));
  return names;
}

beforeAll(async () => {
  Object.assign(process.env, stack().env, { FAULT_INJECTION: '1' });
  const { runReportsJob } = await import('../../infra/local/jobs');
  runJob = (input) => runReportsJob(root, input);
  repo = await import('../../functions/reports/jobs/jobs.repo');
  await seedBrand(B, [R1, R2, ROFF], [
    { retailer: R1._id, flag: true, webSiteType: 'retailerWithProducts' },
    { retailer: R2._id, flag: true, webSiteType: 'retailerWithProducts' },
    { retailer: ROFF._id, flag: false, webSiteType: 'retailerWithProducts' },
  ]);
  await seedBrand(B2, [S1], [{ retailer: S1._id, flag: true, webSiteType: 'retailerWithProducts' }]);
  const { createUser } = await import('../../functions/users/users.repo');
  for (const [k, s] of Object.entries(USERS) as [Key, Spec][]) {
    await createUser(
      testUser({ _id: `user-sr-${k}-${tag}`, email: emailOf(k), passwordHash: 'unused', name: `SR ${k} ${tag}`, firstname: k, brand: s.brand ?? B._id, roles: [TEST_ROLES[s.role ?? 'User']], associated_retailers: s.associated_retailers ?? [], emailFrequency: s.emailFrequency, status: s.status ?? 'active' }),
    );
  }
  const { putPeriod } = await import('../../functions/scrapings/scrapings.repo');
  const { periodIdOf } = await import('../../functions/scrapings/domain/ids');
  const periods: RetailerBrandScraping[] = [
    periodRecord({ _id: periodIdOf(B._id, R1._id, '2026-03-09'), brand: B._id, retailer: R1._id, date: '2026-03-09', version: `v${tag}`, totalProducts: 10, added: 10 }),
    periodRecord({ _id: periodIdOf(B._id, R2._id, '2026-03-16'), brand: B._id, retailer: R2._id, date: '2026-03-16', version: `v${tag}`, totalProducts: 4, added: 4 }),
    periodRecord({ _id: periodIdOf(B2._id, S1._id, '2026-03-16'), brand: B2._id, retailer: S1._id, date: '2026-03-16', version: `v${tag}`, totalProducts: 7, added: 7 }),
  ];
  for (const p of periods) await putPeriod(p);
});

describe('monthly-report: the report of the month to the Monthly users, per brand', () => {
  let first: JobOutcome;
  let afterFirst: SentEmail[];

  beforeAll(async () => {
    first = await runJob({ job: 'monthly-report', period: MONTH, brands: [B._id, MISSING, B2._id] });
    afterFirst = await sentEmails();
  });

  it('plans the period and every brand asked for, and answers one result a brand', () => {
    expect(first.plan).toEqual({ job: 'monthly-report', period: MONTH, brands: [B._id, MISSING, B2._id] });
    expect(first.results.map((r) => [r.brand, r.status])).toEqual([
      [B._id, 'done'],
      [MISSING, 'failed'],
      [B2._id, 'done'],
    ]);
  });

  it('emails each active Monthly user once, nobody else (Daily, Weekly, pending, a User whose retailers are all switched off)', () => {
    for (const k of ['admin', 'user', 'rep', 'flaky', 'other'] as const) expect(to(afterFirst, k), k).toHaveLength(1);
    for (const k of ['offRep', 'pending', 'daily', 'weekly', 'dailyRep', 'otherDaily'] as const) expect(to(afterFirst, k), k).toHaveLength(0);
    const e = to(afterFirst, 'admin')[0]!;
    expect(e.subject).toBe(`${B.name} monthly report: March 2026`);
    expect(e.body.html).toContain('The link expires in 7 days');
  });

  it("links each to the month's report of what they see: the brand's enabled retailers, or only the assigned ones; never another brand's", async () => {
    const admin = await sheetOf(linkIn(to(afterFirst, 'admin')[0]!)!);
    expect(admin).toEqual([R1.name, R2.name, 'Total']);
    expect(await sheetOf(linkIn(to(afterFirst, 'user')[0]!)!)).toEqual(admin);
    expect(await sheetOf(linkIn(to(afterFirst, 'rep')[0]!)!)).toEqual([R1.name, 'Total']);
    expect(await sheetOf(linkIn(to(afterFirst, 'other')[0]!)!)).toEqual([S1.name, 'Total']);
    for (const k of ['admin', 'user', 'rep', 'flaky'] as const) expect(to(afterFirst, k)[0]!.body.html).not.toContain(S1.name);
  });

  it('users who see the same retailers share one file; an assigned user gets a file of their own', () => {
    expect(linkIn(to(afterFirst, 'admin')[0]!)).toBe(linkIn(to(afterFirst, 'user')[0]!));
    expect(linkIn(to(afterFirst, 'rep')[0]!)).not.toBe(linkIn(to(afterFirst, 'admin')[0]!));
  });

  it('records each run: a send that failed once was retried (only the unsent tried again), a missing brand failed after its retries', async () => {
    const ok = await repo.getRun('monthly-report', MONTH, B._id);
    expect(ok).toMatchObject({ status: 'done', attempts: 2, recipients: 4, failed: 0 });
    expect((ok!.sent ?? 0) + (ok!.alreadySent ?? 0)).toBe(4);
    expect(ok!.error).toBeUndefined();
    const bad = await repo.getRun('monthly-report', MONTH, MISSING);
    expect(bad).toMatchObject({ status: 'failed', attempts: 3 });
    expect(bad!.error).toContain(`Brand ${MISSING} not found.`);
    const runs = await repo.listRuns('monthly-report', MONTH);
    expect(runs.filter((r) => [B._id, MISSING, B2._id].includes(r.brand)).map((r) => r.status).sort()).toEqual(['done', 'done', 'failed']);
  });

  it('run again (a retried schedule), sends nothing twice', async () => {
    const again = await runJob({ job: 'monthly-report', period: MONTH, brands: [B._id, B2._id] });
    expect(again.results).toEqual([expect.objectContaining({ brand: B._id, status: 'done', sent: 0, alreadySent: 4 }), expect.objectContaining({ brand: B2._id, status: 'done', sent: 0, alreadySent: 1 })]);
    const now = await sentEmails();
    for (const k of Object.keys(USERS) as Key[]) expect(to(now, k).length, k).toBe(to(afterFirst, k).length);
  });

  it('refuses a bad job or period in the plan (no brand is run)', async () => {
    await expect(runJob({ job: 'monthly-report', period: '2026-13', brands: [B._id] })).rejects.toThrow(/Bad period/);
    await expect(runJob({ job: 'yearly-report', brands: [B._id] })).rejects.toThrow(/Unknown job/);
  });
});

/** `npm run job -- …` as a person runs it (tsx infra/local/job.ts), pointed at this run's stack through LOCAL_STACK_ENV. */
function npmRunJob(args: string[], envFile?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'infra/local/job.ts', ...args],
      { cwd: root, env: { ...process.env, LOCAL_STACK_ENV: envFile ?? path.join(tmpdir(), `no-stack-${tag}.json`), LOG_LEVEL: 'error' }, timeout: 120_000 },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('npm run job', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'job-cli-'));
  const envFile = path.join(dir, 'local-env.json');
  beforeAll(() => writeFileSync(envFile, JSON.stringify(stack())));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('monthly-report --month MM-YYYY --brand runs the same job against the local stack: the emails are in the SES store', async () => {
    const before = await sentEmails();
    const out = await npmRunJob(['monthly-report', '--month', '02-2026', '--brand', B2._id], envFile);
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain('Running monthly-report for February 2026 (2026-02)');
    expect(out.stdout).toMatch(new RegExp(`\\| ${B2._id} \\| done \\| 1 \\| 1 \\| 1 \\| 0 \\|`));
    const now = await sentEmails();
    expect(to(now, 'other').length - to(before, 'other').length).toBe(1);
    expect(to(now, 'other').at(-1)!.subject).toBe(`${B2.name} monthly report: February 2026`);
    // Nobody of another brand got anything from it.
    for (const k of ['admin', 'user', 'rep'] as const) expect(to(now, k).length, k).toBe(to(before, k).length);
  });

  it.each([
    [['monthly-report', '--month', '13-2026'], '--month "13-2026": month must be MM-YYYY with a month from 01 to 12 (for example 08-2018).'],
    [['monthly-report', '--month', '2026-99-99'], '--month "2026-99-99": month must be MM-YYYY with a month from 01 to 12 (for example 08-2018).'],
    [['monthly-report', '--month', '07-2018'], '--month "07-2018": Reports start in August 2018: choose 08-2018 or a later month.'],
    [['daily-digest', '--date', '2026-99-99'], '--date "2026-99-99": a real date written YYYY-MM-DD, for example 2026-11-22.'],
    [['weekly-digest', '--month', '10-2026'], '--month is for the monthly report; weekly-digest takes --date YYYY-MM-DD (the last day it covers).'],
    [['yearly-report'], 'Unknown job "yearly-report": monthly-report, daily-digest, weekly-digest, case-escalation, robot-health, sso-domains.'],
    [['case-escalation', '--date', '2026-99-99'], '--date "2026-99-99": a real date written YYYY-MM-DD, for example 2026-11-22.'],
    [['case-escalation', '--date', '2999-01-01'], '--date 2999-01-01: that day has not come yet; choose today or an earlier day.'],
    [['case-escalation', '--month', '10-2026'], '--month is for the monthly report; case-escalation takes --date YYYY-MM-DD (the day checked).'],
    [['robot-health', '--date', '2026-99-99'], '--date "2026-99-99": a real date written YYYY-MM-DD, for example 2026-11-22.'],
    [['robot-health', '--brand', 'brand-aurelle'], 'robot-health checks every robot at once: it takes no --brand.'],
  ])('%j is refused with a clear message before anything runs', async (args, message) => {
    const out = await npmRunJob(args, envFile);
    expect(out.code).toBe(1);
    expect(out.stderr.split('\n')[0]).toBe(message);
    expect(out.stdout).toBe('');
  });

  it('without a running local stack says to start it', async () => {
    const out = await npmRunJob(['daily-digest']);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('No local stack found');
    expect(out.stderr).toContain('`npm start`');
  });
});

const HEADER = 'Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability,OH Map ID';
const productCsv = (prefix: string, n: number, from = 0) =>
  [HEADER, ...Array.from({ length: n }, (_, k) => k + from).map((i) => [`${prefix}-${i}`, `${prefix} Piece ${i}`, B.name, `${prefix}-${i}`, '250.00', 'A piece', `https://img.example/${prefix}${i}.jpg`, `https://shop.example/${prefix}${i}`, '', 'In stock', ''].join(','))].join('\n') + '\n';

/** A first product file of the retailer, through the real pipeline (ingest, approval workflow, publish: the activity log's write path). */
async function publishFile(r: { slug: string }, prefix: string, n: number, date: string, admin: string, from = 0): Promise<void> {
  const key = await dropRobotFile(r.slug, 'product', date, productCsv(prefix, n, from), `sr-${prefix.toLowerCase()}-${from}`);
  const deadline = Date.now() + 90_000;
  for (let f = await waitForFile(admin, key, true); f.approvedStatus !== 'approved'; f = await waitForFile(admin, key, true)) {
    if (f.approvedStatus === 'pending' && f.flag === 'require_review') await callRoute('approveFile', { query: { _id: f._id }, token: admin });
    if (Date.now() > deadline) throw new Error(`${key} was not approved`);
    await new Promise((res) => setTimeout(res, 250));
  }
}

describe('daily and weekly digests: what changed at the retailers each Daily/Weekly user sees', () => {
  const today = new Date().toISOString().slice(0, 10);
  const weekStart = new Date(Date.now() - 6 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  let daily: JobOutcome;
  let afterDaily: SentEmail[];

  beforeAll(async () => {
    const siteAdmin = await login('admin@demo.test');
    const { flagger } = await signedInAccounts(B._id, 'Sched-2031!', { flagger: { _id: `user-sr-flagger-${tag}`, email: mail('flagger'), role: 'BRAND_ADMIN' } });
    // Three files approved today (R1: 4 products, then 5 of which 2 new and 1 gone; R2: 3), then two flags at R2 (one for Price) and one flag set and removed at R1.
    await publishFile(R1, `SRA${tag}`, 4, today, siteAdmin);
    await publishFile(R1, `SRA${tag}`, 5, today, siteAdmin, 1);
    await publishFile(R2, `SRB${tag}`, 3, today, siteAdmin);
    const { periodIdOf, productIdOf } = await import('../../functions/scrapings/domain/ids');
    const product = (r: { _id: string }, style: string) => productIdOf(periodIdOf(B._id, r._id, today), style);
    const flag = (id: string, body: object) => callRoute('updateProductFlag', { params: { id }, token: flagger, body });
    for (const [id, body] of [
      [product(R2, `SRB${tag}-0`), { isFlagged: 'yes', message: 'price', reason: [{ name: 'Price', value: 'Wrong price' }] }],
      [product(R2, `SRB${tag}-1`), { isFlagged: 'yes', message: 'image', reason: [{ name: 'Image Issues', value: '' }] }],
      [product(R1, `SRA${tag}-1`), { isFlagged: 'yes', message: 'x', reason: [{ name: 'Other', value: '' }] }],
      [product(R1, `SRA${tag}-1`), { isFlagged: 'no', message: '', reason: [] }],
    ] as const) {
      const res = await flag(id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    daily = await runJob({ job: 'daily-digest', period: today, brands: [B._id, B2._id] });
    afterDaily = await sentEmails();
  }, 240_000);

  it('emails each Daily user who sees a change, once; the other brand had nothing: no email there', () => {
    expect(daily.results).toEqual([expect.objectContaining({ brand: B._id, status: 'done', recipients: 2, sent: 2 }), expect.objectContaining({ brand: B2._id, status: 'done', recipients: 1, sent: 0 })]);
    expect(to(afterDaily, 'daily')).toHaveLength(1);
    expect(to(afterDaily, 'dailyRep')).toHaveLength(1);
    expect(to(afterDaily, 'otherDaily')).toHaveLength(0);
    for (const k of ['admin', 'user', 'rep', 'weekly'] as const) expect(to(afterDaily, k).filter((e) => e.subject.includes('digest')), k).toHaveLength(0);
  });

  it("says per retailer: files approved, products added, new flags, price issues, flags removed (from the brand's activity log)", async () => {
    const e = to(afterDaily, 'daily')[0]!;
    const dayLabel = new Date(`${today}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
    expect(e.subject).toBe(`${B.name} daily digest: ${dayLabel}`);
    const text = (e.body.html ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
    expect(text).toContain('What changed at 2 retailers you follow');
    const r1 = text.slice(text.indexOf(R1.name), text.indexOf(R2.name));
    const r2 = text.slice(text.indexOf(R2.name));
    // The products line says what the periods say (each file against the file before).
    const { getPeriod } = await import('../../functions/scrapings/scrapings.repo');
    const { periodIdOf } = await import('../../functions/scrapings/domain/ids');
    const p1 = (await getPeriod(periodIdOf(B._id, R1._id, today)))!;
    expect(p1.added).toBeGreaterThan(0);
    expect(r1).toContain(`2 files approved (scan of ${today})`);
    expect(r1).toContain(`${p1.added} product${p1.added === 1 ? '' : 's'} added, ${p1.deleted} removed`);
    expect(r1).toContain('1 new flag');
    expect(r1).toContain('1 flag removed');
    expect(r2).toContain(`1 file approved (scan of ${today})`);
    expect(r2).toContain('2 new flags');
    expect(r2).toContain('1 price issue (flagged for Price)');
    expect(r2).toContain(`SRB${tag} Piece 0 (SRB${tag}-0) – Price`);
    expect(text).not.toContain(ROFF.name);
    expect(text).not.toContain(S1.name);
  });

  it('a User with assigned retailers reads only theirs', () => {
    const text = to(afterDaily, 'dailyRep')[0]!.body.html ?? '';
    expect(text).toContain(R2.name);
    expect(text).not.toContain(R1.name);
    expect(text).not.toContain(`SRA${tag}`);
  });

  it('the weekly digest covers the seven days: the Weekly users get it, once per window, however often it runs', async () => {
    const weekly = await runJob({ job: 'weekly-digest', period: weekStart, brands: [B._id] });
    expect(weekly.results).toEqual([expect.objectContaining({ brand: B._id, status: 'done', recipients: 2, sent: 2 })]);
    const again = await runJob({ job: 'weekly-digest', period: weekStart, brands: [B._id] });
    expect(again.results).toEqual([expect.objectContaining({ status: 'done', sent: 0, alreadySent: 2 })]);
    const now = await sentEmails();
    for (const k of ['weekly', 'flagger'] as const) {
      const got = now.filter((e) => e.destination.to.includes(mail(k)) && e.subject.includes('weekly digest'));
      expect(got, k).toHaveLength(1);
      expect(got[0]!.body.html).toContain(R1.name);
    }
  });

  it('a daily digest run again for the same day sends nothing twice', async () => {
    const before = await sentEmails();
    const again = await runJob({ job: 'daily-digest', period: today, brands: [B._id, B2._id] });
    expect(again.results[0]).toMatchObject({ brand: B._id, status: 'done', sent: 0, alreadySent: 2 });
    const now = await sentEmails();
    for (const k of Object.keys(USERS) as Key[]) expect(to(now, k).length, k).toBe(to(before, k).length);
  });

  it('a day with nothing in it sends nothing', async () => {
    const out = await runJob({ job: 'daily-digest', period: '2026-01-05', brands: [B._id] });
    expect(out.results).toEqual([expect.objectContaining({ status: 'done', recipients: 2, sent: 0, alreadySent: 0 })]);
  });
});
