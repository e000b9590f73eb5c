/**
 * CSV bytes -> records (arrays of field text), for the robot file parser (parse.ts).
 *
 * csv-parse is the reference: every record comes out exactly as csv-parse gives it with
 * CSV_OPTIONS. It is also the slow part of reading a big file (about 70 % of the
 * parse), so plain records go through a fast path first: fields that are unquoted and free of
 * quotes, or quoted from their first byte to a closing quote that a comma or a line end follows,
 * lines ending in \r\n, \n or \r, records under FAST_RECORD_BYTES. At the first record that is
 * anything else (a stray quote, text after a closing quote, a quote never closed, a very long
 * record) the fast path hands that record's bytes and everything after them to csv-parse, which
 * reads the rest of the file and reports its errors (CsvError). The fast path never decides
 * anything csv-parse would decide differently: test/functions/files/domain/csv-records.test.ts
 * compares the two on many generated and cut-up inputs.
 */
import { once } from 'node:events';
import { type Options, type Parser, parse as csvParse } from 'csv-parse';

/** A row longer than this many characters is a quote left open, not data. */
export const MAX_ROW_CHARS = 1_000_000;

export const CSV_OPTIONS: Options = {
  bom: true,
  // Every record is checked by the caller (blank lines, ragged rows) so line numbers stay exact.
  relax_column_count: true,
  skip_empty_lines: false,
  relax_quotes: true,
  max_record_size: MAX_ROW_CHARS,
  // Not auto-detected from the first line: files glued together can mix line ends.
  record_delimiter: ['\r\n', '\n', '\r'],
};

/**
 * Records longer than this (bytes, delimiters included) go to csv-parse: far below
 * MAX_ROW_CHARS, so csv-parse's size check can never fire on a record the fast path read, and it
 * bounds the bytes carried from chunk to chunk.
 */
export const FAST_RECORD_BYTES = 64 * 1024;

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export interface CsvRecordsOptions {
  /** Called with each record, in order, synchronously inside `write` / `end`. */
  readonly onRecord: (record: string[]) => void;
  /** Physical lines the caller has counted so far (for csv-parse's line numbers after a hand-over). */
  readonly linesSoFar: () => number;
  /** false: csv-parse reads the whole file (the reference the fast path is tested against). Default true. */
  readonly fast?: boolean;
}

export class CsvRecords {
  /** Bytes not yet read into records: the start of a record cut by the end of a chunk. */
  private pending: Buffer | undefined;
  private bomChecked = false;
  /** csv-parse, once the fast path has handed over. */
  private parser: Parser | undefined;
  private done: Promise<void> | undefined;
  private parsedRecords = 0;
  /** Lines before the first byte given to csv-parse: its own line numbers start there. */
  lineOffset = 0;

  constructor(private readonly options: CsvRecordsOptions) {}

  /** Whether every record csv-parse has parsed has reached `onRecord` (its line count is then the caller's). */
  get exact(): boolean {
    return this.parser === undefined || this.parsedRecords === this.parser.info.records;
  }

  /** The parser's own count of lines when it failed (see csvIssue in parse.ts), made absolute. */
  absoluteLine(reported: number): number {
    return reported + this.lineOffset;
  }

  /** Whether csv-parse reads the file from here on. */
  get handedOver(): boolean {
    return this.parser !== undefined;
  }

  async write(chunk: Buffer): Promise<void> {
    if (this.parser) return this.feed(chunk);
    if (this.options.fast === false) return this.handOver(chunk, true);
    let bytes = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = undefined;
    if (!this.bomChecked) {
      // As csv-parse: decided on the first three bytes.
      if (bytes.length < 3) {
        this.pending = bytes;
        return;
      }
      bytes = this.skipBom(bytes);
    }
    const stop = this.read(bytes, false);
    if (stop.handOver) await this.handOver(bytes.subarray(stop.at));
    else if (stop.at < bytes.length) this.pending = Buffer.from(bytes.subarray(stop.at));
  }

  async end(): Promise<void> {
    if (!this.parser && this.options.fast === false) await this.handOver(Buffer.alloc(0), true);
    if (!this.parser) {
      let bytes = this.pending ?? Buffer.alloc(0);
      this.pending = undefined;
      if (!this.bomChecked && bytes.length >= 3) bytes = this.skipBom(bytes);
      this.bomChecked = true;
      const stop = this.read(bytes, true);
      if (!stop.handOver) return;
      await this.handOver(bytes.subarray(stop.at));
    }
    const parser = this.parser!;
    parser.end();
    await this.done;
  }

