import { describe, expect, it } from 'vitest';
import { diffRows, trackedColumnsFor } from '../../../../functions/files/domain/diff.js';
import type { RobotRow } from '../../../../functions/files/domain/robot-types.js';
import { columns, product } from './product-rows.js';


describe('diffRows', () => {
  it('finds added, removed, changed (with old and new values) and unchanged rows by key', () => {
    const previous = [product('A'), product('B'), product('C'), product('D')];
    const current = [
      product('E'),
      product('C', { Price: '120.00' }),
      product('A'),
      product('B', { Name: 'Renamed', Price: '90.00' }),
    ];
    const diff = diffRows(previous, current, { type: 'product', columns });
    expect(diff.added).toEqual(['E']);
    expect(diff.removed).toEqual(['D']);
    expect(diff.changed).toEqual([
      { key: 'C', changes: { Price: { old: '100.00', new: '120.00' } } },
      {
        key: 'B',
        changes: { Name: { old: 'Bag B', new: 'Renamed' }, Price: { old: '100.00', new: '90.00' } },
      },
    ]);
    expect(diff.summary).toMatchObject({
      keyColumn: 'Style Number',
      previousRowCount: 4,
      currentRowCount: 4,
      addedCount: 1,
      removedCount: 1,
      changedCount: 2,
      unchangedCount: 1,
      changedByColumn: { Name: 1, Price: 2, 'Image URLs': 0, Screenshot: 0 },
    });
  });

  it('compares only tracked columns', () => {
    const diff = diffRows([product('A')], [product('A', { Screenshot: 'https://shots/2/A.png' })], {
      type: 'product',
      columns: ['Name', 'Price'],
    });
    expect(diff.changed).toEqual([]);
    expect(diff.summary.unchangedCount).toBe(1);
    expect(diff.summary.trackedColumns).toEqual(['Name', 'Price']);
  });

  it('leaves image columns out with ignoreImageData', () => {
    const previous = [product('A'), product('B')];
    const current = [
      product('A', { 'Image URLs': 'https://cdn/new.jpg', Screenshot: 'https://shots/2/A.png' }),
      product('B', { Price: '1.00', Screenshot: 'https://shots/2/B.png' }),
    ];
    const withImages = diffRows(previous, current, { type: 'product', columns });
    expect(withImages.summary.changedCount).toBe(2);
    expect(withImages.changed[0]?.changes).toHaveProperty('Image URLs');

    const withoutImages = diffRows(previous, current, { type: 'product', columns, ignoreImageData: true });
    expect(withoutImages.summary.trackedColumns).toEqual(['Name', 'Price']);
    expect(withoutImages.changed).toEqual([{ key: 'B', changes: { Price: { old: '100.00', new: '1.00' } } }]);
    expect(withoutImages.summary.unchangedCount).toBe(1);
  });

  it("uses the type's default diff columns and never compares the key", () => {
    expect(trackedColumnsFor('product')).toEqual([
      'Name',
      'Brand',
      'Brand SKU',
      'Price',
      'Description',
      'Image URLs',
      'Product URL',
      'Shoppability',
    ]);
    expect(trackedColumnsFor('product', ['Style Number', 'Price', 'Price'])).toEqual(['Price']);
    expect(trackedColumnsFor('brand', undefined, true)).toEqual([
      'Brand Name',
      'Description',
      'Site Link',
      'Brand Link',
      'Featured In Menu',
    ]);
  });

  it('matches rows on the key column of the type', () => {
    const previous = [{ 'Primary Menu': 'Women', 'Sub Menu': 'Bags|Shoes', 'Menu URL': '/w' }];
    const current = [
      { 'Primary Menu': 'Women', 'Sub Menu': 'Bags|Shoes|Jewelry', 'Menu URL': '/w' },
      { 'Primary Menu': 'Men', 'Sub Menu': 'Bags', 'Menu URL': '/m' },
    ];
    const diff = diffRows(previous, current, { type: 'homepage' });
    expect(diff.added).toEqual(['Men']);
    expect(diff.changed).toEqual([
      { key: 'Women', changes: { 'Sub Menu': { old: 'Bags|Shoes', new: 'Bags|Shoes|Jewelry' } } },
    ]);
  });

  it('reports columns that appeared or disappeared, and reads a missing cell as empty', () => {
    const previous = [{ 'Style Number': 'A', Name: 'Bag', Price: '10' }];
    const current = [{ 'Style Number': 'A', Name: 'Bag', Colour: 'red' }];
    const diff = diffRows(previous, current, { type: 'product', columns: ['Name', 'Price'] });
    expect(diff.summary.columnsRemoved).toEqual(['Price']);
    expect(diff.summary.columnsAdded).toEqual(['Colour']);
    expect(diff.changed).toEqual([{ key: 'A', changes: { Price: { old: '10', new: '' } } }]);
  });

  it('takes column lists from the parse stats when a file has no rows', () => {
    const diff = diffRows([product('A')], [], {
      type: 'product',
      columns,
      previousColumns: ['Style Number', 'Name', 'Price'],
      currentColumns: ['Style Number', 'Name'],
    });
    expect(diff.removed).toEqual(['A']);
    expect(diff.summary.currentRowCount).toBe(0);
    expect(diff.summary.columnsRemoved).toEqual(['Price']);
    const unknown = diffRows([product('A')], [], { type: 'product', columns });
    expect(unknown.summary.columnsRemoved).toEqual([]);
  });

  it('diffs 100k x 10 columns quickly', () => {
    const cols = ['Name', 'Brand', 'Brand SKU', 'Price', 'Description', 'Image URLs', 'Product URL', 'Shoppability', 'Screenshot'];
    const make = (i: number, v: string): RobotRow => {
      const row: RobotRow = { 'Style Number': `S${i}` };
      for (const c of cols) row[c] = `${c} ${i} ${v}`;
      return row;
    };
    const previous = Array.from({ length: 100_000 }, (_, i) => make(i, 'a'));
    const current = Array.from({ length: 100_000 }, (_, i) => make(i + 500, i % 100 === 0 ? 'b' : 'a'));
    const started = performance.now();
    const diff = diffRows(previous, current, { type: 'product', columns: cols });
    const ms = performance.now() - started;
    expect(diff.summary.addedCount).toBe(500);
    expect(diff.summary.removedCount).toBe(500);
    expect(diff.summary.changedCount).toBe(995); // rows 0, 100, ... of `current` whose key existed before
    expect(ms).toBeLessThan(5_000); // ~0.1 s when the machine is idle; only guards against a quadratic slip
  });
});
