/**
 * The content checks at a real brand's size (issue 38 "Bench"): one chunk of a scan, as one
 * CheckChunk Lambda does it, measured in a fresh process (a new Lambda, nothing cached), against
 * a catalogue of 20,000 SKUs, then the same chunk of the next scan, whose 10 % new pictures are
 * the only ones fetched and fingerprinted. The scan's size (50,000 products) is a count of such
 * chunks: the bench measures one chunk of CHUNK_PRODUCTS and models the scan's AWS time at the
 * Map's concurrency (ceil(chunks / concurrency) waves of the slowest chunk), beside the chunk's
 * peak memory against the function's 512 MB goal. The pictures: 1,000 distinct 400x400 JPEGs,
 * the catalogue's official ones, which the retailer shows at its own addresses.
 *
 *   npm run bench -- content-checks [--content-checks-pictures N]
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import esbuild from 'esbuild';
import jpeg from 'jpeg-js';
import { prng } from '../infra/local/prng.js';
import { startBenchEmulators } from './local-emulators.js';

const SCAN_PRODUCTS = 50_000;
const CATALOG_SKUS = 20_000;
const NEW_SHARE = 0.1;

/** A photo-like 400x400 picture of its own: a gradient and a few boxes placed by `seed`. */
function picture(seed: number): Uint8Array {
  const w = 400;
  const data = Buffer.alloc(w * w * 4);
  const rnd = prng(seed);
  const boxes = Array.from({ length: 5 }, () => ({ x: rnd() * w, y: rnd() * w, s: 40 + rnd() * 160, c: [rnd() * 255, rnd() * 255, rnd() * 255] }));
  const [g0, g1] = [rnd() * 255, rnd() * 255];
  for (let y = 0; y < w; y++) {
    for (let x = 0; x < w; x++) {
      let c = [g0 * (x / w), g1 * (y / w), 128];
      for (const b of boxes) if (x >= b.x && x < b.x + b.s && y >= b.y && y < b.y + b.s) c = b.c;
      data.set([c[0]!, c[1]!, c[2]!, 255], (y * w + x) * 4);
    }
  }
  return new Uint8Array(jpeg.encode({ width: w, height: w, data }, 80).data);
}

