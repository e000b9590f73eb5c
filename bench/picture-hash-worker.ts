/**
 * One measured pass of the picture hash bench (bench/picture-hash.ts), in a process of its own
 * (the esbuild bundle, plain node, as a Lambda runs) so its time and peak RSS are its own: reads
 * the bench's JPEGs into memory, warms up on the first few, then either decodes each with jpeg-js
 * alone (`decode`, the floor: what the fingerprint cannot go under) or fingerprints each
 * (`fingerprint`: decode, SHA-256, the three pHashes and the colour grid). Prints JSON.
 *
 *   node picture-hash-worker.cjs <decode|fingerprint> <dir> <count>
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import jpeg from 'jpeg-js';
import { fingerprint, MAX_JPEG_MEMORY_MB, MAX_PICTURE_MEGAPIXELS } from '../functions/content/domain/picture-hash';

export type Variant = 'decode' | 'fingerprint';
export interface WorkerResult {
  variant: Variant;
  pictures: number;
  ms: number;
  cpuMs: number;
  startRssMb: number;
  peakRssMb: number;
  /** What the pass computed, so neither variant can be optimised away: pixels decoded, or distinct pHashes. */
  check: number;
}

const WARM_UP = 10;

async function main(): Promise<void> {
  const [variant, dir, count] = [process.argv[2] as Variant, process.argv[3]!, Number(process.argv[4])];
  const files = Array.from({ length: count }, (_, i) => new Uint8Array(readFileSync(join(dir, `${i}.jpg`))));
  const decode = (bytes: Uint8Array) => jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PICTURE_MEGAPIXELS, maxMemoryUsageInMB: MAX_JPEG_MEMORY_MB });
  for (const bytes of files.slice(0, WARM_UP)) {
    if (variant === 'decode') decode(bytes);
    else await fingerprint(bytes);
  }
  const startRssMb = process.memoryUsage().rss / 1048576;
  let check = 0;
  const hashes = new Set<string>();
  const cpu0 = process.cpuUsage();
  const start = performance.now();
  for (const bytes of files) {
    if (variant === 'decode') check += decode(bytes).data.length / 4;
    else hashes.add((await fingerprint(bytes)).phashes[0]!);
  }
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  if (variant === 'fingerprint') check = hashes.size;
  const result: WorkerResult = { variant, pictures: files.length, ms, cpuMs: (cpu.user + cpu.system) / 1000, startRssMb, peakRssMb: process.resourceUsage().maxRSS / 1024, check };
  process.stdout.write(JSON.stringify(result) + '\n');
  process.exit(0);
}

void main();
