/**
 * One measured step of the pipeline bench, in its own process so its peak RSS is its own:
 *   node pipeline-bench-worker.cjs ingest <bucket> <key>
 *   node pipeline-bench-worker.cjs <LoadFile|StageFile|Publish|Cleanup> <fileId> <claim> [progress JSON]
 * The environment points the SDK clients at the bench's emulators. Prints one JSON line.
 */
import { handler as cleanup } from '../functions/files/workflow/cleanup.js';
import { handler as loadFile } from '../functions/files/workflow/load-file.js';
import { handler as publish } from '../functions/files/workflow/publish.js';
import { handler as stageFile } from '../functions/files/workflow/stage-file.js';
import { ingestObject } from '../functions/files/ingest.js';
import { setLocalWorkflowRunner } from '../functions/lib/workflow.js';

export interface StepResult {
  step: string;
  ms: number;
  peakRssMb: number;
  baselineRssMb: number;
  /**
   * Where the memory went: the highest of each figure of process.memoryUsage() sampled every 20 ms
   * while the event loop turns (a peak inside a long synchronous step can be missed): the JS heap
   * in use and reserved, and what lives outside it (Buffers, the SDK's sockets).
   */
  peakHeapUsedMb: number;
  peakHeapTotalMb: number;
  peakExternalMb: number;
  result: unknown;
}

type Task = (input: { fileId: string; claim: string; progress?: unknown }) => Promise<unknown>;
const TASKS: Record<string, Task> = {
  LoadFile: loadFile as unknown as Task,
  StageFile: stageFile as unknown as Task,
  Publish: publish as unknown as Task,
  Cleanup: cleanup as unknown as Task,
};

async function main(): Promise<void> {
  const [step, a, b, progress] = process.argv.slice(2);
  // The ingest starts the approval of a file that needs no review: here the bench runs its steps itself.
  setLocalWorkflowRunner(() => Promise.resolve({ status: 'RUNNING' }));
  const baselineRssMb = process.memoryUsage().rss / 1024 / 1024;
  const peak = { heapUsed: 0, heapTotal: 0, external: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
    peak.heapTotal = Math.max(peak.heapTotal, m.heapTotal);
    peak.external = Math.max(peak.external, m.external);
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  let result: unknown;
  if (step === 'ingest') result = await ingestObject(a!, b!);
  else if (TASKS[step!]) result = await TASKS[step!]!({ fileId: a!, claim: b!, ...(progress ? { progress: JSON.parse(progress) as unknown } : {}) });
  else throw new Error(`unknown step ${step}`);
  const ms = performance.now() - started;
  clearInterval(sampler);
  sample();
  const mb = (v: number) => v / 1024 / 1024;
  const out: StepResult = {
    step: step!,
    ms,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    baselineRssMb,
    peakHeapUsedMb: mb(peak.heapUsed),
    peakHeapTotalMb: mb(peak.heapTotal),
    peakExternalMb: mb(peak.external),
    result,
  };
  process.stdout.write(JSON.stringify(out) + '\n');
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    process.stderr.write(String((e as Error).stack ?? e) + '\n');
    process.exit(1);
  },
);
