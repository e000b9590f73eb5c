/**
 * Robot health (issue 25; docs/decisions/41-robot-health.md): the pure rules that tell a robot is
 * late, thin, broken or stuck, from what is kept of it at ingest (its last file, its last good
 * file, the row counts of its recent good files, the empty share of its tracked columns) and the
 * thresholds of the post office settings. No I/O here: functions/robot-health reads and writes.
 */
import { ROBOT_HEALTH_MSG as M, type RobotProblemKind } from '../../../shared/messages/robot-health';
import { PRODUCT_COLUMNS as P, HOMEPAGE_COLUMNS as H, BRAND_COLUMNS as B, type RobotRow, type RobotType } from '../../../shared/robot-columns';
import type { RobotHealthSettings } from '../../../shared/schemas/robot-health';
import { usDate } from '../../lib/us-date';

export type { RobotProblemKind };

/** The columns whose sudden emptiness breaks what a brand reads (prices, pictures, links). */
export const TRACKED_COLUMNS: Readonly<Record<RobotType, readonly string[]>> = {
  product: [P.price, P.imageUrls, P.productUrl],
  homepage: [H.menuUrl],
  brand: [B.logo, B.heroImage, B.brandLink],
};

/** How many recent good files' row counts are kept (the median of which a new file is held to). */
export const RECENT_FILES = 8;

/** What ingest tells of one file of a robot. */
export interface RobotFileFacts {
  fileId: string;
  /** The scan date (YYYY-MM-DD). */
  date: string;
  rowCount: number;
  /** The file's columns (canonical names); empty when it could not be read. */
  columns: readonly string[];
  /** Each tracked column's share of empty cells, 0..1 (absent: the column is not in the file). */
  emptyShares: Readonly<Record<string, number>>;
  /** The parser's refusal, when the file could not be read. */
  error?: { code: string; message: string };
}

export interface FileRef {
  _id: string;
  date: string;
  rowCount: number;
}

/** What is kept of a robot between files (the health item's fields the rules read). */
export interface RobotHealthState {
  lastFile?: FileRef;
  /** The last file that was neither thin nor broken, with its columns and empty shares. */
  lastGoodFile?: FileRef & { columns: string[]; emptyShares: Record<string, number> };
  /** Row counts of the recent good files, oldest first (at most RECENT_FILES). */
  recentRowCounts: number[];
}

export interface Finding {
  kind: RobotProblemKind;
  detail: string;
}


