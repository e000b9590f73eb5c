/**
 * Brand summary and Retailer List bench (issue 21 §2): a brand carrying 6 retailers and one
 * carrying 200, in the same run against DynamoDB Local and s3rver, each retailer with its scan
 * info, latest period and the one before it (dated a week and two weeks ago: a live brand, within
 * retention), and 5 users with assigned retailers; the brand rows (BRANDROW#) are written by the
 * repos' refresh as the seed writes their sources. Calls `brandRetailerSummary` and
 * `retailerScrapings` (GET /brandRetailerSummary/{brandId} and GET /RetailerScraping/{brandId}:
 * the Retailer List's first page, 25 by name, as the web asks it) as an ADMIN and prints p50 /
 * p95, the items DynamoDB returned and the answer's size, then the 200-retailer brand's p50 over
 * the 6-retailer brand's, against the goal (≤ 2×).
 *
 *   npx tsx bench/brand-lists-bench.ts [--runs 41]
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startBenchEmulators } from './local-emulators.js';

const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

export async function runBrandListsBench(argv: readonly string[] = []): Promise<void> {
  const runs = argv[0] === '--runs' && Number(argv[1]) > 0 ? Number(argv[1]) : 41;
  const emulators = await startBenchEmulators('brand-lists-bench', { JWT_SECRET: 'brand-lists-bench-secret-brand-lists-0123' });
  try {
    const { ddb } = await import('../functions/lib/clients/dynamodb.js');
    const { putBrand } = await import('../functions/brands/brands.repo.js');
    const { putRetailer } = await import('../functions/retailers/retailers.repo.js');
    const { putPeriod, upsertScanInfo } = await import('../functions/scrapings/scrapings.repo.js');
    const { periodIdOf } = await import('../functions/scrapings/domain/ids.js');
    const { createUser } = await import('../functions/users/users.repo.js');
    const reads = await import('../functions/scrapings/reads.js');
    let items = 0;
    ddb.middlewareStack.add(
      (next) => async (a) => {
        const out = await next(a);
        const o = out.output as { Items?: unknown[]; Item?: unknown; Responses?: Record<string, unknown[]> };
        items += o.Items?.length ?? (o.Responses ? Object.values(o.Responses).reduce((n, r) => n + r.length, 0) : o.Item ? 1 : 0);
        return out;
      },
      { step: 'initialize', name: 'countItems' },
    );
    const now = new Date().toISOString();
    const day = (back: number) => new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10);
    const DATES = [day(14), day(7)];
    async function seedBrand(brand: string, retailers: number) {
      const ids = Array.from({ length: retailers }, (_, i) => `${brand}-ret-${String(i).padStart(4, '0')}`);
      for (let i = 0; i < ids.length; i += 25) {
        await Promise.all(ids.slice(i, i + 25).map((id, k) => putRetailer({ _id: id, name: `${brand} Retailer ${i + k}`, optId: `${brand.toUpperCase()}${i + k}`, slug: id, website: 'https://bench.example', createdAt: now, updatedAt: now })));
      }
      await putBrand({
        _id: brand,
        name: brand,
        slug: brand,
        colors: { bgColor: '#333131', textColor: '#ffffff', hoverColor: '#ffffff3b', summaryPageSectionColor: '#333131' },
        retailers: ids.map((id) => ({ retailer: id, flag: true, webSiteType: 'retailerWithProducts' as const })),
        createdAt: now,
        updatedAt: now,
      });
      for (let i = 0; i < ids.length; i += 25) {
        await Promise.all(
          ids.slice(i, i + 25).map(async (retailer, k) => {
            const r = i + k;
            for (const [d, date] of DATES.entries()) {
              const prev = d ? periodIdOf(brand, retailer, DATES[d - 1]!) : null;
              await putPeriod({ _id: periodIdOf(brand, retailer, date), brand, retailer, date, fileId: 'bench', version: 'bench', totalProducts: 1000 + r + d, previousTotalProducts: 1000, previousPeriod: d ? DATES[d - 1]! : null, previousPeriodId: prev, added: d, deleted: 1, changed: 2, unchanged: 990, approvedDate: now, createdAt: now, updatedAt: now, flaggedCount: r % 13, mappedCount: 500, priceFlaggedCount: r % 5 } as never);
            }
            await upsertScanInfo(brand, retailer, 'productDate', DATES[1]!, { periodId: periodIdOf(brand, retailer, DATES[1]!) } as never);
          }),
        );
      }
      for (let u = 0; u < 5; u++) {
        await createUser({ _id: `${brand}-user-${u}`, name: `Rep ${u}`, firstname: 'Rep', lastname: String(u), email: `rep${u}@${brand}.test`, passwordHash: 'x', roles: [{ name: 'USER' }], brand, associated_retailers: ids.filter((_, i) => i % 5 === u), notify: false, user_email_bcc: '', emailFrequency: 'none', policyFlag: false, status: 'active' } as never, brand);
      }
    }
    const t0 = performance.now();
    await seedBrand('six', 6);
    await seedBrand('twohundred', 200);
    console.log(`\n## Brand summary and Retailer List bench: 6 vs 200 retailers (seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s), ${runs} runs`);
    const auth = { sub: 'bench-admin', role: 'ADMIN', brand: null, retailers: [], sv: 0, isAdmin: true } as never;
    const rows: string[] = [];
    const ratios: string[] = [];
    for (const [label, fn] of [
      ['summary', (b: string) => reads.brandRetailerSummary(auth, b)],
      ['Retailer List (page 1)', (b: string) => reads.retailerScrapings(auth, b, { page: 1, limit: 25 })],
      ['Retailer List (page 8, by flagged desc)', (b: string) => reads.retailerScrapings(auth, b, { page: 8, limit: 25, sort: 'flaggedProduct;desc' })],
    ] as const) {
      // The two brands' calls interleaved (6, 200, 200, 6, …) after 3 warm-up calls each, so a
      // moment of load falls on both: each figure beside its same-run floor.
      const brands = ['six', 'twohundred'] as const;
      for (const b of brands) for (let w = 0; w < 3; w++) await fn(b);
      const ms: [number[], number[]] = [[], []];
      const read = [0, 0];
      const bytes = [0, 0];
      for (let i = 0; i < runs; i++) {
        for (const k of i % 2 ? [1, 0] : [0, 1]) {
          const before = items;
          const s = performance.now();
          const out = await fn(brands[k]!);
          ms[k]!.push(performance.now() - s);
          read[k] = items - before;
          bytes[k] = Buffer.byteLength(JSON.stringify(out));
        }
      }
      const p50 = ms.map((m) => quantile(m, 0.5));
      for (const k of [0, 1]) rows.push(`| ${label} | ${k ? 200 : 6} | ${p50[k]!.toFixed(1)} / ${quantile(ms[k]!, 0.95).toFixed(1)} ms | ${read[k]} | ${(bytes[k]! / 1024).toFixed(1)} KB |`);
      const ratio = p50[1]! / p50[0]!;
      ratios.push(`| ${label} | ${ratio.toFixed(2)}× | ≤ 2× | ${ratio <= 2 ? 'met' : 'NOT met'} |`);
    }
    // Where the time goes: the reads the two calls share, each alone (p50 of `runs`).
    const { getBrand } = await import('../functions/brands/brands.repo.js');
    const { listBrandRows } = await import('../functions/scrapings/brand-rows.repo.js');
    const parts: string[] = [];
    for (const [label, fn] of [
      ['GetItem of the brand', (b: string) => getBrand(b)],
      ['Query of the brand rows', (b: string) => listBrandRows(b)],
    ] as const) {
      const p50: string[] = [];
      for (const brand of ['six', 'twohundred']) {
        await fn(brand);
        const ms: number[] = [];
        for (let i = 0; i < runs; i++) {
          const s = performance.now();
          await fn(brand);
          ms.push(performance.now() - s);
        }
        p50.push(quantile(ms, 0.5).toFixed(1));
      }
      parts.push(`| ${label} | ${p50.join(' ms | ')} ms |`);
    }
    console.log('| request | retailers | p50 / p95 | items read | answer |');
    console.log('| --- | --- | --- | --- | --- |');
    for (const r of rows) console.log(r);
    console.log('\n| request | 200 / 6 retailers, p50 | goal | |');
    console.log('| --- | --- | --- | --- |');
    for (const r of ratios) console.log(r);
    console.log('\n| part, alone (p50) | 6 retailers | 200 retailers |');
    console.log('| --- | --- | --- |');
    for (const r of parts) console.log(r);
    console.log(`load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  } finally {
    await emulators.stop();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await runBrandListsBench(process.argv.slice(2));
  process.exit(0);
}
