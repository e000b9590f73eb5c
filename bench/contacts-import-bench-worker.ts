/**
 * One contacts import run as the import Lambda runs it (bench/contacts-import-bench.ts prepares
 * the brand, its retailers and the file; the environment points the clients at the emulators).
 * Runs the import three times (new contacts, the same file again: all duplicates, then the file
 * for a second brand: new contacts on a warm emulator) and prints JSON.
 *
 *   node contacts-import-bench-worker.cjs <file.csv> <brandId> <flag> <secondBrandId>
 */
import { readFile } from 'node:fs/promises';
import { importContacts } from '../functions/contacts-import/contacts-io';
import { countContacts } from '../functions/address-book/contacts.repo';

async function main(): Promise<void> {
  const [file, brand, flag, brand2] = process.argv.slice(2) as [string, string, 'ignore' | 'update', string];
  const content = new Uint8Array(await readFile(file));
  const rules = { firstName: 'First Name', lastName: 'Last Name', email: 'Email', retailer: 'Store Name', role: 'Role' };
  const runs: { ms: number; cpuMs: number; created: number; ignored: number; updated: number; rejected: number }[] = [];
  for (const b of [brand, brand, brand2]) {
    const auth = { sub: 'bench-admin', role: 'BRAND_ADMIN', brand: b, retailers: [], sv: 0, isAdmin: false } as never;
    const start = performance.now();
    const cpu0 = process.cpuUsage();
    const res = await importContacts(auth, b, { rules, file: { filename: 'bench.csv', mimetype: 'text/csv', content }, flag });
    const cpu = process.cpuUsage(cpu0);
    runs.push({ ms: performance.now() - start, cpuMs: (cpu.user + cpu.system) / 1000, created: res.data.created, ignored: res.data.ignored, updated: res.data.updated, rejected: res.data.rejected });
  }
  process.stdout.write(JSON.stringify({ runs, count: await countContacts(brand), count2: await countContacts(brand2), maxRssMb: process.resourceUsage().maxRSS / 1024 }) + '\n');
  process.exit(0);
}

void main();
