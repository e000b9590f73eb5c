/**
 * `npm run job -- monthly-report [--month MM-YYYY] [--brand <id>]`
 * `npm run job -- daily-digest|weekly-digest [--date YYYY-MM-DD] [--brand <id>]`
 * `npm run job -- case-escalation [--date YYYY-MM-DD] [--brand <id>]` (the daily check of overdue cases; default today)
 * `npm run job -- robot-health [--date YYYY-MM-DD]` (the daily check of the robots; default today)
 * `npm run job -- sso-domains [--brand <id>]` (the daily re-check of the single sign-on domains' DNS records; today)
 * Runs a scheduled report job (docs/reports.md "Scheduled reports") against the running local
 * stack (`npm start`): the state machine CDK deploys, its tasks bound to the same handler modules,
 * with the stack's endpoints read from `.data/local-env.json` (written by `npm start`; a test
 * passes its own file in LOCAL_STACK_ENV). The emails land in the sent-email viewer.
 * Default period: the one the schedule would run today (the month before; yesterday; the seven
 * days before today). `--date` names the last day digested (the weekly digest: the week ending then).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { digestPeriodEnding, isDailyCheck, isPeriodOf, isReportJob, periodLabel, periodOf, REPORT_JOBS, type ReportJob } from '../../functions/reports/domain/job-periods';
import { reportMonth } from '../../shared/schemas/reports';
import { LOCAL_ENV_FILE } from './stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const usage = `Usage: npm run job -- monthly-report [--month MM-YYYY] [--brand <brand id>]
       npm run job -- daily-digest [--date YYYY-MM-DD] [--brand <brand id>]
       npm run job -- weekly-digest [--date YYYY-MM-DD] [--brand <brand id>]
       npm run job -- case-escalation [--date YYYY-MM-DD] [--brand <brand id>]
       npm run job -- robot-health [--date YYYY-MM-DD]
       npm run job -- sso-domains [--brand <brand id>]`;

class UsageError extends Error {}

/** The job and its period from the command line (no I/O): what the plan task is given. */
export function parseJobArgs(argv: readonly string[], now = new Date()): { job: ReportJob; period: string; brands?: string[] } {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], allowPositionals: true, options: { month: { type: 'string' }, date: { type: 'string' }, brand: { type: 'string', multiple: true } } });
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${usage}`);
  }
  const { values, positionals } = parsed;
  const job = positionals[0];
  if (!job) throw new UsageError(usage);
  if (!isReportJob(job)) throw new UsageError(`Unknown job "${job}": ${REPORT_JOBS.join(', ')}.\n${usage}`);
  if (positionals.length > 1) throw new UsageError(`Unexpected argument "${positionals[1]}".\n${usage}`);
  const brands = values.brand?.map((b) => b.trim()).filter(Boolean);
  if (values.brand && !brands?.length) throw new UsageError('--brand needs a brand id.');
  let period: string;
  if (job === 'monthly-report') {
    if (values.date !== undefined) throw new UsageError('--date is for the digests; the monthly report takes --month MM-YYYY.');
    if (values.month === undefined) period = periodOf(job, now);
    else {
      const month = reportMonth(() => now).safeParse(values.month);
      if (!month.success) throw new UsageError(`--month ${JSON.stringify(values.month)}: ${month.error.issues[0]!.message}`);
      period = month.data;
    }
  } else if (isDailyCheck(job)) {
    if (values.month !== undefined) throw new UsageError(`--month is for the monthly report; ${job} takes --date YYYY-MM-DD (the day checked).`);
    if (job === 'robot-health' && brands?.length) throw new UsageError('robot-health checks every robot at once: it takes no --brand.');
    if (values.date !== undefined && !isPeriodOf(job, values.date)) throw new UsageError(`--date ${JSON.stringify(values.date)}: a real date written YYYY-MM-DD, for example 2026-11-22.`);
    if (values.date !== undefined && values.date > now.toISOString().slice(0, 10)) throw new UsageError(`--date ${values.date}: that day has not come yet; choose today or an earlier day.`);
    period = values.date ?? periodOf(job, now);
  } else {
    if (values.month !== undefined) throw new UsageError(`--month is for the monthly report; ${job} takes --date YYYY-MM-DD (the last day it covers).`);
    if (values.date === undefined) period = periodOf(job, now);
    else {
      if (!isPeriodOf(job, values.date)) throw new UsageError(`--date ${JSON.stringify(values.date)}: a real date written YYYY-MM-DD, for example 2026-11-22.`);
      if (values.date >= now.toISOString().slice(0, 10)) throw new UsageError(`--date ${values.date}: that day is not over yet; choose yesterday or an earlier day.`);
      period = digestPeriodEnding(job, values.date);
    }
  }
  return { job, period, ...(brands?.length ? { brands } : {}) };
}

/** The running stack's environment, or a sentence saying how to start it. */
function localStack(): { url: string; sesUrl: string; env: Record<string, string> } {
  const file = process.env.LOCAL_STACK_ENV ?? path.join(root, '.data', LOCAL_ENV_FILE);
  if (!existsSync(file)) throw new UsageError(`No local stack found (${path.relative(process.cwd(), file)} is missing): start it with \`npm start\` in another terminal, then run this again.`);
  return JSON.parse(readFileSync(file, 'utf8')) as { url: string; sesUrl: string; env: Record<string, string> };
}

async function main(): Promise<void> {
  const input = parseJobArgs(process.argv.slice(2));
  const stack = localStack();
  Object.assign(process.env, stack.env, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  // Imported only now: the handlers' SDK clients read the endpoints at module load.
  const { ddb } = await import('../../functions/lib/clients/dynamodb');
  const { DescribeTableCommand } = await import('@aws-sdk/client-dynamodb');
  try {
    await ddb.send(new DescribeTableCommand({ TableName: stack.env.TABLE_NAME }));
  } catch (e) {
    throw new UsageError(`The local stack does not answer (DynamoDB Local at ${stack.env.DYNAMODB_ENDPOINT}: ${(e as Error).message}): is \`npm start\` running?`);
  }
  console.log(`Running ${input.job} for ${periodLabel(input.job, input.period)} (${input.period})${input.brands ? ` for ${input.brands.join(', ')}` : input.job === 'robot-health' ? ' for every robot' : ' for every brand'}…`);
  const { runReportsJob } = await import('./jobs');
  const { listRuns } = await import('../../functions/reports/jobs/jobs.repo');
  const out = await runReportsJob(root, input, 1000);
  const runs = new Map((await listRuns(input.job, input.period)).map((r) => [r.brand, r]));
  console.log('| brand | status | attempts | recipients | sent now | sent before | error |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const r of out.results) {
    const run = runs.get(r.brand);
    console.log(`| ${r.brand} | ${r.status} | ${run?.attempts ?? ''} | ${run?.recipients ?? ''} | ${run?.sent ?? ''} | ${run?.alreadySent ?? ''} | ${run?.error ?? r.error ?? ''} |`);
  }
  console.log(`\nThe emails are in the sent-email viewer: ${stack.sesUrl}`);
  if (out.results.some((r) => r.status === 'failed')) process.exitCode = 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e: unknown) => {
    console.error(e instanceof UsageError ? e.message : e);
    process.exit(1);
  });
}
