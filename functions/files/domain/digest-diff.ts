/**
 * The streaming diff of ingest in bounded memory (issue 7 §2): the answers of `diffRows` (diff.ts,
 * both files in memory), with the current file taken a row at a time and the previous file not
 * held.
 *
 * `PreviousFileDigest` keeps, per previous row, only 64 bits of its key's MD5 with the position of
 * its last row (`KeyPositions`, an open-addressing table in typed arrays) and a 128-bit MD5
 * digest of its tracked cells (four 32-bit words in a typed array): about 40 bytes a row
 * whatever the row's size, all off the JS heap, instead of the row itself.
 * A current row whose digest equals its previous row's is unchanged; one whose digest differs is
 * compared cell by cell with the previous row read back (`readRow`, by position: ingest reads it
 * from the previous file's pages, a few chunks cached, rescans mostly keeping their order), so
 * the old values are the real ones. Once the current file is read, the previous rows are marked
 * as they are read again in order (`markPrevious`). The one way the answers could differ: two
 * different sets of tracked cells with the same MD5 digest (a changed row counted unchanged),
 * about 2^-128 per row for rows nobody crafted to collide.
 */
import { hash } from 'node:crypto';
import { Md5KeyTable } from '../../lib/md5-key-table.js';
import { StringHasher } from '../../lib/string-hash.js';
import { cell, cellChanges, type CurrentRowDiff, diffSummary, type DiffOptions, type DiffSummary, type PreviousRowDiff, trackedColumnsFor } from './diff.js';
import { type MarkedRow, markPreviousRow } from './marks.js';
import { itemRow, pageItems, type PageItems, remarkedItem } from './page-items.js';
import { type RobotRow, robotTypeDefinition } from './robot-types.js';

const WORDS = 4; // 128 bits a digest
const ADDED: CurrentRowDiff = Object.freeze({ mark: 'added' });
const UNCHANGED: CurrentRowDiff = Object.freeze({ mark: 'unchanged' });
const MATCHED = 1;
const MATCHED_CHANGED = 2;


/** The digest of a row's tracked cells, into `into` at `at` (length-prefixed: no two cell lists share an input). */
function digestInto(row: RobotRow, tracked: readonly string[], into: Int32Array, at: number): void {
  // One string, one native call (a call per cell costs about twice as much), no Hash object
  // (crypto.hash: a one-shot digest, about twice as fast as createHash().update().digest()).
  let text = '';
  for (const column of tracked) {
    const v = cell(row, column);
    text += `${v.length}:${v}`;
  }
  const d = hash('md5', text, 'buffer');
  for (let w = 0; w < WORDS; w++) into[at + w] = d.readInt32LE(w * 4);
}

const keyHasher = new StringHasher();

/** 64 bits of a key's hash (lib/string-hash.ts) into `into` (two unsigned words), as `KeyPositions` hashes keys. */
function hashKeyInto(key: string, into: Uint32Array): void {
  keyHasher.start().add(key).finish();
  into[0] = keyHasher.a;
  into[1] = keyHasher.b;
}

/** Version of the saved digest's form: the key hash (lib/string-hash.ts) and the row digest (MD5 of the length-prefixed cells). Change it when either changes. */
export const SAVED_DIGEST_FORMAT = 1;
/** Bytes a row in a saved digest: the key's hash (2 words) and the row's digest (4 words), little-endian. */
export const SAVED_DIGEST_ROW_BYTES = 24;

/** What a saved digest is of (its parts hold the rows). */
export interface SavedDigestHeader {
  readonly format: number;
  readonly keyColumn: string;
  readonly tracked: readonly string[];
  readonly firstColumns: readonly string[] | undefined;
  readonly rows: number;
  readonly parts: number;
}

/**
 * The digest of a file as it is ingested, saved beside its pages for the next file's diff (issue
 * 21): per row, the hash of its key and the MD5 of its tracked cells, 24 bytes, in parts of
 * `partRows` rows. The next ingest loads it (`PreviousFileDigest.fromSaved`) instead of reading,
 * decoding, parsing and hashing every page of this file (about a third of the digest diff's time
 * in the diff bench). A digest diff with a recorder computes each row's hashes once for both.
 */
