/**
 * parseRobotFileRows, the streaming form of the parser: the same rows, stats and errors as
 * parseRobotFile, batch by batch, and never a row after the file has shown a problem.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  MAX_ROW_CHARS,
  type ParseRobotFileOptions,
  type RobotFileSource,
  RobotFileError,
  parseRobotFile,
  parseRobotFileRows,
} from '../../../../functions/files/domain/parse.js';
import type { RobotRow } from '../../../../functions/files/domain/robot-types.js';
import { BAD_JSON_LINES, chunks, parseError, product } from './parse-fixtures.js';

/** A fresh source for each parse: the text whole, or streamed in chunks of `size` bytes. */
type Make = () => RobotFileSource;
function sources(content: string | Buffer): Array<[string, Make]> {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  const sizes = bytes.length > 100_000 ? [4096, 65_536] : [1, 3, 7, 64];
  return [
    ['whole', () => content],
    ...sizes.map((size): [string, Make] => [`chunks of ${size}`, () => Readable.from(chunks(bytes, size))]),
  ];
}

interface Streamed {
  rows: RobotRow[];
  batches: number;
  error?: unknown;
  stats: ReturnType<typeof parseRobotFileRows>['stats'];
}

async function stream(source: RobotFileSource, options: ParseRobotFileOptions = product): Promise<Streamed> {
  const parsed = parseRobotFileRows(source, options);
  const out: Streamed = { rows: [], batches: 0, stats: undefined };
  try {
    for await (const batch of parsed) {
      expect(batch.length).toBeGreaterThan(0);
      out.batches++;
      out.rows.push(...batch);
    }
  } catch (err) {
    out.error = err;
  }
  out.stats = parsed.stats;
  return out;
}

const GOOD_FILES: Array<[string, string, ParseRobotFileOptions]> = [
  ['CSV with BOM, CRLF, quotes, blank rows', '\uFEFF style number , Name ,Price,Colour\r\nA1, Bag ,"1,450.00",red\r\n\r\nB2,"Tote, large",980,\r\n', product],
  ['CSV with quoted line breaks and mixed line ends', 'Style Number,Description\nA,"two\nlines"\n,\n  ,  \nB,"a ""quoted"" word"\rC,x\r\nD,"Chaîne\r\nbracelet ✓"\n', product],
  ['CSV with stray quotes kept as text', 'Style Number,Name\nA,13" laptop tote\nB,"x"y\n', product],
  ['header-only CSV', 'Style Number,Name,Price\n', product],
  ['homepage CSV', 'Primary Menu,Sub Menu\nWomen,Bags|Shoes\nMen,Ties\n', { type: 'homepage' }],
  [
    'JSON lines with lists and columns appearing later',
    [
      '{"Style Number": "A1", "Name": " Bag ", "Price": 1450, "Image URLs": ["a.jpg", "b.jpg"], "In Stock": true}',
      '',
      '{"style number": "B2", "Name": "Tote", "Price": null, "Colour": "red"}',
    ].join('\r\n'),
    { type: 'product', format: 'jsonl' },
  ],
];

