/**
 * Contacts import bench (issue 10): a 10,000-contact CSV (the per-file cap) across 20 retailers
 * imported as POST /addressBook/import does it (functions/contacts-import/contacts-io.ts: checked,
 * stored in S3, rows validated, 25 a transaction with the counts, 8 at once) against DynamoDB
 * Local and s3rver, in its own process (bundled with esbuild as the Lambda is): wall time, CPU and
 * peak RSS, then the same file again (every row a duplicate), then the file for a second brand:
 * the first run pays DynamoDB Local's JVM warm-up (its first writes are several times slower), the
 * third meets the emulator warm, as a running `npm start` does. Goal: ≤ 10 s for 10,000 new contacts.
 *
 *   npx tsx bench/contacts-import-bench.ts [--rows 10000]
 */
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path, { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import esbuild from 'esbuild';
import { startBenchEmulators } from './local-emulators.js';

const GOAL_SECONDS = 10;
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');

export async function runContactsImportBench(argv: readonly string[] = []): Promise<void> {
  let rows = 10_000;
  for (let i = 0; i < argv.length; i++) {
    const v = Number(argv[i + 1]);
    if (argv[i] === '--rows' && Number.isInteger(v) && v > 0) rows = v;
    else throw new Error(`unknown argument ${argv[i]}; usage: contacts-import-bench.ts [--rows N]`);
    i++;
  }
  console.log(`\n## Contacts import bench: ${rows.toLocaleString('en-US')} contacts (load average ${loadavg()[0]!.toFixed(1)})`);
  const emulators = await startBenchEmulators('contacts-import-bench');
  const dir = emulators.dir;
  try {
    const { putBrand } = await import('../functions/brands/brands.repo.js');
    const { putRetailer } = await import('../functions/retailers/retailers.repo.js');
    const now = new Date().toISOString();
    const retailers = Array.from({ length: 20 }, (_, i) => ({ _id: `bench-ret-${i}`, name: `Bench Store ${i}`, optId: `OPTB${i}`, slug: `bench-store-${i}`, website: 'https://bench.example', createdAt: now, updatedAt: now }));
    for (const r of retailers) await putRetailer(r);
    for (const [id, name] of [['bench-brand', 'Bench Brand'], ['bench-brand-2', 'Bench Brand Two']] as const) {
      await putBrand({
        _id: id,
        name,
        slug: id,
        colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
        createdAt: now,
        updatedAt: now,
        retailers: retailers.map((r) => ({ retailer: r._id, flag: true, webSiteType: 'retailerWithProducts' as const })),
      });
    }
    const file = join(dir, 'contacts.csv');
    const lines = ['First Name,Last Name,Email,Store Name,Role'];
    for (let i = 0; i < rows; i++) lines.push(`First${i},Last${i},contact-${i}@bench.example,Bench Store ${i % 20},Buyer`);
    await writeFile(file, lines.join('\r\n') + '\r\n');

    const worker = join(dir, 'contacts-import-bench-worker.cjs');
    await esbuild.build({ entryPoints: [join(here, 'contacts-import-bench-worker.ts')], outfile: worker, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning' });
    const { stdout } = await promisify(execFile)(process.execPath, [worker, file, 'bench-brand', 'ignore', 'bench-brand-2'], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', NODE_OPTIONS: '--no-deprecation' } });
    const r = JSON.parse(stdout.trim().split('\n').pop()!) as { runs: { ms: number; cpuMs: number; created: number; ignored: number; updated: number; rejected: number }[]; count: number; count2: number; maxRssMb: number };
    const RUNS = ['new contacts, DynamoDB Local just started (cold JVM)', 'same file again (every row a duplicate)', 'new contacts for a second brand, DynamoDB Local warm (as under npm start)'];
    console.log(`| run | created | ignored | rejected | wall | CPU |`);
    console.log(`| --- | --- | --- | --- | --- | --- |`);
    r.runs.forEach((x, i) => console.log(`| ${RUNS[i]} | ${x.created} | ${x.ignored} | ${x.rejected} | ${(x.ms / 1000).toFixed(1)} s${i !== 1 ? ` (goal ≤ ${GOAL_SECONDS} s)` : ''} | ${(x.cpuMs / 1000).toFixed(1)} s |`));
    console.log(`contact counts after: ${r.count} and ${r.count2}; peak RSS ${r.maxRssMb.toFixed(0)} MB`);
    if (r.count !== rows || r.count2 !== rows || r.runs[0]!.created !== rows || r.runs[1]!.created !== 0 || r.runs[2]!.created !== rows) throw new Error('the import did not write each contact exactly once');
  } finally {
    await emulators.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runContactsImportBench(process.argv.slice(2));
  process.exit(0);
}
