/**
 * The catalogue file's rules (issue 38 §1): the header and its MSRP market columns, each row's
 * checks with its line, JSON lines, the drop key. A refused line is reported with its number and
 * what to fix; nothing about a bad line is kept.
 */
import { describe, expect, it } from 'vitest';
import { CatalogRows, parseCatalogKey } from '../../../functions/catalog/domain/catalog-file';
import { isCountryCode, isCurrencyCode } from '../../../shared/markets';

const HEADER = ['Brand SKU', 'Name', 'Description', 'Category', 'Collection', 'Status', 'Images', 'Retired Images', 'MSRP FR EUR', 'MSRP US USD'];

function read(lines: string[][]) {
  const rows = new CatalogRows('maison-aurelle');
  const problem = rows.header(HEADER);
  expect(problem).toBeUndefined();
  const entries = lines.map((cells, i) => rows.csvRow(cells, i + 2));
  return { rows, entries };
}

describe('CatalogRows (CSV)', () => {
  it('reads a row: trimmed texts, status, pictures (https, stored keys, bare names in the brand folder), one MSRP a market', () => {
    const { rows, entries } = read([[' MA-001 ', 'Sac Aurore', 'Cuir grainé', 'Bags', 'FW26', 'Active', 'https://cdn.example/a.jpg|a-side.jpg', 'screenshots/catalog/maison-aurelle/old.jpg', '1 450,00', '1,650.00']]);
    expect(rows.errorCount).toBe(0);
    expect(entries[0]).toEqual({
      sku: 'MA-001',
      name: 'Sac Aurore',
      description: 'Cuir grainé',
      category: 'Bags',
      collection: 'FW26',
      status: 'active',
      images: ['https://cdn.example/a.jpg', 'screenshots/catalog/maison-aurelle/a-side.jpg'],
      retiredImages: ['screenshots/catalog/maison-aurelle/old.jpg'],
      msrp: [
        { country: 'FR', currency: 'EUR', amount: 1450 },
        { country: 'US', currency: 'USD', amount: 1650 },
      ],
    });
  });

  it('an empty status is active; an empty MSRP is no price in that market', () => {
    const { entries } = read([['MA-2', 'Two', '', '', '', '', '', '', '', '990']]);
    expect(entries[0]).toMatchObject({ status: 'active', msrp: [{ country: 'US', currency: 'USD', amount: 990 }] });
  });

  it('refuses a repeated SKU (case and spaces ignored) with both lines, a bad status, a bad price, an empty name', () => {
    const { rows, entries } = read([
      ['MA-1', 'One', '', '', '', 'active', '', '', '10', ''],
      ['ma-1 ', 'Again', '', '', '', 'active', '', '', '', ''],
      ['MA-3', '', '', '', '', 'discontinued', '', '', 'ten', ''],
    ]);
    expect(entries[0]).toBeDefined();
    expect(entries[1]).toBeUndefined();
    expect(entries[2]).toBeUndefined();
    expect(rows.errorCount).toBe(2);
    expect(rows.errors[0]).toBe('Line 3: Brand SKU ma-1 repeats line 2.');
    expect(rows.errors[1]).toBe('Line 4: MSRP FR EUR "ten" is not a price; Name is empty; Status "discontinued" is not active or retired.');
  });

  it('refuses a picture that is neither an https address nor a file name (http, javascript:, ../)', () => {
    const { rows } = read([['MA-1', 'One', '', '', '', '', 'http://cdn.example/a.jpg|javascript:alert(1)|../x.jpg', '', '', '']]);
    expect(rows.errors[0]).toContain('Images: "http://cdn.example/a.jpg" is not an https address or a picture file name');
    expect(rows.errors[0]).toContain('"javascript:alert(1)"');
    expect(rows.errors[0]).toContain('"../x.jpg"');
  });

  it('refuses a row whose width differs from the header', () => {
    const { rows } = read([['MA-1', 'One']]);
    expect(rows.errors[0]).toMatch(/^Line 2: expected 10 values as in the header, found 2/);
  });

  it('lists 100 problems and counts the rest', () => {
    const { rows } = read(Array.from({ length: 150 }, () => ['', 'x', '', '', '', '', '', '', '', '']));
    expect(rows.errorCount).toBe(150);
    expect(rows.report()).toHaveLength(101);
    expect(rows.report().at(-1)).toBe('…and 50 more problem(s).');
  });
});

describe('CatalogRows header', () => {
  it('names the missing columns, an unknown currency or country, a repeated column and an unknown one', () => {
    expect(new CatalogRows('x').header(['SKU', 'Description'])).toBe(
      'Line 1: The header lacks Name (expected columns: Brand SKU, Name, Description, Category, Collection, Status, Images, Retired Images, and one MSRP <country> <currency> column a market, e.g. MSRP FR EUR).',
    );
    const p = new CatalogRows('x').header(['Brand SKU', 'Name', 'MSRP FR EUX', 'MSRP XX EUR', 'Name', 'Colour', 'MSRP fr eur', 'msrp FR (EUR)']);
    expect(p).toContain('MSRP FR EUX: EUX is not an ISO 4217 currency code.');
    expect(p).toContain('MSRP XX EUR: XX is not an ISO 3166 country code.');
    expect(p).toContain('The column Name appears twice.');
    expect(p).toContain('The column "Colour" is not a catalogue column.');
    expect(p).toContain('The column msrp FR (EUR) appears twice.');
  });

  it('accepts the column aliases (SKU, Season, Official Images)', () => {
    expect(new CatalogRows('x').header(['SKU', 'Official Name', 'Season', 'Official Images', 'MSRP GB GBP'])).toBeUndefined();
  });
});

