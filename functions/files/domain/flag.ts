/**
 * A robot file's flag level from its diff against the previous file and the threshold settings.
 * The rules, with examples, are in docs/flag-rules.md; keep the two in step.
 */
import { type DiffOptions, type DiffSummary, type RowsDiff, diffRows, trackedColumnsFor } from './diff.js';
import {
  type RobotRow,
  type RobotType,
  ROBOT_TYPES,
  canonicalColumnName,
  normalizeRobotType,
  robotTypeDefinition,
} from './robot-types.js';
import { DEFAULT_THRESHOLD_PERCENT, normalizeThreshold } from '../../../shared/robot-columns';
import { FLAG_LEVELS, type FlagLevel } from '../../../shared/constants';

export { DEFAULT_THRESHOLD_PERCENT, normalizeThreshold };

export { FLAG_LEVELS, type FlagLevel };

/** Column -> integer percent (0 = not tracked). */
export type ColumnThresholds = Record<string, number>;

/** The settings record of `GET /settings/threshold` (without its id). */
export interface ThresholdSettings {
  emailAlerts: string[];
  ignoreImageData: boolean;
  /** Per type, per robot name, per diff column: an integer percent. */
  thresholds: Record<RobotType, Record<string, ColumnThresholds>>;
}

/** The robot whose thresholds apply to every robot the settings do not name. */
export const DEFAULT_ROBOT = 'default';


/**
 * Fixed guards on row counts. They do not depend on the settings, so no configuration can let
 * an empty or half-empty file through unflagged.
 */
export const ROW_GUARDS = {
  /** The new file has at least this many % fewer rows than the previous one. */
  dropReviewPercent: 20,
  dropCautionPercent: 10,
  /** At least this many % of the previous file's keys are missing from the new file. */
  removedReviewPercent: 20,
  removedCautionPercent: 10,
  /** New keys amount to at least this many % of the previous file's row count. */
  addedReviewPercent: 100,
  addedCautionPercent: 25,
} as const;

/** A column whose change rate exceeds this share of its threshold gives `caution`. */
export const CAUTION_SHARE_OF_THRESHOLD = 0.5;

export type FlagFindingCode =
  | 'EMPTY_FILE'
  | 'FIRST_FILE'
  | 'PREVIOUS_EMPTY'
  | 'ROWS_DROPPED'
  | 'ROWS_REMOVED'
  | 'ROWS_ADDED'
  | 'COLUMN_MISSING'
  | 'COLUMN_CHANGES';

export interface FlagFinding {
  readonly level: Exclude<FlagLevel, 'unflagged'>;
  readonly code: FlagFindingCode;
  /** Shown in the alert notification and email. */
  readonly message: string;
  /** The column, for COLUMN_MISSING and COLUMN_CHANGES. */
  readonly column?: string;
}

export interface FlagDecision {
  readonly flag: FlagLevel;
  /** The findings' messages, require_review ones first; empty when unflagged. */
  readonly reasons: string[];
  readonly findings: FlagFinding[];
}

export interface FlagInput {
  readonly type: RobotType;
  /** Diff against the previous file of the same retailer and type; null when there is none. */
  readonly diff: DiffSummary | null;
  /** Rows of the new file; only read when `diff` is null. */
  readonly currentRowCount: number;
  /** This robot's thresholds (`thresholdsForRobot`). */
  readonly thresholds: Readonly<ColumnThresholds>;
}


/** Any stored or submitted settings object -> a complete, normalized `ThresholdSettings`. */
export function normalizeThresholdSettings(value: unknown): ThresholdSettings {
  const input = isObject(value) ? value : {};
  const thresholds = {} as Record<RobotType, Record<string, ColumnThresholds>>;
  for (const type of ROBOT_TYPES) thresholds[type] = {};
  const byType = isObject(input['thresholds']) ? input['thresholds'] : {};
  for (const [typeName, robots] of Object.entries(byType)) {
    const type = normalizeRobotType(typeName);
    if (type === undefined || !isObject(robots)) continue;
    for (const [robotName, columns] of Object.entries(robots)) {
      const robot = robotName.trim();
      if (robot === '' || !isObject(columns)) continue;
      const target = (thresholds[type][robot] ??= {});
      for (const [column, percent] of Object.entries(columns)) {
        const name = canonicalColumnName(type, column);
        if (name !== '') target[name] = normalizeThreshold(percent);
      }
    }
  }
  const emails: string[] = [];
  const seen = new Set<string>();
  for (const raw of Array.isArray(input['emailAlerts']) ? input['emailAlerts'] : []) {
    if (typeof raw !== 'string') continue;
    const email = raw.trim();
    if (email === '' || seen.has(email.toLowerCase())) continue;
    seen.add(email.toLowerCase());
    emails.push(email);
  }
  return { emailAlerts: emails, ignoreImageData: input['ignoreImageData'] === true, thresholds };
}

