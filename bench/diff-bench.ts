/**
 * Ingest + diff benchmark: our streaming parse + digest diff + marked pages (what the ingest
 * Lambda does) against the daff library, on the same two generated 100k-row product files, in
 * the same run. Each variant runs in its own child process so its time and memory are its own.
 *
 *   npx tsx bench/diff-bench.ts [--rows 100000] [--runs 3] [--compact] [--keep] [--only ours-digest,daff]
 *
 * See bench/README.md.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';
import type { Variant, WorkerResult } from './diff-bench-worker.js';
import { type GeneratedFiles, generateProductFiles } from './generate-product-csv.js';

const GOAL_RATIO = 5;
const GOAL_RSS_MB = 256;

interface Args {
  rows: number;
  runs: number;
  keep: boolean;
  compact: boolean;
  variants: Variant[];
}

const ALL_VARIANTS: readonly Variant[] = ['ours-digest', 'ours-digest-csv-parse', 'ours-arrays', 'daff', 'daff-on-csv-parse', 'daff-on-our-parser', 'parse-only'];
const USAGE = 'usage: diff-bench.ts [--rows N] [--runs N] [--compact] [--keep] [--only variant,variant...]';

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { rows: 100_000, runs: 3, keep: false, compact: false, variants: [...ALL_VARIANTS] };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    if (flag === '--keep') args.keep = true;
    else if (flag === '--compact') args.compact = true;
    else if (flag === '--only') {
      const names = (argv[++i] ?? '').split(',').filter((n) => n !== '');
      const unknown = names.filter((n) => !(ALL_VARIANTS as readonly string[]).includes(n));
      if (names.length === 0 || unknown.length > 0) throw new Error(`--only takes variants among ${ALL_VARIANTS.join(', ')}`);
      args.variants = ALL_VARIANTS.filter((v) => names.includes(v));
    }
    else if (flag === '--rows' || flag === '--runs') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a positive integer`);
      args[flag === '--rows' ? 'rows' : 'runs'] = value;
    } else throw new Error(`unknown argument ${flag}; ${USAGE}`);
  }
  return args;
}

const workerSource = fileURLToPath(new URL('./diff-bench-worker.ts', import.meta.url));

/**
 * Bundle the worker (our modules, csv-parse, daff) with esbuild, as our Lambda handlers are
 * bundled, so it runs on plain Node: no tsx loader thread in the measured process.
 */
async function bundleWorker(dir: string): Promise<string> {
  const outfile = join(dir, 'diff-bench-worker.cjs');
  await esbuild.build({
    entryPoints: [workerSource],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // daff's optional SQLite support, never used here.
    external: ['better-sqlite3', 'node:sqlite'],
    logLevel: 'warning',
  });
  return outfile;
}

/** Run one variant in a fresh Node process. */
function runWorker(workerPath: string, variant: Variant, files: GeneratedFiles): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [workerPath, variant, files.previousPath, files.currentPath], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code !== 0 || line === '') {
        reject(new Error(`${variant} worker failed (exit ${code ?? signal})`));
        return;
      }
      resolve(JSON.parse(line) as WorkerResult);
    });
  });
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const megabytes = (value: number): string => `${Math.round(value)} MB`;
const pad = (text: string, width: number): string => text.padEnd(width);

const LABELS: Record<Variant, string> = {
  'ours-digest': 'ours as ingest runs it: saved digest + page bytes (on disk)',
  'ours-digest-csv-parse': 'ours-digest with csv-parse reading every record',
  'ours-arrays': 'ours, array form: parseRobotFile x2 + diffRows, no pages',
  daff: 'daff: daff.Csv parse + compareTables/align + TableDiff.hilite',
  'daff-on-csv-parse': 'daff engine on csv-parse rows',
  'daff-on-our-parser': 'daff engine on our parser\'s rows (same fast parser as ours-digest)',
  'parse-only': 'our parser alone on both files (no diff)',
};

