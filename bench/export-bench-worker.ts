/**
 * One variant of the export bench in its own process (bench/export-bench.ts), so its time and
 * peak memory are its own. Prints one JSON line: { variant, rows, ms, maxRssMb, heapMb, bytes }.
 *
 *   tsx bench/export-bench-worker.ts <ours|floor> <rows> <out.xlsx>
 *
 * - ours: what GET /exportFile does between the read path and S3: the period's products in a
 *   PeriodIndex (as the tab cache holds them), every row of the ALL SCRAPED tab sorted by name
 *   (indexedRows), the tab's 12 columns, each cell made safe, streamed by writeXlsxFile;
 * - floor: exceljs's streaming WorkbookWriter with the same options writing the same 12 fields of
 *   the same products in stored order: no tab logic, no sort, no cell checks; empty cells left out
 *   as ours leaves them out.
 * Both hold the same products array (the cache does); the products are built before the clock
 * starts, and for ours the index and the name order too (`prepMs`: what a cold read of the tab
 * costs once, printed apart). Bundled with esbuild and run on plain node by export-bench.ts.
 */
import { stat } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import ExcelJS from 'exceljs';
import { columnsOf } from '../functions/exports/domain/export-sheet.js';
import { writeXlsxFile } from '../functions/exports/xlsx.js';
import { indexedRows, PeriodIndex } from '../functions/scrapings/domain/product-index.js';
import type { ProductScrape } from '../functions/scrapings/domain/product.js';
import { prng } from '../infra/local/prng.js';

const [variant = 'ours', rowsArg = '100000', out = '/tmp/export-bench.xlsx'] = process.argv.slice(2);
const rows = Number(rowsArg);

function products(n: number): ProductScrape[] {
  const random = prng(20261123);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const words = ['Bag', 'Tote', 'Clutch', 'Wallet', 'Belt', 'Scarf', 'Loafer', 'Pump', 'Sneaker', 'Coat', 'Jacket', 'Ring'];
  const adjectives = ['Classic', 'Mini', 'Grand', 'Soft', 'Quilted', 'Woven', 'Signature', 'Archive'];
  return Array.from({ length: n }, (_, i) => {
    const style = `ST${String(i).padStart(7, '0')}`;
    const r = random();
    const type = r < 0.01 ? ('added' as const) : r < 0.015 ? ('deleted' as const) : r < 0.03 ? ('change' as const) : undefined;
    return {
      _id: `bench-period${style}`,
      retailer_brand_scraping: 'bench-period',
      brand: 'bench-brand',
      retailer: 'bench-retailer',
      date: '2026-11-02',
      style_number: style,
      name: `${random() < 0.01 ? '=' : ''}${pick(adjectives)} ${pick(words)} ${i % 997}`,
      price: random() < 0.03 ? null : Math.round(100 + random() * 3000),
      image: `https://img.example/${style}/1.jpg`,
      imageUrl: `https://img.example/${style}/1.jpg|https://img.example/${style}/2.jpg`,
      screenshot: `https://shots.example/${style}.png`,
      URL: `https://shop.example/p/${style}`,
      product_description: `${pick(adjectives)} ${pick(words)} in calfskin, made in Italy.`,
      shoppability: 'In stock',
      brand_label: 'Bench House',
      isFlagged: random() < 0.02 ? ('yes' as const) : ('no' as const),
      ...(random() < 0.02 ? { flagMessage: { reason: [{ name: 'Price', value: 'Wrong price' }], message: 'Old price shown' } } : {}),
      oh_map_id: random() < 0.3 ? `INV${i % 5000}` : '',
      brand_sku: random() < 0.5 ? `INV${i % 5000}` : '',
      ...(type ? { type } : {}),
      ...(type === 'change' ? { change: { price: 100 } } : {}),
    };
  });
}

async function main(): Promise<void> {
  const list = products(rows);
  // ours: the tab cache as a read of the tab leaves it (the index and the name order), timed apart.
  const p0 = performance.now();
  const index = variant === 'ours' ? new PeriodIndex(list) : undefined;
  index?.orders.get('name;asc');
  const prepMs = performance.now() - p0;
  const rssBeforeMb = process.memoryUsage().rss / 1024 / 1024;
  let heapPeak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => (heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed)), 10);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let written = 0;
  if (index) {
    written = await writeXlsxFile(out, 'ALL SCRAPED', columnsOf('products'), indexedRows(index, undefined, undefined, { view: 'products', sort: 'name;asc' }));
  } else {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: out, useStyles: false, useSharedStrings: false });
    const ws = wb.addWorksheet('ALL SCRAPED');
    ws.columns = columnsOf('products').map((c) => ({ header: c.header, width: c.width }));
    for (const p of list) {
      // The same cell content as ours: an empty cell is left out (undefined), as writeXlsxFile does.
      ws.addRow([p.name, p.price ?? undefined, p.style_number, p.brand_sku || undefined, p.type, undefined, p.isFlagged, undefined, p.oh_map_id || undefined, p.shoppability, p.URL, p.image]).commit();
      written++;
    }
    ws.commit();
    await wb.commit();
  }
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  clearInterval(sampler);
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  const { size } = await stat(out);
  console.log(JSON.stringify({ variant, rows: written, ms, cpuMs, prepMs, rssBeforeMb, maxRssMb: process.resourceUsage().maxRSS / 1024, heapMb: heapPeak / 1024 / 1024, bytes: size }));
}

void main();
