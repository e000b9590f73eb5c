/**
 * Streaming parser of robot files (CSV or JSON lines) into normalized rows.
 *
 * A bad file never crashes the caller and never yields half a result: it rejects with one
 * `RobotFileError` listing what is wrong, with physical line numbers. Any other rejection comes
 * from the source itself (e.g. an S3 read failing) and is worth a retry. Rules:
 * docs/robot-files.md.
 *
 * Two forms, one set of checks: `parseRobotFile` resolves with every row at once;
 * `parseRobotFileRows` hands rows over in batches while it reads, so a caller never holds the
 * whole file (ingest, the diff bench). Its iteration ends with the same `RobotFileError` the
 * array form rejects with, so a streaming caller must not commit anything until it has ended.
 */
import { isUtf8 } from 'node:buffer';
import { CsvError } from 'csv-parse';
import { CsvRecords, MAX_ROW_CHARS } from './csv-records.js';
import {
  type RobotRow,
  type RobotType,
  PIPE_SEPARATOR,
  canonicalColumnName,
  robotTypeDefinition,
} from './robot-types.js';

export type RobotFileFormat = 'csv' | 'jsonl';

/** A whole file, or its chunks: a Node `Readable`, an S3 `Body`, an array of strings... */
export type RobotFileSource =
  | string
  | Uint8Array
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>;

export type RobotFileErrorCode =
  | 'UNSUPPORTED_FORMAT'
  | 'EMPTY_FILE'
  | 'BINARY_FILE'
  | 'INVALID_ENCODING'
  | 'BAD_HEADER'
  | 'DUPLICATE_COLUMN'
  | 'MISSING_KEY_COLUMN'
  | 'RAGGED_ROW'
  | 'EMPTY_KEY'
  | 'DUPLICATE_KEY'
  | 'MALFORMED_CSV'
  | 'MALFORMED_JSON';

export interface RobotFileIssue {
  readonly code: RobotFileErrorCode;
  /** 1-based physical line of the file, when the problem has one. */
  readonly line?: number;
  /** A full sentence for a person, starting with `Line N:` when there is a line. */
  readonly message: string;
}

/** How many issues a `RobotFileError` keeps (all of them are counted). */
export const MAX_KEPT_ISSUES = 20;
/** How many issues the error message lists. */
const MESSAGE_ISSUES = 5;
/** A row longer than this many characters is a quote left open, not data. */
export { MAX_ROW_CHARS };

/** The file is unusable as it is; retrying will not help, the robot or its output must change. */
export class RobotFileError extends Error {
  override readonly name = 'RobotFileError';
  /** The code of the first issue. */
  readonly code: RobotFileErrorCode;
  /** The line of the first issue, if any. */
  readonly line: number | undefined;
  /** The first `MAX_KEPT_ISSUES` issues in file order. */
  readonly issues: readonly RobotFileIssue[];
  /** All issues found, including those not kept. */
  readonly issueCount: number;

  constructor(issues: readonly RobotFileIssue[], issueCount: number = issues.length) {
    super(describeIssues(issues, issueCount));
    const first = issues[0];
    this.code = first?.code ?? 'MALFORMED_CSV';
    this.line = first?.line;
    this.issues = issues.slice(0, MAX_KEPT_ISSUES);
    this.issueCount = Math.max(issueCount, issues.length);
  }
}

function describeIssues(issues: readonly RobotFileIssue[], count: number): string {
  if (issues.length === 1 && count <= 1) return issues[0]?.message ?? 'The file is not valid.';
  const shown = issues.slice(0, MESSAGE_ISSUES).map((i) => i.message);
  const more = count - shown.length;
  return `The file has ${count} problems. ${shown.join(' ')}${more > 0 ? ` And ${more} more.` : ''}`;
}