export class DigestRecorder {
  readonly keyColumn: string;
  readonly tracked: readonly string[];
  /** The last row's key hash and digest (`add`). */
  readonly key = new Uint32Array(2);
  readonly sum = new Int32Array(WORDS);
  private part: Buffer;
  private at = 0;
  private rows = 0;
  private parts = 0;
  private firstColumns: readonly string[] | undefined;

  /** `onPart`: given each part as it fills (and the last one by `finish`), to save as part `n`. */
  constructor(
    options: DiffOptions,
    private readonly onPart: (n: number, bytes: Buffer) => void,
    readonly partRows = 100_000,
  ) {
    this.keyColumn = robotTypeDefinition(options.type).keyColumn;
    this.tracked = trackedColumnsFor(options.type, options.columns, options.ignoreImageData);
    this.part = Buffer.allocUnsafe(partRows * SAVED_DIGEST_ROW_BYTES);
  }

  /** Record the next row. */
  add(row: RobotRow): void {
    if (this.rows++ === 0) this.firstColumns = Object.keys(row);
    hashKeyInto(cell(row, this.keyColumn), this.key);
    digestInto(row, this.tracked, this.sum, 0);
    const b = this.part;
    let at = this.at;
    b.writeUInt32LE(this.key[0]!, at);
    b.writeUInt32LE(this.key[1]!, at + 4);
    for (let w = 0; w < WORDS; w++) b.writeInt32LE(this.sum[w]!, at + 8 + w * 4);
    at += SAVED_DIGEST_ROW_BYTES;
    this.at = at;
    if (at === b.length) this.take();
  }

  /** After the last row: the last part handed over (if rows are left), the header to save last. */
  finish(): SavedDigestHeader {
    if (this.at > 0) this.take();
    return { format: SAVED_DIGEST_FORMAT, keyColumn: this.keyColumn, tracked: [...this.tracked], firstColumns: this.firstColumns, rows: this.rows, parts: this.parts };
  }

  private take(): void {
    const bytes = this.part.subarray(0, this.at);
    this.part = Buffer.allocUnsafe(this.partRows * SAVED_DIGEST_ROW_BYTES);
    this.at = 0;
    this.onPart(this.parts++, bytes);
  }
}

/**
 * Key -> position of its last row, off the JS heap (`Md5KeyTable`: 64 bits of the key's MD5 and
 * the position in typed arrays, about 32 MB at 1M rows, where a Map of the key strings held
 * ~60 MB of heap that every major GC walked). Two keys sharing those 64 bits (about 3 in 10^8 for
 * a file of 1M distinct keys) would be taken for one: the later row's position wins, as for a
 * repeated key.
 */
export class KeyPositions extends Md5KeyTable {
  /**
   * Hashed in JS (lib/string-hash.ts), not MD5: a native call per key cost ~5x as much (issue
   * 21), and these positions are never saved (`toBytes` is not used on them), so the hash is
   * free to differ from the saved tables'. 64 of its 128 bits, as MD5's.
   */
  protected override hashKey(key: string, into: Uint32Array): void {
    hashKeyInto(key, into);
  }

  /** The position of every key's last row (in no particular order). */
  positions(): Generator<number> {
    return this.values();
  }
}

/** The previous file of a diff, held as keys and digests of its tracked cells. */
export class PreviousFileDigest {
  readonly keyColumn: string;
  readonly tracked: readonly string[];
  /** Column names of the file's first row (the default `previousColumns` of a diff). */
  firstColumns: readonly string[] | undefined;
  private digests: Int32Array;
  /** Per position, 1 + the position of the next row with the same key (0: none; keys rarely repeat). */
  private later: Int32Array;
  private count = 0;
  /** Key -> position of its last row. */
  private readonly positions: KeyPositions;

  /** `expectedRows`: the previous file's row count if known (sizes the digest array and the key table once). */
  constructor(
    readonly options: DiffOptions,
    expectedRows = 1024,
  ) {
    this.keyColumn = robotTypeDefinition(options.type).keyColumn;
    this.tracked = trackedColumnsFor(options.type, options.columns, options.ignoreImageData);
    this.digests = new Int32Array(Math.max(1, expectedRows) * WORDS);
    this.later = new Int32Array(Math.max(1, expectedRows));
    this.positions = new KeyPositions(expectedRows);
  }

  get rowCount(): number {
    return this.count;
  }

