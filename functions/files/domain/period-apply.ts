/**
 * What an approved robot file becomes: the product scrapings of a scan period (each marked
 * added / deleted / change against the previous period, with the old values of changed fields)
 * and the brand-page fields of a retailer's scan info. Pure: the workflow does the I/O.
 */
import { type RobotRow, BRAND_COLUMNS, PRODUCT_COLUMNS, splitList } from './robot-types.js';

export type ProductChangeType = 'added' | 'deleted' | 'change';

/** A product row in the field names of the spec's product scraping record. */
export interface ProductFields {
  /** The retailer's SKU: the robot file's key. */
  style_number: string;
  name: string;
  /** The brand name as the retailer shows it; used to split rows among brands. */
  brand: string;
  brand_sku: string;
  /** null when the cell is empty or not a number. */
  price: number | null;
  /** The first of `imageUrl`. */
  image: string;
  /** All image URLs, pipe-separated, as in the file. */
  imageUrl: string;
  screenshot: string;
  URL: string;
  product_description: string;
  shoppability: string;
  oh_map_id: string;
}

/** Fields compared between periods. Screenshots change on every scan and the OH map id is a mapping, so neither is. */
export const PERIOD_CHANGE_FIELDS = [
  'name',
  'price',
  'image',
  'URL',
  'brand_sku',
  'product_description',
  'shoppability',
] as const satisfies readonly (keyof ProductFields)[];
export type PeriodChangeField = (typeof PERIOD_CHANGE_FIELDS)[number];

export interface PeriodProduct extends ProductFields {
  /** undefined: unchanged since the previous period (or there is no previous period). */
  type?: ProductChangeType;
  /** For type 'change': the previous period's values of the fields that changed. */
  change?: Partial<Pick<ProductFields, PeriodChangeField>>;
}

export interface PeriodCounts {
  /** Products in the approved file (= the period's totalProducts). */
  readonly total: number;
  /** Products in the previous period's file (= previousTotalProducts); 0 when there is none. */
  readonly previousTotal: number;
  readonly added: number;
  readonly deleted: number;
  readonly changed: number;
  readonly unchanged: number;
}

export interface PeriodProducts {
  /** The approved file's rows in file order, then the deleted ones in previous-file order. */
  readonly products: PeriodProduct[];
  readonly counts: PeriodCounts;
}

export interface BuildPeriodProductsInput {
  /** Rows of the approved product file. */
  readonly currentRows: readonly RobotRow[];
  /** Rows of the previous period's approved product file; null for a retailer's first period. */
  readonly previousRows: readonly RobotRow[] | null;
  /**
   * OH map ids set by brand users on the previous period's products (style number -> id):
   * carried over when the file itself has no OH Map ID for the product.
   */
  readonly previousOhMapIds?: ReadonlyMap<string, string>;
}

const P = PRODUCT_COLUMNS;

/** One product file row -> the product fields of the spec. */
export function productFieldsFromRow(row: RobotRow): ProductFields {
  const imageUrl = text(row, P.imageUrls);
  return {
    style_number: text(row, P.styleNumber),
    name: text(row, P.name),
    brand: text(row, P.brand),
    brand_sku: text(row, P.brandSku),
    price: parsePrice(text(row, P.price)),
    image: splitList(imageUrl)[0] ?? '',
    imageUrl,
    screenshot: text(row, P.screenshot),
    URL: text(row, P.productUrl),
    product_description: text(row, P.description),
    shoppability: text(row, P.shoppability),
    oh_map_id: text(row, P.ohMapId),
  };
}

/**
 * A price cell -> a number: currency signs and spaces are ignored; with both ',' and '.' the
 * last one is the decimal mark; a lone ',' followed by exactly three digits groups thousands,
 * otherwise it is the decimal mark. '' or no digits -> null.
 */
export function parsePrice(value: string): number | null {
  let s = value.replace(/[^\d.,-]/g, '');
  if (!/\d/.test(s)) return null;
  const dot = s.lastIndexOf('.');
  const comma = s.lastIndexOf(',');
  if (dot !== -1 && comma !== -1) {
    s = dot > comma ? s.replace(/,/g, '') : s.replace(/\./g, '').replace(',', '.');
  } else if (comma !== -1) {
    const parts = s.split(',');
    s = parts.length > 2 || parts[1]?.length === 3 ? parts.join('') : s.replace(',', '.');
  } else if (s.indexOf('.') !== dot) {
    s = s.replace(/\./g, ''); // '1.250.000'
  }
  const n = Number(s);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : null;
}