describe('parseRobotFileRows: valid files', () => {
  it.each(GOOD_FILES)('%s: the same rows and stats as parseRobotFile, however the bytes come', async (_name, content, options) => {
    const expected = await parseRobotFile(content, options);
    for (const [how, make] of sources(content)) {
      const got = await stream(make(), options);
      expect(got.error, how).toBeUndefined();
      expect(got.rows, how).toEqual(expected.rows);
      // Same key order too: the pages are these rows serialized.
      expect(JSON.stringify(got.rows), how).toBe(JSON.stringify(expected.rows));
      expect(got.stats, how).toEqual(expected.stats);
    }
  });

  it('hands CSV rows over while the source is still being read, a batch per chunk', async () => {
    const lines = ['Style Number,Name'];
    for (let i = 0; i < 5_000; i++) lines.push(`S${i},Name ${i}`);
    const bytes = Buffer.from(lines.join('\n') + '\n');
    let pulled = 0;
    const parts = chunks(bytes, 4096);
    async function* source(): AsyncGenerator<Buffer> {
      for (const part of parts) {
        pulled++;
        yield part;
      }
    }
    const parsed = parseRobotFileRows(source(), product);
    const pulledAtBatch: number[] = [];
    let rows = 0;
    for await (const batch of parsed) {
      pulledAtBatch.push(pulled);
      rows += batch.length;
    }
    expect(rows).toBe(5_000);
    expect(pulledAtBatch[0]).toBe(1);
    expect(pulledAtBatch.length).toBeGreaterThan(parts.length / 2);
    expect(parsed.stats?.rowCount).toBe(5_000);
    expect(parsed.stats?.lineCount).toBe(5_001);
  });

  it('hands JSON lines rows over at the end, filled with the columns seen later', async () => {
    const jsonl = '{"Style Number": "A"}\n{"Style Number": "B", "Name": "late"}\n';
    const got = await stream(Readable.from(chunks(Buffer.from(jsonl), 5)), { type: 'product', format: 'jsonl' });
    expect(got.batches).toBe(1);
    expect(got.rows).toEqual([
      { 'Style Number': 'A', Name: '' },
      { 'Style Number': 'B', Name: 'late' },
    ]);
  });

  it('sets stats only once the whole file has been read', async () => {
    const parsed = parseRobotFileRows(Readable.from(chunks(Buffer.from('Style Number\nA\nB\n'), 4)), product);
    const iterator = parsed[Symbol.asyncIterator]();
    await iterator.next();
    expect(parsed.stats).toBeUndefined();
    while (!(await iterator.next()).done);
    expect(parsed.stats?.rowCount).toBe(2);
  });

  it('can be read once', async () => {
    const parsed = parseRobotFileRows('Style Number\nA\n', product);
    for await (const _batch of parsed);
    await expect(async () => {
      for await (const _batch of parsed);
    }).rejects.toThrow('only once');
  });

  it('stops reading the source when the caller stops early', async () => {
    let destroyed = false;
    const lines = ['Style Number'];
    for (let i = 0; i < 20_000; i++) lines.push(`S${i}`);
    const source = Readable.from(chunks(Buffer.from(lines.join('\n')), 1024));
    source.on('close', () => {
      destroyed = true;
    });
    let seen = 0;
    for await (const batch of parseRobotFileRows(source, product)) {
      seen += batch.length;
      break;
    }
    expect(seen).toBeGreaterThan(0);
    expect(seen).toBeLessThan(20_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(destroyed).toBe(true);
  });
});

/** Malformed files: the streaming form must fail exactly as the array form, with no row after the first problem. */
const BAD_FILES: Array<{ name: string; content: string | Buffer; options?: ParseRobotFileOptions; firstBad: number }> = [
  { name: 'duplicate key across mixed line ends', content: 'Style Number,Name\r\nA,x\nB,y\rC,z\r\nA,dup\nE,after\n', firstBad: 5 },
  {
    name: 'ragged rows, empty and duplicate keys',
    content: ['Style Number,Name,Description', 'A,Bag,"spans', 'two lines"', 'B,Tote', '', 'A,Again,x', ',No key,x', 'C,Ok,"a,b",extra', 'D,Fine,x'].join('\n'),
    firstBad: 4,
  },
  {
    name: 'more problems than are kept',
    content: ['Style Number,Name', 'K,ok', ...Array.from({ length: 50 }, (_, i) => `K${i},x,extra`)].join('\n'),
    firstBad: 3,
  },
  { name: 'unclosed quote', content: 'Style Number,Name\r\nA,"fine\r\nstill fine"\r\nB,"never closed\r\nC,x\r\nD,y\r\n', firstBad: 4 },
  { name: 'row past the size limit', content: `Style Number,Name\nA,ok\nB,"open ${'x'.repeat(MAX_ROW_CHARS)}\nC,z\n`, firstBad: 3 },
  { name: 'stray quotes letting a comma through', content: 'Style Number,Name\nA,ok\nB,"x"y,z\nC,ok\n', firstBad: 3 },
  {
    name: 'Latin-1 byte',
    content: Buffer.concat([Buffer.from('Style Number,Name\nA,ok\nB,caf'), Buffer.from([0xe9]), Buffer.from('\nC,ok\n')]),
    firstBad: 3,
  },
  { name: 'ends inside a UTF-8 character', content: Buffer.concat([Buffer.from('Style Number,Name\nA,caf'), Buffer.from([0xc3])]), firstBad: 2 },
  {
    name: 'NUL byte',
    content: Buffer.concat([Buffer.from('Style Number,Name\nA,b\nC,'), Buffer.from([0x00, 0x01]), Buffer.from('\n')]),
    firstBad: 3,
  },
  { name: 'xlsx', content: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00]), firstBad: 1 },
  { name: 'UTF-16', content: Buffer.from('\uFEFFStyle Number\nA\n', 'utf16le'), firstBad: 1 },
  { name: 'empty', content: '\n\n  \n', firstBad: 1 },
  { name: 'missing key column', content: '\nName,Price\nBag,10\n', firstBad: 1 },
  { name: 'duplicate and empty header names', content: 'Style Number,Price,,price\nA,1,2,3\n', firstBad: 1 },
  { name: 'unsupported extension', content: 'Style Number\nA\n', options: { type: 'product', fileName: 'p.xlsx' }, firstBad: 1 },
  {
    name: 'JSON lines with bad lines',
    content: BAD_JSON_LINES,
    options: { type: 'product', format: 'jsonl' },
    firstBad: 2,
  },
  { name: 'empty JSON lines', content: '\n \n', options: { type: 'brand', format: 'jsonl' }, firstBad: 1 },
];

