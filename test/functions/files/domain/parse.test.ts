import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  MAX_KEPT_ISSUES,
  MAX_ROW_CHARS,
  RobotFileError,
  parseRobotFile,
  robotFileFormatOf,
} from '../../../../functions/files/domain/parse.js';
import { BAD_JSON_LINES, chunks, parseError, product } from './parse-fixtures.js';

/** Bytes streamed in chunks of `size` (cuts multi-byte characters on purpose). */
const chunked = (bytes: Buffer, size: number): Readable => Readable.from(chunks(bytes, size));

describe('parseRobotFile: CSV', () => {
  it('returns trimmed rows keyed by canonical column names, and stats', async () => {
    const csv = '\uFEFF style number , Name ,Price,Colour\r\nA1, Bag ,"1,450.00",red\r\n\r\nB2,"Tote, large",980,\r\n';
    const { rows, stats } = await parseRobotFile(csv, product);
    expect(rows).toEqual([
      { 'Style Number': 'A1', Name: 'Bag', Price: '1,450.00', Colour: 'red' },
      { 'Style Number': 'B2', Name: 'Tote, large', Price: '980', Colour: '' },
    ]);
    expect(stats.format).toBe('csv');
    expect(stats.rowCount).toBe(2);
    expect(stats.columns).toEqual(['Style Number', 'Name', 'Price', 'Colour']);
    expect(stats.unknownColumns).toEqual(['Colour']);
    expect(stats.missingColumns).toContain('Image URLs');
    expect(stats.missingColumns).not.toContain('Price');
    expect(stats.lineCount).toBe(4);
    expect(stats.byteCount).toBe(Buffer.byteLength(csv));
  });

  it('keeps quoted line breaks and doubled quotes, and skips rows whose values are all empty', async () => {
    const csv = 'Style Number,Description\nA,"two\nlines"\n,\n  ,  \nB,"a ""quoted"" word"\n';
    const { rows, stats } = await parseRobotFile(csv, product);
    expect(rows).toEqual([
      { 'Style Number': 'A', Description: 'two\nlines' },
      { 'Style Number': 'B', Description: 'a "quoted" word' },
    ]);
    expect(stats.skippedBlankRows).toBe(2);
  });

  it('reads mixed line ends and counts lines across them', async () => {
    const csv = 'Style Number,Name\r\nA,x\nB,y\rC,z\r\nA,dup\n';
    const err = await parseError(csv);
    expect(err.issues).toEqual([
      { code: 'DUPLICATE_KEY', line: 5, message: 'Line 5: Style Number "A" appears again (first on line 2).' },
    ]);
    const { rows } = await parseRobotFile(csv.replace('A,dup', 'D,w'), product);
    expect(rows.map((r) => r['Name'])).toEqual(['x', 'y', 'z', 'w']);
  });

  it('gives the same rows from a stream of tiny chunks that cut UTF-8 characters', async () => {
    const csv = 'Style Number,Name\r\nA,Étoile Pendant\r\nB,Carré 90 Jardin ✓\r\nC,"Chaîne\r\nbracelet"\r\nA,again\r\n';
    const fixed = csv.replace('A,again', 'D,ok');
    const whole = await parseRobotFile(fixed, product);
    const streamed = await parseRobotFile(chunked(Buffer.from(fixed), 3), product);
    expect(streamed.rows).toEqual(whole.rows);
    expect(streamed.rows[1]).toEqual({ 'Style Number': 'B', Name: 'Carré 90 Jardin ✓' });
    expect(streamed.rows[2]).toEqual({ 'Style Number': 'C', Name: 'Chaîne\r\nbracelet' });
    for (const size of [1, 2, 3, 5, 7]) {
      const err = await parseError(chunked(Buffer.from(csv), size));
      expect(err.issues).toEqual([
        { code: 'DUPLICATE_KEY', line: 6, message: 'Line 6: Style Number "A" appears again (first on line 2).' },
      ]);
    }
  });

  it('accepts a header-only file as a file with no rows', async () => {
    const { rows, stats } = await parseRobotFile('Style Number,Name,Price\n', product);
    expect(rows).toEqual([]);
    expect(stats.rowCount).toBe(0);
    expect(stats.columns).toEqual(['Style Number', 'Name', 'Price']);
  });

  it('uses the key column of the type', async () => {
    const { rows } = await parseRobotFile('Primary Menu,Sub Menu\nWomen,Bags|Shoes\n', { type: 'homepage' });
    expect(rows).toEqual([{ 'Primary Menu': 'Women', 'Sub Menu': 'Bags|Shoes' }]);
    const err = await parseError('Primary Menu,Sub Menu\nWomen,Bags\n', { type: 'brand' });
    expect(err.code).toBe('MISSING_KEY_COLUMN');
  });

  it('parses 100k rows in well under the time a Lambda has', async () => {
    const lines = ['Style Number,Name,Brand,Brand SKU,Price,Description,Image URLs,Product URL,Screenshot,Shoppability'];
    for (let i = 0; i < 100_000; i++) {
      lines.push(`S${i},Name ${i},Maison Aurelle,MA-${i},${100 + (i % 900)}.00,"Desc, ${i}",https://c/${i}.jpg|https://c/${i}b.jpg,https://s/${i},https://x/${i}.png,In stock`);
    }
    const started = performance.now();
    const { stats, rows } = await parseRobotFile(lines.join('\n'), product);
    const ms = performance.now() - started;
    expect(stats.rowCount).toBe(100_000);
    expect(rows[99_999]?.['Description']).toBe('Desc, 99999');
    expect(ms).toBeLessThan(20_000); // ~1 s when the machine is idle; this only guards against a quadratic slip
  });
});

