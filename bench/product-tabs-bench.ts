/**
 * Product tabs bench (issue 7 §1): a period of 50k products against a 100k-item on-hand feed
 * (half of it the retailer's), on DynamoDB Local and s3rver started here. Each tab's first page,
 * a sorted page, a search and page 200 through `listProducts` (the list handler's function),
 * warm and cold, with the DynamoDB items read per request, next to today's whole-list approach
 * (every product of the period and the retailer's items read, then productView) in the same run.
 *
 *   npx tsx bench/product-tabs-bench.ts [--products 50000] [--oh 100000] [--runs 20] [--old-runs 2] [--cold-only]
 *
 * See bench/README.md.
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import path, { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import esbuild from 'esbuild';
import { prng } from '../infra/local/prng.js';
import { periodRecord } from '../test/support/scrapes.js';
import { startBenchEmulators } from './local-emulators.js';

const GOAL_P95_MS = 100;
/** A cold handler's first page of any tab (issue 21): a new process, nothing cached. */
const GOAL_COLD_MS = 1000;
const GOAL_COLD_MB = 256;
/** The floor: the same requests on a period of a small retailer, in the same run. */
const SMALL_PRODUCTS = 145;
/**
 * The API functions' memory (infra/constructs/api-function.ts API_FUNCTION_DEFAULTS) and the heap
 * flags Lambda's Node.js runtime starts node with for it (its bootstrap: a tenth of the memory for
 * the young generation, i.e. semi-spaces of a twentieth, the rest for the old one), so that a cold
 * worker collects garbage as the deployed function does, not as node's defaults (16 MB semi-spaces).
 */
const LAMBDA_MEMORY_MB = 1024;
export const LAMBDA_HEAP_FLAGS = [`--max-semi-space-size=${Math.floor(LAMBDA_MEMORY_MB / 20)}`, `--max-old-space-size=${LAMBDA_MEMORY_MB - Math.floor(LAMBDA_MEMORY_MB / 10)}`];
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const PAGE = 25;
const GOAL_ITEMS = (limit: number) => 2 * limit + 10;

interface Args {
  products: number;
  oh: number;
  runs: number;
  oldRuns: number;
  /** Only the new-process figures (the warm and whole-list ones skipped). */
  coldOnly: boolean;
}

