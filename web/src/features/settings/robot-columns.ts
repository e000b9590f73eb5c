/**
 * The diff columns of each robot type, for the Thresholds grid (001 §2). A copy of the column
 * lists of `functions/files/domain/robot-types.ts` (the web may not import functions/), without
 * the key column, which is how rows are matched and never a diff column. Keep the two in step.
 */
export type ThresholdType = 'product' | 'brand' | 'homepage';

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
export const DEFAULT_PERCENT = 10;

export const THRESHOLD_BLOCKS: readonly ThresholdBlockDef[] = [
  {
    type: 'product',
    title: 'Product Details',
    keyColumn: 'Style Number',
    columns: ['Name', 'Brand', 'Brand SKU', 'Price', 'Description', 'Image URLs', 'Product URL', 'Screenshot', 'Shoppability', 'OH Map ID'],
    defaultColumns: ['Name', 'Brand', 'Brand SKU', 'Price', 'Description', 'Image URLs', 'Product URL', 'Shoppability'],
  },
  {
    type: 'brand',
    title: 'Brand LP',
    keyColumn: 'Brand ID',
    columns: ['Brand Name', 'Description', 'Logo', 'Hero Image', 'Screenshot', 'Site Link', 'Brand Link', 'Featured In Menu'],
    defaultColumns: ['Brand Name', 'Description', 'Logo', 'Hero Image', 'Site Link', 'Brand Link', 'Featured In Menu'],
  },
  {
    type: 'homepage',
    title: 'Homepage',
    keyColumn: 'Primary Menu',
    columns: ['Sub Menu', 'Brand Featured', 'Menu URL', 'Screenshot'],
    defaultColumns: ['Sub Menu', 'Brand Featured', 'Menu URL'],
  },
];

/** "Parsed as integers. Values below 1 become 0" (001 §5); a percent is at most 100. */
export function normalizePercent(value: string | number): number {
  const n = typeof value === 'number' ? Math.trunc(value) : Number.parseInt(value.trim(), 10);
  if (!Number.isFinite(n) || n < 1) return 0;
  return Math.min(n, 100);
}
