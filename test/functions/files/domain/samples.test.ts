import { createReadStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { assessFile, normalizeThresholdSettings } from '../../../../functions/files/domain/flag.js';
import { parseRobotFile } from '../../../../functions/files/domain/parse.js';
import { brandPageInfoFromRow, buildPeriodProducts, findBrandPageRow } from '../../../../functions/files/domain/period-apply.js';
import type { RobotType } from '../../../../functions/files/domain/robot-types.js';

const samples = new URL('../../../../docs/samples/', import.meta.url);

async function sample(name: string, type: RobotType) {
  const path = fileURLToPath(new URL(name, samples));
  return parseRobotFile(createReadStream(path), { type, fileName: name });
}

describe('docs/samples', () => {
  it('parse as documented', async () => {
    const january = await sample('product-2025-01-06.csv', 'product');
    const february = await sample('product-2025-02-03.csv', 'product');
    const homepage = await sample('homepage-2025-02-03.csv', 'homepage');
    const brand = await sample('brand-2025-02-03.csv', 'brand');
    expect(january.stats.rowCount).toBe(31);
    expect(february.stats.rowCount).toBe(32);
    expect(homepage.stats.rowCount).toBe(8);
    expect(brand.stats.rowCount).toBe(2);
    for (const file of [january, february, homepage, brand]) {
      expect(file.stats.missingColumns).toEqual([]);
      expect(file.stats.unknownColumns).toEqual([]);
    }
    expect(january.rows.find((r) => r['Style Number'] === 'HF-10234')?.['Description']).toBe(
      'Grained leather tote, fits a 13" laptop.',
    );
  });

  it('the JSON lines sample holds the same rows as its CSV twin', async () => {
    const csv = await sample('product-2025-02-03.csv', 'product');
    const jsonl = await sample('product-2025-02-03.jsonl', 'product');
    expect(jsonl.stats.format).toBe('jsonl');
    expect(jsonl.rows).toEqual(csv.rows);
  });

  it('the two product periods flag as docs/flag-rules.md says', async () => {
    const january = await sample('product-2025-01-06.csv', 'product');
    const february = await sample('product-2025-02-03.csv', 'product');
    const result = assessFile({
      settings: normalizeThresholdSettings({}),
      type: 'product',
      robotName: 'hf-products',
      previousRows: january.rows,
      currentRows: february.rows,
      previousColumns: january.stats.columns,
      currentColumns: february.stats.columns,
    });
    expect(result.diff?.added).toEqual(['HF-10261', 'HF-10262', 'HF-10263']);
    expect(result.diff?.removed).toEqual(['HF-10236', 'HF-10252']);
    expect(result.diff?.summary.changedByColumn).toMatchObject({
      Price: 3,
      Shoppability: 2,
      Name: 1,
      Description: 1,
      'Image URLs': 1,
    });
    expect(result.flag).toBe('require_review');
    expect(result.reasons).toEqual([
      'Price changed in 10.34% of rows (3 of 29), above its 10% threshold.',
      'Shoppability changed in 6.9% of rows (2 of 29), more than half of its 10% threshold.',
    ]);
  });

  it('the February file applied to the period', async () => {
    const january = await sample('product-2025-01-06.csv', 'product');
    const february = await sample('product-2025-02-03.csv', 'product');
    const { products, counts } = buildPeriodProducts({ currentRows: february.rows, previousRows: january.rows });
    expect(counts).toEqual({ total: 32, previousTotal: 31, added: 3, deleted: 2, changed: 8, unchanged: 21 });
    const saddle = products.find((p) => p.style_number === 'HF-10231');
    expect(saddle).toMatchObject({ type: 'change', price: 1520, change: { price: 1450 }, oh_map_id: 'OH-55101' });

    const brand = await sample('brand-2025-02-03.csv', 'brand');
    const page = findBrandPageRow(brand.rows, { name: 'Maison Aurelle' });
    expect(page && brandPageInfoFromRow(page)).toMatchObject({ brand_id: 'maison-aurelle', featuredInMenu: true });
  });
});