export interface ParseStats {
  readonly format: RobotFileFormat;
  /** Data rows kept (blank rows are not counted). */
  readonly rowCount: number;
  /** Column names in file order (CSV header order; JSON lines: order of first appearance). */
  readonly columns: readonly string[];
  /** Documented columns of the type that the file lacks (their cells read as ''). */
  readonly missingColumns: readonly string[];
  /** Columns the file has that the type does not document (kept as they are). */
  readonly unknownColumns: readonly string[];
  /** Rows whose every cell was empty, skipped. */
  readonly skippedBlankRows: number;
  readonly lineCount: number;
  readonly byteCount: number;
}

export interface ParsedRobotFile {
  readonly rows: RobotRow[];
  readonly stats: ParseStats;
}

export interface ParseRobotFileOptions {
  readonly type: RobotType;
  /** Defaults to the format of `fileName`'s extension, else CSV. */
  readonly format?: RobotFileFormat;
  /** Used for the format and in no message; e.g. the S3 key. */
  readonly fileName?: string;
  /**
   * CSV: false reads every record with csv-parse instead of the fast path in front of it (see
   * csv-records.ts); the same rows and errors, slower. For tests and the bench. Default true.
   */
  readonly fastCsv?: boolean;
}

const FORMAT_BY_EXTENSION: Readonly<Record<string, RobotFileFormat>> = {
  csv: 'csv',
  jsonl: 'jsonl',
  ndjson: 'jsonl',
};

/** 'incoming/product/x/2025-01-06/main.csv' -> 'csv'; unknown or no extension -> undefined. */
export function robotFileFormatOf(fileName: string): RobotFileFormat | undefined {
  const match = /\.([A-Za-z0-9]+)$/.exec(fileName.trim());
  return match ? FORMAT_BY_EXTENSION[match[1]!.toLowerCase()] : undefined;
}

/** Parse a robot file; rejects with `RobotFileError` when the file is not acceptable. */
export async function parseRobotFile(
  source: RobotFileSource,
  options: ParseRobotFileOptions,
): Promise<ParsedRobotFile> {
  const stream = parseRobotFileRows(source, options);
  const rows: RobotRow[] = [];
  for await (const batch of stream) {
    for (let i = 0; i < batch.length; i++) rows.push(batch[i]!);
  }
  return { rows, stats: stream.stats! };
}

/**
 * A robot file's rows in batches, in file order, as it is read: see `parseRobotFileRows`.
 * Iterate it once.
 */
export interface RobotFileRows extends AsyncIterable<RobotRow[]> {
  /** Set when the iteration has ended without an error: the whole file was read and is valid. */
  readonly stats: ParseStats | undefined;
}

/**
 * Parse a robot file as a stream of row batches, with the checks, issues and line numbers of
 * `parseRobotFile`. Rows that pass their own checks are handed over as soon as their bytes have
 * been read (CSV: a batch per chunk of the source); once the file has shown a problem no further
 * row is handed over, the rest of the file is still read to count and list its problems, and the
 * iteration throws the `RobotFileError` that `parseRobotFile` would reject with. So a batch is
 * not yet known to be good: commit nothing (or only what is unreachable until the end, such as
 * pages under a new id) before the iteration has ended; `stats` is set then.
 *
 * JSON lines: a column may first appear on any line and every row must carry every column, so
 * their rows are handed over at the end, in one batch; only CSV streams row by row.
 */
export function parseRobotFileRows(source: RobotFileSource, options: ParseRobotFileOptions): RobotFileRows {
  let stats: ParseStats | undefined;
  let started = false;
  async function* rows(): AsyncGenerator<RobotRow[], void, undefined> {
    if (started) throw new Error('The rows of a robot file can be read only once.');
    started = true;
    const format = resolveFormat(options);
    const guard = new TextGuard();
    const chunks = guardedChunks(source, guard);
    const sink = new RowSink(options.type);
    if (format === 'csv') yield* readCsv(chunks, sink, options.fastCsv ?? true);
    else yield* readJsonLines(chunks, sink);
    stats = sink.finish(format, guard.byteCount);
  }
  return {
    get stats() {
      return stats;
    },
    [Symbol.asyncIterator]: rows,
  };
}

