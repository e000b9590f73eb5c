/**
 * The case summary's and a trend's first request on a cold handler (bench/cases-bench.ts): a new
 * process, nothing cached, bundled as the Lambda is. Prints one JSON line: { summaryMs, trendMs, brandTrendMs }.
 *
 *   node cases-cold-worker.cjs <brandId> <retailerId>
 */
import { caseSummaryFor, caseTrendFor } from '../functions/cases/summary';

async function main(): Promise<void> {
  const [brand = '', retailer = ''] = process.argv.slice(2);
  const auth = { sub: 'bench', role: 'BRAND_ADMIN', brand, retailers: [], sv: 0, isAdmin: false } as never;
  let t = performance.now();
  await caseSummaryFor(auth, brand);
  const summaryMs = performance.now() - t;
  t = performance.now();
  await caseTrendFor(auth, brand, retailer);
  const trendMs = performance.now() - t;
  t = performance.now();
  await caseTrendFor(auth, brand, undefined);
  const brandTrendMs = performance.now() - t;
  process.stdout.write(JSON.stringify({ summaryMs, trendMs, brandTrendMs }) + '\n');
  process.exit(0);
}

void main();
