/**
 * The three robot (scraper) file types, their columns and which of them count as image data.
 * Pure data plus small helpers; see docs/robot-files.md for the file format itself.
 */

import { PIPE_SEPARATOR, ROBOT_TYPE_DEFINITIONS, ROBOT_TYPES, type RobotType, type RobotTypeDefinition } from '../../../shared/robot-columns';

export {
  BRAND_COLUMNS,
  HOMEPAGE_COLUMNS,
  PIPE_SEPARATOR,
  PRODUCT_COLUMNS,
  ROBOT_TYPE_DEFINITIONS,
  ROBOT_TYPES,
  type RobotRow,
  type RobotType,
  type RobotTypeDefinition,
} from '../../../shared/robot-columns';

const TYPE_ALIASES: Readonly<Record<string, RobotType>> = {
  product: 'product',
  homepage: 'homepage',
  brand: 'brand',
  // The spec: "'brands' is treated as brand".
  brands: 'brand',
};

export function isRobotType(value: unknown): value is RobotType {
  return typeof value === 'string' && (ROBOT_TYPES as readonly string[]).includes(value);
}

/** 'Brands', ' brand ' -> 'brand'; anything unknown -> undefined. */
export function normalizeRobotType(value: string): RobotType | undefined {
  return TYPE_ALIASES[value.trim().toLowerCase()];
}

export function robotTypeDefinition(type: RobotType): RobotTypeDefinition {
  return ROBOT_TYPE_DEFINITIONS[type];
}

export function keyColumnOf(type: RobotType): string {
  return ROBOT_TYPE_DEFINITIONS[type].keyColumn;
}

export function isImageColumn(type: RobotType, column: string): boolean {
  return ROBOT_TYPE_DEFINITIONS[type].imageColumns.includes(column);
}

const canonicalByType = new Map<RobotType, Map<string, string>>(
  ROBOT_TYPES.map((t) => [t, new Map(ROBOT_TYPE_DEFINITIONS[t].columns.map((c) => [looseName(c), c]))]),
);

function looseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * The column name a header cell stands for: documented columns are matched ignoring case and
 * repeated spaces ('style  number' -> 'Style Number'); other names are kept, trimmed.
 */
export function canonicalColumnName(type: RobotType, raw: string): string {
  const trimmed = raw.trim();
  return canonicalByType.get(type)?.get(looseName(trimmed)) ?? trimmed;
}

/** 'a | b||c ' -> ['a', 'b', 'c'] */
export function splitList(value: string): string[] {
  if (value === '') return [];
  const out: string[] = [];
  for (const part of value.split(PIPE_SEPARATOR)) {
    const item = part.trim();
    if (item !== '') out.push(item);
  }
  return out;
}
