/** `npm run bench`: the benchmarks of bench/ (today the diff bench). Arguments are passed on. */
import { runDiffBench } from './diff-bench.js';

await runDiffBench(process.argv.slice(2));
