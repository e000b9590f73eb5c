/**
 * Which brand a robot row belongs to, among the brands that carry the retailer
 * (docs/period-rules.md "Splitting a file among brands"). Pure.
 */
import { PRODUCT_COLUMNS, type RobotRow } from '../../files';

export interface CarryingBrand {
  _id: string;
  name: string;
  slug: string;
}

/** 'Maison  Aurelle ' -> 'maison aurelle' */
export function looseName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** 'Lumière Boutique & Co' -> 'lumiere-boutique-co' */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Whether a cell (a Brand column, a menu label...) names this brand: its name, slug or id, case and accents ignored. */
export function namesBrand(cell: string, brand: CarryingBrand): boolean {
  const loose = looseName(cell);
  if (loose === '') return false;
  if (loose === looseName(brand.name) || loose === brand.slug.toLowerCase() || loose === brand._id.toLowerCase()) return true;
  const slug = slugify(cell);
  return slug !== '' && (slug === brand.slug.toLowerCase() || slug === slugify(brand.name));
}

/**
 * The brand of a product row: the carrying brand its Brand cell names; when exactly one brand
 * carries the retailer, an empty cell also means that brand. Undefined: the row is skipped.
 */
export function brandOfRow(row: RobotRow, brands: readonly CarryingBrand[]): CarryingBrand | undefined {
  const cell = row[PRODUCT_COLUMNS.brand] ?? '';
  if (cell.trim() === '') return brands.length === 1 ? brands[0] : undefined;
  return brands.find((b) => namesBrand(cell, b));
}

/** Rows per brand id (every carrying brand has an entry, maybe empty) plus the rows of no brand. */
export function splitRowsByBrand(rows: readonly RobotRow[], brands: readonly CarryingBrand[]): { byBrand: Map<string, RobotRow[]>; unmatched: RobotRow[] } {
  const byBrand = new Map<string, RobotRow[]>(brands.map((b) => [b._id, []]));
  const unmatched: RobotRow[] = [];
  for (const row of rows) {
    const brand = brandOfRow(row, brands);
    if (brand) byBrand.get(brand._id)!.push(row);
    else unmatched.push(row);
  }
  return { byBrand, unmatched };
}