/** The products of an approved file's period, marked against the previous period. */
export function buildPeriodProducts(input: BuildPeriodProductsInput): PeriodProducts {
  const { currentRows, previousRows, previousOhMapIds } = input;
  const previousByKey = new Map<string, ProductFields>();
  for (const row of previousRows ?? []) {
    const fields = productFieldsFromRow(row);
    previousByKey.set(fields.style_number, fields);
  }
  const comparing = previousRows !== null;
  const products: PeriodProduct[] = [];
  let added = 0;
  let changed = 0;
  let unchanged = 0;
  for (const row of currentRows) {
    const product: PeriodProduct = productFieldsFromRow(row);
    if (product.oh_map_id === '') product.oh_map_id = previousOhMapIds?.get(product.style_number) ?? '';
    if (comparing) {
      const before = previousByKey.get(product.style_number);
      if (before === undefined) {
        product.type = 'added';
        added++;
      } else {
        previousByKey.delete(product.style_number);
        const change = changedFields(before, product);
        if (change) {
          product.type = 'change';
          product.change = change;
          changed++;
        } else {
          unchanged++;
        }
      }
    } else {
      unchanged++;
    }
    products.push(product);
  }
  for (const gone of previousByKey.values()) products.push({ ...gone, type: 'deleted' });
  return {
    products,
    counts: {
      total: currentRows.length,
      previousTotal: previousRows?.length ?? 0,
      added,
      deleted: previousByKey.size,
      changed,
      unchanged,
    },
  };
}

export function changedFields(before: ProductFields, after: ProductFields): PeriodProduct['change'] | undefined {
  let change: Record<string, string | number | null> | undefined;
  for (const field of PERIOD_CHANGE_FIELDS) {
    if (before[field] !== after[field]) (change ??= {})[field] = before[field];
  }
  return change as PeriodProduct['change'];
}

export interface BrandRef {
  readonly id: string;
  readonly name: string;
}

/**
 * Split a period's products among the brands that carry the retailer, by the product's brand
 * name (case and spacing ignored). Products of no listed brand go to `unmatched`.
 */
export function splitProductsByBrand<T extends Pick<ProductFields, 'brand'>>(
  products: readonly T[],
  brands: readonly BrandRef[],
): { byBrand: Map<string, T[]>; unmatched: T[] } {
  const idByName = new Map(brands.map((b) => [looseName(b.name), b.id]));
  const byBrand = new Map<string, T[]>(brands.map((b) => [b.id, []]));
  const unmatched: T[] = [];
  for (const product of products) {
    const id = idByName.get(looseName(product.brand));
    if (id === undefined) unmatched.push(product);
    else byBrand.get(id)!.push(product);
  }
  return { byBrand, unmatched };
}

/** The brand-page fields of a retailer's scan info, from a brand landing page file row. */
export interface BrandPageInfo {
  brand_id: string;
  brand_name: string;
  featuredInMenu: boolean;
  siteLink: string;
  brandLink: string;
  brand_description: string;
  brand_logo: string;
  brand_hero_image: string;
  brand_screenshot: string;
}

const B = BRAND_COLUMNS;

export function brandPageInfoFromRow(row: RobotRow): BrandPageInfo {
  return {
    brand_id: text(row, B.brandId),
    brand_name: text(row, B.brandName),
    featuredInMenu: parseFeatured(text(row, B.featuredInMenu)),
    siteLink: text(row, B.siteLink),
    brandLink: text(row, B.brandLink),
    brand_description: text(row, B.description),
    brand_logo: text(row, B.logo),
    brand_hero_image: text(row, B.heroImage),
    brand_screenshot: text(row, B.screenshot),
  };
}

/** The row of a brand file about one brand: by Brand ID, else by Brand Name (case and spacing ignored). */
export function findBrandPageRow(rows: readonly RobotRow[], brand: { id?: string; name?: string }): RobotRow | undefined {
  if (brand.id) {
    const byId = rows.find((r) => text(r, B.brandId) === brand.id);
    if (byId) return byId;
  }
  if (brand.name) {
    const wanted = looseName(brand.name);
    return rows.find((r) => looseName(text(r, B.brandName)) === wanted);
  }
  return undefined;
}

const NO = new Set(['', 'no', 'n', 'false', '0', 'none', 'not featured']);

/** 'yes' / 'true' / '1' / a menu name -> true; '' / 'no' / 'false' / '0' -> false. */
export function parseFeatured(value: string): boolean {
  return !NO.has(value.trim().toLowerCase());
}

function text(row: RobotRow, column: string): string {
  const value = row[column];
  return typeof value === 'string' ? value : '';
}

function looseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}
