/**
 * Picture hash bench (issue 38): N synthetic 800x800 photo-like JPEGs (gradients, shapes, grain;
 * quality 85, as a retailer's packshot) fingerprinted one after the other, against the floor of
 * the decoder itself (jpeg-js decode alone) on the same files in the same run: what the hashing
 * adds to the decode it cannot avoid. Each pass runs in a fresh process (the worker bundled with
 * esbuild as a Lambda is, plain node), the two variants interleaved run by run so the machine's
 * load falls on both; median of the runs. Prints pictures a second, the ratio of the two rates and
 * each variant's peak RSS (no goal asserted: figures only).
 *
 *   npx tsx bench/picture-hash.ts [--pictures 300] [--runs 3]
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path, { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import esbuild from 'esbuild';
import jpeg from 'jpeg-js';
import type { Variant, WorkerResult } from './picture-hash-worker.js';
import { prng } from '../infra/local/prng.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SIDE = 800;
const VARIANTS: readonly Variant[] = ['decode', 'fingerprint'];

/** Picture `n`: a gradient of its own, three discs and two boxes placed by its seed, grain over all. */
function syntheticJpeg(n: number): Uint8Array {
  const rnd = prng(n + 1);
  const c = () => 40 + rnd() * 200;
  const [r0, g0, b0, dr, dg, db] = [c(), c(), c(), rnd() * 120 - 60, rnd() * 120 - 60, rnd() * 120 - 60];
  const discs = Array.from({ length: 3 }, () => ({ x: rnd() * SIDE, y: rnd() * SIDE, r: 40 + rnd() * 160, rgb: [c(), c(), c()] }));
  const boxes = Array.from({ length: 2 }, () => {
    const [x, y] = [rnd() * SIDE * 0.7, rnd() * SIDE * 0.7];
    return { x0: x, y0: y, x1: x + 60 + rnd() * 240, y1: y + 60 + rnd() * 240, rgb: [c(), c(), c()] };
  });
  const data = new Uint8Array(SIDE * SIDE * 4);
  for (let y = 0; y < SIDE; y++) {
    for (let x = 0; x < SIDE; x++) {
      let rgb = [r0 + (dr * x) / SIDE, g0 + (dg * y) / SIDE, b0 + (db * (x + y)) / (2 * SIDE)];
      for (const d of discs) if ((x - d.x) ** 2 + (y - d.y) ** 2 < d.r ** 2) rgb = d.rgb;
      for (const b of boxes) if (x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1) rgb = b.rgb;
      const grain = (rnd() - 0.5) * 16;
      const i = (y * SIDE + x) * 4;
      data[i] = rgb[0]! + grain;
      data[i + 1] = rgb[1]! + grain;
      data[i + 2] = rgb[2]! + grain;
      data[i + 3] = 255;
    }
  }
  return new Uint8Array(jpeg.encode({ width: SIDE, height: SIDE, data }, 85).data);
}

const median = (xs: readonly number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export async function runPictureHashBench(argv: readonly string[] = []): Promise<void> {
  let pictures = 300;
  let runs = 3;
  for (let i = 0; i < argv.length; i += 2) {
    const v = Number(argv[i + 1]);
    if (argv[i] === '--pictures' && Number.isInteger(v) && v > 0) pictures = v;
    else if (argv[i] === '--runs' && Number.isInteger(v) && v > 0) runs = v;
    else throw new Error(`unknown argument ${argv[i]}; usage: picture-hash.ts [--pictures N] [--runs N]`);
  }
  const dir = await mkdtemp(join(tmpdir(), 'picture-hash-bench-'));
  try {
    const made = performance.now();
    let bytes = 0;
    for (let n = 0; n < pictures; n++) {
      const file = syntheticJpeg(n);
      bytes += file.length;
      await writeFile(join(dir, `${n}.jpg`), file);
    }
    const worker = join(dir, 'picture-hash-worker.cjs');
    await esbuild.build({ entryPoints: [join(here, 'picture-hash-worker.ts')], outfile: worker, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error' });
    console.log(`\n## Picture hash bench: ${pictures} JPEGs of ${SIDE}x${SIDE} (${(bytes / pictures / 1024).toFixed(0)} KB each, made in ${((performance.now() - made) / 1000).toFixed(1)} s), ${runs} runs a variant`);
    console.log(`Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; each pass a fresh process on the esbuild bundle, 10 pictures of warm-up first`);
    console.log('| run | variant | wall | pictures/s | CPU | RSS after loading | peak RSS |');
    console.log('| --- | --- | --- | --- | --- | --- | --- |');
    const results = new Map<Variant, WorkerResult[]>(VARIANTS.map((v) => [v, []]));
    for (let run = 1; run <= runs; run++) {
      for (const variant of run % 2 ? VARIANTS : [...VARIANTS].reverse()) {
        const { stdout } = await promisify(execFile)(process.execPath, [worker, variant, dir, String(pictures)], { encoding: 'utf8', maxBuffer: 1024 * 1024 });
        const r = JSON.parse(stdout.trim().split('\n').pop()!) as WorkerResult;
        if (variant === 'decode' && r.check !== pictures * SIDE * SIDE) throw new Error(`decoded ${r.check} pixels, not ${pictures * SIDE * SIDE}`);
        results.get(variant)!.push(r);
        console.log(`| ${run} | ${variant} | ${(r.ms / 1000).toFixed(2)} s | ${((r.pictures * 1000) / r.ms).toFixed(1)} | ${(r.cpuMs / 1000).toFixed(2)} s | ${r.startRssMb.toFixed(0)} MB | ${r.peakRssMb.toFixed(0)} MB |`);
      }
    }
    const rate = (v: Variant) => median(results.get(v)!.map((r) => (r.pictures * 1000) / r.ms));
    const peak = (v: Variant) => Math.max(...results.get(v)!.map((r) => r.peakRssMb));
    const [floor, hashed] = [rate('decode'), rate('fingerprint')];
    const distinct = results.get('fingerprint')![0]!.check;
    console.log(`\nfingerprint: ${hashed.toFixed(1)} pictures/s (${(1000 / hashed).toFixed(1)} ms each), peak RSS ${peak('fingerprint').toFixed(0)} MB; ${distinct} distinct whole-picture pHashes of ${pictures}`);
    console.log(`floor, jpeg-js decode alone: ${floor.toFixed(1)} pictures/s (${(1000 / floor).toFixed(1)} ms each), peak RSS ${peak('decode').toFixed(0)} MB`);
    console.log(`ratio fingerprint / decode floor: ${(hashed / floor).toFixed(2)} (the hashing adds ${(1000 / hashed - 1000 / floor).toFixed(1)} ms a picture)`);
    console.log(`load average after: ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runPictureHashBench(process.argv.slice(2));
  process.exit(0);
}
