/**
 * Writes two product robot files (previous and current scan) for the diff benchmark, with a
 * known answer: which keys were added, removed and changed. Deterministic for a given seed.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { PRODUCT_COLUMNS } from '../functions/files/domain/robot-types.js';
import { prng } from '../infra/local/prng.js';

export interface GenerateOptions {
  readonly rows: number;
  /** Share of the previous rows changed in the current file (one or two columns each). */
  readonly changedShare: number;
  readonly removedShare: number;
  readonly addedShare: number;
  readonly seed: number;
  /** Shorter descriptions and fewer images (~340 bytes a row, like docs/samples) instead of ~580. */
  readonly compact?: boolean;
}

export interface GeneratedFiles {
  readonly previousPath: string;
  readonly currentPath: string;
  readonly previousRows: number;
  readonly currentRows: number;
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  readonly columns: readonly string[];
  readonly previousBytes: number;
  readonly currentBytes: number;
}

export const BENCH_COLUMNS: readonly string[] = Object.values(PRODUCT_COLUMNS); // 11 columns

type Row = string[];


const BRANDS = ['Maison Aurelle', 'Ostrander', 'Vell', 'Castellane & Fils', 'Noor Atelier'];
const KINDS = ['Saddle Bag', 'Tote', 'Clutch', 'Chain Wallet', 'Pump 85', 'Loafer', 'Sneaker', 'Silk Carré 90', 'Stole', 'Pendant', 'Ring', 'Belt 32', 'Sunglasses', 'Gloves'];
const ADJECTIVES = ['Mini', 'Medium', 'Large', 'Quilted', 'Monogram', 'Grained', 'Patent', 'Suede', 'Cashmere', 'Étoile', 'Rivoli', 'Quai', 'Marais', 'Opera'];
const WORDS = ['calfskin', 'lambskin', 'gold-tone', 'hardware', 'adjustable', 'strap', 'detachable', 'lining', 'made in Italy', 'hand-stitched', 'silk twill', 'hand-rolled edges', 'cotton canvas', 'leather trims', 'signature clasp', 'magnetic closure', 'interior pocket', 'dust bag included', '18k gold', 'sterling silver'];
const STOCK = ['In stock', 'Low stock', 'Sold out', 'Pre-order'];

function csvCell(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export async function generateProductFiles(dir: string, options: GenerateOptions): Promise<GeneratedFiles> {
  const random = prng(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const price = (): string => {
    const cents = Math.round((150 + random() * 4850) * 100);
    return (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  };
  const compact = options.compact === true;
  const description = (): string => {
    const n = compact ? 4 + Math.floor(random() * 4) : 8 + Math.floor(random() * 10);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(pick(WORDS));
    let text = parts.join(random() < 0.5 ? ', ' : ' ');
    if (random() < 0.05) text += '; fits a 13" laptop';
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const images = (sn: string, version: string): string => {
    const n = compact ? 1 + Math.floor(random() * 2) : 2 + Math.floor(random() * 3);
    const urls: string[] = [];
    for (let i = 1; i <= n; i++) urls.push(`https://cdn.retailer.example/images/products/${sn}/${version}${i}_1200x1600.jpg`);
    return urls.join('|');
  };
  const makeRow = (index: number): Row => {
    const sn = `HF-${String(1_000_000 + index)}`;
    const brand = pick(BRANDS);
    const kind = pick(KINDS);
    const name = `${pick(ADJECTIVES)} ${kind}`;
    const slug = `${name}-${index}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
    return [
      sn,
      name,
      brand,
      `${brand.slice(0, 2).toUpperCase()}-${kind.slice(0, 3).toUpperCase()}-${String(index % 9973).padStart(4, '0')}`,
      price(),
      description(),
      images(sn, 'v1_'),
      `https://www.retailer.example/${brand.toLowerCase().replace(/[^a-z]+/g, '-')}/${slug}`,
      `https://shots.retailer.example/products/${sn}.png`,
      pick(STOCK),
      random() < 0.3 ? `OH-${String(500_000 + index)}` : '',
    ];
  };
  const changeRow = (row: Row): Row => {
    const next = [...row];
    const kinds = random() < 0.2 ? 2 : 1;
    for (let k = 0; k < kinds; k++) {
      const what = random();
      if (what < 0.4) next[4] = bump(next[4]!);
      else if (what < 0.55) next[1] = `${next[1]} II`;
      else if (what < 0.7) next[5] = `${next[5]} New season.`;
      else if (what < 0.85) next[9] = STOCK[(STOCK.indexOf(next[9]!) + 1) % STOCK.length]!;
      else next[6] = images(next[0]!, 'v2_');
    }
    return next;
  };
  const bump = (text: string): string => {
    const value = Number(text.replace(/,/g, ''));
    const bumped = Math.round(value * 1.07 * 100) / 100;
    return bumped.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  };

  const n = options.rows;
  const changedTarget = Math.round(n * options.changedShare);
  const removedTarget = Math.round(n * options.removedShare);
  const addedTarget = Math.round(n * options.addedShare);

  // Choose disjoint row sets for removal and change.
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  const removed = new Set(order.slice(0, removedTarget));
  const changed = new Set(order.slice(removedTarget, removedTarget + changedTarget));
  // Added rows go in at random places of the current file.
  const addAt = new Map<number, number>();
  for (let a = 0; a < addedTarget; a++) {
    const at = Math.floor(random() * n);
    addAt.set(at, (addAt.get(at) ?? 0) + 1);
  }

  const previousPath = `${dir}/previous.csv`;
  const currentPath = `${dir}/current.csv`;
  const previous = createWriteStream(previousPath);
  const current = createWriteStream(currentPath);
  const header = BENCH_COLUMNS.map(csvCell).join(',') + '\n';
  let previousBytes = 0;
  let currentBytes = 0;
  let previousBatch = header;
  let currentBatch = header;
  let nextNew = n;
  let currentRows = 0;
  const flush = async (force: boolean): Promise<void> => {
    if (!force && previousBatch.length < 1 << 20) return;
    previousBytes += Buffer.byteLength(previousBatch);
    currentBytes += Buffer.byteLength(currentBatch);
    // Listen for both 'drain's before waiting for either, or one may pass unseen.
    const waits: Promise<unknown>[] = [];
    if (!previous.write(previousBatch)) waits.push(once(previous, 'drain'));
    if (!current.write(currentBatch)) waits.push(once(current, 'drain'));
    previousBatch = '';
    currentBatch = '';
    await Promise.all(waits);
  };
  for (let i = 0; i < n; i++) {
    const row = makeRow(i);
    previousBatch += row.map(csvCell).join(',') + '\n';
    for (let k = addAt.get(i) ?? 0; k > 0; k--) {
      currentBatch += makeRow(nextNew++).map(csvCell).join(',') + '\n';
      currentRows++;
    }
    if (!removed.has(i)) {
      currentBatch += (changed.has(i) ? changeRow(row) : row).map(csvCell).join(',') + '\n';
      currentRows++;
    }
    await flush(false);
  }
  await flush(true);
  previous.end();
  current.end();
  await Promise.all([once(previous, 'close'), once(current, 'close')]);

  return {
    previousPath,
    currentPath,
    previousRows: n,
    currentRows,
    added: addedTarget,
    removed: removedTarget,
    changed: changedTarget,
    columns: BENCH_COLUMNS,
    previousBytes,
    currentBytes,
  };
}
