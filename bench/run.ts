/** `npm run bench`: the benchmarks of bench/ (the web budget, then the diff bench). Arguments go to the diff bench. */
import { runDiffBench } from './diff-bench.js';
import { runWebBudget } from './web-budget.js';

await runWebBudget();
await runDiffBench(process.argv.slice(2));
