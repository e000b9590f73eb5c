/**
 * The diff columns of each robot type, for the Thresholds grid (001 §2), from the shared robot
 * type definitions (shared/robot-columns.ts, the same the ingest uses), without the key column,
 * which is how rows are matched and never a diff column.
 */
import { DEFAULT_THRESHOLD_PERCENT, normalizeThreshold, ROBOT_TYPE_DEFINITIONS, type RobotType } from '@shared/robot-columns';

export type ThresholdType = RobotType;

export interface ThresholdBlockDef {
  type: ThresholdType;
  /** The block title (001 §2). */
  title: string;
  keyColumn: string;
  columns: readonly string[];
  /** Columns a robot that is not listed is compared on, at DEFAULT_PERCENT each. */
  defaultColumns: readonly string[];
}

/** What a robot missing from the settings gets on each default column (docs/flag-rules.md). */
export const DEFAULT_PERCENT = DEFAULT_THRESHOLD_PERCENT;

/** The blocks in the screen's order: Product Details, Brand LP, Homepage. */
export const THRESHOLD_BLOCKS: readonly ThresholdBlockDef[] = (['product', 'brand', 'homepage'] as const).map((type) => {
  const def = ROBOT_TYPE_DEFINITIONS[type];
  return {
    type,
    title: def.label,
    keyColumn: def.keyColumn,
    columns: def.columns.filter((c) => c !== def.keyColumn),
    defaultColumns: def.defaultDiffColumns,
  };
});

/** "Parsed as integers. Values below 1 become 0" (001 §5); a percent is at most 100. */
export const normalizePercent = (value: string | number): number => normalizeThreshold(value);
