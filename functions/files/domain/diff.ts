/**
 * Keyed diff of two robot files (previous vs current) of the same type.
 *
 * Rows are matched on the type's key column. A matched row is "changed" when at least one
 * tracked column differs; only tracked columns are compared and reported (the spec's marking:
 * "a cell whose value differs in a threshold-tracked column is changed"). Pure and O(rows x
 * tracked columns) with one Map.
 *
 * Two forms, one comparison: `diffRows` takes both files as arrays; `createStreamingDiff` holds
 * only the previous file (a `PreviousFileIndex`, by default one string per row) and takes the
 * current file a row at a time, telling each row's mark as it comes, so the current file is
 * never held whole (ingest, the diff bench).
 */
import { type RobotRow, type RobotType, robotTypeDefinition } from './robot-types.js';

export interface DiffOptions {
  readonly type: RobotType;
  /** Columns to compare; defaults to the type's default diff columns. The key column is never compared. */
  readonly columns?: readonly string[];
  /** Leave the type's image columns out of the comparison. */
  readonly ignoreImageData?: boolean;
  /** Column lists of the two files (e.g. `ParseStats.columns`); default: the keys of each file's first row. */
  readonly previousColumns?: readonly string[];
  readonly currentColumns?: readonly string[];
}

export interface CellChange {
  readonly old: string;
  readonly new: string;
}

export interface ChangedRow {
  readonly key: string;
  /** Only the tracked columns whose value differs. */
  readonly changes: Readonly<Record<string, CellChange>>;
}

/** Counts only: small enough to keep on the File record and to decide the flag from. */
export interface DiffSummary {
  readonly type: RobotType;
  readonly keyColumn: string;
  readonly trackedColumns: readonly string[];
  readonly previousRowCount: number;
  readonly currentRowCount: number;
  /** Keys only in the current file. */
  readonly addedCount: number;
  /** Keys only in the previous file. */
  readonly removedCount: number;
  /** Keys in both files with at least one tracked column changed. */
  readonly changedCount: number;
  /** Keys in both files with no tracked column changed. */
  readonly unchangedCount: number;
  /** Tracked column -> number of matched rows in which it changed (every tracked column is listed). */
  readonly changedByColumn: Readonly<Record<string, number>>;
  /** Columns only the current file has / only the previous file has (when both column lists are known). */
  readonly columnsAdded: readonly string[];
  readonly columnsRemoved: readonly string[];
}

/** The summary both diffs end with: counts, changes per tracked column, columns added / removed. */
export function diffSummary(o: {
  type: RobotType;
  keyColumn: string;
  tracked: readonly string[];
  perColumn: ArrayLike<number>;
  previousRowCount: number;
  currentRowCount: number;
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
  previousColumns: readonly string[] | undefined;
  currentColumns: readonly string[] | undefined;
}): DiffSummary {
  const changedByColumn: Record<string, number> = {};
  o.tracked.forEach((column, i) => {
    changedByColumn[column] = o.perColumn[i]!;
  });
  const { previousColumns, currentColumns } = o;
  const bothKnown = previousColumns !== undefined && currentColumns !== undefined;
  return {
    type: o.type,
    keyColumn: o.keyColumn,
    trackedColumns: [...o.tracked],
    previousRowCount: o.previousRowCount,
    currentRowCount: o.currentRowCount,
    addedCount: o.added,
    removedCount: o.removed,
    changedCount: o.changed,
    unchangedCount: o.unchanged,
    changedByColumn,
    columnsAdded: bothKnown ? currentColumns.filter((c) => !previousColumns.includes(c)) : [],
    columnsRemoved: bothKnown ? previousColumns.filter((c) => !currentColumns.includes(c)) : [],
  };
}

export interface RowsDiff {
  readonly summary: DiffSummary;
  /** Keys in current-file order. */
  readonly added: readonly string[];
  /** Keys in previous-file order. */
  readonly removed: readonly string[];
  /** In current-file order. */
  readonly changed: readonly ChangedRow[];
}

