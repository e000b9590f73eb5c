/** The pure parts of the contacts import: file type by bytes, the zip checks, CSV delimiters, cells, store names, rows. */
import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvLine } from '../../../functions/contacts-import/domain/csv-out';
import { detectType, FileCheckError, zipEntries } from '../../../functions/contacts-import/domain/file-check';
import { cellText, csvDelimiter, parseContactsFile } from '../../../functions/contacts-import/domain/parse';
import { checkRow, columnsOf, storeIndex } from '../../../functions/contacts-import/domain/rows';
import { CONTACTS_IO_LIMITS } from '../../../shared/schemas/contacts-import';
import { makeZip } from '../../support/zip';

const refused = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return e instanceof FileCheckError ? e.message : `not a FileCheckError: ${String(e)}`;
  }
  return 'accepted';
};
const base = [
  { name: '[Content_Types].xml', data: Buffer.from('<Types/>') },
  { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
];

describe('detectType and zipEntries', () => {
  it('tells csv from xlsx by the bytes and refuses programs, binary and other zips', () => {
    expect(detectType(Buffer.from('a,b\n1,2\n'))).toBe('csv');
    expect(detectType(Buffer.from(`${CSV_BOM}Prénom;Nom\n`))).toBe('csv');
    expect(detectType(makeZip(base))).toBe('xlsx');
    expect(refused(() => detectType(Buffer.from('MZ\x90\x00', 'latin1')))).toBe('fileType');
    expect(refused(() => detectType(Buffer.from([0xff, 0xfe, 0x41, 0x00])))).toBe('fileType');
    expect(refused(() => detectType(makeZip([{ name: 'word/document.xml', data: Buffer.from('x') }])))).toBe('fileType');
    expect(refused(() => detectType(Buffer.alloc(0)))).toBe('noHeaders');
  });

  it('refuses too much declared data, a lying entry, and a local entry hidden before the directory', () => {
    const limits = { ...CONTACTS_IO_LIMITS, maxUncompressedBytes: 1000 };
    expect(refused(() => zipEntries(makeZip([...base, { name: 'big', data: Buffer.alloc(2000) }]), limits))).toBe('zipTooLarge');
    expect(refused(() => zipEntries(makeZip([...base, { name: 'liar', data: Buffer.alloc(5000), declaredSize: 10 }])))).toBe('zipTooLarge');
    const zip = makeZip(base);
    const hidden = makeZip([{ name: 'hidden', data: Buffer.from('evil') }]);
    // A local entry (without its directory) put in front: every central offset is now off by its length.
    const localOnly = hidden.subarray(0, 30 + 'hidden'.length + hidden.readUInt32LE(18));
    expect(refused(() => zipEntries(Buffer.concat([localOnly, zip])))).toBe('badXlsx');
    expect(zipEntries(zip).map((e) => e.name)).toEqual(['[Content_Types].xml', 'xl/workbook.xml']);
  });
});

describe('parsing', () => {
  it('finds the delimiter of the header line outside quotes', () => {
    expect(csvDelimiter('a;b;"c,d"\n1,2,3')).toBe(';');
    expect(csvDelimiter('a,b\n')).toBe(',');
    expect(csvDelimiter('a\tb\tc\n')).toBe('\t');
    expect(csvDelimiter('single\n')).toBe(',');
  });

  it('reads cells of rich text, hyperlinks, formulas and dates as text', () => {
    expect(cellText({ richText: [{ text: 'Ann' }, { text: 'e' }] })).toBe('Anne');
    expect(cellText({ text: 'a@b.test', hyperlink: 'mailto:a@b.test' })).toBe('a@b.test');
    expect(cellText({ formula: 'A1', result: 42 })).toBe('42');
    expect(cellText(new Date('2026-01-02T00:00:00Z'))).toBe('2026-01-02');
    expect(cellText(null)).toBe('');
  });

  it('skips blank lines, pads short rows and refuses more rows than allowed', async () => {
    const parsed = await parseContactsFile(Buffer.from('\uFEFFA;B;C\r\n\r\n1;2\r\n;;\r\n"x;y";"q""";z\r\n'));
    expect(parsed).toEqual({ type: 'csv', headers: ['A', 'B', 'C'], rows: [['1', '2', ''], ['x;y', 'q"', 'z']] });
    await expect(parseContactsFile(Buffer.from('A\n1\n2\n3\n'), { ...CONTACTS_IO_LIMITS, maxRows: 2 })).rejects.toThrow('tooManyRows');
  });
});

describe('rows', () => {
  const stores = storeIndex(
    [
      { retailer: 'r1', flag: true },
      { retailer: 'r2', flag: false },
      { retailer: 'r3' },
      { retailer: 'r4' },
    ],
    new Map([
      ['r1', 'Maison Lumière'],
      ['r2', 'Off Store'],
      ['r3', 'Twin'],
      ['r4', 'twin'],
    ]),
  );
  const cols = columnsOf(['F', 'L', 'E', 'S', 'R'], { firstName: 'F', lastName: 'L', email: 'E', retailer: 'S', role: 'R' });

  it('maps the rules to columns, or names the missing header', () => {
    expect(cols).toEqual({ columns: { firstName: 0, lastName: 1, email: 2, retailer: 3, role: 4 } });
    expect(columnsOf(['F'], { firstName: 'F', lastName: 'X', email: 'F', retailer: 'F', role: 'F' })).toEqual({ missing: 'X' });
  });

  it('resolves a store by its exact name, case and outer spaces aside, never a look-alike', () => {
    if (!('columns' in cols)) throw new Error('no columns');
    const row = (store: string) => checkRow(['Ann', 'Lee', 'ann@x.test', store, 'Buyer'], cols.columns, stores);
    expect(row('  maison LUMIÈRE ')).toMatchObject({ ok: true, contact: { retailer: 'r1' }, key: 'r1\nann@x.test' });
    for (const s of ['Maison Lumiere', 'Maison  Lumière', 'Mаison Lumière', 'Maison\u200bLumière']) expect(row(s), s).toMatchObject({ ok: false, reasons: [`Store Name "${s}" is not a retailer of the brand.`] });
    expect(row('Off Store')).toMatchObject({ ok: false, reasons: ['Store Name "Off Store" is switched off for the brand.'] });
    expect(row('TWIN')).toMatchObject({ ok: false, reasons: ['Store Name "TWIN" names more than one retailer of the brand.'] });
    expect(checkRow(['', '', 'nope', '', ''], cols.columns, stores)).toMatchObject({ ok: false, reasons: expect.arrayContaining(['First name is required.', 'Invalid Email Address', 'Store Name is required.']) });
  });

  it('writes CSV lines quoted where needed and safe from formulas', () => {
    expect(csvLine(['=1+2', 'a,b', 'say "hi"', -3, null, '@x', 'plain'])).toBe(`'=1+2,"a,b","say ""hi""",-3,,'@x,plain\r\n`);
  });
});