describe('parseRobotFileRows: refused files', () => {
  it.each(BAD_FILES)('$name: the same RobotFileError as parseRobotFile', async ({ content, options = product, firstBad }) => {
    const expected = await parseError(content, options);
    // Rows handed over before the error all come from lines before the first problem.
    const text = Buffer.isBuffer(content) ? content.toString('latin1') : content;
    const keysBefore = new Set(
      text
        .split(/\r\n|\n|\r/)
        .slice(1, firstBad - 1)
        .map((line) => line.split(',')[0]),
    );
    for (const [how, make] of sources(content)) {
      const got = await stream(make(), options);
      expect(got.error, how).toBeInstanceOf(RobotFileError);
      const err = got.error as RobotFileError;
      expect(err.message, how).toBe(expected.message);
      expect(err.code, how).toBe(expected.code);
      expect(err.line, how).toBe(expected.line);
      expect(err.issues, how).toEqual(expected.issues);
      expect(err.issueCount, how).toBe(expected.issueCount);
      expect(got.stats, how).toBeUndefined();
      if (options.format !== 'jsonl') {
        for (const row of got.rows) expect(keysBefore.has(row['Style Number']), `${how}: ${row['Style Number']}`).toBe(true);
      } else {
        expect(got.rows, how).toEqual([]);
      }
    }
  });

  it('lets errors of the source itself through unchanged, after the rows read so far', async () => {
    async function* failing(): AsyncGenerator<Buffer> {
      yield Buffer.from('Style Number,Name\nA,b\nC,d\nE,f\n');
      throw new Error('socket hang up');
    }
    const got = await stream(failing());
    expect(got.error).toBeInstanceOf(Error);
    expect(got.error).not.toBeInstanceOf(RobotFileError);
    expect((got.error as Error).message).toBe('socket hang up');
    expect(got.rows.length).toBeGreaterThan(0);
    expect(got.rows).toEqual([{ 'Style Number': 'A', Name: 'b' }, { 'Style Number': 'C', Name: 'd' }, { 'Style Number': 'E', Name: 'f' }].slice(0, got.rows.length));
    expect(got.stats).toBeUndefined();
  });
});