export interface RobotThresholds {
  /** 'robot' when the settings name this robot, 'default' otherwise. */
  readonly source: 'robot' | 'default';
  readonly percents: ColumnThresholds;
}

/**
 * The thresholds that apply to one robot: its own map when the settings have one (a column not
 * in it, or at 0, is not tracked), else DEFAULT_THRESHOLD_PERCENT on each default diff column.
 */
export function thresholdsForRobot(settings: ThresholdSettings, type: RobotType, robotName: string): RobotThresholds {
  const robots = settings.thresholds[type] ?? {};
  const name = robotName.trim();
  const find = (wanted: string) =>
    robots[wanted] ?? Object.entries(robots).find(([candidate]) => candidate.toLowerCase() === wanted.toLowerCase())?.[1];
  const own = find(name);
  // A robot the settings do not name follows the settings' `default` robot, when there is one.
  const fallback = own ? undefined : find(DEFAULT_ROBOT);
  const chosen = own ?? fallback;
  if (chosen) {
    const percents: ColumnThresholds = {};
    for (const [column, percent] of Object.entries(chosen)) percents[column] = normalizeThreshold(percent);
    return { source: own ? 'robot' : 'default', percents };
  }
  const percents: ColumnThresholds = {};
  for (const column of robotTypeDefinition(type).defaultDiffColumns) percents[column] = DEFAULT_THRESHOLD_PERCENT;
  return { source: 'default', percents };
}

/** Columns the diff compares: a threshold above 0, not the key, not image data when ignored. */
export function trackedColumnsOf(type: RobotType, thresholds: Readonly<ColumnThresholds>, ignoreImageData: boolean): string[] {
  const columns = Object.entries(thresholds)
    .filter(([, percent]) => percent > 0)
    .map(([column]) => column);
  return trackedColumnsFor(type, columns, ignoreImageData);
}

/** Decide the flag level of a new file. */
export function decideFlag(input: FlagInput): FlagDecision {
  const findings: FlagFinding[] = [];
  const add = (level: FlagFinding['level'], code: FlagFindingCode, message: string, column?: string): void => {
    findings.push(column === undefined ? { level, code, message } : { level, code, message, column });
  };
  const { type, diff } = input;
  const current = diff ? diff.currentRowCount : input.currentRowCount;

  if (current === 0) add('require_review', 'EMPTY_FILE', 'The new file has no rows.');

  if (diff === null) {
    add('caution', 'FIRST_FILE', `This is the first ${type} file of this retailer: there is no previous file to compare it with.`);
    return decision(findings);
  }

  const previous = diff.previousRowCount;
  if (previous === 0) {
    if (current > 0) add('caution', 'PREVIOUS_EMPTY', `The previous file had no rows; all ${count(current)} rows are new.`);
    return decision(findings);
  }

  // Row counts (fixed guards).
  const dropPct = ((previous - current) / previous) * 100;
  const dropLevel = levelAtLeast(dropPct, ROW_GUARDS.dropReviewPercent, ROW_GUARDS.dropCautionPercent);
  if (dropLevel && current > 0) {
    add(dropLevel, 'ROWS_DROPPED', `The new file has ${pct(dropPct)} fewer rows than the previous one (${count(current)} vs ${count(previous)}).`);
  }
  const removedPct = (diff.removedCount / previous) * 100;
  const removedLevel = levelAtLeast(removedPct, ROW_GUARDS.removedReviewPercent, ROW_GUARDS.removedCautionPercent);
  // Reported when it says more than the drop in row count (e.g. keys replaced by new ones).
  if (removedLevel && current > 0 && rank(removedLevel) > rank(dropLevel)) {
    const replaced = diff.addedCount > 0 ? ` while ${count(diff.addedCount)} new ones appeared (did the ${diff.keyColumn} format change?)` : '';
    add(
      removedLevel,
      'ROWS_REMOVED',
      `${count(diff.removedCount)} rows (${pct(removedPct)}) of the previous file are missing from the new file${replaced}.`,
    );
  }
  const addedPct = (diff.addedCount / previous) * 100;
  const addedLevel = levelAtLeast(addedPct, ROW_GUARDS.addedReviewPercent, ROW_GUARDS.addedCautionPercent);
  if (addedLevel) {
    add(addedLevel, 'ROWS_ADDED', `The new file has ${count(diff.addedCount)} new rows, ${pct(addedPct)} of the previous file's ${count(previous)}.`);
  }

  // Tracked columns.
  const missing = new Set(diff.columnsRemoved);
  const matched = diff.changedCount + diff.unchangedCount;
  for (const column of diff.trackedColumns) {
    const threshold = normalizeThreshold(input.thresholds[column] ?? 0);
    if (threshold === 0) continue;
    if (missing.has(column)) {
      add('require_review', 'COLUMN_MISSING', `Column "${column}" is missing from the new file.`, column);
      continue;
    }
    if (matched === 0) continue;
    const changed = diff.changedByColumn[column] ?? 0;
    const changedPct = (changed / matched) * 100;
    const share = `${column} changed in ${pct(changedPct)} of rows (${count(changed)} of ${count(matched)})`;
    if (changedPct > threshold) {
      add('require_review', 'COLUMN_CHANGES', `${share}, above its ${threshold}% threshold.`, column);
    } else if (changedPct > threshold * CAUTION_SHARE_OF_THRESHOLD) {
      add('caution', 'COLUMN_CHANGES', `${share}, more than half of its ${threshold}% threshold.`, column);
    }
  }
  return decision(findings);
}