  /**
   * The digest a `DigestRecorder` saved (its header and its parts, in order), or null when it
   * cannot serve this diff (another form, key column or tracked columns: read the pages then).
   */
  static async fromSaved(options: DiffOptions, header: SavedDigestHeader, parts: AsyncIterable<Uint8Array>): Promise<PreviousFileDigest | null> {
    const digest = new PreviousFileDigest(options, header.rows);
    const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((c, i) => c === b[i]);
    if (header.format !== SAVED_DIGEST_FORMAT || header.keyColumn !== digest.keyColumn || !same(header.tracked, digest.tracked)) return null;
    digest.firstColumns = header.firstColumns;
    for await (const part of parts) {
      if (part.length % SAVED_DIGEST_ROW_BYTES !== 0) throw new Error(`A saved digest's part comes in ${SAVED_DIGEST_ROW_BYTES}-byte rows; got ${part.length} bytes.`);
      const b = Buffer.from(part.buffer, part.byteOffset, part.length);
      for (let at = 0; at < b.length; at += SAVED_DIGEST_ROW_BYTES) {
        digest.grow();
        const position = digest.count;
        for (let w = 0; w < WORDS; w++) digest.digests[position * WORDS + w] = b.readInt32LE(at + 8 + w * 4);
        const before = digest.positions.exchangeHashed(b.readUInt32LE(at), b.readUInt32LE(at + 4), position);
        if (before !== undefined) digest.later[before] = position + 1;
        digest.count++;
      }
    }
    if (digest.count !== header.rows) throw new Error(`The saved digest holds ${digest.count} rows; its header says ${header.rows}.`);
    return digest;
  }

  private grow(): void {
    if ((this.count + 1) * WORDS <= this.digests.length) return;
    const grown = new Int32Array(this.digests.length * 2);
    grown.set(this.digests);
    this.digests = grown;
    const later = new Int32Array(this.later.length * 2);
    later.set(this.later);
    this.later = later;
  }

  add(row: RobotRow): void {
    if (this.count === 0) this.firstColumns = Object.keys(row);
    this.grow();
    digestInto(row, this.tracked, this.digests, this.count * WORDS);
    const before = this.positions.exchange(cell(row, this.keyColumn), this.count);
    if (before !== undefined) this.later[before] = this.count + 1;
    this.count++;
  }

  /** @internal The position of the last row with the key of the row at `position` (the one a diff matches). */
  lastOf(position: number): number {
    let at = position;
    for (let next = this.later[at]!; next !== 0; next = this.later[at]!) at = next - 1;
    return at;
  }

  /** @internal */
  positionOf(key: string): number | undefined {
    return this.positions.get(key);
  }

  /** @internal `positionOf` by the key's hash (`hashKeyInto`). */
  positionOfHashed(key: Uint32Array): number | undefined {
    return this.positions.getHashed(key[0]!, key[1]!);
  }

  /** @internal The position of every key's last row. */
  lastPositions(): Iterable<number> {
    return this.positions.positions();
  }

  /** @internal Whether `scratch` (a digest) equals the row's at `position`. */
  sameDigest(position: number, scratch: Int32Array): boolean {
    const at = position * WORDS;
    for (let w = 0; w < WORDS; w++) if (this.digests[at + w] !== scratch[w]) return false;
    return true;
  }
}

/** The summary of a digest diff; the removed rows are known by their marks (`markPrevious`), not listed: their keys are not held. */
export interface DigestDiffResult {
  readonly summary: DiffSummary;
}

export interface DigestDiff {
  /**
   * Compare the next row of the current file (in file order). A promise when the row's digest
   * differs from its previous row's (read back to list the changes); await before the next push.
   */
  push(row: RobotRow): CurrentRowDiff | Promise<CurrentRowDiff>;
  /** After the last row: the summary (same as `diffRows`'). */
  finish(currentColumns?: readonly string[]): DigestDiffResult;
  /** After `finish`: the previous row at `position` (read again in order) with its mark. */
  markPrevious(row: RobotRow, position: number): PreviousRowDiff;
  /** After `finish`: the mark of the previous row at `position`, without the row (its page may be copied as bytes). */
  markAt(position: number): PreviousRowMark;
}

/** How a previous row compares (`PreviousRowDiff` without its row). */
export type PreviousRowMark = Omit<PreviousRowDiff, 'row'>;

