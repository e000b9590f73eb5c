/**
 * Export jobs bench (issue 21: "every export is a background job … 100k rows within the job's
 * limits"): the address book's and the admin's Permissions exports built by their worker
 * (functions/exports/export-worker.ts, the same handler as in AWS) against DynamoDB Local and
 * s3rver, each job in its own process (bundled with esbuild as the Lambda is): 100,000 contacts
 * of one brand as CSV and as xlsx, and the Permissions list of a retailer carried by 20,000
 * brands. Printed per job: rows, wall seconds, CPU seconds, peak RSS, against the worker's limits
 * (infra/constructs/pipeline.ts: 1,024 MB, 15 minutes; a 1 GB Lambda has about 0.6 of a core, so
 * the CPU seconds / 0.6 is the time to expect there). The wall time here is mostly DynamoDB
 * Local's reads (its JVM, on a shared machine); DynamoDB answers a page in milliseconds.
 *
 *   npx tsx bench/export-jobs-bench.ts [--contacts 100000] [--brands 20000]
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
/** The list workers' limits (infra/constructs/pipeline.ts PermissionsExport, ContactsExport). */
const LIMIT_MB = 1024;
const LIMIT_S = 15 * 60;
/** A 1,024 MB Lambda's share of a core. */
const LAMBDA_CORE = 0.6;

interface Result {
  jobId: string;
  kind: string;
  rows: number;
  ms: number;
  cpuMs: number;
  maxRssMb: number;
  heapMb: number;
  status: string;
}

async function batchWrite(items: Record<string, unknown>[], concurrency = 8): Promise<void> {
  const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
  const { ddb } = await import('../functions/lib/clients/dynamodb.js');
  const { table } = await import('../functions/lib/table.js');
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const start = next;
        next += 25;
        let req: Record<string, unknown[]> | undefined = { [table.name]: items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } })) };
        while (req && Object.keys(req).length) req = (await ddb.send(new BatchWriteCommand({ RequestItems: req as never }))).UnprocessedItems as typeof req;
      }
    }),
  );
}

