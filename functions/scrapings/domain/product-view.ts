/**
 * The product tables of the retailer view: tab filters, search, mapped filter, sort and paging
 * over a period's products and the retailer's on-hand items (docs/period-rules.md "Tab filters").
 * Pure.
 */
import { priceInSync, type PriceTolerance } from '../../../shared/price-sync';
import type { ProductView } from '../../../shared/schemas/scrapings';
import { idKey, indexOhItems, matchProduct, type OhItem } from '../../inventory';
import { matchesWords, searchText, searchWords } from '../../../shared/search';
import type { ProductScrape } from './product';

export interface ViewOptions {
  view: ProductView;
  search?: string;
  /** true: only products with an OH map id; false: only those without. */
  mapped?: boolean;
  /** Only unflagged products (isFlagged=no). */
  unflaggedOnly?: boolean;
  sort: string;
  page: number;
  limit: number;
  /** What the price tabs count as in sync (the brand's case settings; absent: the same price only). */
  priceTolerance?: PriceTolerance;
}

/** A product row of the price tabs: the scraped product with the on-hand price beside it. */
export type PricedProductRow = ProductScrape & {
  oh_price: number | null;
  /** OH price minus price; null when either is missing. */
  priceDiff: number | null;
  serialNo: string;
  inventoryId: string;
};

/** An on-hand row (OH tabs: Serial #, Inventory ID, Description, Price, image). */
export interface OhRow extends OhItem {
  _id: string;
  name: string;
  description: string;
}

export type ViewRow = ProductScrape | PricedProductRow | OhRow;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A price-tab row: the product with the price of the OH unit it stands for. */
export const pricedRow = (p: ProductScrape, unit: OhItem): PricedProductRow => ({
  ...p,
  oh_price: unit.price,
  priceDiff: unit.price !== null && p.price !== null ? round2(unit.price - p.price) : null,
  serialNo: unit.serialNo,
  inventoryId: unit.inventoryId,
});

export const ohRow = (item: OhItem): OhRow => ({ _id: item.serialNo, ...item, name: item.styleName, description: item.styleName });

/** The rows of one view before search, sort and paging. */
export function viewRows(products: readonly ProductScrape[], ohItems: readonly OhItem[], view: ProductView, tolerance?: PriceTolerance): ViewRow[] {
  const scraped = products.filter((p) => p.type !== 'deleted');
  switch (view) {
    case 'products':
      return scraped;
    case 'change':
      return products.filter((p) => p.type === 'added' || p.type === 'deleted' || p.type === 'change');
    case 'flagged':
      return scraped.filter((p) => p.isFlagged === 'yes');
    default:
      break;
  }
  const index = indexOhItems(ohItems);
  const matches = scraped.map((p) => ({ p, units: matchProduct(p, index) }));
  switch (view) {
    case 'sd_data':
      return matches.filter((m) => m.units.length === 0).map((m) => m.p);
    case 'price_diff':
    case 'price_match': {
      const rows: PricedProductRow[] = [];
      for (const { p, units } of matches) {
        const unit = units[0];
        if (!unit) continue;
        const same = priceInSync(unit.price, p.price, tolerance);
        if ((view === 'price_match') !== same) continue;
        if (view === 'price_match' && p.price === null) continue; // both missing: nothing in sync
        rows.push(pricedRow(p, unit));
      }
      return rows;
    }
    case 'all_oh':
    case 'oh_sd_data':
    case 'oh_data': {
      if (view === 'all_oh') return ohItems.map(ohRow);
      const scrapedSerials = new Set(matches.flatMap((m) => m.units.map((u) => idKey(u.serialNo))));
      const wantScraped = view === 'oh_sd_data';
      return ohItems.filter((i) => scrapedSerials.has(idKey(i.serialNo)) === wantScraped).map(ohRow);
    }
  }
}

const isOh = (r: ViewRow): r is OhRow => 'serialNo' in r && !('style_number' in r);

/** What a search looks in (shared/search.ts: every word, folded, anywhere in these): a product's name, retailer SKU, brand SKU and Brand SKU option; an OH item's serial, inventory id and description. */
export const productSearchFields = (p: ProductScrape): string[] => [p.name, p.style_number, p.brand_sku, p.product?.sku ?? ''];
export const ohSearchFields = (i: OhItem): string[] => [i.serialNo, i.inventoryId, i.styleName];

const matchesSearch = (r: ViewRow, words: readonly string[]) => matchesWords(searchText(isOh(r) ? ohSearchFields(r) : productSearchFields(r)), words);

/** Sort keys: name (OH: style name), price, style_number (OH: serial number). */
function sortValue(r: ViewRow, field: string): string | number | null {
  if (field === 'price') return r.price;
  if (field === 'style_number') return isOh(r) ? r.serialNo : r.style_number;
  return (isOh(r) ? r.styleName : r.name).toLowerCase();
}

/** Ascending or descending; missing prices last either way; ties by style number / serial. */
export function compareRows(field: string, dir: 1 | -1) {
  return (a: ViewRow, b: ViewRow): number => {
    const va = sortValue(a, field);
    const vb = sortValue(b, field);
    if (va === null || vb === null) {
      if (va !== vb) return va === null ? 1 : -1;
    } else if (va !== vb) {
      return (typeof va === 'number' && typeof vb === 'number' ? va - vb : String(va).localeCompare(String(vb))) * dir;
    }
    const ta = isOh(a) ? a.serialNo : a.style_number;
    const tb = isOh(b) ? b.serialNo : b.style_number;
    return ta.localeCompare(tb);
  };
}

/** One page of a view: `{ data, totalCount }`. */
export function productView(products: readonly ProductScrape[], ohItems: readonly OhItem[], o: ViewOptions): { data: ViewRow[]; totalCount: number } {
  let rows = viewRows(products, ohItems, o.view, o.priceTolerance);
  if (o.mapped !== undefined) rows = rows.filter((r) => isOh(r) || (r.oh_map_id.trim() !== '') === o.mapped);
  if (o.unflaggedOnly) rows = rows.filter((r) => isOh(r) || r.isFlagged !== 'yes');
  const words = searchWords(o.search ?? '');
  if (words.length) rows = rows.filter((r) => matchesSearch(r, words));
  const [field = 'name', dir = 'asc'] = o.sort.split(';');
  rows.sort(compareRows(field, dir === 'desc' ? -1 : 1));
  const start = (o.page - 1) * o.limit;
  return { data: rows.slice(start, start + o.limit), totalCount: rows.length };
}

/** Whether a view needs the retailer's on-hand items. */
export const needsOnHand = (view: ProductView): boolean => !['products', 'change', 'flagged'].includes(view);