describe('CatalogRows (JSON lines)', () => {
  it('reads an object line with its MSRP list', () => {
    const rows = new CatalogRows('maison-aurelle');
    const e = rows.jsonRow(JSON.stringify({ sku: 'MA-9', name: 'Nine', status: 'retired', images: ['nine.jpg'], msrp: [{ country: 'jp', currency: 'jpy', amount: 210000 }] }), 1);
    expect(e).toMatchObject({ sku: 'MA-9', status: 'retired', images: ['screenshots/catalog/maison-aurelle/nine.jpg'], msrp: [{ country: 'JP', currency: 'JPY', amount: 210000 }] });
  });

  it('refuses a line that is no JSON object, an unknown currency, a negative price, a twice-given market', () => {
    const rows = new CatalogRows('x');
    expect(rows.jsonRow('{"sku": "A"', 1)).toBeUndefined();
    expect(rows.jsonRow('[1,2]', 2)).toBeUndefined();
    expect(rows.jsonRow(JSON.stringify({ sku: 'B', name: 'B', msrp: [{ country: 'FR', currency: 'EUX', amount: 1 }] }), 3)).toBeUndefined();
    expect(rows.jsonRow(JSON.stringify({ sku: 'C', name: 'C', msrp: [{ country: 'FR', currency: 'EUR', amount: -5 }] }), 4)).toBeUndefined();
    expect(rows.jsonRow(JSON.stringify({ sku: 'D', name: 'D', msrp: [{ country: 'FR', currency: 'EUR', amount: 5 }, { country: 'FR', currency: 'EUR', amount: 6 }] }), 5)).toBeUndefined();
    expect(rows.jsonRow(JSON.stringify({ sku: { x: 1 }, name: 'E' }), 6)).toBeUndefined();
    expect(rows.errors).toEqual([
      'Line 1: not a JSON object',
      'Line 2: not a JSON object',
      'Line 3: MSRP currency "EUX" is not an ISO 4217 currency code.',
      'Line 4: MSRP FR EUR "-5" is not a price.',
      'Line 5: MSRP FR EUR appears twice.',
      'Line 6: Brand SKU must be text; Brand SKU is empty.',
    ]);
  });
});

describe('the drop key and the market codes', () => {
  it('reads slug, folder date, name and format; other names have no format', () => {
    expect(parseCatalogKey('incoming/catalog/Maison-Aurelle/2026-12-01/golden.csv')).toEqual({ slug: 'maison-aurelle', date: '2026-12-01', name: 'golden.csv', format: 'csv' });
    expect(parseCatalogKey('incoming/catalog/maison-aurelle/2026-99-99/golden.JSONL')).toMatchObject({ date: '2026-99-99', format: 'jsonl' });
    expect(parseCatalogKey('incoming/catalog/maison-aurelle/2026-12-01/golden.xlsx')?.format).toBeUndefined();
    expect(parseCatalogKey('incoming/catalog/maison-aurelle/golden.csv')).toBeUndefined();
  });

  it('knows countries and currencies from the runtime, not look-alikes', () => {
    expect(['FR', 'US', 'JP', 'GB', 'CH', 'AE'].every(isCountryCode)).toBe(true);
    expect(['fr', 'XX', 'EU', 'UK', 'ZZ', 'FRA', ''].some(isCountryCode)).toBe(false);
    expect(['EUR', 'USD', 'JPY', 'GBP', 'CHF', 'AED'].every(isCurrencyCode)).toBe(true);
    expect(['eur', 'EUX', 'XXX', 'EURO', '€', ''].some(isCurrencyCode)).toBe(false);
  });
});

describe('the sample catalogue', () => {
  it('is the file docs/robot-files.md links, and every line of it is accepted', async () => {
    const { readFileSync } = await import('node:fs');
    const { parse } = await import('csv-parse/sync');
    const { CATALOG_SAMPLE_CSV } = await import('../../../shared/catalog-sample');
    expect(readFileSync('docs/samples/catalog-2026-12-01.csv', 'utf8')).toBe(CATALOG_SAMPLE_CSV);
    const [header, ...records] = parse(CATALOG_SAMPLE_CSV) as string[][];
    const rows = new CatalogRows('maison-aurelle');
    expect(rows.header(header!)).toBeUndefined();
    const entries = records.map((r, i) => rows.csvRow(r, i + 2));
    expect(rows.errors).toEqual([]);
    expect(entries.map((e) => [e?.sku, e?.status, e?.msrp.length])).toEqual([
      ['MA-BAG-001', 'active', 2],
      ['MA-SCF-014', 'active', 2],
      ['MA-BAG-207', 'retired', 0],
    ]);
  });
});
