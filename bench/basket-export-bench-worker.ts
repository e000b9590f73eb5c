/**
 * One basket export job run as the worker Lambda runs it (bench/basket-export-bench.ts prepares
 * the basket and the job; the environment points the clients at the emulators). Prints JSON.
 *
 *   node basket-export-bench-worker.cjs <jobId>
 */
import { runBasketExport } from '../functions/basket/export-job';
import { getJob } from '../functions/basket/basket.repo';

async function main(): Promise<void> {
  const jobId = process.argv[2]!;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  await runBasketExport(jobId, undefined);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  const job = await getJob(jobId);
  process.stdout.write(
    JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024, status: job?.status, done: job?.done, failedImages: job?.failedImages }) + '\n',
  );
  process.exit(0);
}

void main();
