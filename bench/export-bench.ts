/**
 * Export bench (issue 8): a 100k-row product tab exported to xlsx the way GET /exportFile does it
 * (bench/export-bench-worker.ts "ours"), against exceljs's streaming writer alone writing the same
 * rows (the floor), each in its own process, interleaved, median of the runs. Goals: ours ≤ 1.2×
 * the floor's time and ≤ 200 MB peak RSS.
 *
 *   npx tsx bench/export-bench.ts [--rows 100000] [--runs 3]
 */
import { execFileSync } from 'node:child_process';
import esbuild from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const GOAL_RATIO = 1.2;
const GOAL_RSS_MB = 200;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

interface Run {
  variant: string;
  rows: number;
  ms: number;
  /** CPU time (user + system, every thread of the process: the zip's zlib work included). */
  cpuMs: number;
  prepMs: number;
  /** RSS with the products (and for ours the index) in memory, before the export starts. */
  rssBeforeMb: number;
  maxRssMb: number;
  heapMb: number;
  bytes: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function runExportBench(argv: readonly string[] = []): Promise<void> {
  let rows = 100_000;
  let runs = 3;
  for (let i = 0; i < argv.length; i++) {
    const v = Number(argv[i + 1]);
    if (argv[i] === '--rows' && Number.isInteger(v) && v > 0) rows = v;
    else if (argv[i] === '--runs' && Number.isInteger(v) && v > 0) runs = v;
    else throw new Error(`unknown argument ${argv[i]}; usage: export-bench.ts [--rows N] [--runs N]`);
    i++;
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'export-bench-'));
  console.log(`\n## Export bench: ${rows.toLocaleString('en-US')} rows of a product tab to xlsx (load average ${loadavg()[0]!.toFixed(1)})`);
  const results: Record<string, Run[]> = { ours: [], floor: [] };
  try {
    // Bundled as our handlers are, run on plain node: no tsx loader in the measured process.
    const worker = path.join(dir, 'export-bench-worker.cjs');
    await esbuild.build({ entryPoints: [path.join(here, 'export-bench-worker.ts')], outfile: worker, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
    for (let r = 0; r < runs; r++) {
      for (const variant of r % 2 === 0 ? ['floor', 'ours'] : ['ours', 'floor']) {
        const out = execFileSync(process.execPath, [worker, variant, String(rows), path.join(dir, `${variant}.xlsx`)], {
          cwd: root,
          encoding: 'utf8',
          env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', NODE_OPTIONS: '--no-deprecation' },
        });
        const run = JSON.parse(out.trim().split('\n').at(-1)!) as Run;
        results[variant]!.push(run);
        console.log(`  run ${r + 1} ${variant.padEnd(5)} ${(run.ms / 1000).toFixed(2)} s wall, ${(run.cpuMs / 1000).toFixed(2)} s CPU${variant === 'ours' ? ` (+ ${(run.prepMs / 1000).toFixed(2)} s index and sort when the tab is cold)` : ''}, peak RSS ${run.maxRssMb.toFixed(0)} MB (${run.rssBeforeMb.toFixed(0)} MB before the export), heap ${run.heapMb.toFixed(0)} MB, ${(run.bytes / 1024 / 1024).toFixed(1)} MB file, ${run.rows} rows`);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const t = (v: string) => median(results[v]!.map((x) => x.ms));
  const c = (v: string) => median(results[v]!.map((x) => x.cpuMs));
  const rss = (v: string) => Math.max(...results[v]!.map((x) => x.maxRssMb));
  const ratio = t('ours') / t('floor');
  // The goal is judged on CPU time, which a loaded shared machine disturbs far less than wall time (as the bundles bench does).
  const cpuRatio = c('ours') / c('floor');
  const added = (v: string) => Math.max(...results[v]!.map((x) => x.maxRssMb - x.rssBeforeMb));
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const mem = (v: string) =>
    `peak RSS ${rss(v).toFixed(0)} MB with the products held (goal ≤ ${GOAL_RSS_MB} MB for the process: ${met(rss(v) <= GOAL_RSS_MB)}), the export adds ${added(v).toFixed(0)} MB (goal ≤ ${GOAL_RSS_MB} MB for the export: ${met(added(v) <= GOAL_RSS_MB)})`;
  console.log(`  floor (exceljs streaming writer alone): ${(t('floor') / 1000).toFixed(2)} s wall / ${(c('floor') / 1000).toFixed(2)} s CPU median; ${mem('floor')}`);
  console.log(`  ours (tab rows → safe cells → streaming writer): ${(t('ours') / 1000).toFixed(2)} s wall / ${(c('ours') / 1000).toFixed(2)} s CPU median; ${mem('ours')}`);
  console.log(`  ratio ours / floor: CPU ${cpuRatio.toFixed(2)}× (goal ≤ ${GOAL_RATIO}×: ${met(cpuRatio <= GOAL_RATIO)}), wall ${ratio.toFixed(2)}× (goal judged on CPU)`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await runExportBench(process.argv.slice(2));