const REMOVED_MARK: PreviousRowMark = Object.freeze({ mark: 'removed' });
const UNCHANGED_MARK: PreviousRowMark = Object.freeze({ mark: 'unchanged' });

/** A diff of the current file, a row at a time, against a `PreviousFileDigest`; `readRow` gives a previous row back by position. */
export function createDigestDiff(
  digest: PreviousFileDigest,
  readRow: (position: number) => Promise<RobotRow>,
  currentColumnsOption?: readonly string[],
  /** Records the current file's digest for the next diff: each row hashed once for both (its tracked columns must be the diff's). */
  recorder?: DigestRecorder,
): DigestDiff {
  if (recorder && (recorder.keyColumn !== digest.keyColumn || recorder.tracked.join('\u0000') !== digest.tracked.join('\u0000'))) {
    throw new Error('The recorder and the diff compare other columns.');
  }
  const { keyColumn, tracked, options } = digest;
  const width = tracked.length;
  const rows = digest.rowCount;
  const perColumn = new Array<number>(width).fill(0);
  const matched = new Uint8Array(rows);
  // Per previous position, the tracked columns that changed, as bits (only changed rows have any).
  const words = Math.ceil(width / 32);
  const changedBits = new Uint32Array(Math.max(1, rows * words));
  const scratch = new Int32Array(WORDS);
  let currentRowCount = 0;
  let firstCurrentColumns: readonly string[] | undefined;
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  let finished = false;

  const compare = async (row: RobotRow, position: number): Promise<CurrentRowDiff> => {
    const changes = cellChanges(await readRow(position), row, tracked, perColumn, (i) => {
      changedBits[position * words + (i >>> 5)]! |= 1 << (i & 31);
    });
    if (changes === undefined) {
      unchanged++;
      return UNCHANGED;
    }
    matched[position] = MATCHED_CHANGED;
    changed++;
    return { mark: 'changed', changes };
  };

  return {
    push(row) {
      if (finished) throw new Error('This diff is finished.');
      if (currentRowCount++ === 0) firstCurrentColumns = Object.keys(row);
      let sum = scratch;
      let position: number | undefined;
      if (recorder) {
        recorder.add(row);
        sum = recorder.sum;
        position = digest.positionOfHashed(recorder.key);
      } else position = digest.positionOf(cell(row, keyColumn));
      if (position === undefined || matched[position] !== 0) {
        added++;
        return ADDED;
      }
      if (!recorder) digestInto(row, tracked, scratch, 0);
      // Taken now, so a repeat of the key later in the current file is added, as in diff.ts.
      matched[position] = MATCHED;
      if (digest.sameDigest(position, sum)) {
        unchanged++;
        return UNCHANGED;
      }
      return compare(row, position);
    },

    finish(currentColumnsOverride) {
      finished = true;
      let removed = 0;
      for (const position of digest.lastPositions()) if (matched[position] === 0) removed++;
      return {
        summary: diffSummary({
          type: options.type,
          keyColumn,
          tracked,
          perColumn,
          previousRowCount: rows,
          currentRowCount,
          added,
          removed,
          changed,
          unchanged,
          previousColumns: options.previousColumns ?? digest.firstColumns,
          currentColumns: currentColumnsOverride ?? currentColumnsOption ?? options.currentColumns ?? firstCurrentColumns,
        }),
      };
    },

    markPrevious(row, position) {
      return { row, ...this.markAt(position) };
    },

    markAt(position) {
      if (!finished) throw new Error('Finish the diff before reading the previous rows.');
      // A repeated key carries the mark of its last row, the one that was matched.
      const last = digest.lastOf(position);
      const state = matched[last] ?? 0;
      if (state === 0) return REMOVED_MARK;
      if (state !== MATCHED_CHANGED) return UNCHANGED_MARK;
      const changedColumns: string[] = [];
      for (let i = 0; i < width; i++) if (changedBits[last * words + (i >>> 5)]! & (1 << (i & 31))) changedColumns.push(tracked[i]!);
      return { mark: 'changed', changedColumns };
    },
  };
}

/**
 * `readRow` for `createDigestDiff` over a file stored in chunks of `chunkRows` rows: the chunk of
 * a position is read once and the last `cached` chunks kept.
 */