function resolveFormat({ format, fileName }: ParseRobotFileOptions): RobotFileFormat {
  if (format) return format;
  if (fileName === undefined) return 'csv';
  const byName = robotFileFormatOf(fileName);
  if (byName) return byName;
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1];
  throw new RobotFileError([
    {
      code: 'UNSUPPORTED_FORMAT',
      message: `Robot files must be CSV (.csv) or JSON lines (.jsonl, .ndjson)${ext ? `, not .${ext}` : ''}.`,
    },
  ]);
}

// ---------------------------------------------------------------------------------------------
// Rows: header checks, key checks, issue collection (shared by CSV and JSON lines)

class RowSink {
  /** Rows accepted since the last `take()`; none once an issue has been found. */
  private batch: RobotRow[] = [];
  /** Rows accepted, in all. */
  rowCount = 0;
  private readonly keyColumn: string;
  private readonly keyLine = new Map<string, number>();
  private readonly kept: RobotFileIssue[] = [];
  private count = 0;
  columns: string[] = [];
  skippedBlankRows = 0;
  lineCount = 0;
  sawHeader = false;

  constructor(readonly type: RobotType) {
    this.keyColumn = robotTypeDefinition(type).keyColumn;
  }

  issue(code: RobotFileErrorCode, line: number | undefined, text: string): void {
    this.count++;
    if (this.kept.length < MAX_KEPT_ISSUES) {
      this.kept.push({ code, line, message: line === undefined ? text : `Line ${line}: ${text}` });
    }
  }

  /** Throw now with what was found so far plus `extra`. */
  fail(extra?: RobotFileIssue): never {
    const issues = extra ? [...this.kept.slice(0, MAX_KEPT_ISSUES - 1), extra] : this.kept;
    throw new RobotFileError(issues, this.count + (extra ? 1 : 0));
  }

  /** Validate a CSV header (already canonical names); throws on any problem. */
  header(names: readonly string[], line: number): void {
    const seen = new Map<string, number>();
    names.forEach((name, i) => {
      if (name === '') this.issue('BAD_HEADER', line, `column ${i + 1} of the header has no name.`);
      else if (name === '__proto__') this.issue('BAD_HEADER', line, `"__proto__" cannot be a column name.`);
      const first = seen.get(name);
      if (name !== '' && first !== undefined) {
        this.issue('DUPLICATE_COLUMN', line, `column "${name}" appears twice in the header (columns ${first + 1} and ${i + 1}).`);
      }
      seen.set(name, i);
    });
    if (!seen.has(this.keyColumn)) {
      const found = names.filter((n) => n !== '').slice(0, 12).join(', ');
      this.issue(
        'MISSING_KEY_COLUMN',
        line,
        `the header has no "${this.keyColumn}" column, which every ${this.type} file needs (found: ${found || 'nothing'}).`,
      );
    }
    if (this.count > 0) this.fail();
    this.columns = [...names];
    this.sawHeader = true;
  }

  /** Record the key of a complete row; false when the row is rejected. */
  key(row: RobotRow, line: number): boolean {
    const key = row[this.keyColumn];
    if (key === undefined || key === '') {
      this.issue('EMPTY_KEY', line, `the ${this.keyColumn} is empty; every row needs one.`);
      return false;
    }
    const first = this.keyLine.get(key);
    if (first !== undefined) {
      this.issue('DUPLICATE_KEY', line, `${this.keyColumn} "${key}" appears again (first on line ${first}).`);
      return false;
    }
    this.keyLine.set(key, line);
    return true;
  }

  /** Keep a row that passed its checks. */
  accept(row: RobotRow): void {
    this.rowCount++;
    // After the first issue the file is refused: rows are only checked (keys, width) from then on.
    if (this.count === 0) this.batch.push(row);
  }