/** The columns a diff compares: the given (or default) ones minus the key and, if asked, image columns. */
export function trackedColumnsFor(
  type: RobotType,
  columns?: readonly string[],
  ignoreImageData = false,
): string[] {
  const def = robotTypeDefinition(type);
  const out: string[] = [];
  for (const column of columns ?? def.defaultDiffColumns) {
    if (column === def.keyColumn || out.includes(column)) continue;
    if (ignoreImageData && def.imageColumns.includes(column)) continue;
    out.push(column);
  }
  return out;
}

/**
 * Diff `previous` against `current`. Keys are expected to be unique within each file
 * (`parseRobotFile` guarantees it); should one repeat, its last previous row is the one matched
 * and later current rows with that key count as added.
 */
export function diffRows(
  previous: readonly RobotRow[],
  current: readonly RobotRow[],
  options: DiffOptions,
): RowsDiff {
  // The rows are already in memory: index them as they are rather than packed.
  const index = PreviousFileIndex.of(options.type, previous, { compact: false });
  const diff = createStreamingDiff(index, options);
  const added: string[] = [];
  const changed: ChangedRow[] = [];
  const keyColumn = index.keyColumn;
  for (const row of current) {
    const result = diff.push(row);
    if (result.mark === 'added') added.push(cell(row, keyColumn));
    else if (result.mark === 'changed') changed.push({ key: cell(row, keyColumn), changes: result.changes });
  }
  const { summary, removed } = diff.finish();
  return { summary, added, removed, changed };
}

// ---------------------------------------------------------------------------------------------
// Streaming form

/** Between the values of a packed row. Never in a CSV file (the parser refuses NUL bytes). */
const SEPARATOR = '\u0000';

export interface PreviousFileIndexOptions {
  /**
   * Pack each row into one string (its values joined in the first row's column order): about the
   * file's own size in memory instead of twice or more as row objects. Default true. A row that
   * cannot be packed exactly (other columns or column order, a NUL character) is kept as it is.
   */
  readonly compact?: boolean;
}

/**
 * The previous file of a diff, held for `createStreamingDiff`: every row in file order (packed
 * into one string by default) and, per key, where its last row is. Add rows, then diff it; the
 * index is not changed by a diff, so one index can serve several.
 */
export class PreviousFileIndex {
  readonly keyColumn: string;
  /** Column names of the file's first row (the default `previousColumns` of a diff). */
  firstColumns: readonly string[] | undefined;
  private readonly compact: boolean;
  /** Columns of a packed row, in order; undefined until the first row, null when rows are not packed. */
  private layout: string[] | null | undefined;
  private readonly scratch: string[] = [];
  /** Every row in file order: packed, or the row itself. */
  private readonly entries: Array<string | RobotRow> = [];
  /** Key -> position of its last row, in order of first appearance. */
  private readonly positions = new Map<string, number>();

  constructor(type: RobotType, options: PreviousFileIndexOptions = {}) {
    this.keyColumn = robotTypeDefinition(type).keyColumn;
    this.compact = options.compact ?? true;
  }

  static of(type: RobotType, rows: Iterable<RobotRow>, options: PreviousFileIndexOptions = {}): PreviousFileIndex {
    const index = new PreviousFileIndex(type, options);
    for (const row of rows) index.add(row);
    return index;
  }

  /** Rows added, duplicates included. */
  get rowCount(): number {
    return this.entries.length;
  }

  add(row: RobotRow): void {
    if (this.layout === undefined) {
      const columns = Object.keys(row);
      this.firstColumns = columns;
      // '__proto__' cannot be set back as an own property by assignment: such rows stay objects.
      this.layout = this.compact && !columns.includes('__proto__') ? columns : null;
    }
    this.positions.set(cell(row, this.keyColumn), this.entries.length);
    this.entries.push(this.layout === null ? row : this.pack(row, this.layout));
  }

