/**
 * The fast CSV path (csv-records.ts) against csv-parse, its reference: the same records and the
 * same errors on generated files, cut into chunks every which way; and parseRobotFile with and
 * without it: the same rows, stats and RobotFileErrors.
 */
import { Readable } from 'node:stream';
import { CsvError, parse as csvParse } from 'csv-parse';
import { describe, expect, it } from 'vitest';
import { CSV_OPTIONS, CsvRecords, FAST_RECORD_BYTES } from '../../../../functions/files/domain/csv-records.js';
import { RobotFileError, parseRobotFile } from '../../../../functions/files/domain/parse.js';
import { prng } from '../../../../infra/local/prng';

interface Outcome {
  records: string[][];
  error?: string;
}

/** csv-parse alone on the whole input. */
async function reference(bytes: Buffer): Promise<Outcome> {
  const records: string[][] = [];
  const parser = csvParse(CSV_OPTIONS);
  parser.on('data', (record: string[]) => records.push(record));
  const done = new Promise<void>((resolve, reject) => {
    parser.once('end', resolve);
    parser.once('error', reject);
  });
  parser.end(bytes);
  try {
    await done;
    return { records };
  } catch (err) {
    return { records, error: err instanceof CsvError ? err.code : String(err) };
  }
}

/** The fast path (handing over to csv-parse when it must), fed `parts` one by one. */
async function fast(parts: readonly Buffer[]): Promise<Outcome & { handedOver: boolean }> {
  const records: string[][] = [];
  const reader = new CsvRecords({ onRecord: (record) => records.push(record), linesSoFar: () => 0 });
  try {
    for (const part of parts) await reader.write(part);
    await reader.end();
    return { records, handedOver: reader.handedOver };
  } catch (err) {
    return { records, handedOver: reader.handedOver, error: err instanceof CsvError ? err.code : String(err) };
  } finally {
    reader.destroy();
  }
}


function cut(bytes: Buffer, random: () => number, mode: number): Buffer[] {
  if (mode === 0) return [bytes];
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; ) {
    const size = mode === 1 ? 1 : mode === 4 ? 4096 : 1 + Math.floor(random() * (mode === 2 ? 8 : 200));
    parts.push(bytes.subarray(i, i + size));
    i += size;
  }
  return parts;
}

/** A CSV file as a robot might write it, with the odd fault when `faults`. */
function generated(random: () => number, faults: boolean): string {
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const plain = ['a', 'Bag', 'Étoile ✓', '1450.00', ' spaced ', 'x|y', '', 'https://c/1.jpg'];
  const quoted = ['"a,b"', '"two\nlines"', '"crlf\r\ninside"', '"cr\ronly"', '"say ""hi"""', '""', '""""', '"1,450.00"', '"✓, é"'];
  const stray = ['13" tote', '"x"y', '"a" ', 'a"b"', '"open', '" lead'];
  const ends = ['\n', '\r\n', '\r'];
  const width = 1 + Math.floor(random() * 4);
  const lines: string[] = [];
  const rows = Math.floor(random() * 12);
  for (let r = 0; r <= rows; r++) {
    if (random() < 0.08) {
      lines.push('');
      continue;
    }
    const w = faults && random() < 0.1 ? width + (random() < 0.5 ? -1 : 1) : width;
    const fields: string[] = [];
    for (let f = 0; f < w; f++) {
      const roll = random();
      if (faults && roll < 0.04) fields.push(pick(stray));
      else if (faults && roll < 0.05) fields.push(`"${'z'.repeat(FAST_RECORD_BYTES + 10)}"`);
      else if (roll < 0.4) fields.push(pick(quoted));
      else fields.push(pick(plain));
    }
    lines.push(fields.join(','));
  }
  let text = '';
  for (const line of lines) text += line + pick(ends);
  if (random() < 0.3) text = text.replace(/(\r\n|\n|\r)$/, ''); // no line end at the end
  if (random() < 0.1) text += ','; // a trailing comma
  if (random() < 0.2) text = '\uFEFF' + text;
  return text;
}

