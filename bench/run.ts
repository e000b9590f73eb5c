/** `npm run bench`: the benchmarks of bench/ (the web budget, the Lambda bundles, then the diff bench). Arguments go to the diff bench. */
import { runBundlesBench } from './bundles-bench.js';
import { runDiffBench } from './diff-bench.js';
import { runWebBudget } from './web-budget.js';

await runWebBudget();
await runBundlesBench();
await runDiffBench(process.argv.slice(2));
