/**
 * One measured chunk of the content-checks bench (bench/content-checks-bench.ts), in a process
 * of its own (the esbuild bundle, plain node: a new Lambda, nothing cached in it): the chunk
 * function's work, `checkChunk`, against the bench's emulators, timed step by step. Prints JSON.
 *
 *   node content-checks-worker.cjs <runId>   (the emulators' environment set by the parent)
 */
import { checkChunk } from '../functions/content/check-chunk';
import { planChunks } from '../functions/content/workflow/chunks';

async function main(): Promise<void> {
  const runId = process.argv[2]!;
  const [chunk] = planChunks(1);
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  const out = await checkChunk(runId, chunk!);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(JSON.stringify({ ...out, ms, cpuMs: (cpu.user + cpu.system) / 1000, peakRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n');
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
