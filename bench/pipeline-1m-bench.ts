/**
 * The robot-file pipeline at scale (issue 7 §2): a product file of N rows (default 1,000,000) and
 * the next scan of it, each ingested (parse, diff against the previous file, comparison pages to
 * s3rver) and approved (StageFile, Publish, Cleanup against DynamoDB Local), every step in its own
 * Node process (the handler bundled with esbuild, as Lambda runs it) so its time and peak RSS are
 * its own. The emulators are the bench's own (DynamoDB Local in memory, s3rver in a temp folder,
 * the SES emulator for the review alert), started once and stopped at the end.
 *
 *   npx tsx bench/pipeline-1m-bench.ts [--rows 1000000] [--ingest-only] [--keep]
 *
 * See bench/README.md.
 */
import { spawn } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { StepResult } from './pipeline-bench-worker.js';
import { API_FUNCTION_DEFAULTS, HEAP_WRAPPER } from '../infra/constructs/api-function.js';
import { APPROVAL_TASKS } from '../infra/workflow/approval.js';
import { generateProductFiles } from './generate-product-csv.js';

/** The goal of issue 7 §2 per step, and the limits the functions are configured with (infra/constructs/pipeline.ts). */
const GOAL_RSS_MB = 512;
/** An approval task's function as the pipeline configures it: the task's memory and semi-space size, the Task timeout of 300 s. */
function taskLimits(state: string): { memoryMb: number; timeoutS: number; semiSpaceMb?: number } {
  const task = APPROVAL_TASKS.find((t) => t.state === state)!;
  return { memoryMb: task.memoryMb ?? API_FUNCTION_DEFAULTS.memorySize, timeoutS: 300, ...(task.semiSpaceMb ? { semiSpaceMb: task.semiSpaceMb } : {}) };
}
const LIMITS: Record<string, { memoryMb: number; timeoutS: number; semiSpaceMb?: number }> = {
  ingest: { memoryMb: 1024, timeoutS: 600 },
  StageFile: taskLimits('StageFile'),
  Publish: taskLimits('Publish'),
  Cleanup: taskLimits('Cleanup'),
};
const RETAILER = { _id: 'ret-harrowgate', slug: 'harrowgate-finch' };
/** The generator's brand names: Maison Aurelle is seeded; the others are added, all carrying the retailer. */
const EXTRA_BRANDS = ['Ostrander', 'Vell', 'Castellane & Fils', 'Noor Atelier'];

interface Args {
  rows: number;
  keep: boolean;
  /** Ingest both files only (no approval steps). */
  ingestOnly: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { rows: 1_000_000, keep: false, ingestOnly: false };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--keep') args.keep = true;
    else if (argv[i] === '--ingest-only') args.ingestOnly = true;
    else if (argv[i] === '--rows') {
      args.rows = Number(argv[++i]);
      if (!Number.isInteger(args.rows) || args.rows < 1) throw new Error('--rows needs a positive integer');
    } else throw new Error(`unknown argument ${argv[i]}; usage: pipeline-1m-bench.ts [--rows N] [--ingest-only] [--keep]`);
  }
  return args;
}

