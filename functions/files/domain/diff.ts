/**
 * Keyed diff of two robot files (previous vs current) of the same type.
 *
 * Rows are matched on the type's key column. A matched row is "changed" when at least one
 * tracked column differs; only tracked columns are compared and reported (the spec's marking:
 * "a cell whose value differs in a threshold-tracked column is changed"). Pure and O(rows x
 * tracked columns) with one Map.
 *
 * Two forms, one comparison: `diffRows` here takes both files as arrays (`assessFile`, tests);
 * ingest runs the digest form (digest-diff.ts: `createDigestDiff` over a `PreviousFileDigest`),
 * which takes the current file a row at a time against keys and digests of the previous one and
 * gives the same answers. This file keeps what both share: the options, the tracked columns, the
 * summary and the row marks.
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
  const keyColumn = robotTypeDefinition(options.type).keyColumn;
  const tracked = trackedColumnsFor(options.type, options.columns, options.ignoreImageData);
  const width = tracked.length;
  // Key -> position of its last previous row, in order of first appearance (the removed keys' order).
  const positions = new Map<string, number>();
  previous.forEach((row, position) => positions.set(cell(row, keyColumn), position));
  const matched = new Uint8Array(previous.length);
  const perColumn = new Array<number>(width).fill(0);
  const added: string[] = [];
  const changed: ChangedRow[] = [];
  let unchanged = 0;
  for (const row of current) {
    const key = cell(row, keyColumn);
    const position = positions.get(key);
    // A key seen earlier in the current file (or absent before) is new.
    if (position === undefined || matched[position] !== 0) {
      added.push(key);
      continue;
    }
    matched[position] = 1;
    const changes = cellChanges(previous[position]!, row, tracked, perColumn);
    if (changes === undefined) unchanged++;
    else changed.push({ key, changes });
  }
  const removed: string[] = [];
  for (const [key, position] of positions) if (matched[position] === 0) removed.push(key);
  const summary = diffSummary({
    type: options.type,
    keyColumn,
    tracked,
    perColumn,
    previousRowCount: previous.length,
    currentRowCount: current.length,
    added: added.length,
    removed: removed.length,
    changed: changed.length,
    unchanged,
    previousColumns: options.previousColumns ?? (previous[0] ? Object.keys(previous[0]) : undefined),
    currentColumns: options.currentColumns ?? (current[0] ? Object.keys(current[0]) : undefined),
  });
  return { summary, added, removed, changed };
}

/** What `DigestDiff.push` (digest-diff.ts) tells of a current row. */
export type CurrentRowDiff =
  | { readonly mark: 'added' }
  | { readonly mark: 'unchanged' }
  | { readonly mark: 'changed'; readonly changes: Readonly<Record<string, CellChange>> };

/** A previous row with how it compares, from `DigestDiff.markPrevious` (digest-diff.ts). */
export interface PreviousRowDiff {
  readonly row: RobotRow;
  readonly mark: 'removed' | 'changed' | 'unchanged';
  /** For `changed`: the tracked columns that differ, in tracked-column order. */
  readonly changedColumns?: readonly string[];
}

/** A cell's text; a column the row lacks reads as ''. */
export function cell(row: RobotRow, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value : '';
}

/**
 * The tracked cells that differ between a previous row and the current one (undefined: none),
 * each counted in `perColumn` by its index in `tracked`, and told to `onChange` (the digest
 * diff keeps a bit per changed column).
 */
export function cellChanges(before: RobotRow, row: RobotRow, tracked: readonly string[], perColumn: number[], onChange?: (i: number) => void): Record<string, CellChange> | undefined {
  let changes: Record<string, CellChange> | undefined;
  for (let i = 0; i < tracked.length; i++) {
    const column = tracked[i]!;
    const oldValue = cell(before, column);
    const newValue = cell(row, column);
    if (oldValue !== newValue) {
      (changes ??= {})[column] = { old: oldValue, new: newValue };
      perColumn[i]!++;
      onChange?.(i);
    }
  }
  return changes;
}
