/**
 * `npm run redrive [-- --id <failure id>] [--list]`: sends the failed deliveries of the post office
 * again (docs/operations.md "Redrive"), the same redrive as the post office's Retry.
 *  - Locally (default): against the running `npm start` stack (`.data/local-env.json`; a test
 *    passes its own file in LOCAL_STACK_ENV). The functions run in this process, through the same
 *    local asynchronous invocation as the stack's (their tries, then the failure queue), and the
 *    command waits for them and prints each outcome.
 *  - In AWS: `--stage <stage>` (the table from `cdk.out/RetailerAudit-<stage>.outputs.json`, which
 *    `npm run deploy` writes, or `--table <name>`), with your AWS credentials: each delivery is sent
 *    to its function again (Lambda `Event` invocation); the post office shows the outcome.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { LOCAL_ENV_FILE } from '../local/stack';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const usage = `Usage: npm run redrive [-- --id <failure id>]... [--list]                  (the local stack of npm start)
       npm run redrive -- --stage <stage> [--table <name>] [--id <failure id>]... [--list]   (AWS, with your credentials)`;

class UsageError extends Error {}

export interface RedriveArgs {
  ids?: string[];
  list: boolean;
  stage?: string;
  table?: string;
}

export function parseRedriveArgs(argv: readonly string[]): RedriveArgs {
  let parsed;
  try {
    parsed = parseArgs({ args: [...argv], options: { id: { type: 'string', multiple: true }, list: { type: 'boolean' }, stage: { type: 'string' }, table: { type: 'string' } } });
  } catch (e) {
    throw new UsageError(`${(e as Error).message}\n${usage}`);
  }
  const { values } = parsed;
  const ids = values.id?.map((i) => i.trim());
  if (ids?.some((i) => !/^[A-Za-z0-9_-]{1,64}$/.test(i))) throw new UsageError(`--id takes a failure id as the post office shows it (letters, digits, - and _).\n${usage}`);
  if (values.table && !values.stage) throw new UsageError(`--table goes with --stage (a deployed stack).\n${usage}`);
  if (values.stage !== undefined && !/^[a-z][a-z0-9-]{0,19}$/i.test(values.stage)) throw new UsageError(`--stage must be letters, digits and dashes (got "${values.stage}").`);
  return { ...(ids?.length ? { ids } : {}), list: values.list ?? false, ...(values.stage ? { stage: values.stage } : {}), ...(values.table ? { table: values.table } : {}) };
}

function localEnv(): Record<string, string> {
  const file = process.env.LOCAL_STACK_ENV ?? path.join(root, '.data', LOCAL_ENV_FILE);
  if (!existsSync(file)) throw new UsageError(`No local stack found (${path.relative(process.cwd(), file)} is missing): start it with \`npm start\` in another terminal, or give --stage for AWS.`);
  return (JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> }).env;
}

function awsTable(stage: string, table?: string): string {
  if (table) return table;
  const file = path.join(root, 'cdk.out', `RetailerAudit-${stage}.outputs.json`);
  if (!existsSync(file)) throw new UsageError(`No outputs of RetailerAudit-${stage} (${path.relative(process.cwd(), file)}): give the table with --table <name> (the stack's TableName output).`);
  const name = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, string>>)[`RetailerAudit-${stage}`]?.TableName;
  if (!name) throw new UsageError(`${file} has no TableName output: give it with --table <name>.`);
  return name;
}

async function main(): Promise<void> {
  const args = parseRedriveArgs(process.argv.slice(2));
  if (args.stage) Object.assign(process.env, { TABLE_NAME: awsTable(args.stage, args.table) });
  else Object.assign(process.env, localEnv(), { LOG_LEVEL: process.env.LOG_LEVEL ?? 'error' });
  // Imported only now: the SDK clients read the endpoints at module load.
  const repo = await import('../../functions/operations/failures.repo');
  const { redriveFailure } = await import('../../functions/operations/redrive');
  const open = args.ids ? (await Promise.all(args.ids.map((id) => repo.getFailure(id)))).map((f, i) => f ?? args.ids![i]!) : await listAll(repo.pageFailures);
  const rows = open.map((f) => (typeof f === 'string' ? `| ${f} | not found | | |` : `| ${f.id} | ${f.status} | ${f.subject.split('\n')[0]} | ${f.reason.slice(0, 120)} |`));
  console.log('| failure | status | what | reason |\n| --- | --- | --- | --- |');
  console.log(rows.join('\n') || '(no failed deliveries)');
  if (args.list) return;
  const toSend = open.filter((f): f is Exclude<typeof f, string> => typeof f !== 'string' && f.status === 'open');
  if (!toSend.length) return;

  let local: { idle(): Promise<void> } | undefined;
  let workflowsIdle: (() => Promise<void>) | undefined;
  if (!args.stage) {
    const wf = await import('../local/workflow');
    await wf.bindLocalWorkflow(root);
    workflowsIdle = wf.workflowsIdle;
    local = await (await import('../local/async')).bindLocalAsync(root);
  }
  console.log('');
  for (const f of toSend) {
    try {
      const { message } = await redriveFailure(f.id, 'npm run redrive');
      console.log(`${f.id}: ${message}`);
    } catch (e) {
      console.log(`${f.id}: ${(e as Error).message}`);
      process.exitCode = 1;
    }
  }
  if (!local) return;
  await local.idle();
  await workflowsIdle?.();
  console.log('\n| failure | outcome |\n| --- | --- |');
  for (const f of toSend) {
    const after = await repo.getFailure(f.id);
    const outcome = after?.status === 'resolved' ? 'done: it went through' : `failed again: ${after?.reason ?? 'unknown'}`;
    if (after?.status !== 'resolved') process.exitCode = 1;
    console.log(`| ${f.id} | ${outcome} |`);
  }
}

async function listAll<T>(page: (r: { limit: number; cursor?: string }) => Promise<{ items: T[]; nextCursor?: string }>): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const p = await page({ limit: 100, cursor });
    out.push(...p.items);
    cursor = p.nextCursor;
  } while (cursor && out.length < 10_000);
  return out;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  main().catch((e: unknown) => {
    console.error(e instanceof UsageError ? e.message : e);
    process.exit(1);
  });
}