export async function runDiffBench(argv: readonly string[]): Promise<void> {
  const args = parseArgs(argv);
  const dir = await mkdtemp(join(tmpdir(), 'diff-bench-'));
  try {
    const generatedAt = performance.now();
    const files = await generateProductFiles(dir, {
      rows: args.rows,
      changedShare: 0.01,
      removedShare: 0.005,
      addedShare: 0.005,
      seed: 20250203,
      compact: args.compact,
    });
    const expected = { added: files.added, removed: files.removed, changed: files.changed };
    const workerPath = await bundleWorker(dir);
    console.log(
      `Files: ${files.previousRows.toLocaleString('en-US')} -> ${files.currentRows.toLocaleString('en-US')} rows x ${files.columns.length} columns ` +
        `(${megabytes(files.previousBytes / 1024 / 1024)} + ${megabytes(files.currentBytes / 1024 / 1024)}, ` +
        `${Math.round(files.previousBytes / files.previousRows)} bytes a row${args.compact ? ', --compact' : ''}), ` +
        `expected +${expected.added} added, -${expected.removed} removed, ~${expected.changed} changed ` +
        `(generated in ${seconds(performance.now() - generatedAt)} into ${dir})`,
    );
    const load = loadavg().map((l) => l.toFixed(2)).join(' ');
    console.log(
      `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load average ${load}; ` +
        `${args.runs} run(s) per variant, each a fresh process on the esbuild bundle; median time shown\n`,
    );

    const variants = args.variants;
    const results = new Map<Variant, WorkerResult[]>(variants.map((v) => [v, []]));
    // Interleave the variants run by run so that machine noise hits them alike.
    for (let run = 0; run < args.runs; run++) {
      for (const variant of variants) {
        const result = await runWorker(workerPath, variant, files);
        results.get(variant)!.push(result);
        const ok = variant === 'parse-only' ? '' : sameCounts(result.found, expected) ? 'ok' : 'MISMATCH';
        console.log(`  run ${run + 1} ${pad(variant, 21)} ${seconds(result.totalMs).padStart(8)}  peak RSS ${megabytes(result.peakRssMb)}  ${ok}`);
      }
    }

    console.log('');
    console.log(`${pad('variant', 62)} ${pad('total', 9)} ${pad('peak RSS', 9)} ${pad('peak heap', 10)} found (+ / - / ~)`);
    const summary = new Map<Variant, { totalMs: number; rss: number; heap: number; rssRuns: number[] }>();
    for (const variant of variants) {
      const runs = results.get(variant)!;
      const totalMs = median(runs.map((r) => r.totalMs));
      const rss = Math.max(...runs.map((r) => r.peakRssMb));
      const heap = Math.max(...runs.map((r) => r.peakHeapMb));
      summary.set(variant, { totalMs, rss, heap, rssRuns: runs.map((r) => r.peakRssMb) });
      const last = runs[runs.length - 1]!;
      const found = variant === 'parse-only' ? '-' : `${last.found.added} / ${last.found.removed} / ${last.found.changed}${sameCounts(last.found, expected) ? '' : '  (MISMATCH)'}`;
      console.log(`${pad(LABELS[variant], 62)} ${pad(seconds(totalMs), 9)} ${pad(megabytes(rss), 9)} ${pad(megabytes(heap), 10)} ${found}`);
      const phases = Object.keys(last.phases)
        .map((name) => `${name} ${seconds(median(runs.map((r) => r.phases[name] ?? 0)))}`)
        .join(', ');
      const detail = last.detail ? `; ${last.detail}` : '';
      console.log(`${' '.repeat(4)}${phases}; RSS before work ${megabytes(last.baselineRssMb)}${detail}`);
    }

    console.log('');
    // Ours is the digest form, as ingest runs it (functions/files/domain/digest-diff.ts).
    const ours = summary.get('ours-digest');
    const daffNative = summary.get('daff');
    const daffEngine = summary.get('daff-on-csv-parse');
    const arrays = summary.get('ours-arrays');
    if (ours && daffNative) {
      const ratio = daffNative.totalMs / ours.totalMs;
      console.log(`Ratio daff / ours-digest:                          ${ratio.toFixed(2)}x  (goal >= ${GOAL_RATIO}x: ${ratio >= GOAL_RATIO ? 'met' : 'NOT met'})`);
    }
    if (ours && daffEngine) console.log(`Ratio daff engine on csv-parse rows / ours-digest: ${(daffEngine.totalMs / ours.totalMs).toFixed(2)}x`);
    const daffOurParser = summary.get('daff-on-our-parser');
    if (ours && daffOurParser) {
      // The same parser reads the current file for both (ours-digest reads the previous one as its saved digest and pages).
      console.log(`Ratio daff engine on our parser / ours-digest:     ${(daffOurParser.totalMs / ours.totalMs).toFixed(2)}x  (${megabytes(daffOurParser.rss)} vs ${megabytes(ours.rss)} peak RSS)`);
    }
    // The engines alone (issue 21): parsing is the same code in ours-digest and
    // daff-on-our-parser, measured apart (parse-only) and taken off; daff's engine is its own
    // phases (compareTables + align, hilite), without the rows' conversion to its tables.
    const parseOnly = results.get('parse-only');
    if (parseOnly) {
      const parseOf = (name: string) => median(parseOnly.map((r) => r.phases[name] ?? 0));
      const parsePrevious = parseOf('parse previous');
      const parseCurrent = parseOf('parse current');
      const daffRuns = results.get('daff-on-our-parser');
      const daffEngine = daffRuns ? median(daffRuns.map((r) => (r.phases['compareTables + align'] ?? 0) + (r.phases['hilite'] ?? 0))) : undefined;
      console.log(`Parsing alone (our parser): previous ${seconds(parsePrevious)}, current ${seconds(parseCurrent)}`);
      if (ours) {
        const engineMs = Math.max(1, ours.totalMs - parseCurrent);
        const vsDaff = daffEngine !== undefined ? `; daff's engine ${seconds(daffEngine)}: ratio ${(daffEngine / engineMs).toFixed(2)}x (goal >= ${GOAL_RATIO}x: ${daffEngine / engineMs >= GOAL_RATIO ? 'met' : 'NOT met'})` : '';
        console.log(`Engine alone, ours-digest (total - parse of the current file; saved digest read + diff + marks + pages + its digest + previous side from page bytes): ${seconds(engineMs)}${vsDaff}`);
      }
    }
    const csvParseOnly = summary.get('ours-digest-csv-parse');
    if (ours && csvParseOnly) console.log(`Ratio csv-parse for every record / ours-digest:    ${(csvParseOnly.totalMs / ours.totalMs).toFixed(2)}x in time, ${megabytes(csvParseOnly.rss)} vs ${megabytes(ours.rss)} peak RSS`);
    if (ours && arrays) console.log(`Ratio array form / ours-digest:                    ${(arrays.totalMs / ours.totalMs).toFixed(2)}x in time, ${megabytes(arrays.rss)} vs ${megabytes(ours.rss)} peak RSS`);
    if (ours) {
      const runs = ours.rssRuns.map((r) => megabytes(r)).join(', ');
      console.log(`Peak RSS ours-digest (highest run):                ${megabytes(ours.rss)}  (goal < ${GOAL_RSS_MB} MB: ${ours.rss < GOAL_RSS_MB ? 'met' : 'NOT met'}; runs: ${runs})`);
    }
    console.log('Times exclude process start and module loading; peak RSS is the whole worker process, peak heap is sampled.');
  } finally {
    if (args.keep) console.log(`Kept ${dir}`);
    else await rm(dir, { recursive: true, force: true });
  }
}

function sameCounts(a: WorkerResult['found'], b: WorkerResult['found']): boolean {
  return a.added === b.added && a.removed === b.removed && a.changed === b.changed;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await runDiffBench(process.argv.slice(2));
}
