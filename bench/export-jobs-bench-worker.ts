/**
 * One export job built as its worker Lambda builds it (bench/export-jobs-bench.ts records the job
 * and seeds the rows; the environment points the clients at the emulators), in its own process so
 * that its time and peak memory are its own: the job run by `runExportJob` with the workers'
 * builders (functions/exports/export-worker.ts), notification and history record included.
 * Prints one JSON line: { jobId, kind, rows, ms, cpuMs, maxRssMb, heapMb, status }.
 *
 *   node export-jobs-bench-worker.cjs <jobId>
 */
import { performance } from 'node:perf_hooks';
import { getExportJob } from '../functions/exports/export-jobs.repo';
import { runExportJob } from '../functions/exports/export-jobs';
import { BUILDERS } from '../functions/exports/export-worker';

async function main(): Promise<void> {
  const [jobId] = process.argv.slice(2) as [string];
  let heap = 0;
  const sample = setInterval(() => (heap = Math.max(heap, process.memoryUsage().heapUsed)), 50);
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  await runExportJob(jobId, BUILDERS);
  const cpu = process.cpuUsage(cpu0);
  const ms = performance.now() - start;
  clearInterval(sample);
  const job = (await getExportJob(jobId))!;
  process.stdout.write(
    JSON.stringify({ jobId, kind: job.kind, rows: job.done, ms, cpuMs: (cpu.user + cpu.system) / 1000, maxRssMb: process.resourceUsage().maxRSS / 1024, heapMb: heap / 1024 / 1024, status: job.status }) + '\n',
  );
  process.exit(0);
}

void main();