describe('parseRobotFile: refused CSV files', () => {
  it('refuses an empty or whitespace-only file', async () => {
    for (const source of ['', '\n\n  \n', '\uFEFF', Buffer.alloc(0), Readable.from([])]) {
      const err = await parseError(source);
      expect(err.code).toBe('EMPTY_FILE');
      expect(err.message).toMatch(/^The file is empty: a product file starts with a header line/);
    }
  });

  it('names the missing key column and what was found', async () => {
    const err = await parseError('\nName,Price\nBag,10\n');
    expect(err.code).toBe('MISSING_KEY_COLUMN');
    expect(err.line).toBe(2);
    expect(err.message).toBe(
      'Line 2: the header has no "Style Number" column, which every product file needs (found: Name, Price).',
    );
  });

  it('refuses duplicate and empty header names', async () => {
    const err = await parseError('Style Number,Price,,price\nA,1,2,3\n');
    expect(err.issues.map((i) => i.code)).toEqual(['BAD_HEADER', 'DUPLICATE_COLUMN']);
    expect(err.issues[0]?.message).toBe('Line 1: column 3 of the header has no name.');
    expect(err.issues[1]?.message).toBe('Line 1: column "Price" appears twice in the header (columns 2 and 4).');
  });

  it('reports ragged rows, empty and duplicate keys with exact physical line numbers', async () => {
    const csv = [
      'Style Number,Name,Description', // 1
      'A,Bag,"spans', // 2
      'two lines"', // 3
      'B,Tote', // 4: ragged
      '', // 5
      'A,Again,x', // 6: duplicate of line 2
      ',No key,x', // 7
      'C,Ok,"a,b",extra', // 8: ragged
    ].join('\n');
    const err = await parseError(csv);
    expect(err.code).toBe('RAGGED_ROW');
    expect(err.issueCount).toBe(4);
    expect(err.issues.map((i) => [i.code, i.line])).toEqual([
      ['RAGGED_ROW', 4],
      ['DUPLICATE_KEY', 6],
      ['EMPTY_KEY', 7],
      ['RAGGED_ROW', 8],
    ]);
    expect(err.issues[0]?.message).toBe(
      'Line 4: expected 3 values (one per header column) but found 2; a value containing a comma must be in double quotes.',
    );
    expect(err.issues[1]?.message).toBe('Line 6: Style Number "A" appears again (first on line 2).');
    expect(err.issues[2]?.message).toBe('Line 7: the Style Number is empty; every row needs one.');
    expect(err.message).toMatch(/^The file has 4 problems\. Line 4: expected 3 values/);
  });

  it('counts every problem but keeps and lists only the first ones', async () => {
    const lines = ['Style Number,Name'];
    for (let i = 0; i < 50; i++) lines.push(`K${i},x,extra`);
    const err = await parseError(lines.join('\n'));
    expect(err.issueCount).toBe(50);
    expect(err.issues).toHaveLength(MAX_KEPT_ISSUES);
    expect(err.issues[0]?.line).toBe(2);
    expect(err.message).toMatch(/^The file has 50 problems\. Line 2: .* And 45 more\.$/);
  });

  it('reports an unclosed quote at the line where the quoted value starts', async () => {
    const csv = 'Style Number,Name\r\nA,"fine\r\nstill fine"\r\nB,"never closed\r\nC,x\r\nD,y\r\n';
    for (const source of [csv, chunked(Buffer.from(csv), 4)]) {
      const err = await parseError(source);
      expect(err.code).toBe('MALFORMED_CSV');
      expect(err.line).toBe(4);
      expect(err.message).toBe(
        'Line 4: a double-quoted value that starts on this line is never closed; check for a stray double quote (").',
      );
    }
  });

  it('stops at a row that runs past the size limit (a quote left open in a big file)', async () => {
    const csv = `Style Number,Name\nA,ok\nB,"open ${'x'.repeat(MAX_ROW_CHARS)}\nC,z\n`;
    const err = await parseError(csv);
    expect(err.code).toBe('MALFORMED_CSV');
    expect(err.line).toBe(3);
    expect(err.message).toBe(
      'Line 3: this row is longer than 1,000,000 characters, which means a double-quoted value that starts here is never closed.',
    );
  });

  it('keeps stray quotes as text, and catches the commas they let through as ragged rows', async () => {
    const { rows } = await parseRobotFile('Style Number,Name\nA,13" laptop tote\nB,"x"y\n', product);
    expect(rows.map((r) => r['Name'])).toEqual(['13" laptop tote', '"x"y']);
    const err = await parseError('Style Number,Name\nA,ok\nB,"x"y,z\n');
    expect(err.code).toBe('RAGGED_ROW');
    expect(err.line).toBe(3);
  });

  it('refuses Latin-1 bytes with the line they are on, even across chunk boundaries', async () => {
    const latin1 = Buffer.concat([
      Buffer.from('Style Number,Name\nA,ok\nB,caf'),
      Buffer.from([0xe9]),
      Buffer.from('\nC,ok\n'),
    ]);
    for (const source of [latin1, chunked(latin1, 5)]) {
      const err = await parseError(source);
      expect(err.code).toBe('INVALID_ENCODING');
      expect(err.line).toBe(3);
      expect(err.message).toBe(
        'Line 3: byte 0xE9 is not UTF-8 text (a file saved as Latin-1 / Windows-1252?). Save it as UTF-8 ("CSV UTF-8" in Excel).',
      );
    }
  });

  it('refuses a file that ends inside a UTF-8 character', async () => {
    const err = await parseError(Buffer.concat([Buffer.from('Style Number,Name\nA,caf'), Buffer.from([0xc3])]));
    expect(err.code).toBe('INVALID_ENCODING');
    expect(err.line).toBe(2);
  });

  it('recognises spreadsheets, archives, UTF-16 and binary data', async () => {
    const xlsx = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]);
    expect((await parseError(xlsx)).message).toBe(
      'The file is a ZIP archive (an Excel .xlsx workbook?), not a CSV or JSON lines text file. Export it as "CSV UTF-8".',
    );
    const gzip = Buffer.from([0x1f, 0x8b, 0x08, 0x00]);
    expect((await parseError(gzip)).code).toBe('BINARY_FILE');
    const utf16 = Buffer.from('\uFEFFStyle Number\n', 'utf16le');
    const err16 = await parseError(utf16);
    expect(err16.code).toBe('INVALID_ENCODING');
    expect(err16.message).toMatch(/UTF-16/);
    const nul = Buffer.concat([Buffer.from('Style Number,Name\nA,b\nC,'), Buffer.from([0x00, 0x01]), Buffer.from('\n')]);
    const errNul = await parseError(nul);
    expect(errNul.code).toBe('BINARY_FILE');
    expect(errNul.line).toBe(3);
    const garbage = Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 131 + 7) % 256));
    expect(['BINARY_FILE', 'INVALID_ENCODING']).toContain((await parseError(garbage)).code);
  });

  it('refuses file extensions other than CSV and JSON lines', async () => {
    const err = await parseError('Style Number\nA\n', { type: 'product', fileName: 'incoming/product/x/2025-01-06/p.xlsx' });
    expect(err.code).toBe('UNSUPPORTED_FORMAT');
    expect(err.message).toBe('Robot files must be CSV (.csv) or JSON lines (.jsonl, .ndjson), not .xlsx.');
  });

  it('lets errors of the source itself through unchanged (they are worth a retry)', async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.from('Style Number,Name\nA,b\n');
      throw new Error('socket hang up');
    }
    await expect(parseRobotFile(failing(), product)).rejects.toThrow('socket hang up');
    await expect(parseRobotFile(failing(), product)).rejects.not.toBeInstanceOf(RobotFileError);
  });
});