  /** The rows accepted since the last call, or undefined when there are none. */
  take(): RobotRow[] | undefined {
    if (this.batch.length === 0) return undefined;
    const batch = this.batch;
    this.batch = [];
    return batch;
  }

  get issueCount(): number {
    return this.count;
  }

  finish(format: RobotFileFormat, byteCount: number): ParseStats {
    if (this.count > 0) this.fail();
    if (!this.sawHeader) {
      const def = robotTypeDefinition(this.type);
      const what =
        format === 'csv'
          ? `a ${this.type} file starts with a header line naming its columns (${def.columns.join(', ')})`
          : `a ${this.type} file has one JSON object per line, each with a "${def.keyColumn}"`;
      throw new RobotFileError([{ code: 'EMPTY_FILE', message: `The file is empty: ${what}.` }]);
    }
    const documented = robotTypeDefinition(this.type).columns;
    const present = new Set(this.columns);
    return {
      format,
      rowCount: this.rowCount,
      columns: this.columns,
      missingColumns: documented.filter((c) => !present.has(c)),
      unknownColumns: this.columns.filter((c) => !documented.includes(c)),
      skippedBlankRows: this.skippedBlankRows,
      lineCount: this.lineCount,
      byteCount,
    };
  }
}

// ---------------------------------------------------------------------------------------------
// CSV

async function* readCsv(chunks: AsyncIterable<Buffer>, sink: RowSink, fast: boolean): AsyncGenerator<RobotRow[], void, undefined> {
  const type = sink.type;
  let names: string[] = [];
  let width = 0;
  let line = 0; // physical line on which the last record ended
  const onRecord = (record: string[]): void => {
    const start = line + 1;
    // Line numbers are counted here rather than taken from csv-parse's `info`: a record ends
    // one line after the previous one plus the line breaks quoted inside its values.
    let breaks = 0;
    for (let i = 0; i < record.length; i++) {
      const v = record[i]!;
      if (v.length > 0 && v.indexOf('\n') !== -1) breaks += countChar(v, '\n');
    }
    line = start + breaks;
    if (!sink.sawHeader) {
      if (isBlankRecord(record)) return; // blank lines before the header
      names = record.map((n) => canonicalColumnName(type, n));
      width = names.length;
      sink.header(names, start);
      return;
    }
    if (record.length !== width) {
      if (isBlankRecord(record)) {
        sink.skippedBlankRows++;
        return;
      }
      sink.issue(
        'RAGGED_ROW',
        start,
        `expected ${width} values (one per header column) but found ${record.length}; a value containing a comma must be in double quotes.`,
      );
      return;
    }
    const row: RobotRow = {};
    let blank = true;
    for (let i = 0; i < width; i++) {
      const v = record[i]!.trim();
      if (blank && v !== '') blank = false;
      row[names[i]!] = v;
    }
    if (blank) {
      sink.skippedBlankRows++;
      return;
    }
    if (sink.key(row, start)) sink.accept(row);
  };

  let failure: unknown;
  const reader = new CsvRecords({
    onRecord(record) {
      if (failure !== undefined) return;
      try {
        onRecord(record);
      } catch (err) {
        failure = err;
      }
    },
    linesSoFar: () => line,
    fast,
  });
  try {
    for await (const chunk of chunks) {
      if (failure !== undefined) break;
      await reader.write(chunk);
      // The chunk's complete records went through onRecord inside write(): hand their rows over.
      const batch = sink.take();
      if (batch !== undefined && failure === undefined) yield batch;
    }
    if (failure === undefined) await reader.end();
  } catch (err) {
    if (err instanceof CsvError) {
      // Should records ever lag behind csv-parse, its own line count is used.
      const reported = typeof err['lines'] === 'number' ? reader.absoluteLine(err['lines'] as number) : undefined;
      sink.fail(csvIssue(err, line, reader.exact, reported));
    }
    throw err;
  } finally {
    reader.destroy();
  }
  if (failure !== undefined) throw failure;
  sink.lineCount = line;
  const last = sink.take();
  if (last !== undefined) yield last;
}