export async function runExportJobsBench(argv: readonly string[] = []): Promise<void> {
  let contacts = 100_000;
  let brands = 20_000;
  for (let i = 0; i < argv.length; i++) {
    const v = Number(argv[i + 1]);
    if (argv[i] === '--contacts' && Number.isInteger(v) && v > 0) contacts = v;
    else if (argv[i] === '--brands' && Number.isInteger(v) && v > 0) brands = v;
    else throw new Error(`unknown argument ${argv[i]}; usage: export-jobs-bench.ts [--contacts N] [--brands N]`);
    i++;
  }
  console.log(`\n## Export jobs bench: ${contacts.toLocaleString('en-US')} contacts (CSV, xlsx), a Permissions list of ${brands.toLocaleString('en-US')} brands (load average ${loadavg()[0]!.toFixed(1)})`);
  const emulators = await startBenchEmulators('export-jobs-bench', { JWT_SECRET: 'export-jobs-bench-secret-0123456789abcdef' });
  try {
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const { ddb } = await import('../functions/lib/clients/dynamodb.js');
    const { table } = await import('../functions/lib/table.js');
    const { putBrand } = await import('../functions/brands/brands.repo.js');
    const { putRetailer } = await import('../functions/retailers/retailers.repo.js');
    const { contactKey } = await import('../functions/address-book/contacts.repo.js');
    const { indexItem, countUpdate } = await import('../functions/brands/retailer-index.js');
    const { createExportJob } = await import('../functions/exports/export-jobs.js');
    const now = new Date().toISOString();
    const retailers = Array.from({ length: 20 }, (_, i) => ({ _id: `bench-ret-${i}`, name: `Bench Store ${i}`, optId: `OPTB${i}`, slug: `bench-store-${i}`, website: 'https://bench.example', createdAt: now, updatedAt: now }));
    for (const r of retailers) await putRetailer(r);
    // The Permissions list's retailer: carried by the seeded brands only (not by the bench brand).
    await putRetailer({ _id: 'bench-ret-perm', name: 'Bench Permission Store', optId: 'OPTBP', slug: 'bench-permission-store', website: 'https://bench.example', createdAt: now, updatedAt: now });
    await putBrand({
      _id: 'bench-brand',
      name: 'Bench Brand',
      slug: 'bench-brand',
      colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
      createdAt: now,
      updatedAt: now,
      retailers: retailers.map((r) => ({ retailer: r._id, flag: true, webSiteType: 'retailerWithProducts' as const })),
    });

    // The rows, written as the import and the brand lists write them (one item a contact; one index item a brand carrying the retailer), and their counts.
    const seed0 = performance.now();
    await batchWrite(
      Array.from({ length: contacts }, (_, i) => {
        const retailer = retailers[i % retailers.length]!._id;
        const email = `contact-${i}@bench.example`;
        const _id = `bench-contact-${i}`;
        return { ...contactKey('bench-brand', retailer, email), gsi4pk: `CONTACT#${_id}`, gsi4sk: 'CONTACT', entity: 'Contact', _id, firstName: `First${i}`, lastName: `Last${i}`, email, role: 'Buyer', brand: 'bench-brand', retailer, createdBy: 'bench', createdAt: now, updatedAt: now };
      }),
    );
    await ddb.send(new UpdateCommand({ TableName: table.name, Key: { pk: 'CONTACTS#bench-brand', sk: 'COUNT' }, UpdateExpression: 'SET #c = :n', ExpressionAttributeNames: { '#c': 'count' }, ExpressionAttributeValues: { ':n': contacts } }));
    await batchWrite(Array.from({ length: brands }, (_, i) => indexItem({ _id: `bench-b-${i}`, name: `Brand ${String(i).padStart(6, '0')}` }, { retailer: 'bench-ret-perm', flag: i % 4 !== 0 }, now)));
    await ddb.send(new UpdateCommand(countUpdate('bench-ret-perm', brands)));
    console.log(`  seeded in ${((performance.now() - seed0) / 1000).toFixed(1)} s`);

    const jobs = [
      { what: `contacts, CSV`, job: { kind: 'contacts' as const, brand: 'bench-brand', retailer: '', query: JSON.stringify({ fileType: 'csv' }), name: 'Contacts - Bench Brand - bench.csv', createdBy: 'bench' }, expected: contacts },
      { what: `contacts, xlsx`, job: { kind: 'contacts' as const, brand: 'bench-brand', retailer: '', query: JSON.stringify({ fileType: 'xlsx' }), name: 'Contacts - Bench Brand - bench.xlsx', createdBy: 'bench' }, expected: contacts },
      { what: `Permissions, by retailer`, job: { kind: 'permissions' as const, brand: '', retailer: 'bench-ret-perm', query: JSON.stringify({ retailer: 'bench-ret-perm' }), name: 'Bench Permission Store - Brands Retailer Carries - bench.xlsx', createdBy: 'bench' }, expected: brands },
    ];
    const worker = join(emulators.dir, 'export-jobs-bench-worker.cjs');
    await esbuild.build({ entryPoints: [join(here, 'export-jobs-bench-worker.ts')], outfile: worker, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error' });
    console.log('| export job | rows | wall | CPU | on a 1 GB Lambda (CPU / 0.6) | peak RSS | heap | within the worker (1,024 MB, 15 min) |');
    console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const j of jobs) {
      const job = await createExportJob(j.job);
      const { stdout } = await promisify(execFile)(process.execPath, [worker, job._id], { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024, env: { ...process.env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true', NODE_OPTIONS: '--no-deprecation' } });
      const r = JSON.parse(stdout.trim().split('\n').pop()!) as Result;
      if (r.status !== 'ready' || r.rows !== j.expected) throw new Error(`${j.what}: the job ended ${r.status} with ${r.rows} rows, expected ready with ${j.expected}`);
      const lambdaS = r.cpuMs / 1000 / LAMBDA_CORE;
      const ok = r.maxRssMb <= LIMIT_MB && lambdaS <= LIMIT_S;
      console.log(
        `| ${j.what} | ${r.rows.toLocaleString('en-US')} | ${(r.ms / 1000).toFixed(1)} s | ${(r.cpuMs / 1000).toFixed(1)} s | ~${lambdaS.toFixed(0)} s | ${r.maxRssMb.toFixed(0)} MB | ${r.heapMb.toFixed(0)} MB | ${ok ? 'yes' : 'NO'} |`,
      );
    }
  } finally {
    await emulators.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runExportJobsBench(process.argv.slice(2));
  process.exit(0);
}