export function median(values: readonly number[]): number {
  if (!values.length) return 0;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** thin: no row (an empty file is refused by the parser as EMPTY_FILE), or fewer than `thinPercent` % of the recent median. */
export function thinFinding(file: RobotFileFacts, state: RobotHealthState, settings: Pick<RobotHealthSettings, 'thinPercent'>): Finding | undefined {
  if (file.error?.code === 'EMPTY_FILE' || (!file.error && file.rowCount === 0)) return { kind: 'thin', detail: M.thinEmpty(usDate(file.date)) };
  if (file.error) return undefined;
  const usual = median(state.recentRowCounts);
  if (usual <= 0) return undefined;
  // Below the threshold share, compared in whole rows times 100 (no floating point at the edge).
  if (file.rowCount * 100 >= settings.thinPercent * usual) return undefined;
  return { kind: 'thin', detail: M.thin(usDate(file.date), file.rowCount, Math.round(usual), Math.floor((file.rowCount * 100) / usual)) };
}

/**
 * broken: the file could not be read (the parser refuses a file at its first bad rows, so any
 * parse error is a rate over every threshold); a column of the last good file missing (told as
 * renamed when a column the last good file did not have came instead); a tracked column that was
 * at most `emptyBeforePercent` % empty and is now at least `emptyNowPercent` % empty.
 */
export function brokenFinding(file: RobotFileFacts, state: RobotHealthState, settings: Pick<RobotHealthSettings, 'emptyBeforePercent' | 'emptyNowPercent'>): Finding | undefined {
  const day = usDate(file.date);
  if (file.error) return file.error.code === 'EMPTY_FILE' ? undefined : { kind: 'broken', detail: M.brokenUnreadable(day, file.error.message) };
  const good = state.lastGoodFile;
  if (!good) return undefined;
  const now = new Set(file.columns);
  const before = new Set(good.columns);
  const missing = good.columns.filter((c) => !now.has(c));
  if (missing.length) {
    const added = file.columns.filter((c) => !before.has(c));
    if (added.length === missing.length) return { kind: 'broken', detail: M.brokenRenamed(day, missing.map((c, i) => `${c} to ${added[i]}`)) };
    return { kind: 'broken', detail: M.brokenMissing(day, missing) };
  }
  if (file.rowCount === 0) return undefined;
  const emptied = Object.keys(file.emptyShares).filter((c) => {
    const was = good.emptyShares[c];
    const is = file.emptyShares[c]!;
    return was !== undefined && was * 100 <= settings.emptyBeforePercent && is * 100 >= settings.emptyNowPercent;
  });
  return emptied.length ? { kind: 'broken', detail: M.brokenEmpty(day, emptied) } : undefined;
}

/** The findings of a new file and the state kept after it (a good file becomes the last good one). */
export function assessFile(file: RobotFileFacts, state: RobotHealthState, settings: RobotHealthSettings): { findings: Finding[]; next: RobotHealthState } {
  const findings = [thinFinding(file, state, settings), brokenFinding(file, state, settings)].filter((f): f is Finding => !!f);
  const ref: FileRef = { _id: file.fileId, date: file.date, rowCount: file.rowCount };
  const next: RobotHealthState = { ...state, lastFile: ref };
  if (!findings.length) {
    next.lastGoodFile = { ...ref, columns: [...file.columns], emptyShares: { ...file.emptyShares } };
    next.recentRowCounts = [...state.recentRowCounts, file.rowCount].slice(-RECENT_FILES);
  }
  return { findings, next };
}

export const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** The day the robot's next file is due: its last file's date + its cadence. */
export const expectedBy = (lastFileDate: string, cadenceDays: number) => addDays(lastFileDate, cadenceDays);

/**
 * late: today is past the expected day + `graceDays` with no newer file. `since` is the expected
 * day (the brand's data is delayed from then).
 */
export function lateFinding(lastFileDate: string | undefined, cadenceDays: number, today: string, settings: Pick<RobotHealthSettings, 'graceDays'>): (Finding & { since: string }) | undefined {
  if (!lastFileDate) return undefined;
  const due = expectedBy(lastFileDate, cadenceDays);
  if (today <= addDays(due, settings.graceDays)) return undefined;
  return { kind: 'late', detail: M.late(usDate(lastFileDate), usDate(due)), since: due };
}

/** stuck: a file waiting in the post office for more than `stuckDays` whole days since it arrived. */
export function stuckFinding(file: { date: string; createdAt: string }, today: string, settings: Pick<RobotHealthSettings, 'stuckDays'>): (Finding & { since: string }) | undefined {
  const arrived = file.createdAt.slice(0, 10);
  const days = daysBetween(arrived, today);
  if (days <= settings.stuckDays) return undefined;
  return { kind: 'stuck', detail: M.stuck(usDate(file.date), days), since: arrived };
}

/** Counts the empty cells of a file's tracked columns as its rows stream by. */
export class EmptyCellCounter {
  private readonly columns: readonly string[];
  private readonly empty: number[];
  private rows = 0;
  constructor(type: RobotType) {
    this.columns = TRACKED_COLUMNS[type];
    this.empty = this.columns.map(() => 0);
  }
  add(row: RobotRow): void {
    this.rows++;
    for (let i = 0; i < this.columns.length; i++) {
      const v = row[this.columns[i]!];
      if (v === undefined || v.trim() === '') this.empty[i]!++;
    }
  }
  /** The share of each tracked column the file has (`columns`: the file's), rounded to 4 places. */
  shares(columns: readonly string[]): Record<string, number> {
    const has = new Set(columns);
    const out: Record<string, number> = {};
    this.columns.forEach((c, i) => {
      if (has.has(c)) out[c] = this.rows ? Math.round((this.empty[i]! / this.rows) * 10_000) / 10_000 : 0;
    });
    return out;
  }
}