/** `reported`: csv-parse's line count when it failed, as a line of the file. */
function csvIssue(err: CsvError, lastLine: number, exact: boolean, reported: number | undefined): RobotFileIssue {
  const next = exact || reported === undefined ? lastLine + 1 : reported;
  const at = reported ?? next;
  switch (err.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return {
        code: 'MALFORMED_CSV',
        line: next,
        message: `Line ${next}: a double-quoted value that starts on this line is never closed; check for a stray double quote (").`,
      };
    case 'CSV_MAX_RECORD_SIZE':
      return {
        code: 'MALFORMED_CSV',
        line: next,
        message: `Line ${next}: this row is longer than ${MAX_ROW_CHARS.toLocaleString('en-US')} characters, which means a double-quoted value that starts here is never closed.`,
      };
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE':
      return {
        code: 'MALFORMED_CSV',
        line: at,
        message: `Line ${at}: a double-quoted value is followed by other text before the next comma; inside a quoted value write a double quote as two ("").`,
      };
    default:
      return { code: 'MALFORMED_CSV', line: at, message: `Line ${at}: the CSV cannot be read (${err.message}).` };
  }
}

function isBlankRecord(record: readonly string[]): boolean {
  for (const v of record) if (v.trim() !== '') return false;
  return true;
}

function countChar(s: string, ch: string): number {
  let n = 0;
  for (let i = s.indexOf(ch); i !== -1; i = s.indexOf(ch, i + 1)) n++;
  return n;
}

// ---------------------------------------------------------------------------------------------
// JSON lines

async function* readJsonLines(chunks: AsyncIterable<Buffer>, sink: RowSink): AsyncGenerator<RobotRow[], void, undefined> {
  const type = sink.type;
  const canonical = new Map<string, string>();
  const columnSet = new Set<string>();
  let needsFill = false;
  let lineNo = 0;

  const onLine = (raw: string): void => {
    lineNo++;
    let text = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    if (lineNo === 1 && text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    if (text.trim() === '') return;
    sink.sawHeader = true;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      sink.issue('MALFORMED_JSON', lineNo, `not valid JSON (${why}).`);
      return;
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      sink.issue('MALFORMED_JSON', lineNo, 'each line must be one JSON object ({"column": "value", ...}).');
      return;
    }
    const row: RobotRow = {};
    const fieldOf = new Map<string, string>();
    let blank = true;
    let ok = true;
    for (const [field, cellValue] of Object.entries(value as Record<string, unknown>)) {
      let column = canonical.get(field);
      if (column === undefined) {
        column = canonicalColumnName(type, field);
        canonical.set(field, column);
      }
      if (column === '' || column === '__proto__') {
        sink.issue('BAD_HEADER', lineNo, `"${field}" cannot be a column name.`);
        ok = false;
        continue;
      }
      const earlier = fieldOf.get(column);
      if (earlier !== undefined) {
        sink.issue('DUPLICATE_COLUMN', lineNo, `fields "${earlier}" and "${field}" are the same column "${column}".`);
        ok = false;
        continue;
      }
      fieldOf.set(column, field);
      const cell = cellText(cellValue);
      if (cell === undefined) {
        sink.issue(
          'MALFORMED_JSON',
          lineNo,
          `"${field}" holds an object; a value must be text, a number, true/false, null or a list of those.`,
        );
        ok = false;
        continue;
      }
      if (blank && cell !== '') blank = false;
      row[column] = cell;
      if (!columnSet.has(column)) {
        columnSet.add(column);
        sink.columns.push(column);
        if (sink.rowCount > 0) needsFill = true;
      }
    }
    if (!ok) return;
    if (blank) {
      sink.skippedBlankRows++;
      return;
    }
    if (fieldOf.size !== columnSet.size) needsFill = true;
    if (sink.key(row, lineNo)) sink.accept(row);
  };

  let pending = '';
  for await (const chunk of chunks) {
    const text = pending + chunk.toString('utf8');
    let start = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
      onLine(text.slice(start, nl));
      start = nl + 1;
    }
    pending = text.slice(start);
  }
  if (pending !== '') onLine(pending);
  sink.lineCount = lineNo;
  if (sink.issueCount > 0) return; // refused: the caller's finish() throws

  // The rows were held to the end (never taken above): a column first seen on a later line is
  // filled in on every earlier row.
  const rows = sink.take() ?? [];
  if (needsFill) {
    for (const row of rows) {
      for (const column of sink.columns) if (!Object.hasOwn(row, column)) row[column] = '';
    }
  }
  if (rows.length > 0) yield rows;
}

