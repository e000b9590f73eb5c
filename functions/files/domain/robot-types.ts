/**
 * The three robot (scraper) file types, their columns and which of them count as image data.
 * Pure data plus small helpers; see docs/robot-files.md for the file format itself.
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
