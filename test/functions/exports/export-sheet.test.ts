import { describe, expect, it } from 'vitest';
import { columnsOf, contentDisposition, exportFileName, fillCells, flagReason, rowCells, safeCell, tabTitle } from '../../../functions/exports/domain/export-sheet';
import { sheetName } from '../../../functions/exports/xlsx';
import { productScrape } from '../../support/scrapes';

describe('safeCell: no text cell starts a formula', () => {
  it('puts an apostrophe before =, +, -, @, tab, CR and LF, and leaves other text and numbers alone', () => {
    for (const bad of ['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx', '\nx']) expect(safeCell(bad)).toBe(`'${bad}`);
    expect(safeCell('Saddle Bag')).toBe('Saddle Bag');
    expect(safeCell(' =not first')).toBe(' =not first');
    expect(safeCell(-12.5)).toBe(-12.5);
    expect(safeCell(Number.NaN)).toBeNull();
    expect(safeCell(null)).toBeNull();
    expect(safeCell(undefined)).toBeNull();
  });

  it('applies to every column of a row', () => {
    const p = productScrape({ _id: 'x', style_number: '-5', name: '=evil()', brand_sku: '@x', URL: '+y', price: -3 });
    const cells = rowCells(columnsOf('products'), p);
    expect(cells.slice(0, 4)).toEqual(["'=evil()", -3, "'-5", "'@x"]);
    expect(cells.filter((c) => typeof c === 'string').every((c) => !/^[=+\-@\t\r\n]/.test(c as string))).toBe(true);
  });
});

describe('pictures in an export', () => {
  it('are given by the linker in the Product Image column of every kind of tab, and only there', () => {
    const link = (v: string) => (v.startsWith('screenshots/') ? `https://audit.example/api/images?key=${encodeURIComponent(v)}` : v);
    const p = productScrape({ _id: 'x', style_number: 'S1', image: 'screenshots/product/s/2026-11-16/a.svg', URL: 'screenshots/not-a-picture-column' });
    for (const view of ['products', 'price_diff'] as const) {
      const cols = columnsOf(view, link);
      const cells = rowCells(cols, { ...p, oh_price: 1, priceDiff: 0, serialNo: 'SN1', inventoryId: 'I1' });
      expect(cells[cols.findIndex((c) => c.header === 'Product Image')], view).toBe('https://audit.example/api/images?key=screenshots%2Fproduct%2Fs%2F2026-11-16%2Fa.svg');
      expect(cells[cols.findIndex((c) => c.header === 'URL')], view).toBe('screenshots/not-a-picture-column');
    }
    const oh = { _id: 'SN1', serialNo: 'SN1', inventoryId: 'I1', styleName: 'Bag', name: 'Bag', description: 'Bag', price: 1, customerId: 'C', customerName: 'R', image: 'https://cdn.example/a.jpg' };
    const ohCols = columnsOf('all_oh', link);
    expect(rowCells(ohCols, oh)[ohCols.findIndex((c) => c.header === 'Product Image')]).toBe('https://cdn.example/a.jpg');
    // Without a linker the picture is written as stored.
    expect(rowCells(columnsOf('products'), p).at(-1)).toBe('screenshots/product/s/2026-11-16/a.svg');
  });
});

describe('fillCells: the writer\'s reused row', () => {
  it('holds the safe cells of rowCells, empty ones left out, in the same array row after row', () => {
    const cols = columnsOf('products');
    const into: ReturnType<typeof fillCells> = [];
    const a = productScrape({ _id: 'a', style_number: '=A1', name: '-x', brand_sku: '', price: null, oh_map_id: '' });
    expect(fillCells(cols, a, into)).toBe(into);
    expect(into).toEqual(rowCells(cols, a).map((c) => (c === null || c === '' ? undefined : c)));
    expect(into.slice(0, 4)).toEqual(["'-x", undefined, "'=A1", undefined]);
    const b = productScrape({ _id: 'b', style_number: 'B2', brand_sku: '@b', price: 5 });
    fillCells(cols, b, into);
    expect(into.slice(0, 4)).toEqual(['Bag B2', 5, 'B2', "'@b"]);
    expect(into).toHaveLength(cols.length);
  });
});

describe('names', () => {
  it('names a file by retailer, tab and scan date, without characters a file system refuses', () => {
    expect(exportFileName('Harrowgate & Finch', tabTitle({ view: 'price_diff' }), '2026-11-16')).toBe('Harrowgate & Finch - Price Issues - 2026-11-16.xlsx');
    expect(exportFileName('A/B:C', tabTitle({ view: 'products', mapped: false }), '2026-11-16')).toBe('A-B-C - ALL SCRAPED (NOT Mapped) - 2026-11-16.xlsx');
    expect(tabTitle({ view: 'all_oh', mapped: true, search: 'sn1' })).toBe('All OH (search sn1)');
    expect(exportFileName('x'.repeat(300), 'T', 'd').length).toBe(155);
  });

  it('gives the name in both Content-Disposition forms and a valid sheet name', () => {
    expect(contentDisposition('Lumière - All OH - 2026-11-16.xlsx')).toBe(
      `attachment; filename="Lumiere - All OH - 2026-11-16.xlsx"; filename*=UTF-8''Lumi%C3%A8re%20-%20All%20OH%20-%202026-11-16.xlsx`,
    );
    expect(sheetName('OH (NOT Scraped) [x]: a/b')).toBe('OH (NOT Scraped) -x-- a-b');
    expect(sheetName('ALL SCRAPED (NOT Mapped) (search something long)').length).toBe(31);
  });

  it('writes a flag as its reasons and comment, and nothing for an unflagged product', () => {
    const flagged = productScrape({ _id: 'x', style_number: 's', isFlagged: 'yes', flagMessage: { reason: [{ name: 'Price', value: 'Wrong price' }, { name: 'Image Issues', value: true }], message: '<p>Shown at <b>old</b> price</p>' } });
    expect(flagReason(flagged)).toBe('Price: Wrong price; Image Issues — Shown at old price');
    expect(flagReason({ ...flagged, isFlagged: 'no' })).toBe('');
  });
});
