import { describe, expect, it } from 'vitest';
import { indexOhItems, matchProduct } from '../../../functions/inventory/domain/matching';
import { OhFeedRows, parseOhKey, type OhItem } from '../../../functions/inventory/domain/oh-feed';

const HEADER = ['Serial Number', 'Inventory ID', 'Style Name', 'Price', 'Customer ID', 'Customer Name', 'Image'];

describe('the drop key', () => {
  it('reads brand slug, date and name', () => {
    expect(parseOhKey('incoming/oh/maison-aurelle/2025-02-03/feed.csv')).toEqual({ slug: 'maison-aurelle', date: '2025-02-03', name: 'feed.csv' });
    expect(parseOhKey('incoming/oh/maison-aurelle/2025-13-45/feed.csv')).toBeUndefined();
    expect(parseOhKey('incoming/oh/maison-aurelle/feed.csv')).toBeUndefined();
    expect(parseOhKey('incoming/product/x/2025-02-03/feed.csv')).toBeUndefined();
    expect(parseOhKey('incoming/oh/maison-aurelle/2025-02-03/feed.xlsx')).toBeUndefined();
  });
});

describe('feed rows', () => {
  it('maps the columns in any order and case, with aliases', () => {
    const r = new OhFeedRows();
    expect(r.header(['customer id', 'PRICE', 'Serial #', 'Description', 'Inventory ID', 'Customer Name', 'Image'])).toBeUndefined();
    expect(r.row(['OPT1001', '$1,450.00', 'S-1', 'Saddle bag', 'INV-1', 'Harrowgate', 'img.jpg'], 2)).toEqual({
      serialNo: 'S-1',
      inventoryId: 'INV-1',
      styleName: 'Saddle bag',
      price: 1450,
      customerId: 'OPT1001',
      customerName: 'Harrowgate',
      image: 'img.jpg',
    });
  });

  it('refuses a header without Serial Number or Customer ID, or with a repeated column', () => {
    expect(new OhFeedRows().header(['Inventory ID', 'Price'])).toMatch(/lacks Serial Number and Customer ID/);
    expect(new OhFeedRows().header(['Serial Number', 'Customer ID', 'serial #'])).toMatch(/appears twice/);
  });

  it('reports bad rows with their line and keeps the first of a repeated serial', () => {
    const r = new OhFeedRows();
    r.header(HEADER);
    expect(r.row(['S-1', 'INV-1', 'A', '10', 'OPT1', 'X', ''], 2)).toBeDefined();
    expect(r.row(['', 'INV-2', 'B', 'ten', '', 'X', ''], 3)).toBeUndefined();
    expect(r.row(['s-1', 'INV-3', 'C', '10', 'OPT1', 'X', ''], 4)).toBeUndefined();
    expect(r.row(['S-4', 'INV-4'], 5)).toBeUndefined();
    expect(r.row(['', '', '', '', '', '', ''], 6)).toBeUndefined(); // blank: skipped silently
    expect(r.row(['S-7', 'INV-7', 'G', '', 'OPT1', 'X', ''], 7)?.price).toBeNull();
    expect(r.report()).toEqual([
      'Line 3: Serial Number is empty; Customer ID is empty; Price "ten" is not a number.',
      'Line 4: Serial Number s-1 repeats line 2; the first one is kept.',
      'Line 5: expected 7 values as in the header, found 2; Customer ID is empty.',
    ]);
    expect(r.accepted).toBe(2);
    expect(r.errorCount).toBe(3);
  });

  it('lists at most 100 problems and counts the rest', () => {
    const r = new OhFeedRows();
    r.header(HEADER);
    for (let i = 0; i < 130; i++) r.row(['', '', '', '', 'OPT1', '', ''], i + 2);
    const report = r.report();
    expect(report).toHaveLength(101);
    expect(report[100]).toBe('…and 30 more problem(s).');
  });
});

describe('matching OH items to products', () => {
  const item = (serialNo: string, inventoryId: string): OhItem => ({ serialNo, inventoryId, styleName: '', price: 1, customerId: 'OPT1', customerName: '', image: '' });
  const index = indexOhItems([item('S-2', 'INV-A'), item('S-1', 'INV-A'), item('S-3', 'INV-B'), item('S-4', '')]);
  const serials = (list: OhItem[]) => list.map((i) => i.serialNo);

  it('matches oh_map_id to Inventory ID (all units, in serial order), case-insensitively', () => {
    expect(serials(matchProduct({ oh_map_id: ' inv-a ' }, index))).toEqual(['S-1', 'S-2']);
  });
  it('else matches oh_map_id to a Serial Number', () => {
    expect(serials(matchProduct({ oh_map_id: 'S-4' }, index))).toEqual(['S-4']);
  });
  it('else (no map id, or one matching nothing) matches brand_sku to Inventory ID', () => {
    expect(serials(matchProduct({ oh_map_id: '', brand_sku: 'INV-B' }, index))).toEqual(['S-3']);
    expect(serials(matchProduct({ oh_map_id: 'GONE', brand_sku: 'INV-B' }, index))).toEqual(['S-3']);
  });
  it('matches nothing otherwise', () => {
    expect(matchProduct({ oh_map_id: '', brand_sku: '' }, index)).toEqual([]);
    expect(matchProduct({ brand_sku: 'INV-C' }, index)).toEqual([]);
  });
});