  /** The row at `position`, as it was added (a packed row comes back as a new, equal object). */
  rowAt(position: number): RobotRow {
    const entry = this.entries[position];
    if (entry === undefined) throw new RangeError(`No row at ${position}`);
    if (typeof entry !== 'string') return entry;
    const layout = this.layout!;
    const values = entry.split(SEPARATOR);
    const row: RobotRow = {};
    for (let i = 0; i < layout.length; i++) row[layout[i]!] = values[i]!;
    return row;
  }

  /** @internal The entry at `position` (packed or not); for the diff. */
  entryAt(position: number): string | RobotRow | undefined {
    return this.entries[position];
  }

  /** @internal The columns of a packed row, in order; null when rows are not packed. */
  packedLayout(): readonly string[] | null {
    return this.layout ?? null;
  }

  /** @internal Where `column` is in a packed row, -1 when it is not there. */
  packedPosition(column: string): number {
    return this.layout ? this.layout.indexOf(column) : -1;
  }

  /** @internal Position of the last row with `key`. */
  positionOf(key: string): number | undefined {
    return this.positions.get(key);
  }

  /** @internal Keys in order of first appearance with the position of their last row. */
  keyPositions(): IterableIterator<[string, number]> {
    return this.positions.entries();
  }

  private pack(row: RobotRow, layout: readonly string[]): string | RobotRow {
    const values = this.scratch;
    const width = layout.length;
    let i = 0;
    for (const column in row) {
      if (i === width || column !== layout[i]) return row;
      const value = row[column];
      if (typeof value !== 'string' || value.indexOf(SEPARATOR) !== -1) return row;
      values[i++] = value;
    }
    if (i !== width) return row;
    values.length = width;
    // join() makes one flat string, whatever the values are slices of.
    return values.join(SEPARATOR);
  }
}

/** What `StreamingDiff.push` tells of a current row. */
export type CurrentRowDiff =
  | { readonly mark: 'added' }
  | { readonly mark: 'unchanged' }
  | { readonly mark: 'changed'; readonly changes: Readonly<Record<string, CellChange>> };

/** A previous row with how it compares, from `StreamingDiff.previousRows`. */
export interface PreviousRowDiff {
  readonly row: RobotRow;
  readonly mark: 'removed' | 'changed' | 'unchanged';
  /** For `changed`: the tracked columns that differ, in tracked-column order. */
  readonly changedColumns?: readonly string[];
}

export interface StreamingDiffResult {
  readonly summary: DiffSummary;
  /** Keys in previous-file order. */
  readonly removed: readonly string[];
}

export interface StreamingDiff {
  /** Compare the next row of the current file (in file order). */
  push(row: RobotRow): CurrentRowDiff;
  /**
   * After the last row: the summary (same as `diffRows`') and the removed keys. `currentColumns`
   * overrides the option of that name (e.g. `ParseStats.columns`, known once the file is read).
   */
  finish(currentColumns?: readonly string[]): StreamingDiffResult;
  /** After `finish`: every previous row, in previous-file order, with its mark. */
  previousRows(): Generator<PreviousRowDiff, void, undefined>;
}

const ADDED: CurrentRowDiff = Object.freeze({ mark: 'added' });
const UNCHANGED: CurrentRowDiff = Object.freeze({ mark: 'unchanged' });
const MATCHED = 1;
const MATCHED_CHANGED = 2;

/**
 * A diff that takes the current file a row at a time against a previous file held in `previous`
 * (an index, or rows to index packed). Same matching, summary and marks as `diffRows` on the
 * same rows.
 */
