/**
 * Cases bench (issue 24 §5): a brand carrying 200 retailers, 52 scans each (a year of weekly
 * points of its trend: 10,400 points, and the brand's months), and 10,000 cases spread over them
 * (opened, a third notified, a fifth resolved: every figure kept on write by the same writes as
 * the product's), against DynamoDB Local. Measures, in the handler, GET /caseSummary (totals,
 * this month, one item per retailer, the overdue count; each also alone) and GET /caseTrend (a retailer's 52
 * scans; the brand's 24 months): the first request of a new process (cold, bundled as the
 * Lambda) and then warm p50 / p95, against the goal (p95 ≤ 100 ms), beside the same calls on a
 * brand with 6 retailers and 60 cases (the floor).
 *
 *   npx tsx bench/cases-bench.ts [--runs 41]
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import * as esbuild from 'esbuild';
import { startBenchEmulators } from './local-emulators.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = join(here, '..');
const GOAL_P95_MS = 100;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const ms = (v: number) => `${v.toFixed(1)} ms`;

async function mapLimit<T>(xs: readonly T[], n: number, fn: (x: T, i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < xs.length) {
      const i = next++;
      await fn(xs[i]!, i);
    }
  }));
}

export async function runCasesBench(argv: readonly string[] = []): Promise<void> {
  const runs = argv[0] === '--runs' && Number(argv[1]) > 0 ? Number(argv[1]) : 41;
  const emulators = await startBenchEmulators('cases-bench', { JWT_SECRET: 'cases-bench-secret-cases-bench-0123456789' });
  try {
    const { putBrand } = await import('../functions/brands/brands.repo.js');
    const { putRetailer } = await import('../functions/retailers/retailers.repo.js');
    const cases = await import('../functions/cases/index.js');
    const { queryCount, table, transactIf } = await import('../functions/lib/table.js');
    const { caseSummaryFor, caseTrendFor } = await import('../functions/cases/summary.js');
    const { getBrand } = await import('../functions/brands/brands.repo.js');
    const { listBrandRows, refreshBrandRows } = await import('../functions/scrapings/brand-rows.repo.js');
    const { getCaseSettings } = await import('../functions/cases/settings.repo.js');
    const repo = await import('../functions/cases/cases.repo.js');
    const now = Date.now();
    const iso = (back: number) => new Date(now - back * 86_400_000).toISOString();

    async function seed(brand: string, retailers: number, casesPerRetailer: number, scans: number) {
      const ids = Array.from({ length: retailers }, (_, i) => `${brand}-r${String(i).padStart(4, '0')}`);
      const stamp = new Date().toISOString();
      await mapLimit(ids, 25, (id, i) => putRetailer({ _id: id, name: `${brand} Retailer ${i}`, optId: `${brand.toUpperCase()}${i}`, slug: id, website: 'https://bench.example', createdAt: stamp, updatedAt: stamp }));
      await putBrand({ _id: brand, name: brand, slug: brand, colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' }, retailers: ids.map((r) => ({ retailer: r, flag: true, webSiteType: 'retailerWithProducts' as const })), createdAt: stamp, updatedAt: stamp });
      // The brand's rows, as the Retailer List keeps them (the summary reads the names there).
      await refreshBrandRows(brand, ids);
      // A year of weekly scans per retailer: the trend's points, and each brand month moved by them.
      await mapLimit(ids, 20, async (retailer, r) => {
        for (let s = scans - 1; s >= 0; s--) {
          await cases.putTrendPoint(brand, retailer, { date: iso(s * 7).slice(0, 10), open: (r + s) % 40, activeProducts: (r + s) % 35, totalProducts: 50_000 / retailers + r, priceIssues: (r * s) % 17 });
        }
      });
      // The cases: opened through the steps the flag call writes; a third notified, a fifth resolved.
      const jobs = ids.flatMap((retailer) => Array.from({ length: casesPerRetailer }, (_, k) => ({ retailer, k })));
      await mapLimit(jobs, 25, async ({ retailer, k }) => {
        const by = { id: 'bench', name: 'Bench' };
        const opened = cases.flagStep(undefined, {
          brand, retailer, kind: 'product', style_number: `ST-${k}`, name: `Piece ${k}`, productId: `p-${k}`, at: iso(30 - (k % 30)), by,
          evidence: { scanDate: iso(30 - (k % 30)).slice(0, 10), periodId: null, reasons: [{ name: 'Price', value: 'Wrong price' }], message: '', scraped: { name: `Piece ${k}`, style_number: `ST-${k}`, price: 100, URL: '', image: '', screenshot: '', brand_sku: '' }, onHand: null, gap: { amount: -k, percent: -(k % 40) } },
        })!;
        await transactIf(cases.stepWrites(opened));
        let current = opened.after;
        if (k % 3 === 0) {
          const { emailedStep } = await import('../functions/cases/domain/case.js');
          const e = emailedStep(current, { historyId: `h${k}`, to: ['shop@bench.example'], at: iso(20 - (k % 20)), by })!;
          await transactIf(cases.stepWrites(e));
          current = e.after;
        }
        if (k % 5 === 0) await transactIf(cases.stepWrites(cases.resolveStep(current, { resolution: 'retailer_fixed', reason: '', at: iso(k % 10), by })!));
      });
      return ids;
    }

    const t0 = performance.now();
    const small = await seed('casesix', 6, 10, 52);
    const big = await seed('casebig', 200, 50, 52);
    console.log(`\n## Cases bench: 200 retailers × 52 scans and 10,000 cases vs 6 retailers and 60 cases (seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s), ${runs} runs`);

    // Cold: a new process running the handler's code bundled as the Lambda is.
    const worker = join(emulators.dir, 'cases-cold-worker.cjs');
    await esbuild.build({ entryPoints: [join(here, 'cases-cold-worker.ts')], outfile: worker, bundle: true, platform: 'node', format: 'cjs', target: 'node22', logLevel: 'warning' });
    const cold = async (brand: string, retailer: string) => {
      const { stdout } = await promisify(execFile)(process.execPath, [worker, brand, retailer], { cwd: root, encoding: 'utf8', env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', NODE_OPTIONS: '--no-deprecation' } });
      return JSON.parse(stdout.trim().split('\n').pop()!) as { summaryMs: number; trendMs: number; brandTrendMs: number };
    };
    const results: Record<string, Record<string, number>> = {};
    for (const [name, brand, ids] of [['6 retailers', 'casesix', small], ['200 retailers', 'casebig', big]] as const) {
      const c = await cold(brand, ids[0]!);
      const auth = { sub: 'bench', role: 'BRAND_ADMIN', brand, retailers: [], sv: 0, isAdmin: false } as never;
      const time = async (fn: () => Promise<unknown>) => {
        const out: number[] = [];
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          await fn();
          out.push(performance.now() - t);
        }
        return out;
      };
      const summary = await time(() => caseSummaryFor(auth, brand));
      // The summary's reads one at a time, to see where its time goes.
      const parts: [string, () => Promise<unknown>][] = [
        ['brand', () => getBrand(brand)],
        ['names (brand rows)', () => listBrandRows(brand)],
        ['retailer figures', () => repo.retailerFigures(brand)],
        ['brand figures', () => repo.brandFigures(brand, new Date().toISOString().slice(0, 7))],
        ['settings', () => getCaseSettings(brand)],
        ['overdue', () => repo.countOverdue(brand, iso(7))],
      ];
      const breakdown: string[] = [];
      for (const [label, fn] of parts) breakdown.push(`${label} ${ms(quantile(await time(fn), 0.95))}`);
      // The overdue count kept on write against counting every notice key (what it replaced), and what that count costs.
      const countAll = () => queryCount({ IndexName: table.gsi3, KeyConditionExpression: 'gsi3pk = :pk AND gsi3sk < :before', ExpressionAttributeValues: { ':pk': `CASENOTICE#${brand}`, ':before': iso(7) } });
      breakdown.push(`counting every notice instead ${ms(quantile(await time(countAll), 0.95))} (${await countAll()} overdue, kept on write ${await repo.countOverdue(brand, iso(7))})`);
      console.log(`  ${name.padEnd(13)}: the summary's reads alone, p95: ${breakdown.join(', ')}`);
      const trend = await time(() => caseTrendFor(auth, brand, ids[1]!));
      const brandTrend = await time(() => caseTrendFor(auth, brand, undefined));
      const check = await caseSummaryFor(auth, brand);
      results[name] = { summaryP95: quantile(summary, 0.95), trendP95: quantile(trend, 0.95) };
      console.log(`  ${name.padEnd(13)}: summary cold ${ms(c.summaryMs)}, p50 ${ms(quantile(summary, 0.5))}, p95 ${ms(quantile(summary, 0.95))} (goal p95 ≤ ${GOAL_P95_MS} ms; ${check.ranking.length} retailers ranked, ${check.figures.open} active cases, ${check.figures.overdue} overdue)`);
      console.log(`  ${name.padEnd(13)}: retailer trend (52 scans) cold ${ms(c.trendMs)}, p50 ${ms(quantile(trend, 0.5))}, p95 ${ms(quantile(trend, 0.95))}; brand trend (months) cold ${ms(c.brandTrendMs)}, p95 ${ms(quantile(brandTrend, 0.95))} (goal p95 ≤ ${GOAL_P95_MS} ms)`);
    }
    const ratio = results['200 retailers']!.summaryP95! / results['6 retailers']!.summaryP95!;
    console.log(`  summary p95, 200 retailers over 6: ${ratio.toFixed(2)}× (the ranking reads one item per retailer; the figures a fixed number of items)`);
  } finally {
    await emulators.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await runCasesBench(process.argv.slice(2));