describe('parseRobotFile: JSON lines', () => {
  it('reads one object per line, joins lists with pipes and fills missing fields', async () => {
    const jsonl = [
      '{"Style Number": "A1", "Name": " Bag ", "Price": 1450, "Image URLs": ["a.jpg", "b.jpg"], "In Stock": true}',
      '',
      '{"style number": "B2", "Name": "Tote", "Price": null, "Colour": "red"}',
    ].join('\r\n');
    const { rows, stats } = await parseRobotFile(jsonl, { type: 'product', fileName: 'x/2025-01-06/p.jsonl' });
    expect(stats.format).toBe('jsonl');
    expect(stats.columns).toEqual(['Style Number', 'Name', 'Price', 'Image URLs', 'In Stock', 'Colour']);
    expect(rows).toEqual([
      { 'Style Number': 'A1', Name: 'Bag', Price: '1450', 'Image URLs': 'a.jpg|b.jpg', 'In Stock': 'true', Colour: '' },
      { 'Style Number': 'B2', Name: 'Tote', Price: '', Colour: 'red', 'Image URLs': '', 'In Stock': '' },
    ]);
    expect(stats.lineCount).toBe(3);
  });

  it('reports bad lines with their line numbers', async () => {
    const jsonl = BAD_JSON_LINES;
    const err = await parseError(jsonl, { type: 'product', format: 'jsonl' });
    expect(err.issues.map((i) => [i.code, i.line])).toEqual([
      ['MALFORMED_JSON', 2],
      ['MALFORMED_JSON', 3],
      ['DUPLICATE_KEY', 4],
      ['EMPTY_KEY', 5],
      ['MALFORMED_JSON', 6],
    ]);
    expect(err.issues[0]?.message).toMatch(/^Line 2: not valid JSON \(/);
    expect(err.issues[1]?.message).toBe('Line 3: each line must be one JSON object ({"column": "value", ...}).');
    expect(err.issues[4]?.message).toBe(
      'Line 6: "Details" holds an object; a value must be text, a number, true/false, null or a list of those.',
    );
  });

  it('refuses an empty JSON lines file', async () => {
    const err = await parseError('\n \n', { type: 'brand', format: 'jsonl' });
    expect(err.code).toBe('EMPTY_FILE');
    expect(err.message).toBe('The file is empty: a brand file has one JSON object per line, each with a "Brand ID".');
  });

  it('reads JSON lines streamed in chunks', async () => {
    const jsonl = '{"Brand ID": "ma", "Brand Name": "Maison Aurelle", "Description": "Façonné à Paris"}\n';
    const { rows } = await parseRobotFile(chunked(Buffer.from(jsonl), 4), { type: 'brand', format: 'jsonl' });
    expect(rows).toEqual([{ 'Brand ID': 'ma', 'Brand Name': 'Maison Aurelle', Description: 'Façonné à Paris' }]);
  });
});

describe('robotFileFormatOf', () => {
  it('maps extensions to formats', () => {
    expect(robotFileFormatOf('incoming/product/hf/2025-02-03/hf-products.csv')).toBe('csv');
    expect(robotFileFormatOf('a.JSONL')).toBe('jsonl');
    expect(robotFileFormatOf('a.ndjson')).toBe('jsonl');
    expect(robotFileFormatOf('a.xlsx')).toBeUndefined();
    expect(robotFileFormatOf('no-extension')).toBeUndefined();
  });
});
