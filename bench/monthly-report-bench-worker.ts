/**
 * One monthly report built as GET /report_summary (and the scheduled job) builds it
 * (bench/monthly-report-bench.ts seeds the brand; the environment points the clients at the
 * emulators). Prints JSON: wall time, CPU, peak RSS, rows.
 *
 *   node monthly-report-bench-worker.cjs <brandId> <YYYY-MM>
 */
import { buildMonthlyReport } from '../functions/reports/monthly-report';

async function main(): Promise<void> {
  const [brandId, month] = [process.argv[2]!, process.argv[3]!];
  const rss0 = process.memoryUsage().rss;
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const report = await buildMonthlyReport(brandId, month);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(JSON.stringify({ ms, cpuMs: (cpu.user + cpu.system) / 1000, startRssMb: rss0 / 1048576, maxRssMb: process.resourceUsage().maxRSS / 1024, rows: report.rows, key: report.key }) + '\n');
  process.exit(0);
}

void main();