export interface AssessFileInput {
  readonly settings: ThresholdSettings;
  readonly type: RobotType;
  readonly robotName: string;
  /** Rows of the previous file of this retailer and type; null when there is none. */
  readonly previousRows: readonly RobotRow[] | null;
  readonly currentRows: readonly RobotRow[];
  readonly previousColumns?: readonly string[];
  readonly currentColumns?: readonly string[];
}

export interface FileAssessment extends FlagDecision {
  readonly thresholds: RobotThresholds;
  /** null when there is no previous file. */
  readonly diff: RowsDiff | null;
}

export interface AssessmentPlan {
  readonly thresholds: RobotThresholds;
  /** How to diff this robot's files: its tracked columns, image data left out when the settings say so. */
  readonly diffOptions: DiffOptions;
}

/** The thresholds of a robot and the diff they call for (the first half of `assessFile`). */
export function planAssessment(settings: ThresholdSettings, type: RobotType, robotName: string): AssessmentPlan {
  const thresholds = thresholdsForRobot(settings, type, robotName);
  return {
    thresholds,
    diffOptions: {
      type,
      columns: trackedColumnsOf(type, thresholds.percents, settings.ignoreImageData),
      ignoreImageData: settings.ignoreImageData,
    },
  };
}

/**
 * Thresholds for the robot -> diff on its tracked columns -> flag, with both files in memory.
 * Ingest does the same a row at a time: `planAssessment`, `createDigestDiff` over a
 * `PreviousFileDigest` of `plan.diffOptions`, then `decideFlag` on the summary.
 */
export function assessFile(input: AssessFileInput): FileAssessment {
  const { type } = input;
  const { thresholds, diffOptions } = planAssessment(input.settings, type, input.robotName);
  const diff =
    input.previousRows === null
      ? null
      : diffRows(input.previousRows, input.currentRows, {
          ...diffOptions,
          ...(input.previousColumns ? { previousColumns: input.previousColumns } : {}),
          ...(input.currentColumns ? { currentColumns: input.currentColumns } : {}),
        });
  const decided = decideFlag({
    type,
    diff: diff ? diff.summary : null,
    currentRowCount: input.currentRows.length,
    thresholds: thresholds.percents,
  });
  return { ...decided, thresholds, diff };
}

function decision(findings: FlagFinding[]): FlagDecision {
  const ordered = [
    ...findings.filter((f) => f.level === 'require_review'),
    ...findings.filter((f) => f.level === 'caution'),
  ];
  const flag: FlagLevel = ordered[0]?.level ?? 'unflagged';
  return { flag, reasons: ordered.map((f) => f.message), findings: ordered };
}

function levelAtLeast(value: number, review: number, caution: number): FlagFinding['level'] | undefined {
  if (value >= review) return 'require_review';
  if (value >= caution) return 'caution';
  return undefined;
}

function rank(level: FlagFinding['level'] | undefined): number {
  return level === 'require_review' ? 2 : level === 'caution' ? 1 : 0;
}

/** 48.234 -> '48.23%', 50 -> '50%' (two decimals so a value just above a threshold reads above it). */
function pct(value: number): string {
  return `${Math.round(value * 100) / 100}%`;
}

function count(n: number): string {
  return n.toLocaleString('en-US');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