describe('CsvRecords: the same records and errors as csv-parse', () => {
  it('on hand-picked edge cases, however they are cut', async () => {
    const cases = [
      '',
      '\uFEFF',
      '\uFEFFa',
      'a',
      'a\n',
      '\n',
      '\n\n',
      '\r\n\r\n',
      '\r',
      'a,b,',
      'a,b,\n',
      ',',
      '""',
      '"",""\n',
      '"a""b",c\r\nd',
      '"a\r\nb"\r"c\rd"\n"e\nf"',
      '"unclosed',
      'a\n"unclosed\nb\n',
      'a,"x"y,b\nc,d\n',
      'a,13" tote\nc,d\n',
      '"a" ,b\n',
      '"a"\r',
      'a\r',
      '"a"',
      '"a""',
      '\uFEFF"quoted header",b\nx,y',
      '\uFEFF\uFEFFa\n',
      `a,"${'y'.repeat(FAST_RECORD_BYTES)}"\nb,c\n`,
      `a,${'y'.repeat(FAST_RECORD_BYTES)}\nb,c\n`,
      `a,"open ${'y'.repeat(1_000_100)}\nb,c\n`,
      `a,"${'y'.repeat(1_000_100)}"\nb,c\n`,
    ];
    const random = prng(1);
    for (const text of cases) {
      const bytes = Buffer.from(text);
      const expected = await reference(bytes);
      for (const mode of bytes.length > 20_000 ? [0, 3, 4] : [0, 1, 2, 3]) {
        const got = await fast(cut(bytes, random, mode));
        expect({ records: got.records, error: got.error }, `${JSON.stringify(text.slice(0, 40))} cut ${mode}`).toEqual(expected);
      }
    }
  });

  it('on generated files with and without faults', async () => {
    const random = prng(20250203);
    let handedOver = 0;
    let clean = 0;
    for (let round = 0; round < 600; round++) {
      const faults = round % 2 === 1;
      const bytes = Buffer.from(generated(random, faults));
      const expected = await reference(bytes);
      // (Byte by byte, a record of FAST_RECORD_BYTES is copied once per byte: slow, and no news.)
      for (const mode of bytes.length > 20_000 ? [0, 3] : [0, 1, 2, 3]) {
        const got = await fast(cut(bytes, random, mode));
        expect({ records: got.records, error: got.error }, `round ${round} cut ${mode}: ${JSON.stringify(bytes.toString().slice(0, 200))}`).toEqual(expected);
        if (got.handedOver) handedOver++;
        else clean++;
      }
    }
    // Both paths were exercised.
    expect(handedOver).toBeGreaterThan(100);
    expect(clean).toBeGreaterThan(1000);
  });

  it('keeps to the fast path on a well-formed file', async () => {
    const text = 'Style Number,Name,Description\r\nA,"Tote, large","two\nlines ""quoted"""\r\nB,Bag,\r\n';
    const got = await fast([Buffer.from(text)]);
    expect(got.handedOver).toBe(false);
    expect(got.records).toEqual([
      ['Style Number', 'Name', 'Description'],
      ['A', 'Tote, large', 'two\nlines "quoted"'],
      ['B', 'Bag', ''],
    ]);
  });
});

describe('parseRobotFile: the same with and without the fast path', () => {
  async function outcome(text: string, fastCsv: boolean, parts?: Buffer[]) {
    try {
      const { rows, stats } = await parseRobotFile(parts ? Readable.from(parts) : text, { type: 'product', fastCsv });
      return { rows, stats };
    } catch (err) {
      if (!(err instanceof RobotFileError)) throw err;
      return { error: { message: err.message, code: err.code, line: err.line, issues: err.issues, issueCount: err.issueCount } };
    }
  }

  it('on generated robot files', async () => {
    const random = prng(7);
    for (let round = 0; round < 300; round++) {
      const body = generated(random, round % 2 === 1);
      const header = ['Style Number', 'Name', 'Description', 'Price'].slice(0, 1 + Math.floor(random() * 4)).join(',');
      const text = `${header}\n${body}`;
      const expected = await outcome(text, false);
      expect(await outcome(text, true), `round ${round}`).toEqual(expected);
      expect(await outcome(text, true, cut(Buffer.from(text), random, 3)), `round ${round}, cut`).toEqual(expected);
    }
  });
});