function parseArgs(argv: readonly string[]): Args {
  const args: Args = { products: 50_000, oh: 100_000, runs: 20, oldRuns: 2, coldOnly: false };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    if (flag === '--cold-only') {
      args.coldOnly = true;
      continue;
    }
    const value = Number(argv[++i]);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${flag} needs a positive integer`);
    if (flag === '--products') args.products = value;
    else if (flag === '--oh') args.oh = value;
    else if (flag === '--runs') args.runs = value;
    else if (flag === '--old-runs') args.oldRuns = value;
    else throw new Error(`unknown argument ${flag}; usage: product-tabs-bench.ts [--products N] [--oh N] [--runs N] [--old-runs N] [--cold-only]`);
  }
  return args;
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};
const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

export async function runProductTabsBench(argv: readonly string[] = []): Promise<void> {
  const args = parseArgs(argv);
  // The pictures' app links are signed with a key derived from JWT_SECRET (functions/lib/image-links.ts).
  const emulators = await startBenchEmulators('product-tabs-bench', { JWT_SECRET: 'product-tabs-bench-secret-0123456789abcdef' });
  try {
    await bench(args, emulators.dir);
  } finally {
    await emulators.stop();
  }
}

async function bench(args: Args, dir: string): Promise<void> {
  // Imported after the environment points the clients at the emulators.
  const { dynamo } = await import('../functions/lib/clients/dynamodb.js');
  const repo = await import('../functions/scrapings/scrapings.repo.js');
  const inventory = await import('../functions/inventory/inventory.repo.js');
  const { ohSnapshotKey, periodKeysKey, periodSnapshotKey, putOhSnapshot, putPeriodKeys, putPeriodSnapshot } = await import('../functions/scrapings/snapshots.repo.js');
  const { buildReadKeys } = await import('../functions/scrapings/domain/read-keys.js');
  const { clearProductCache, listProducts } = await import('../functions/scrapings/product-reads.js');
  const { productView, needsOnHand } = await import('../functions/scrapings/domain/product-view.js');
  const { periodIdOf, productIdOf } = await import('../functions/scrapings/domain/ids.js');
  const { getRetailers, putRetailer } = await import('../functions/retailers/retailers.repo.js');
  const { listProductScrapingsQuery } = await import('../shared/schemas/scrapings.js');

  // Items read: every item a GetItem, Query (ScannedCount) or BatchGetItem returned or examined.
  let itemsRead = 0;
  let requests = 0;
  dynamo.middlewareStack.add(
    (next) => async (a) => {
      const out = await next(a);
      const o = (out.output ?? {}) as { Item?: unknown; Items?: unknown[]; ScannedCount?: number; Count?: number; Responses?: Record<string, unknown[]> };
      requests++;
      if (o.ScannedCount !== undefined) itemsRead += o.ScannedCount;
      else if (o.Items) itemsRead += o.Items.length;
      else if (o.Responses) itemsRead += Object.values(o.Responses).reduce((n, l) => n + l.length, 0);
      else if (o.Item) itemsRead += 1;
      return out;
    },
    { step: 'initialize', name: 'benchItemsRead' },
  );

  const brand = 'bench-brand';
  const retailer = 'bench-retailer';
  const optId = 'OPT-BENCH';
  const date = '2026-11-02';
  const version = 'benchversion0000000000';
  const feedVersion = 'benchfeed0000000000000';
  const periodId = periodIdOf(brand, retailer, date);
  const smallRetailer = 'bench-small-retailer';
  const smallOptId = 'OPT-SMALL';
  const smallPeriodId = periodIdOf(brand, smallRetailer, date);
  const now = new Date().toISOString();
  const random = prng(20261123);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const words = ['Bag', 'Tote', 'Clutch', 'Wallet', 'Belt', 'Scarf', 'Loafer', 'Pump', 'Sneaker', 'Coat', 'Jacket', 'Ring'];
  const adjectives = ['Classic', 'Mini', 'Grand', 'Soft', 'Quilted', 'Woven', 'Signature', 'Archive'];

  const t0 = performance.now();
  const inventoryIds = Math.floor(args.oh / 2);
  const ohItems = Array.from({ length: args.oh }, (_, i) => ({
    serialNo: `SN${String(i).padStart(7, '0')}`,
    inventoryId: `INV${String(i % inventoryIds).padStart(6, '0')}`,
    styleName: `${pick(adjectives)} ${pick(words)}`,
    price: random() < 0.05 ? null : Math.round(100 + random() * 3000),
    customerId: i % 2 === 0 ? optId : `OPT-OTHER-${i % 7}`,
    customerName: 'Bench Store',
    image: '',
  }));
  const products = Array.from({ length: args.products }, (_, i) => {
    const style = `ST${String(i).padStart(7, '0')}`;
    const r = random();
    const inv = `INV${String(Math.floor(random() * inventoryIds * 1.2)).padStart(6, '0')}`;
    const type = r < 0.01 ? ('added' as const) : r < 0.015 ? ('deleted' as const) : r < 0.03 ? ('change' as const) : undefined;
    return {
      _id: productIdOf(periodId, style),
      retailer_brand_scraping: periodId,
      brand,
      retailer,
      date,
      style_number: style,
      name: `${pick(adjectives)} ${pick(words)} ${i % 997}`,
      price: random() < 0.03 ? null : Math.round(100 + random() * 3000),
      image: `https://img.example/${style}/1.jpg`,
      imageUrl: `https://img.example/${style}/1.jpg|https://img.example/${style}/2.jpg`,
      screenshot: `https://shots.example/${style}.png`,
      URL: `https://shop.example/p/${style}`,
      product_description: `${pick(adjectives)} ${pick(words)} in calfskin, made in Italy. ${pick(adjectives)} finish.`,
      shoppability: 'In stock',
      brand_label: 'Bench House',
      isFlagged: random() < 0.02 ? ('yes' as const) : ('no' as const),
      oh_map_id: random() < 0.3 ? inv : '',
      brand_sku: random() < 0.5 ? inv : '',
      ...(type ? { type } : {}),
    };
  });
  // The floor's retailer: SMALL_PRODUCTS products (the first ones, under its own period) and as many items.
  const smallItems = ohItems.slice(0, SMALL_PRODUCTS).map((i, k) => ({ ...i, serialNo: `SM${String(k).padStart(7, '0')}`, customerId: smallOptId }));
  const smallProducts = products.slice(0, SMALL_PRODUCTS).map((p) => ({ ...p, _id: productIdOf(smallPeriodId, p.style_number), retailer_brand_scraping: smallPeriodId, retailer: smallRetailer }));
  await putRetailer({ _id: retailer, name: 'Bench Store', optId, slug: 'bench-store', website: 'https://shop.example', createdAt: now, updatedAt: now } as Parameters<typeof putRetailer>[0]);
  await putRetailer({ _id: smallRetailer, name: 'Bench Boutique', optId: smallOptId, slug: 'bench-boutique', website: 'https://boutique.example', createdAt: now, updatedAt: now } as Parameters<typeof putRetailer>[0]);
  const writer = repo.productWriter(version);
  for (const p of [...products, ...smallProducts]) await writer.add(p);
  await writer.close();
  await inventory.putOhItems(brand, feedVersion, [...ohItems, ...smallItems]);
  await inventory.switchCurrentFeed({ brand, version: feedVersion, key: 'incoming/oh/bench.csv', date, order: `${date}#1`, items: ohItems.length, errorCount: 0, ingestedAt: now });
  await repo.putPeriod(
    periodRecord({
      _id: periodId,
      brand,
      retailer,
      date,
      version,
      totalProducts: products.length,
      previousTotalProducts: products.length,
      flaggedCount: products.filter((p) => p.isFlagged === 'yes' && p.type !== 'deleted').length,
    }),
  );
  await repo.putPeriod(
    periodRecord({
      _id: smallPeriodId,
      brand,
      retailer: smallRetailer,
      date,
      version,
      totalProducts: smallProducts.length,
      previousTotalProducts: smallProducts.length,
      flaggedCount: smallProducts.filter((p) => p.isFlagged === 'yes' && p.type !== 'deleted').length,
    }),
  );
  // What the stage step and the on-hand ingest write: the snapshot and the read keys of each period, the retailers' items.
  await putPeriodSnapshot(periodId, version, { seq: 0, products });
  await putPeriodKeys(periodId, version, buildReadKeys(periodId, 0, products));
  await putPeriodSnapshot(smallPeriodId, version, { seq: 0, products: smallProducts });
  await putPeriodKeys(smallPeriodId, version, buildReadKeys(smallPeriodId, 0, smallProducts));
  await putOhSnapshot(brand, feedVersion, optId, ohItems.filter((i) => i.customerId === optId));
  await putOhSnapshot(brand, feedVersion, smallOptId, smallItems);
  console.log(`\nProduct tabs bench: ${args.products.toLocaleString('en-US')} products, on-hand feed of ${args.oh.toLocaleString('en-US')} items (${Math.ceil(args.oh / 2).toLocaleString('en-US')} the retailer's); seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

  const auth = { sub: 'bench', role: 'ADMIN', brand: null, retailers: [], sv: 0, isAdmin: true } as unknown as Parameters<typeof listProducts>[0];
  const query = (q: Record<string, string>) => listProductScrapingsQuery.parse({ retailer_brand_scraping: periodId, ...q });
  const cases: [string, Record<string, string>][] = [
    ['products p1', {}],
    ['change p1', { tab: 'change' }],
    ['flagged p1', { isFlagged: 'yes' }],
    ['sd_data p1', { filter: 'sd_data' }],
    ['price_diff p1', { filter: 'price_diff' }],
    ['price_match p1', { filter: 'price_match' }],
    ['all_oh p1', { filter: 'all_oh' }],
    ['oh_data p1', { filter: 'oh_data' }],
    ['oh_sd_data p1', { filter: 'oh_sd_data' }],
    ['products price;desc', { sort: 'price;desc' }],
    ['price_diff style;desc', { filter: 'price_diff', sort: 'style_number;desc' }],
    ['search "grand bag"', { search: 'grand bag' }],
    ['products page 200', { page: '200' }],
  ];

  const measure = async (fn: () => Promise<unknown>) => {
    const [i0, r0] = [itemsRead, requests];
    const start = performance.now();
    await fn();
    return { ms: performance.now() - start, items: itemsRead - i0, requests: requests - r0 };
  };

  await coldProcesses(dir, cases, periodId, smallPeriodId, args.products);
  if (args.coldOnly) return;

  // Cold: an empty cache (a new Lambda), the snapshot in S3.
  clearProductCache();
  const cold = await measure(() => listProducts(auth, query({})));
  const coldOh = await measure(() => listProducts(auth, query({ filter: 'price_diff' })));
  // Cold on a period and feed without snapshots nor read keys (from before them): built from DynamoDB once.
  const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const { s3 } = await import('../functions/lib/clients/s3.js');
  for (const Key of [periodSnapshotKey(periodId, version), periodKeysKey(periodId, version), ohSnapshotKey(brand, feedVersion, optId)]) await s3.send(new DeleteObjectCommand({ Bucket: 'bench-data', Key }));
  clearProductCache();
  const coldLegacy = await measure(() => listProducts(auth, query({})));
  const coldLegacyOh = await measure(() => listProducts(auth, query({ filter: 'price_diff' })));
  clearProductCache();
  await listProducts(auth, query({}));

  console.log(`  cold (a new Lambda), snapshots in S3: products tab ${ms(cold.ms)} (${cold.items} items read), then the first on-hand tab ${ms(coldOh.ms)} (${coldOh.items} items read)`);
  console.log(`  cold, period and feed from before snapshots (built from DynamoDB and written once): products tab ${ms(coldLegacy.ms)} (${coldLegacy.items.toLocaleString('en-US')} items read), first on-hand tab ${ms(coldLegacyOh.ms)} (${coldLegacyOh.items.toLocaleString('en-US')} items read)`);
  console.log(`  warm, ${args.runs} requests each (goal: p95 ≤ ${GOAL_P95_MS} ms; items read ≤ 2 × page size + 10 = ${GOAL_ITEMS(PAGE)}):`);
  console.log(`  ${'request'.padEnd(24)} ${'p50'.padStart(9)} ${'p95'.padStart(9)}  items read  requests  total`);
  const all: number[] = [];
  let worstItems = 0;
  for (const [name, q] of cases) {
    await listProducts(auth, query(q)); // the sorted order of a new sort key is computed once
    const runs: { ms: number; items: number; requests: number; total: number }[] = [];
    for (let i = 0; i < args.runs; i++) {
      let total = 0;
      const r = await measure(async () => {
        total = (await listProducts(auth, query(q))).totalCount;
      });
      runs.push({ ...r, total });
    }
    const times = runs.map((r) => r.ms);
    all.push(...times);
    worstItems = Math.max(worstItems, ...runs.map((r) => r.items));
    console.log(`  ${name.padEnd(24)} ${ms(pct(times, 50)).padStart(9)} ${ms(pct(times, 95)).padStart(9)}  ${String(Math.max(...runs.map((r) => r.items))).padStart(10)}  ${String(Math.max(...runs.map((r) => r.requests))).padStart(8)}  ${runs[0]!.total}`);
  }
  // An edit, then the next read (the edit log Query, OH matches recomputed).
  const afterEdit: number[] = [];
  let editItems = 0;
  for (let i = 0; i < Math.min(args.runs, 10); i++) {
    await repo.updateProductFields(products[i * 7]!._id, { oh_map_id: `INV${String(i).padStart(6, '0')}`, edited: ['oh_map_id'] });
    const r = await measure(() => listProducts(auth, query({ filter: 'price_diff' })));
    afterEdit.push(r.ms);
    editItems = Math.max(editItems, r.items);
  }
  const p95 = pct(all, 95);
  console.log(`  all warm requests: p50 ${ms(pct(all, 50))}, p95 ${ms(p95)} (goal ≤ ${GOAL_P95_MS} ms: ${p95 <= GOAL_P95_MS ? 'met' : 'NOT met'}); most items read by one request ${worstItems} (goal ≤ ${GOAL_ITEMS(PAGE)}: ${worstItems <= GOAL_ITEMS(PAGE) ? 'met' : 'NOT met'})`);
  console.log(`  read right after an edit (price_diff tab): p50 ${ms(pct(afterEdit, 50))}, p95 ${ms(pct(afterEdit, 95))}, ${editItems} items read`);

  // Today's whole-list approach, same data, same run.
  const whole = async (q: Record<string, string>) => {
    const o = query(q);
    const period = await repo.getPeriod(periodId);
    const [list, oh] = await Promise.all([repo.listPeriodProducts(periodId, period!.version), needsOnHand(o.view) ? getRetailers([retailer]).then(([r]) => inventory.listOhItemsOfCustomer(brand, r!.optId!)) : Promise.resolve([])]);
    return productView(list, oh, o);
  };
  for (const [name, q] of [['products p1', {}], ['price_diff p1', { filter: 'price_diff' }]] as const) {
    const runs = [];
    for (let i = 0; i < args.oldRuns; i++) runs.push(await measure(() => whole(q)));
    console.log(
      `  whole-list (before) ${name.padEnd(14)}: p50 ${ms(pct(runs.map((r) => r.ms), 50))}, max ${ms(Math.max(...runs.map((r) => r.ms)))}, ${runs[0]!.items.toLocaleString('en-US')} items read in ${runs[0]!.requests} requests (goals: ${GOAL_P95_MS} ms, ${GOAL_ITEMS(PAGE)} items)`,
    );
  }
}

/**
 * "Real size" cold figure: each tab's first page (and every sort of the products tab, a search)
 * answered by a NEW node process running the handler's code bundled as the Lambda is (nothing
 * cached), its time and peak RSS / heap, beside the same request on the small period (the floor).
 */
async function coldProcesses(dir: string, cases: readonly [string, Record<string, string>][], periodId: string, smallPeriodId: string, products: number): Promise<void> {
  const worker = join(dir, 'product-tabs-cold-worker.cjs');
  await esbuild.build({ entryPoints: [join(here, 'product-tabs-cold-worker.ts')], outfile: worker, bundle: true, platform: 'node', format: 'cjs', target: 'node22', logLevel: 'warning' });
  type Cold = { ms: number; cpuMs: number; rows: number; total: number; maxRssMb: number; startRssMb: number; heapMb: number };
  // Not execFileSync: s3rver runs in this process and must keep answering.
  const run = async (id: string, q: Record<string, string>): Promise<Cold> => {
    // BENCH_CPU_PROF=<dir>: each cold process writes a V8 CPU profile there (to see where a cold page goes).
    const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
    const { stdout } = await promisify(execFile)(process.execPath, [...LAMBDA_HEAP_FLAGS, ...prof, worker, id, JSON.stringify(q)], {
      cwd: root,
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
      env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', NODE_OPTIONS: '--no-deprecation' },
    });
    return JSON.parse(stdout.trim().split('\n').pop()!) as Cold;
  };
  const coldCases: [string, Record<string, string>][] = [
    // The first on-hand read of a publication against a feed matches 50k products against the
    // items and stores the join; every later cold Lambda reads it instead (docs/product-reads.md).
    ['sd_data p1, first after publish', { filter: 'sd_data' }],
    ...cases.filter(([name]) => name.endsWith(' p1')),
    ...['name;desc', 'price;asc', 'price;desc', 'style_number;asc', 'style_number;desc'].map((sort): [string, Record<string, string>] => [`products ${sort}`, { sort }]),
    ['all_oh price;desc', { filter: 'all_oh', sort: 'price;desc' }],
    ['search "grand bag"', { search: 'grand bag' }],
  ];
  console.log(`  cold, real size: a NEW process per request (bundled handler code, nothing cached), ${products.toLocaleString('en-US')} products vs ${SMALL_PRODUCTS} (the floor), load average ${loadavg()[0]!.toFixed(1)}`);
  console.log(`  goal: ≤ ${GOAL_COLD_MS} ms and ≤ ${GOAL_COLD_MB} MB peak RSS for any tab's first page`);
  console.log(`  ${'request'.padEnd(31)} ${'time'.padStart(8)} ${'CPU'.padStart(8)} ${'peak RSS'.padStart(9)} ${'heap'.padStart(7)} | ${'floor'.padStart(8)} ${'RSS'.padStart(7)} ${'heap'.padStart(7)} | rows/total`);
  let worstMs = 0;
  let worstMb = 0;
  for (const [name, q] of coldCases) {
    const big = await run(periodId, q);
    const small = await run(smallPeriodId, q);
    worstMs = Math.max(worstMs, big.ms);
    worstMb = Math.max(worstMb, big.maxRssMb);
    console.log(
      `  ${name.padEnd(31)} ${ms(big.ms).padStart(8)} ${ms(big.cpuMs).padStart(8)} ${`${big.maxRssMb.toFixed(0)} MB`.padStart(9)} ${`${big.heapMb.toFixed(0)} MB`.padStart(7)} | ${ms(small.ms).padStart(8)} ${`${small.maxRssMb.toFixed(0)} MB`.padStart(7)} ${`${small.heapMb.toFixed(0)} MB`.padStart(7)} | ${big.rows}/${big.total}`,
    );
  }
  console.log(
    `  cold, real size, worst: ${ms(worstMs)} (goal ≤ ${GOAL_COLD_MS} ms: ${worstMs <= GOAL_COLD_MS ? 'met' : 'NOT met'}), ${worstMb.toFixed(0)} MB peak RSS (goal ≤ ${GOAL_COLD_MB} MB: ${worstMb <= GOAL_COLD_MB ? 'met' : 'NOT met'})`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runProductTabsBench(process.argv.slice(2));
