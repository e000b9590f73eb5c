/**
 * `npm run bench`: the benchmarks of bench/ (the web budget, the Lambda bundles, the lists bench,
 * the product tabs bench, the export bench, the basket export bench (1,000 items), the diff bench, then the pipeline bench). Arguments starting with `--lists-` go to the lists
 * bench (`--lists-quick`, `--lists-files=N`, `--lists-notifications=N`, `--lists-runs=N`);
 * `--pipeline-rows N` sets the pipeline bench's file size (default 1,000,000 rows) and
 * `--pipeline-ingest-only` skips its approval steps; `--export-rows N` / `--export-runs N` go to the export bench; other arguments go to the diff bench.
 */
import { runBasketExportBench } from './basket-export-bench.js';
import { runBundlesBench } from './bundles-bench.js';
import { runDiffBench } from './diff-bench.js';
import { runExportBench } from './export-bench.js';
import { runListsBench } from './lists-bench.js';
import { runPipelineBench } from './pipeline-1m-bench.js';
import { runProductTabsBench } from './product-tabs-bench.js';
import { runWebBudget } from './web-budget.js';

const argv = process.argv.slice(2);
const listsArgs: string[] = [];
const pipelineArgs: string[] = [];
const diffArgs: string[] = [];
const exportArgs: string[] = [];
for (let i = 0; i < argv.length; i++) {
  const a = argv[i]!;
  if (a.startsWith('--lists-')) listsArgs.push(a);
  else if (a === '--pipeline-rows') pipelineArgs.push('--rows', argv[++i] ?? '');
  else if (a === '--pipeline-ingest-only') pipelineArgs.push('--ingest-only');
  else if (a === '--export-rows') exportArgs.push('--rows', argv[++i] ?? '');
  else if (a === '--export-runs') exportArgs.push('--runs', argv[++i] ?? '');
  else diffArgs.push(a);
}

await runWebBudget();
await runBundlesBench();
await runListsBench(listsArgs);
await runProductTabsBench();
await runExportBench(exportArgs);
await runBasketExportBench();
await runDiffBench(diffArgs);
await runPipelineBench(pipelineArgs);
process.exit(0);
