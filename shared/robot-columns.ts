/**
 * The three robot (scraper) file types and their columns: data both sides read (the ingest and
 * the settings screen's Thresholds grid). The helpers that work on them are in
 * functions/files/domain/robot-types.ts; the file format is in docs/robot-files.md.
 */

export const ROBOT_TYPES = ['product', 'homepage', 'brand'] as const;
export type RobotType = (typeof ROBOT_TYPES)[number];

/** One normalized row of a robot file: trimmed column name -> trimmed cell text. */
export type RobotRow = Record<string, string>;

/** Separator of list-valued cells such as `Image URLs`. */
export const PIPE_SEPARATOR = '|';

export const PRODUCT_COLUMNS = {
  styleNumber: 'Style Number',
  name: 'Name',
  brand: 'Brand',
  brandSku: 'Brand SKU',
  price: 'Price',
  description: 'Description',
  imageUrls: 'Image URLs',
  productUrl: 'Product URL',
  screenshot: 'Screenshot',
  shoppability: 'Shoppability',
  ohMapId: 'OH Map ID',
} as const;

export const HOMEPAGE_COLUMNS = {
  primaryMenu: 'Primary Menu',
  subMenu: 'Sub Menu',
  brandFeatured: 'Brand Featured',
  menuUrl: 'Menu URL',
  screenshot: 'Screenshot',
} as const;

export const BRAND_COLUMNS = {
  brandId: 'Brand ID',
  brandName: 'Brand Name',
  description: 'Description',
  logo: 'Logo',
  heroImage: 'Hero Image',
  screenshot: 'Screenshot',
  siteLink: 'Site Link',
  brandLink: 'Brand Link',
  featuredInMenu: 'Featured In Menu',
} as const;

export interface RobotTypeDefinition {
  readonly type: RobotType;
  /** The block title on the settings screen. */
  readonly label: string;
  /** Rows of two files are matched on this column; its values are unique within a file. */
  readonly keyColumn: string;
  /** Documented columns in their canonical order, key first. */
  readonly columns: readonly string[];
  /** Columns left out of the comparison when the `ignoreImageData` setting is on. */
  readonly imageColumns: readonly string[];
  /** Columns compared (each with the default threshold) when a robot has no thresholds of its own. */
  readonly defaultDiffColumns: readonly string[];
  /** Columns whose cell holds a `|`-separated list. */
  readonly listColumns: readonly string[];
}

const P = PRODUCT_COLUMNS;
const H = HOMEPAGE_COLUMNS;
const B = BRAND_COLUMNS;

export const ROBOT_TYPE_DEFINITIONS: Readonly<Record<RobotType, RobotTypeDefinition>> = {
  product: {
    type: 'product',
    label: 'Product Details',
    keyColumn: P.styleNumber,
    columns: Object.values(P),
    imageColumns: [P.imageUrls, P.screenshot],
    // Screenshot URLs change on every scan and OH Map ID is an inventory mapping, not scraped
    // data: neither is compared unless a robot's thresholds name them.
    defaultDiffColumns: [P.name, P.brand, P.brandSku, P.price, P.description, P.imageUrls, P.productUrl, P.shoppability],
    listColumns: [P.imageUrls],
  },
  homepage: {
    type: 'homepage',
    label: 'Homepage',
    keyColumn: H.primaryMenu,
    columns: Object.values(H),
    imageColumns: [H.screenshot],
    defaultDiffColumns: [H.subMenu, H.brandFeatured, H.menuUrl],
    listColumns: [H.subMenu],
  },
  brand: {
    type: 'brand',
    label: 'Brand LP',
    keyColumn: B.brandId,
    columns: Object.values(B),
    imageColumns: [B.logo, B.heroImage, B.screenshot],
    defaultDiffColumns: [B.brandName, B.description, B.logo, B.heroImage, B.siteLink, B.brandLink, B.featuredInMenu],
    listColumns: [],
  },
};

/** What a robot gets on each default diff column when the settings name neither it nor `default`. */
export const DEFAULT_THRESHOLD_PERCENT = 10;

/** "Parsed as integers. Values below 1 become 0." Above 100 becomes 100; junk becomes 0. */
export function normalizeThreshold(value: unknown): number {
  let n: number;
  if (typeof value === 'number') n = Math.trunc(value);
  else if (typeof value === 'string') n = Number.parseInt(value.trim(), 10);
  else return 0;
  if (!Number.isFinite(n) || n < 1) return 0;
  return Math.min(n, 100);
}