export function createStreamingDiff(previous: PreviousFileIndex | Iterable<RobotRow>, options: DiffOptions): StreamingDiff {
  const index = previous instanceof PreviousFileIndex ? previous : PreviousFileIndex.of(options.type, previous);
  const keyColumn = robotTypeDefinition(options.type).keyColumn;
  if (index.keyColumn !== keyColumn) throw new Error(`The previous file is keyed on ${index.keyColumn}, not ${keyColumn}.`);
  const tracked = trackedColumnsFor(options.type, options.columns, options.ignoreImageData);
  const width = tracked.length;
  const packedAt = tracked.map((column) => index.packedPosition(column));
  const layout = index.packedLayout();
  const scratch: string[] = [];
  const perColumn = new Array<number>(width).fill(0);
  // Per previous row position: 0 not matched (yet), MATCHED, MATCHED_CHANGED.
  const matched = new Uint8Array(index.rowCount);
  const changedColumnsAt = new Map<number, string[]>();
  let currentRowCount = 0;
  let firstCurrentColumns: readonly string[] | undefined;
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  let finished = false;

  return {
    push(row) {
      if (finished) throw new Error('This diff is finished.');
      if (currentRowCount++ === 0) firstCurrentColumns = Object.keys(row);
      const position = index.positionOf(cell(row, keyColumn));
      // A key seen earlier in the current file (or absent before) is new.
      if (position === undefined || position >= matched.length || matched[position] !== 0) {
        added++;
        return ADDED;
      }
      const before = index.entryAt(position)!;
      // Most rows are unchanged: a row with the packed rows' columns, in their order, is packed
      // the same way and compared as one string (no split, no cell by cell). Equal means every
      // column is equal (a packed row holds no NUL, so the values line up one for one).
      if (typeof before === 'string' && layout !== null && packedLike(row, layout, scratch) && scratch.join(SEPARATOR) === before) {
        matched[position] = MATCHED;
        unchanged++;
        return UNCHANGED;
      }
      const values = typeof before === 'string' ? before.split(SEPARATOR) : undefined;
      let changes: Record<string, CellChange> | undefined;
      for (let i = 0; i < width; i++) {
        const column = tracked[i]!;
        const at = packedAt[i]!;
        const oldValue = values === undefined ? cell(before as RobotRow, column) : at === -1 ? '' : values[at]!;
        const newValue = cell(row, column);
        if (oldValue !== newValue) {
          (changes ??= {})[column] = { old: oldValue, new: newValue };
          perColumn[i]!++;
        }
      }
      if (changes === undefined) {
        matched[position] = MATCHED;
        unchanged++;
        return UNCHANGED;
      }
      matched[position] = MATCHED_CHANGED;
      changedColumnsAt.set(position, Object.keys(changes));
      changed++;
      return { mark: 'changed', changes };
    },

    finish(currentColumnsOverride) {
      finished = true;
      const removed: string[] = [];
      for (const [key, position] of index.keyPositions()) {
        if (position >= matched.length || matched[position] === 0) removed.push(key);
      }
      return {
        summary: diffSummary({
          type: options.type,
          keyColumn,
          tracked,
          perColumn,
          previousRowCount: matched.length,
          currentRowCount,
          added,
          removed: removed.length,
          changed,
          unchanged,
          previousColumns: options.previousColumns ?? index.firstColumns,
          currentColumns: currentColumnsOverride ?? options.currentColumns ?? firstCurrentColumns,
        }),
        removed,
      };
    },

    *previousRows() {
      if (!finished) throw new Error('Finish the diff before reading the previous rows.');
      for (let position = 0; position < matched.length; position++) {
        const row = index.rowAt(position);
        // A repeated key carries the mark of its last row, the one that was matched.
        const last = index.positionOf(cell(row, keyColumn)) ?? position;
        const state = matched[last] ?? 0;
        if (state === 0) yield { row, mark: 'removed' };
        else if (state === MATCHED_CHANGED) yield { row, mark: 'changed', changedColumns: changedColumnsAt.get(last) ?? [] };
        else yield { row, mark: 'unchanged' };
      }
    },
  };
}

/** Whether `row` has exactly the columns of `layout`, in order, all text: its values then in `values`. */
function packedLike(row: RobotRow, layout: readonly string[], values: string[]): boolean {
  const width = layout.length;
  let i = 0;
  for (const column in row) {
    if (i === width || column !== layout[i]) return false;
    const value = row[column];
    if (typeof value !== 'string') return false;
    values[i++] = value;
  }
  values.length = i;
  return i === width;
}

/** A cell's text; a column the row lacks reads as ''. */
function cell(row: RobotRow, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value : '';
}
