/**
 * Monthly report bench (issue 10, Manage Reports; the scheduled reports of issue 11 use the same
 * builder): a brand carrying 200 retailers, each scanned weekly (4 periods in the month, plus one
 * in the months before and after), against DynamoDB Local and s3rver. The report is built in its
 * own process (bundled with esbuild as the Lambda is, plain node) as GET /report_summary builds
 * it: one Query of the month's periods, one BatchGet of the retailers, the xlsx streamed to /tmp
 * and PUT to S3. Prints wall time, CPU and peak RSS per run (no goal asserted: figures only).
 *
 *   npx tsx bench/monthly-report-bench.ts [--retailers 200] [--runs 3]
 */
import { execFile } from 'node:child_process';
import { loadavg } from 'node:os';
import path, { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import esbuild from 'esbuild';
import { startBenchEmulators } from './local-emulators.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const MONTH = '2026-03';
const DATES = ['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-04-06'];

export async function runMonthlyReportBench(argv: readonly string[] = []): Promise<void> {
  let retailers = 200;
  let runs = 3;
  for (let i = 0; i < argv.length; i++) {
    const v = Number(argv[i + 1]);
    if (argv[i] === '--retailers' && Number.isInteger(v) && v > 0) retailers = v;
    else if (argv[i] === '--runs' && Number.isInteger(v) && v > 0) runs = v;
    else throw new Error(`unknown argument ${argv[i]}; usage: monthly-report-bench.ts [--retailers N] [--runs N]`);
    i++;
  }
  console.log(`\n## Monthly report bench: ${retailers} retailers × ${DATES.length} periods (${DATES.length - 2} in the month), ${runs} runs (load average ${loadavg()[0]!.toFixed(1)})`);
  const emulators = await startBenchEmulators('monthly-report-bench');
  const dir = emulators.dir;
  try {
    // Imported after the environment points the clients at the emulators.
    const { putBrand } = await import('../functions/brands/brands.repo.js');
    const { putRetailer } = await import('../functions/retailers/retailers.repo.js');
    const { putPeriod } = await import('../functions/scrapings/scrapings.repo.js');
    const { periodIdOf } = await import('../functions/scrapings/domain/ids.js');
    const now = new Date().toISOString();
    const setup = performance.now();
    const ids = Array.from({ length: retailers }, (_, i) => `bench-ret-${String(i).padStart(4, '0')}`);
    for (let i = 0; i < ids.length; i += 25) {
      await Promise.all(ids.slice(i, i + 25).map((id, k) => putRetailer({ _id: id, name: `Bench Retailer ${i + k}`, optId: `OPT${i + k}`, slug: id, website: 'https://bench.example', createdAt: now, updatedAt: now })));
    }
    await putBrand({
      _id: 'bench-brand',
      name: 'Bench Brand',
      slug: 'bench-brand',
      colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
      retailers: ids.map((id) => ({ retailer: id, flag: true, webSiteType: 'retailerWithProducts' as const })),
      createdAt: now,
      updatedAt: now,
    });
    const periods = ids.flatMap((retailer, r) =>
      DATES.map((date, d) => ({
        _id: periodIdOf('bench-brand', retailer, date),
        brand: 'bench-brand',
        retailer,
        date,
        fileId: 'bench',
        version: 'bench',
        totalProducts: 1000 + r + d,
        previousTotalProducts: 1000,
        previousPeriod: null,
        previousPeriodId: null,
        added: d,
        deleted: 1,
        changed: 2 * d,
        unchanged: 990,
        approvedDate: now,
        createdAt: now,
        updatedAt: now,
        flaggedCount: r % 13,
        mappedCount: 500 + d,
        priceFlaggedCount: r % 5,
      })),
    );
    for (let i = 0; i < periods.length; i += 25) await Promise.all(periods.slice(i, i + 25).map((p) => putPeriod(p)));
    console.log(`${retailers} retailers and ${periods.length} periods written in ${((performance.now() - setup) / 1000).toFixed(1)} s`);

    const worker = join(dir, 'monthly-report-bench-worker.cjs');
    await esbuild.build({ entryPoints: [join(here, 'monthly-report-bench-worker.ts')], outfile: worker, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
    console.log('| run | rows | wall | CPU | RSS at start | peak RSS |');
    console.log('| --- | --- | --- | --- | --- | --- |');
    for (let run = 1; run <= runs; run++) {
      // Not execFileSync: s3rver runs in this process and must keep answering.
      const { stdout } = await promisify(execFile)(process.execPath, [worker, 'bench-brand', MONTH], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', NODE_OPTIONS: '--no-deprecation' } });
      const r = JSON.parse(stdout.trim().split('\n').pop()!) as { ms: number; cpuMs: number; startRssMb: number; maxRssMb: number; rows: number };
      console.log(`| ${run} | ${r.rows} | ${(r.ms / 1000).toFixed(2)} s | ${(r.cpuMs / 1000).toFixed(2)} s | ${r.startRssMb.toFixed(0)} MB | ${r.maxRssMb.toFixed(0)} MB |`);
      if (r.rows !== retailers) throw new Error(`the report has ${r.rows} rows, not ${retailers}`);
    }
  } finally {
    await emulators.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runMonthlyReportBench(process.argv.slice(2));
  process.exit(0);
}
