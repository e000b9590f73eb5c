/**
 * `npm run bench`: the benchmarks of bench/ (the web budget, the Lambda bundles, the lists bench, then the diff
 * bench). Arguments starting with `--lists-` go to the lists bench (`--lists-quick`,
 * `--lists-files=N`, `--lists-notifications=N`, `--lists-runs=N`), the others to the diff bench.
 */
import { runBundlesBench } from './bundles-bench.js';
import { runDiffBench } from './diff-bench.js';
import { runListsBench } from './lists-bench.js';
import { runWebBudget } from './web-budget.js';

const argv = process.argv.slice(2);
await runWebBudget();
await runBundlesBench();
await runListsBench(argv.filter((a) => a.startsWith('--lists-')));
await runDiffBench(argv.filter((a) => !a.startsWith('--lists-')));
