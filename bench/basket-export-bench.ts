/**
 * Basket export bench (issue 9): a 1,000-item basket exported as the worker Lambda does it
 * (functions/basket/export-job.ts: streamed xlsx, zip of the images fetched 8 at a time, both
 * PUT to S3), against DynamoDB Local and s3rver, the images served by a local HTTP server that
 * answers each after 50 ms (a CDN's latency) with a 40 KB body. The job runs in its own process
 * (bundled with esbuild as the Lambda is, plain node): wall time, CPU and peak RSS.
 * Goals: done within the worker's 15 minutes with room (≤ 120 s here) and ≤ 512 MB peak RSS
 * (the worker has 1 GB).
 *
 *   npx tsx bench/basket-export-bench.ts [--items 1000] [--delay-ms 50]
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import path, { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import esbuild from 'esbuild';
import { startBenchEmulators } from './local-emulators.js';

const GOAL_SECONDS = 120;
const GOAL_RSS_MB = 512;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

export async function runBasketExportBench(argv: readonly string[] = []): Promise<void> {
  let items = 1000;
  let delayMs = 50;
  for (let i = 0; i < argv.length; i++) {
    const v = Number(argv[i + 1]);
    if (argv[i] === '--items' && Number.isInteger(v) && v > 0) items = v;
    else if (argv[i] === '--delay-ms' && Number.isInteger(v) && v >= 0) delayMs = v;
    else throw new Error(`unknown argument ${argv[i]}; usage: basket-export-bench.ts [--items N] [--delay-ms N]`);
    i++;
  }
  console.log(`\n## Basket export bench: ${items.toLocaleString('en-US')} items, images of 40 KB after ${delayMs} ms (load average ${loadavg()[0]!.toFixed(1)})`);
  const image = randomBytes(40 * 1024);
  const images = http.createServer((_req, res) => setTimeout(() => res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(image.length) }).end(image), delayMs));
  await new Promise<void>((r) => images.listen(0, '127.0.0.1', r));
  const imageBase = `http://127.0.0.1:${(images.address() as AddressInfo).port}`;
  const emulators = await startBenchEmulators('basket-export-bench', { IMAGE_FETCH_ALLOW_PRIVATE: 'true' });
  const dir = emulators.dir;
  try {
    // Imported after the environment points the clients at the emulators.
    const { addItem, putJob } = await import('../functions/basket/basket.repo.js');
    const { putRetailer } = await import('../functions/retailers/retailers.repo.js');
    const now = new Date().toISOString();
    await putRetailer({ _id: 'bench-retailer', name: 'Bench Retailer', optId: 'OPT-BENCH', slug: 'bench-retailer', website: 'https://bench.example', createdAt: now, updatedAt: now });
    const ref = { owner: 'bench-user', brand: 'bench-brand', retailer: 'bench-retailer' };
    const setup = performance.now();
    for (let i = 0; i < items; i += 50) {
      await Promise.all(
        Array.from({ length: Math.min(50, items - i) }, (_, k) => {
          const n = i + k;
          return addItem(ref, { serialNo: `SNB${String(n).padStart(6, '0')}`, inventoryId: `INV-${n % 97}`, styleName: `Bench item ${n}`, price: 100 + (n % 50), customerId: 'OPT-BENCH', customerName: 'Bench Retailer', image: `${imageBase}/items/${n}.jpg` });
        }),
      );
    }
    const jobId = `benchjob${randomBytes(6).toString('hex')}`;
    await putJob({ ...ref, _id: jobId, status: 'queued', done: 0, total: items, failedImages: 0, createdAt: now, updatedAt: now, linkExpiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(), expiresAt: Math.floor(Date.now() / 1000) + 8 * 86_400 });
    console.log(`basket of ${items} items written in ${((performance.now() - setup) / 1000).toFixed(1)} s`);

    const worker = join(dir, 'basket-export-bench-worker.cjs');
    await esbuild.build({ entryPoints: [join(here, 'basket-export-bench-worker.ts')], outfile: worker, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
    // Not execFileSync: the image server and s3rver run in this process and must keep answering.
    const { stdout: out } = await promisify(execFile)(process.execPath, [worker, jobId], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', NODE_OPTIONS: '--no-deprecation' } });
    const r = JSON.parse(out.trim().split('\n').pop()!) as { ms: number; cpuMs: number; maxRssMb: number; status: string; done: number; failedImages: number };
    const s = r.ms / 1000;
    console.log(`| items | status | images failed | wall | CPU | peak RSS |`);
    console.log(`| --- | --- | --- | --- | --- | --- |`);
    console.log(`| ${r.done} | ${r.status} | ${r.failedImages} | ${s.toFixed(1)} s (goal ≤ ${GOAL_SECONDS} s) | ${(r.cpuMs / 1000).toFixed(1)} s | ${r.maxRssMb.toFixed(0)} MB (goal ≤ ${GOAL_RSS_MB} MB) |`);
    if (r.status !== 'done') throw new Error(`the export ended ${r.status}`);
  } finally {
    await emulators.stop();
    await new Promise((r) => images.close(r));
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runBasketExportBench(process.argv.slice(2));
  process.exit(0);
}