  /** Stop (after an error or when the caller stops early). */
  destroy(): void {
    if (this.parser && !this.parser.destroyed) this.parser.destroy();
    this.pending = undefined;
  }

  private skipBom(bytes: Buffer): Buffer {
    this.bomChecked = true;
    return bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes;
  }

  /**
   * Read whole records from `bytes` (all of the file's remaining bytes when `final`). Returns
   * where it stopped: the start of a record cut by the end of `bytes`, or of one to hand over.
   */
  private read(bytes: Buffer, final: boolean): { at: number; handOver: boolean } {
    const n = bytes.length;
    const emit = this.options.onRecord;
    let start = 0; // of the current record
    let record: string[] = [];
    let i = 0; // start of the current field
    while (i < n) {
      let c = bytes[i]!;
      let end: number; // the byte after the field
      if (c === QUOTE) {
        let from = i + 1;
        let escaped = false;
        for (;;) {
          const q = bytes.indexOf(QUOTE, from);
          if (q === -1) return { at: start, handOver: final || n - start > FAST_RECORD_BYTES };
          if (q + 1 === n) {
            if (!final) return { at: start, handOver: n - start > FAST_RECORD_BYTES };
            end = q + 1;
            break;
          }
          if (bytes[q + 1] === QUOTE) {
            escaped = true;
            from = q + 2;
            continue;
          }
          end = q + 1;
          break;
        }
        const text = bytes.toString('utf8', i + 1, end - 1);
        record.push(escaped ? text.replaceAll('""', '"') : text);
        c = end < n ? bytes[end]! : -1;
        if (c !== COMMA && c !== LF && c !== CR && c !== -1) return { at: start, handOver: true };
      } else {
        end = i;
        while (end < n) {
          c = bytes[end]!;
          if (c === COMMA || c === LF || c === CR || c === QUOTE) break;
          end++;
        }
        if (end === n) {
          if (!final) return { at: start, handOver: n - start > FAST_RECORD_BYTES };
          c = -1;
        } else if (c === QUOTE) {
          return { at: start, handOver: true };
        }
        record.push(bytes.toString('utf8', i, end));
      }
      // `c` is what ends the field: a comma, a line end, or the end of the file (-1).
      if (c === COMMA) {
        i = end + 1;
        if (i === n) {
          if (!final) return { at: start, handOver: n - start > FAST_RECORD_BYTES };
          record.push(''); // "a,b," at the very end: csv-parse ends the record with an empty field
          if (n - start > FAST_RECORD_BYTES) return { at: start, handOver: true };
          emit(record);
          return { at: n, handOver: false };
        }
        continue;
      }
      let next = end + 1;
      if (c === CR) {
        if (next === n && !final) return { at: start, handOver: n - start > FAST_RECORD_BYTES };
        if (next < n && bytes[next] === LF) next++;
      }
      if (c === -1) next = n;
      if (next - start > FAST_RECORD_BYTES) return { at: start, handOver: true };
      emit(record);
      record = [];
      start = i = next;
    }
    return { at: start, handOver: false };
  }

  /** csv-parse reads everything from `rest` on (`atStart`: the whole file, byte order mark included). */
  private async handOver(rest: Buffer, atStart = false): Promise<void> {
    this.lineOffset = this.options.linesSoFar();
    // Otherwise the byte order mark, if any, was skipped above: `rest` starts inside the file.
    const parser = csvParse({ ...CSV_OPTIONS, bom: atStart });
    parser.on('data', (record: string[]) => {
      this.parsedRecords++;
      this.options.onRecord(record);
    });
    this.done = new Promise<void>((resolve, reject) => {
      parser.once('end', resolve);
      parser.once('error', reject);
    });
    this.done.catch(() => undefined); // awaited in feed/end; this only keeps it from being "unhandled"
    this.parser = parser;
    // Once the stream flows, csv-parse hands each record to the 'data' listener synchronously
    // inside write(): when it fails, every record before the failure has been handed over.
    await new Promise<void>((resolve) => setImmediate(resolve));
    if (rest.length > 0) await this.feed(rest);
  }

  private async feed(bytes: Buffer): Promise<void> {
    if (!this.parser!.write(bytes)) await Promise.race([once(this.parser!, 'drain'), this.done]);
  }
}
