/**
 * `npm run bench`: the benchmarks of bench/ (the web budget, the diff bench, then the pipeline
 * bench). `--pipeline-rows N` sets the pipeline bench's file size (default 1,000,000 rows);
 * `--pipeline-ingest-only` skips its approval steps; other arguments go to the diff bench.
 */
import { runDiffBench } from './diff-bench.js';
import { runPipelineBench } from './pipeline-1m-bench.js';
import { runWebBudget } from './web-budget.js';

const argv = process.argv.slice(2);
const pipelineArgs: string[] = [];
const diffArgs: string[] = [];
for (let i = 0; i < argv.length; i++) {
  if (argv[i] === '--pipeline-rows') pipelineArgs.push('--rows', argv[++i] ?? '');
  else if (argv[i] === '--pipeline-ingest-only') pipelineArgs.push('--ingest-only');
  else diffArgs.push(argv[i]!);
}

await runWebBudget();
await runDiffBench(diffArgs);
await runPipelineBench(pipelineArgs);
process.exit(0);
