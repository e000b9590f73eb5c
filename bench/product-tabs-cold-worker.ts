/**
 * One product tab's first request on a cold handler (bench/product-tabs-bench.ts "real size"):
 * a new process, nothing cached, the environment pointing the clients at the bench's emulators.
 * Bundled with esbuild and run on plain node, as the Lambda runs its bundle. Prints one JSON line:
 * { ms, cpuMs, rows, total, maxRssMb, startRssMb, heapMb }.
 *
 *   node product-tabs-cold-worker.cjs <periodId> '<query as JSON>'
 */
import { getHeapStatistics } from 'node:v8';
import { listProducts } from '../functions/scrapings/product-reads';
import { listProductScrapingsQuery } from '../shared/schemas/scrapings';

async function main(): Promise<void> {
  const [periodId = '', q = '{}'] = process.argv.slice(2);
  const auth = { sub: 'bench', role: 'ADMIN', brand: null, retailers: [], sv: 0, isAdmin: true } as unknown as Parameters<typeof listProducts>[0];
  const query = listProductScrapingsQuery.parse({ retailer_brand_scraping: periodId, ...(JSON.parse(q) as Record<string, string>) });
  const startRssMb = process.memoryUsage().rss / 1024 / 1024;
  // The heap's high-water mark: sampled while the request runs (a parse blocks the sampler, so
  // the figure after it is taken too) and once at the end, before any collection is asked.
  let heapPeak = 0;
  const sample = () => (heapPeak = Math.max(heapPeak, getHeapStatistics().used_heap_size));
  const timer = setInterval(sample, 2);
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const page = await listProducts(auth, query);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  sample();
  clearInterval(timer);
  process.stdout.write(
    JSON.stringify({
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      rows: page.data.length,
      total: page.totalCount,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      startRssMb,
      heapMb: heapPeak / 1024 / 1024,
    }) + '\n',
  );
  process.exit(0);
}

void main();