function cellText(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items: string[] = [];
    for (const item of value) {
      if (item !== null && typeof item === 'object') return undefined;
      const text = cellText(item);
      if (text) items.push(text);
    }
    return items.join(PIPE_SEPARATOR);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Bytes: UTF-8 and binary checks before any parsing

async function* guardedChunks(source: RobotFileSource, guard: TextGuard): AsyncGenerator<Buffer> {
  for await (const chunk of chunksOf(source)) {
    const ok = guard.accept(chunk);
    if (ok.length > 0) yield ok;
  }
  const tail = guard.finish();
  if (tail.length > 0) yield tail;
}

async function* chunksOf(source: RobotFileSource): AsyncGenerator<Buffer> {
  if (typeof source === 'string') {
    yield Buffer.from(source, 'utf8');
    return;
  }
  if (source instanceof Uint8Array) {
    yield toBuffer(source);
    return;
  }
  for await (const chunk of source) {
    yield typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : toBuffer(chunk);
  }
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

const SIGNATURES: ReadonlyArray<{ bytes: readonly number[]; code: RobotFileErrorCode; message: string }> = [
  {
    bytes: [0x50, 0x4b, 0x03, 0x04],
    code: 'BINARY_FILE',
    message: 'The file is a ZIP archive (an Excel .xlsx workbook?), not a CSV or JSON lines text file. Export it as "CSV UTF-8".',
  },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0],
    code: 'BINARY_FILE',
    message: 'The file is an old Excel (.xls) workbook, not a CSV or JSON lines text file. Export it as "CSV UTF-8".',
  },
  {
    bytes: [0x1f, 0x8b],
    code: 'BINARY_FILE',
    message: 'The file is gzip-compressed; upload the uncompressed .csv or .jsonl file.',
  },
  {
    bytes: [0xff, 0xfe],
    code: 'INVALID_ENCODING',
    message: 'The file is UTF-16 text; save it as UTF-8 ("CSV UTF-8" in Excel).',
  },
  {
    bytes: [0xfe, 0xff],
    code: 'INVALID_ENCODING',
    message: 'The file is UTF-16 text; save it as UTF-8 ("CSV UTF-8" in Excel).',
  },
];

/** Bytes of the longest signature. */
const SIGNATURE_BYTES = Math.max(...SIGNATURES.map((s) => s.bytes.length));

/**
 * Passes on only complete, valid UTF-8 without NUL bytes; a multi-byte character cut by a chunk
 * boundary is held back until the next chunk. Counts line breaks for its own messages.
 */
class TextGuard {
  private carry: Buffer | undefined;
  private newlines = 0;
  private first = true;
  byteCount = 0;

  accept(chunk: Buffer): Buffer {
    if (chunk.length === 0) return chunk;
    this.byteCount += chunk.length;
    const bytes = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = undefined;
    if (this.first) {
      // The signatures are checked on the file's first bytes however the source cuts them.
      if (bytes.length < SIGNATURE_BYTES) {
        this.carry = Buffer.from(bytes);
        return bytes.subarray(0, 0);
      }
      this.first = false;
      this.checkSignature(bytes);
    }
    return this.pass(bytes);
  }