export async function runContentChecksBench(args: string[] = []): Promise<string[]> {
  const at = args.indexOf('--pictures');
  const distinct = at >= 0 ? Number(args[at + 1]) : 1000;
  const emu = await startBenchEmulators('content-checks-bench', { IMAGE_FETCH_ALLOW_PRIVATE: 'true' });
  const lines: string[] = [];
  const say = (l: string) => (console.log(l), lines.push(l));
  try {
    const here = import.meta.dirname;
    const worker = join(emu.dir, 'content-checks-worker.cjs');
    await esbuild.build({ entryPoints: [join(here, 'content-checks-worker.ts')], outfile: worker, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error' });
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    const { PutCommand } = await import('@aws-sdk/lib-dynamodb');
    const { s3 } = await import('../functions/lib/clients/s3');
    const { ddb } = await import('../functions/lib/clients/dynamodb');
    const { table } = await import('../functions/lib/table');
    const { batchWrite } = await import('../functions/scrapings');
    const { beginRun, putContentSettings } = await import('../functions/content/content.repo');
    const { CHUNK_PRODUCTS } = await import('../functions/content/workflow/chunks');
    const { CHECKS_MAP_CONCURRENCY } = await import('../infra/workflow/content-checks');
    const { DEFAULT_CONTENT_SETTINGS } = await import('../shared/content');
    const bucket = process.env.DATA_BUCKET!;
    const brand = 'brand-bench';
    const retailer = 'ret-bench';
    say(`Node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; a chunk of ${CHUNK_PRODUCTS.toLocaleString('en-US')} products against ${CATALOG_SKUS.toLocaleString('en-US')} SKUs, ${distinct} distinct pictures`);

    // The brand's pictures (stored, as catalogue files are) and the same bytes at the retailer's addresses.
    const pics = Array.from({ length: distinct }, (_, i) => picture(i + 1));
    const put = (Key: string, Body: Uint8Array) => s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body, ContentType: 'image/jpeg' }));
    for (let i = 0; i < distinct; i += 20) await Promise.all(pics.slice(i, i + 20).map((b, k) => Promise.all([put(`screenshots/catalog/bench/${i + k}.jpg`, b), put(`screenshots/product/bench/scan1/${i + k}.jpg`, b)])));
    // The next scan's new pictures: 10 % of the chunk's products show one never seen.
    const fresh = Math.round(CHUNK_PRODUCTS * NEW_SHARE);
    for (let i = 0; i < fresh; i += 20) await Promise.all(Array.from({ length: Math.min(20, fresh - i) }, (_, k) => put(`screenshots/product/bench/scan2/new-${i + k}.jpg`, picture(100_000 + i + k))));

    // The catalogue: 20,000 SKUs, each with one official picture (of the distinct ones), MSRP in the US.
    const version = 'bench-catalog';
    const entries = Array.from({ length: CATALOG_SKUS }, (_, i) => ({ sku: `SKU-${i}`, name: `Product ${i} in calfskin`, description: `Product ${i}, made in France.`, category: 'Bags', collection: 'FW26', status: 'active' as const, images: [`screenshots/catalog/bench/${i % distinct}.jpg`], retiredImages: [], msrp: [{ country: 'US', currency: 'USD', amount: 1000 }] }));
    await batchWrite(entries.map((e) => ({ PutRequest: { Item: { pk: `CAT#${brand}#${version}`, sk: `SKU#${e.sku}`, entity: 'CatalogEntry', brand, version, ...e } } })));
    await ddb.send(new PutCommand({ TableName: table.name, Item: { pk: `CATALOG#${brand}`, sk: 'CURRENT', brand, version, key: 'bench', name: 'bench', date: '2026-12-01', order: '2026-12-01#x', entries: CATALOG_SKUS, ingestedAt: new Date().toISOString() } }));
    await putContentSettings(brand, { ...DEFAULT_CONTENT_SETTINGS, market: { country: 'US', currency: 'USD' } }, 0, 'bench');

    const scan = async (n: 1 | 2) => {
      const periodId = `bench-period-${n}-${randomBytes(3).toString('hex')}`;
      const v = `v${n}`;
      const products = Array.from({ length: CHUNK_PRODUCTS }, (_, i) => {
        const sku = `SKU-${(i * 7) % CATALOG_SKUS}`;
        const image = n === 2 && i % 10 === 0 ? `screenshots/product/bench/scan2/new-${i / 10}.jpg` : `screenshots/product/bench/scan1/${((i * 7) % CATALOG_SKUS) % distinct}.jpg`;
        // Every 20th product repriced under the MSRP, every 50th renamed: findings to write.
        return { pk: `SCRAPING#${periodId}`, sk: `PRODUCT#${v}#${randomBytes(16).toString('base64url')}`, entity: 'ProductScrape', _id: `${periodId}${i}`, style_number: `ST-${i}`, name: i % 50 === 0 ? `Renamed ${i}` : `Product ${(i * 7) % CATALOG_SKUS} in calfskin`, product_description: `Product ${(i * 7) % CATALOG_SKUS}, made in France.`, price: i % 20 === 0 ? 800 : 1000, image, imageUrl: '', brand_sku: sku, oh_map_id: '', isFlagged: 'no', type: 'change' };
      });
      await batchWrite(products.map((Item) => ({ PutRequest: { Item } })));
      const runId = `bench-run-${n}-${randomBytes(4).toString('hex')}`;
      await beginRun({ runId, periodId, brand, retailer, date: '2026-12-01', version: v, catalogVersion: version, chunks: 1, startedAt: new Date().toISOString() });
      const { stdout } = await promisify(execFile)(process.execPath, [worker, runId], { encoding: 'utf8', env: process.env, maxBuffer: 1024 * 1024 });
      return JSON.parse(stdout.trim().split('\n').at(-1)!) as { checked: number; found: number; ms: number; cpuMs: number; peakRssMb: number };
    };
    const fingerprints = async () => {
      const { ScanCommand } = await import('@aws-sdk/lib-dynamodb');
      let n = 0;
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const out = await ddb.send(new ScanCommand({ TableName: table.name, FilterExpression: 'entity = :e', ExpressionAttributeValues: { ':e': 'PictureHash' }, Select: 'COUNT', ExclusiveStartKey }));
        n += out.Count ?? 0;
        ExclusiveStartKey = out.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return n;
    };

    const first = await scan(1);
    const hashed1 = await fingerprints();
    const second = await scan(2);
    const hashed2 = (await fingerprints()) - hashed1;
    const chunks = Math.ceil(SCAN_PRODUCTS / CHUNK_PRODUCTS);
    const waves = Math.ceil(chunks / CHECKS_MAP_CONCURRENCY);
    for (const [label, r, hashed] of [['first scan (nothing seen)', first, hashed1], ['next scan (10 % new pictures)', second, hashed2]] as const) {
      say(`  ${label}: ${r.checked.toLocaleString('en-US')} products, ${r.found} suggestions, ${(r.ms / 1000).toFixed(1)} s (CPU ${(r.cpuMs / 1000).toFixed(1)} s), ${hashed} pictures fingerprinted (${(hashed / (r.ms / 1000)).toFixed(1)} a second of the chunk), peak RSS ${r.peakRssMb.toFixed(0)} MB (goal < 512 MB: ${r.peakRssMb < 512 ? 'met' : 'NOT met'})`);
      say(`    modeled ${SCAN_PRODUCTS.toLocaleString('en-US')}-product scan in AWS: ${chunks} chunks, ${waves} waves of ${CHECKS_MAP_CONCURRENCY} → ~${((waves * r.ms) / 1000 / 60).toFixed(1)} min (a chunk's ${(r.ms / 1000).toFixed(0)} s each wave, within the state's 900 s: ${r.ms < 900_000 ? 'yes' : 'NO'})`);
    }
    say(`  the next scan cost ${(second.ms / first.ms).toFixed(2)}× the first (only its new addresses fetched, ${fresh} of ${CHUNK_PRODUCTS}; fingerprinted only their new contents: ${hashed2})`);
    return lines;
  } finally {
    await emu.stop();
  }
}


