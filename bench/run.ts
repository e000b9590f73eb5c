/** `npm run bench`: the benchmarks of bench/ (the web budget, the diff bench, the product tabs bench). Arguments go to the diff bench. */
import { runDiffBench } from './diff-bench.js';
import { runProductTabsBench } from './product-tabs-bench.js';
import { runWebBudget } from './web-budget.js';

await runWebBudget();
await runDiffBench(process.argv.slice(2));
await runProductTabsBench();