  /** At the end of the source: what was held back from a file shorter than the signatures. */
  finish(): Buffer {
    let tail: Buffer = Buffer.alloc(0);
    if (this.first) {
      this.first = false;
      if (this.carry) {
        const bytes = this.carry;
        this.carry = undefined;
        this.checkSignature(bytes);
        tail = this.pass(bytes);
      }
    }
    if (this.carry) {
      const line = this.newlines + 1;
      throw new RobotFileError([
        { code: 'INVALID_ENCODING', line, message: `Line ${line}: the file ends in the middle of a UTF-8 character.` },
      ]);
    }
    return tail;
  }

  /** Check and pass on the complete characters; hold back a character cut at the end. */
  private pass(whole: Buffer): Buffer {
    let bytes = whole;
    const complete = completeUtf8Length(bytes);
    if (complete < bytes.length) {
      this.carry = Buffer.from(bytes.subarray(complete));
      bytes = bytes.subarray(0, complete);
    }
    this.check(bytes);
    this.newlines += countByte(bytes, 0x0a, bytes.length);
    return bytes;
  }

  private checkSignature(bytes: Buffer): void {
    for (const sig of SIGNATURES) {
      if (bytes.length >= sig.bytes.length && sig.bytes.every((b, i) => bytes[i] === b)) {
        throw new RobotFileError([{ code: sig.code, line: 1, message: sig.message }]);
      }
    }
  }

  private check(bytes: Buffer): void {
    const nul = bytes.indexOf(0);
    const valid = isUtf8(bytes);
    if (nul === -1 && valid) return;
    const bad = valid ? -1 : firstInvalidUtf8(bytes);
    if (nul !== -1 && (bad === -1 || nul < bad)) {
      const line = this.newlines + countByte(bytes, 0x0a, nul) + 1;
      throw new RobotFileError([
        {
          code: 'BINARY_FILE',
          line,
          message: `Line ${line}: the file contains binary data (a NUL byte), so it is not a CSV or JSON lines text file.`,
        },
      ]);
    }
    const at = Math.max(bad, 0);
    const line = this.newlines + countByte(bytes, 0x0a, at) + 1;
    const hex = (bytes[at] ?? 0).toString(16).toUpperCase().padStart(2, '0');
    throw new RobotFileError([
      {
        code: 'INVALID_ENCODING',
        line,
        message: `Line ${line}: byte 0x${hex} is not UTF-8 text (a file saved as Latin-1 / Windows-1252?). Save it as UTF-8 ("CSV UTF-8" in Excel).`,
      },
    ]);
  }
}

function countByte(bytes: Buffer, byte: number, end: number): number {
  let n = 0;
  for (let i = bytes.indexOf(byte); i !== -1 && i < end; i = bytes.indexOf(byte, i + 1)) n++;
  return n;
}

/** Length of the prefix that does not end inside a multi-byte character. */
function completeUtf8Length(bytes: Buffer): number {
  const n = bytes.length;
  for (let back = 1; back <= 3 && back <= n; back++) {
    const c = bytes[n - back]!;
    if ((c & 0xc0) === 0x80) continue; // continuation byte: look further back
    if (c < 0x80) return n;
    const size = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
    return back < size ? n - back : n;
  }
  return n;
}

/** Offset of the first byte that starts an invalid UTF-8 sequence, or -1. Error path only. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const c = bytes[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    const size = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (size === 0 || i + size > n) return i;
    for (let k = 1; k < size; k++) if ((bytes[i + k]! & 0xc0) !== 0x80) return i;
    const c1 = bytes[i + 1]!;
    if ((c === 0xe0 && c1 < 0xa0) || (c === 0xed && c1 > 0x9f) || (c === 0xf0 && c1 < 0x90) || (c === 0xf4 && c1 > 0x8f)) {
      return i;
    }
    i += size;
  }
  return -1;
}