export function chunkedRowReader(readChunk: (n: number) => Promise<readonly RobotRow[]>, chunkRows: number, cached = 8): (position: number) => Promise<RobotRow> {
  return chunkedReader(readChunk, chunkRows, cached, (chunk, i, position) => {
    const row = chunk[i];
    if (!row) throw new RangeError(`No previous row at ${position}`);
    return row;
  });
}

/** A row by position from chunks of `chunkRows` rows, the last `cached` chunks kept; `rowOf` takes row i of a chunk. */
function chunkedReader<C>(readChunk: (n: number) => Promise<C>, chunkRows: number, cached: number, rowOf: (chunk: C, i: number, position: number) => RobotRow): (position: number) => Promise<RobotRow> {
  const cache = new Map<number, Promise<C>>();
  return async (position) => {
    const n = Math.floor(position / chunkRows);
    let chunk = cache.get(n);
    if (chunk) cache.delete(n);
    else {
      chunk = readChunk(n);
      if (cache.size >= cached) cache.delete(cache.keys().next().value!);
    }
    cache.set(n, chunk);
    return rowOf(await chunk, position - n * chunkRows, position);
  };
}

/** A page of the previous file as its bytes, with its items found (`items` null: not in ChunkWriter's form, `rows` parsed instead). */
interface CachedPage {
  readonly bytes: Buffer;
  readonly items: PageItems | null;
  readonly rows: readonly RobotRow[] | null;
}

function cachedPage(bytes: Buffer): CachedPage {
  const items = pageItems(bytes);
  return { bytes, items, rows: items ? null : (JSON.parse(bytes.toString('utf8')) as MarkedRow[]).map((m) => m.row) };
}

/**
 * `readRow` for `createDigestDiff` over the previous file's comparison pages read as bytes
 * (`readPage`, chunks of `chunkRows` rows): a page is read once and the last `cached` kept; only
 * the row asked for is decoded and parsed (page-items.ts), not the page (issue 21).
 */
export function pageRowReader(readPage: (n: number) => Promise<Buffer>, chunkRows: number, cached = 8): (position: number) => Promise<RobotRow> {
  return chunkedReader(async (n) => cachedPage(await readPage(n)), chunkRows, cached, (page, i, position) => {
    if (page.rows) {
      const row = page.rows[i];
      if (!row) throw new RangeError(`No previous row at ${position}`);
      return row;
    }
    if (i >= page.items!.count) throw new RangeError(`No previous row at ${position}`);
    return itemRow(page.bytes, page.items!, i);
  });
}

/** A previous row's mark as the members after its row in its page item: JSON.stringify(markPreviousRow(…)) without `{"row":…` and the closing brace. */
export function previousMarkMembers(mark: PreviousRowMark): string {
  if (mark.mark === 'removed') return ',"mark":"removed"';
  if (mark.mark === 'changed') return `,"mark":"changed","changed":${JSON.stringify(mark.changedColumns ?? [])}`;
  return '';
}

/**
 * The previous side's page items of one page of the previous file (its bytes, its first row at
 * `firstPosition`), each row with its mark: the rows' bytes are copied (page-items.ts), not
 * parsed and serialized again; a page not in ChunkWriter's form is parsed and its rows marked as
 * `markPreviousRow` does. Hands each item to `add` (a `ChunkWriter`'s `addRaw` / `add`), awaiting
 * what it returns. Returns the number of rows.
 */
export async function markPreviousPage(
  bytes: Buffer,
  firstPosition: number,
  diff: DigestDiff,
  writer: { addRaw(json: Buffer): Promise<void> | undefined; add(item: MarkedRow): Promise<void> | undefined },
): Promise<number> {
  const items = pageItems(bytes);
  if (!items) {
    const rows = JSON.parse(bytes.toString('utf8')) as MarkedRow[];
    for (let i = 0; i < rows.length; i++) {
      const full = writer.add(markPreviousRow(diff.markPrevious(rows[i]!.row, firstPosition + i)));
      if (full) await full;
    }
    return rows.length;
  }
  for (let i = 0; i < items.count; i++) {
    const full = writer.addRaw(remarkedItem(bytes, items, i, previousMarkMembers(diff.markAt(firstPosition + i))));
    if (full) await full;
  }
  return items.count;
}
