/**
 * `npm run bench`: the benchmarks of bench/ (the web budget, Lighthouse, the Lambda bundles, the lists bench, the brand summary / Retailer List bench (6 vs 200 retailers),
 * the product tabs bench, the cases bench (200 retailers × 52 scans, 10k cases), the robot health bench (the daily check at 200 retailers × 3 robots and 93,600 files), the export bench, the export jobs bench (100k contacts, a 20k-brand Permissions list), the basket export bench (1,000 items), the monthly report bench (200 retailers), the picture hash bench (300 JPEGs fingerprinted against the decoder's floor), the content checks bench (a chunk of a 50k-product scan against 20k SKUs, first and next scan, modeled AWS time), the diff bench, then the
 * pipeline bench). Names of parts (`web-budget`, `lighthouse`, `bundles`, `lists`, `brand-lists`, `product-tabs`, `export`,
 * `export-jobs`, `basket-export`, `monthly-report`, `contacts-import`, `cases`, `robot-health`, `picture-hash`, `content-checks`, `diff`, `pipeline`) run those parts only: `npm run bench -- lighthouse`.
 * `--lighthouse-runs N`, `--lighthouse-url URL` (a
 * running stack) and `--lighthouse-reports DIR` go to bench/lighthouse.ts. Arguments starting with `--lists-` go to the lists
 * bench (`--lists-quick`, `--lists-files=N`, `--lists-notifications=N`, `--lists-runs=N`);
 * `--pipeline-rows N` sets the pipeline bench's file size (default 1,000,000 rows) and
 * `--pipeline-ingest-only` skips its approval steps; `--export-rows N` / `--export-runs N` go to the export bench; `--robot-health-runs N` and
 * `--robot-health-every-file` to the robot health bench; `--picture-hash-pictures N` / `--picture-hash-runs N` to the picture hash bench; `--content-checks-pictures N` to the content checks bench; other arguments go to the diff bench.
 */
import { runBasketExportBench } from './basket-export-bench.js';
import { runBrandListsBench } from './brand-lists-bench.js';
import { runBundlesBench } from './bundles-bench.js';
import { runCasesBench } from './cases-bench.js';
import { runContactsImportBench } from './contacts-import-bench.js';
import { runDiffBench } from './diff-bench.js';
import { runExportBench } from './export-bench.js';
import { runExportJobsBench } from './export-jobs-bench.js';
import { runLighthouse, type LighthouseOptions } from './lighthouse.js';
import { runListsBench } from './lists-bench.js';
import { runMonthlyReportBench } from './monthly-report-bench.js';
import { runContentChecksBench } from './content-checks-bench.js';
import { runPictureHashBench } from './picture-hash.js';
import { runPipelineBench } from './pipeline-1m-bench.js';
import { runProductTabsBench } from './product-tabs-bench.js';
import { runRobotHealthBench } from './robot-health-bench.js';
import { runWebBudget } from './web-budget.js';

const argv = process.argv.slice(2);
const listsArgs: string[] = [];
const pipelineArgs: string[] = [];
const diffArgs: string[] = [];
const exportArgs: string[] = [];
const robotHealthArgs: string[] = [];
const pictureHashArgs: string[] = [];
const contentChecksArgs: string[] = [];
const lighthouse: LighthouseOptions = {};
const PARTS = ['web-budget', 'lighthouse', 'bundles', 'lists', 'brand-lists', 'product-tabs', 'export', 'export-jobs', 'basket-export', 'monthly-report', 'contacts-import', 'cases', 'robot-health', 'picture-hash', 'content-checks', 'diff', 'pipeline'] as const;
const only = new Set<string>();
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if ((PARTS as readonly string[]).includes(a)) only.add(a);
  else if (a === '--lighthouse-runs') lighthouse.runs = Number(argv[++i]);
  else if (a === '--lighthouse-url') lighthouse.url = argv[++i];
  else if (a === '--lighthouse-reports') lighthouse.reportDir = argv[++i];
  else if (a.startsWith('--lists-')) listsArgs.push(a);
  else if (a === '--pipeline-rows') pipelineArgs.push('--rows', argv[++i] ?? '');
  else if (a === '--pipeline-ingest-only') pipelineArgs.push('--ingest-only');
  else if (a === '--export-rows') exportArgs.push('--rows', argv[++i] ?? '');
  else if (a === '--export-runs') exportArgs.push('--runs', argv[++i] ?? '');
  else if (a === '--robot-health-runs') robotHealthArgs.push('--runs', argv[++i] ?? '');
  else if (a === '--robot-health-every-file') robotHealthArgs.push('--every-file');
  else if (a === '--picture-hash-pictures') pictureHashArgs.push('--pictures', argv[++i] ?? '');
  else if (a === '--picture-hash-runs') pictureHashArgs.push('--runs', argv[++i] ?? '');
  else if (a === '--content-checks-pictures') contentChecksArgs.push('--pictures', argv[++i] ?? '');
  else diffArgs.push(a);
}

// Every line a part prints with a goal is kept and printed again at the end, under its part:
// one place to read each figure beside its goal (and its floor, where the part measures one).
const goalLines: { part: string; line: string }[] = [];
let currentPart = '';
const log = console.log.bind(console);
console.log = (...args: unknown[]) => {
  log(...args);
  const line = args.map(String).join(' ');
  if (/\bgoals?\b/i.test(line)) goalLines.push({ part: currentPart, line: line.trim() });
};
const run = (part: (typeof PARTS)[number]) => {
  const runs = only.size === 0 || only.has(part);
  if (runs) currentPart = part;
  return runs;
};
if (run('web-budget')) await runWebBudget();
// The web budget has just built the web: Lighthouse measures the same build.
if (run('lighthouse')) await runLighthouse({ ...lighthouse, build: lighthouse.build ?? !run('web-budget') });
if (run('bundles')) await runBundlesBench();
if (run('lists')) await runListsBench(listsArgs);
if (run('brand-lists')) await runBrandListsBench();
if (run('product-tabs')) await runProductTabsBench();
if (run('export')) await runExportBench(exportArgs);
if (run('export-jobs')) await runExportJobsBench();
if (run('basket-export')) await runBasketExportBench();
if (run('monthly-report')) await runMonthlyReportBench();
if (run('contacts-import')) await runContactsImportBench();
if (run('cases')) await runCasesBench();
if (run('robot-health')) await runRobotHealthBench(robotHealthArgs);
if (run('picture-hash')) await runPictureHashBench(pictureHashArgs);
if (run('content-checks')) {
  console.log('\n## Content checks bench: one CheckChunk of a 50,000-product scan against 20,000 SKUs, first and next scan');
  await runContentChecksBench(contentChecksArgs);
}
if (run('diff')) await runDiffBench(diffArgs);
if (run('pipeline')) await runPipelineBench(pipelineArgs);

log('\n=== Goals: each figure with its goal, as printed above (by part) ===');
for (const part of PARTS) {
  const lines = goalLines.filter((g) => g.part === part);
  if (!lines.length) continue;
  log(`\n[${part}]`);
  for (const g of lines) log(`  ${g.line}`);
}
process.exit(0);
