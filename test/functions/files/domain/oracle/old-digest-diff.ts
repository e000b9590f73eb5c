// The engine as it was before issue 21 (commit 4c7e7c2), kept unchanged but for its imports: the oracle of diff-equivalence.test.ts.
/**
 * The streaming diff of ingest in bounded memory (issue 7 §2): the same answers as
 * `createStreamingDiff` (diff.ts), without holding the previous file.
 *
 * `PreviousFileDigest` keeps, per previous row, only 64 bits of its key's MD5 with the position of
 * its last row (`KeyPositions`, an open-addressing table in typed arrays) and a 128-bit MD5
 * digest of its tracked cells (four 32-bit words in a typed array): about 40 bytes a row
 * whatever the row's size, all off the JS heap, where the packed index of diff.ts holds the row.
 * A current row whose digest equals its previous row's is unchanged; one whose digest differs is
 * compared cell by cell with the previous row read back (`readRow`, by position: ingest reads it
 * from the previous file's pages, a few chunks cached, rescans mostly keeping their order), so
 * the old values are the real ones. Once the current file is read, the previous rows are marked
 * as they are read again in order (`markPrevious`). The one way the answers could differ: two
 * different sets of tracked cells with the same MD5 digest (a changed row counted unchanged),
 * about 2^-128 per row for rows nobody crafted to collide.
 */
import { hash } from 'node:crypto';
import { Md5KeyTable } from '../../../../../functions/lib/md5-key-table.js';
import { type CellChange, type CurrentRowDiff, diffSummary, type DiffOptions, type PreviousRowDiff, type StreamingDiffResult, trackedColumnsFor } from './old-diff.js';
import { type RobotRow, robotTypeDefinition } from '../../../../../functions/files/domain/robot-types.js';

const WORDS = 4; // 128 bits a digest
const ADDED: CurrentRowDiff = Object.freeze({ mark: 'added' });
const UNCHANGED: CurrentRowDiff = Object.freeze({ mark: 'unchanged' });
const MATCHED = 1;
const MATCHED_CHANGED = 2;

/** A cell's text; a column the row lacks reads as '' (as in diff.ts). */
function cell(row: RobotRow, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value : '';
}

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

/**
 * Key -> position of its last row, off the JS heap (`Md5KeyTable`: 64 bits of the key's MD5 and
 * the position in typed arrays, about 32 MB at 1M rows, where a Map of the key strings held
 * ~60 MB of heap that every major GC walked). Two keys sharing those 64 bits (about 3 in 10^8 for
 * a file of 1M distinct keys) would be taken for one: the later row's position wins, as for a
 * repeated key.
 */
export class KeyPositions extends Md5KeyTable {
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
    this.positions = new KeyPositions(expectedRows);
  }

  get rowCount(): number {
    return this.count;
  }

  add(row: RobotRow): void {
    if (this.count === 0) this.firstColumns = Object.keys(row);
    if ((this.count + 1) * WORDS > this.digests.length) {
      const grown = new Int32Array(this.digests.length * 2);
      grown.set(this.digests);
      this.digests = grown;
    }
    digestInto(row, this.tracked, this.digests, this.count * WORDS);
    this.positions.set(cell(row, this.keyColumn), this.count++);
  }

  /** @internal */
  positionOf(key: string): number | undefined {
    return this.positions.get(key);
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
  readonly summary: StreamingDiffResult['summary'];
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
}

/** A diff of the current file, a row at a time, against a `PreviousFileDigest`; `readRow` gives a previous row back by position. */
export function createDigestDiff(digest: PreviousFileDigest, readRow: (position: number) => Promise<RobotRow>, currentColumnsOption?: readonly string[]): DigestDiff {
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
    const before = await readRow(position);
    let changes: Record<string, CellChange> | undefined;
    for (let i = 0; i < width; i++) {
      const column = tracked[i]!;
      const oldValue = cell(before, column);
      const newValue = cell(row, column);
      if (oldValue !== newValue) {
        (changes ??= {})[column] = { old: oldValue, new: newValue };
        perColumn[i]!++;
        changedBits[position * words + (i >>> 5)]! |= 1 << (i & 31);
      }
    }
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
      const position = digest.positionOf(cell(row, keyColumn));
      if (position === undefined || matched[position] !== 0) {
        added++;
        return ADDED;
      }
      digestInto(row, tracked, scratch, 0);
      // Taken now, so a repeat of the key later in the current file is added, as in diff.ts.
      matched[position] = MATCHED;
      if (digest.sameDigest(position, scratch)) {
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
      if (!finished) throw new Error('Finish the diff before reading the previous rows.');
      // A repeated key carries the mark of its last row, the one that was matched.
      const last = digest.positionOf(cell(row, keyColumn)) ?? position;
      const state = matched[last] ?? 0;
      if (state === 0) return { row, mark: 'removed' };
      if (state !== MATCHED_CHANGED) return { row, mark: 'unchanged' };
      const changedColumns: string[] = [];
      for (let i = 0; i < width; i++) if (changedBits[last * words + (i >>> 5)]! & (1 << (i & 31))) changedColumns.push(tracked[i]!);
      return { row, mark: 'changed', changedColumns };
    },
  };
}

/**
 * `readRow` for `createDigestDiff` over a file stored in chunks of `chunkRows` rows: the chunk of
 * a position is read once and the last `cached` chunks kept.
 */
export function chunkedRowReader(readChunk: (n: number) => Promise<readonly RobotRow[]>, chunkRows: number, cached = 8): (position: number) => Promise<RobotRow> {
  const cache = new Map<number, Promise<readonly RobotRow[]>>();
  return async (position) => {
    const n = Math.floor(position / chunkRows);
    let chunk = cache.get(n);
    if (chunk) cache.delete(n);
    else {
      chunk = readChunk(n);
      if (cache.size >= cached) cache.delete(cache.keys().next().value!);
    }
    cache.set(n, chunk);
    const row = (await chunk)[position - n * chunkRows];
    if (!row) throw new RangeError(`No previous row at ${position}`);
    return row;
  };
}
