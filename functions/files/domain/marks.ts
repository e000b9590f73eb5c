/**
 * The rows of a file's comparison pages: each row with how it compares (the spec's marking, §4).
 * Pure; functions/files/pages.ts stores them.
 */
import type { CurrentRowDiff, PreviousRowDiff, RowsDiff } from './diff.js';
import type { RobotRow } from './robot-types.js';
import type { RowMark } from '../../../shared/constants';

export type { RowMark };

/** A row with how it compares: `changed` lists the tracked columns that differ, `old` their previous values. */
export interface MarkedRow {
  row: RobotRow;
  mark?: RowMark;
  changed?: string[];
  old?: Record<string, string>;
}

/** Annotate both sides with the diff's marks (both files in memory; ingest uses the row-at-a-time forms below). */
export function markRows(previous: readonly RobotRow[], current: readonly RobotRow[], diff: RowsDiff | null, keyColumn: string): { current: MarkedRow[]; previous: MarkedRow[] } {
  if (!diff) return { current: current.map((row) => ({ row })), previous: previous.map((row) => ({ row })) };
  const added = new Set(diff.added);
  const removed = new Set(diff.removed);
  const changed = new Map(diff.changed.map((c) => [c.key, c.changes]));
  return {
    current: current.map((row) => {
      const k = row[keyColumn] ?? '';
      if (added.has(k)) return { row, mark: 'added' };
      const ch = changed.get(k);
      if (!ch) return { row };
      return { row, mark: 'changed', changed: Object.keys(ch), old: Object.fromEntries(Object.entries(ch).map(([c, v]) => [c, v.old])) };
    }),
    previous: previous.map((row) => {
      const k = row[keyColumn] ?? '';
      if (removed.has(k)) return { row, mark: 'removed' };
      const ch = changed.get(k);
      return ch ? { row, mark: 'changed', changed: Object.keys(ch) } : { row };
    }),
  };
}

/** A current row as `markRows` marks it, from what `DigestDiff.push` said of it (null: no previous file). */
export function markCurrentRow(row: RobotRow, diff: CurrentRowDiff | null): MarkedRow {
  if (diff === null || diff.mark === 'unchanged') return { row };
  if (diff.mark === 'added') return { row, mark: 'added' };
  const changed = Object.keys(diff.changes);
  const old: Record<string, string> = {};
  for (const column of changed) old[column] = diff.changes[column]!.old;
  return { row, mark: 'changed', changed, old };
}

/** A previous row as `markRows` marks it, from `DigestDiff.markPrevious`. */
export function markPreviousRow(previous: PreviousRowDiff): MarkedRow {
  const { row } = previous;
  if (previous.mark === 'removed') return { row, mark: 'removed' };
  if (previous.mark === 'changed') return { row, mark: 'changed', changed: [...(previous.changedColumns ?? [])] };
  return { row };
}