async function bundleWorker(dir: string): Promise<string> {
  const outfile = join(dir, 'pipeline-bench-worker.cjs');
  await esbuild.build({
    entryPoints: [fileURLToPath(new URL('./pipeline-bench-worker.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  return outfile;
}

/**
 * The heap flags Lambda's Node.js runtime starts node with for a function of `memoryMb` (its
 * bootstrap: a tenth of the memory for the young generation, the rest for the old one), so a
 * step's garbage collector sizes its heap as in Lambda, not by this machine's 24 GB.
 */
export function lambdaHeapFlags(memoryMb: number): string[] {
  const newSpace = Math.floor(memoryMb / 10);
  return [`--max-semi-space-size=${Math.floor(newSpace / 2)}`, `--max-old-space-size=${memoryMb - newSpace}`];
}

/**
 * Runs a step as Lambda starts the function: node with the runtime's heap flags, through the
 * function's exec wrapper when it has one (AWS_LAMBDA_EXEC_WRAPPER: Lambda runs
 * `<wrapper> <node> <node's arguments>`), which sets its semi-space size.
 */
function runStep(workerPath: string, env: Record<string, string>, args: string[]): Promise<StepResult> {
  const limits = LIMITS[args[0]!];
  const node = [process.execPath, ...lambdaHeapFlags(limits?.memoryMb ?? 1024), workerPath, ...args];
  const [command, ...argv] = limits?.semiSpaceMb ? [fileURLToPath(new URL(`../${HEAP_WRAPPER.source}`, import.meta.url)), ...node] : node;
  const wrapperEnv = limits?.semiSpaceMb ? { LAMBDA_SEMI_SPACE_MB: String(limits.semiSpaceMb) } : {};
  return new Promise((resolve, reject) => {
    const child = spawn(command!, argv, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, ...env, ...wrapperEnv } });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c: string) => (out += c));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || !line.startsWith('{')) reject(new Error(`step ${args.join(' ')} failed (exit ${code ?? signal})`));
      else resolve(JSON.parse(line) as StepResult);
    });
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const mb = (v: number) => `${Math.round(v)} MB`;

export async function runPipelineBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const dir = await mkdtemp(join(tmpdir(), 'pipeline-bench-'));
  const stops: (() => Promise<void> | void)[] = [];
  try {
    const files = await generateProductFiles(dir, { rows: args.rows, changedShare: 0.01, removedShare: 0.005, addedShare: 0.005, seed: 20261123 });
    console.log(
      `Pipeline bench: ${files.previousRows.toLocaleString('en-US')} -> ${files.currentRows.toLocaleString('en-US')} product rows ` +
        `(${mb(files.previousBytes / 1048576)} + ${mb(files.currentBytes / 1048576)}); Node ${process.version}, ${cpus().length} CPUs, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    );
    const { startDynamo, startS3, startSes, ensureTable, ensureBucket, freePort, LOCAL_CREDENTIALS } = await import('../infra/local/emulators.js');
    const [dynamo, s3local, ses] = await Promise.all([
      // In memory, as the test stack runs it (on disk, DynamoDB Local's SQLite makes every write wait).
      startDynamo(await freePort()),
      startS3(await freePort(), join(dir, 's3')),
      startSes(await freePort()),
    ]);
    stops.push(() => {
      if (dynamo.process.exitCode === null) dynamo.process.kill('SIGKILL');
    });
    stops.push(() => s3local.server.close());
    stops.push(() => new Promise<void>((r) => ses.server.close(() => r())));
    const env: Record<string, string> = {
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      DYNAMODB_ENDPOINT: dynamo.endpoint,
      S3_ENDPOINT: s3local.endpoint,
      SES_ENDPOINT: ses.endpoint,
      TABLE_NAME: 'pipeline-bench',
      DATA_BUCKET: 'pipeline-bench-data',
      SES_FROM: 'no-reply@retailer-audit.local',
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'error',
    };
    Object.assign(process.env, env);
    await ensureTable(dynamo.client, env.TABLE_NAME!);
    await ensureBucket(s3local.client, env.DATA_BUCKET!, env.APP_URL!);
    // Imported only now: the SDK clients read the endpoints at module load.
    const { seed, SEED_BRANDS } = await import('../infra/local/seed.js');
    const { putBrand } = await import('../functions/brands/brands.repo.js');
    const { getFile, claimApproval } = await import('../functions/files/files.repo.js');
    const { newClaim, staleBefore } = await import('../functions/files/approval-claim.js');
    await seed();
    const now = new Date().toISOString();
    for (const name of EXTRA_BRANDS) {
      const slug = name.toLowerCase().replace(/[^a-z]+/g, '-');
      await putBrand({ ...SEED_BRANDS[0]!, _id: `brand-${slug}`, name, slug, retailers: [{ retailer: RETAILER._id, flag: true, webSiteType: 'retailerWithProducts' }], createdAt: now, updatedAt: now });
    }
    const workerPath = await bundleWorker(dir);

    const rows: { label: string; file: string; r: StepResult }[] = [];
    let current = '';
    const step = async (label: string, stepArgs: string[]) => {
      const r = await runStep(workerPath, env, stepArgs);
      rows.push({ label, file: current, r });
      const limit = LIMITS[stepArgs[0]!];
      console.log(
        `  ${label.padEnd(34)} ${seconds(r.ms).padStart(9)}  peak RSS ${mb(r.peakRssMb).padStart(7)} (heap used ${mb(r.peakHeapUsedMb)} of ${mb(r.peakHeapTotalMb)}, external ${mb(r.peakExternalMb)})` +
          (limit ? `  (goal < ${GOAL_RSS_MB} MB: ${r.peakRssMb < GOAL_RSS_MB ? 'met' : 'NOT met'}; function ${limit.memoryMb} MB${limit.semiSpaceMb ? `, semi-space ${limit.semiSpaceMb} MB` : ''}, timeout ${limit.timeoutS} s)` : ''),
      );
      return r;
    };
    const S3 = await import('../functions/lib/clients/s3.js');
    for (const [label, path, date] of [
      ['previous file', files.previousPath, '2026-01-05'],
      ['current file', files.currentPath, '2026-01-12'],
    ] as const) {
      const key = `incoming/product/${RETAILER.slug}/${date}/bench.csv`;
      await S3.s3.send(new PutObjectCommand({ Bucket: env.DATA_BUCKET, Key: key, Body: createReadStream(path), ContentLength: statSync(path).size, ContentType: 'text/csv' }));
      console.log(`${label} (${key}):`);
      current = label;
      const ingested = (await step('ingest (parse, diff, pages)', ['ingest', env.DATA_BUCKET!, key])).result as { fileId: string; flag: string };
      const file = (await getFile(ingested.fileId))!;
      console.log(`    ${file.rowCount} rows, flag ${file.flag}, diff ${JSON.stringify(file.diff ?? null)}, ${file.currentPages} + ${file.previousPages} page chunks`);
      if (args.ingestOnly) continue;
      let claim = file.approvalClaim?.id;
      if (!claim) {
        const c = newClaim(file._id);
        if (!(await claimApproval(file._id, c, staleBefore()))) throw new Error(`could not claim ${file._id}`);
        claim = c.id;
      }
      // As the state machine does: StageFile again with its progress until it reports done.
      let progress: Record<string, unknown> = { done: false, next: 0 };
      for (let i = 1; progress.done !== true; i++) progress = (await step(`approval: StageFile (invocation ${i})`, ['StageFile', file._id, claim, JSON.stringify(progress)])).result as Record<string, unknown>;
      const s = progress as { products: number; added: number; deleted: number; changed: number; skipped: number };
      console.log(`    staged ${s.products} products (+${s.added} -${s.deleted} ~${s.changed}, ${s.skipped} of no brand)`);
      await step('approval: Publish', ['Publish', file._id, claim]);
      await step('approval: Cleanup', ['Cleanup', file._id, claim]);
      if ((await getFile(file._id))?.approvedStatus !== 'approved') throw new Error(`${file._id} was not approved`);
      console.log(`    approval: ${seconds(rows.filter((x) => x.label.startsWith('approval') && x.file === label).reduce((t, x) => t + x.r.ms, 0))} in all`);
    }
    const worst = Math.max(...rows.map((x) => x.r.peakRssMb));
    console.log(`Highest peak RSS of a step: ${mb(worst)} (goal < ${GOAL_RSS_MB} MB: ${worst < GOAL_RSS_MB ? 'met' : 'NOT met'}); times include the emulators' own work on this machine.`);
  } finally {
    for (const stop of stops.reverse()) await Promise.resolve(stop()).catch(() => undefined);
    if (args.keep) console.log(`Kept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runPipelineBench(process.argv.slice(2));
  process.exit(0);
}
