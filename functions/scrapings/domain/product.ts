/**
 * A product scrape of a scan period (spec 000 §3 / 001 §3 "Product scrape") and the rule that
 * carries the fields people set from one period to the next (docs/period-rules.md). Pure.
 */
import type { PeriodChangeField, PeriodProduct, ProductChangeType } from '../../files';
import { productIdOf } from './ids';

/** Fields a brand user edits on a product; an edit survives later scans (see carryUserFields). */
export const EDITABLE_FIELDS = ['oh_map_id', 'brand_sku'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** A Brand SKU option (GET /getBrandSkus) chosen for a product. */
export interface BrandSkuRef {
  _id: string;
  sku: string;
}

/** What people set on a product, as opposed to what the robot scraped. */
export interface UserFields {
  isFlagged: 'yes' | 'no';
  /** `{ reason: [{name, value}], message, state?, date? }`, owned by the flag calls. */
  flagMessage?: unknown;
  oh_map_id: string;
  brand_sku: string;
  product?: BrandSkuRef;
  /** Which of EDITABLE_FIELDS a person set (the robot's value no longer applies). */
  edited?: EditableField[];
}

export interface ProductScrape extends UserFields {
  /** `<period id><product key>`: see ids.ts. */
  _id: string;
  /** The scan period (RetailerBrandScraping) id. */
  retailer_brand_scraping: string;
  brand: string;
  retailer: string;
  /** The period's date, YYYY-MM-DD. */
  date: string;
  style_number: string;
  name: string;
  price: number | null;
  image: string;
  imageUrl: string;
  screenshot: string;
  URL: string;
  product_description: string;
  shoppability: string;
  /** The Brand cell as the retailer shows it. */
  brand_label: string;
  type?: ProductChangeType;
  change?: Partial<Record<PeriodChangeField, string | number | null>>;
}

const has = (u: UserFields | undefined, f: EditableField) => !!u?.edited?.includes(f);

/**
 * The user fields of a freshly scraped product, given the same style number's item in this
 * period (`existing`: an earlier apply of the same period) and in the previous period:
 * - the flag (isFlagged, flagMessage) comes from `existing`, else `previous`, else unflagged;
 * - an edited field keeps the person's value (existing's edit first, then previous's) over the robot's;
 * - an OH map id the robot left empty is kept from `existing`, then `previous`;
 * - `product` (the chosen SKU option) travels with an edited brand_sku.
 */
export function carryUserFields(scraped: Pick<PeriodProduct, 'oh_map_id' | 'brand_sku'>, existing?: UserFields, previous?: UserFields): UserFields {
  const flagFrom = existing ?? previous;
  const out: UserFields = { isFlagged: flagFrom?.isFlagged === 'yes' ? 'yes' : 'no', oh_map_id: scraped.oh_map_id, brand_sku: scraped.brand_sku };
  if (flagFrom?.flagMessage !== undefined && flagFrom.flagMessage !== null) out.flagMessage = flagFrom.flagMessage;
  const edited: EditableField[] = [];

  const ohFrom = has(existing, 'oh_map_id') ? existing : has(previous, 'oh_map_id') ? previous : undefined;
  if (ohFrom) {
    out.oh_map_id = ohFrom.oh_map_id;
    edited.push('oh_map_id');
  } else if (out.oh_map_id === '') {
    out.oh_map_id = existing?.oh_map_id || previous?.oh_map_id || '';
  }

  const skuFrom = has(existing, 'brand_sku') ? existing : has(previous, 'brand_sku') ? previous : undefined;
  if (skuFrom) {
    out.brand_sku = skuFrom.brand_sku;
    if (skuFrom.product) out.product = skuFrom.product;
    edited.push('brand_sku');
  }
  if (edited.length) out.edited = edited;
  return out;
}

/** A built period product (period-apply.ts) as the item stored for one brand's period. */
export function toProductScrape(
  p: PeriodProduct,
  at: { periodId: string; brand: string; retailer: string; date: string },
  user: UserFields,
): ProductScrape {
  const item: ProductScrape = {
    _id: productIdOf(at.periodId, p.style_number),
    retailer_brand_scraping: at.periodId,
    brand: at.brand,
    retailer: at.retailer,
    date: at.date,
    style_number: p.style_number,
    name: p.name,
    price: p.price,
    image: p.image,
    imageUrl: p.imageUrl,
    screenshot: p.screenshot,
    URL: p.URL,
    product_description: p.product_description,
    shoppability: p.shoppability,
    brand_label: p.brand,
    ...user,
  };
  if (p.type) item.type = p.type;
  if (p.change) item.change = p.change;
  return item;
}

/** The user fields of a stored product. */
export function userFieldsOf(p: ProductScrape): UserFields {
  const out: UserFields = { isFlagged: p.isFlagged, oh_map_id: p.oh_map_id, brand_sku: p.brand_sku };
  if (p.flagMessage !== undefined) out.flagMessage = p.flagMessage;
  if (p.product) out.product = p.product;
  if (p.edited?.length) out.edited = [...p.edited];
  return out;
}
