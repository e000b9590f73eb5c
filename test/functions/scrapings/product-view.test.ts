import { describe, expect, it } from 'vitest';
import type { OhItem } from '../../../functions/inventory/domain/oh-feed';
import type { ProductScrape } from '../../../functions/scrapings/domain/product';
import { productView, viewRows, type ViewOptions } from '../../../functions/scrapings/domain/product-view';
import { productScrape } from '../../support/scrapes';

const product = (sn: string, over: Partial<ProductScrape> = {}): ProductScrape => productScrape({ _id: `id-${sn}`, style_number: sn, ...over });
const oh = (serialNo: string, inventoryId: string, price: number | null, styleName = `Style ${inventoryId}`): OhItem => ({
  serialNo,
  inventoryId,
  styleName,
  price,
  customerId: 'OPT1001',
  customerName: 'Harrowgate & Finch',
  image: '',
});

// A: mapped by oh_map_id to INV-A, same price      -> price_match
// B: brand_sku INV-B, OH price differs             -> price_diff
// C: oh_map_id is a serial (S-C1), price differs   -> price_diff
// D: no match                                      -> sd_data
// E: deleted, would match INV-E                    -> ignored by OH tabs
// F: added + flagged, no price, OH has a price     -> price_diff with priceDiff null
const products = [
  product('A', { oh_map_id: 'inv-a', price: 100, type: 'change', change: { price: 90 } }),
  product('B', { brand_sku: 'INV-B', price: 200 }),
  product('C', { oh_map_id: 'S-C1', price: 300 }),
  product('D', { brand_sku: 'NOPE', price: 50, name: 'Zeta Clutch' }),
  product('E', { brand_sku: 'INV-E', type: 'deleted' }),
  product('F', { brand_sku: 'INV-F', price: null, type: 'added', isFlagged: 'yes' }),
];
const items = [oh('S-A1', 'INV-A', 100), oh('S-A2', 'INV-A', 100), oh('S-B1', 'INV-B', 180), oh('S-C1', 'INV-C', 320), oh('S-E1', 'INV-E', 10), oh('S-F1', 'INV-F', 75), oh('S-Z1', 'INV-Z', 5)];

const ids = (rows: { _id: string }[]) => rows.map((r) => r._id);

describe('tab filters', () => {
  it('plain list: every product still on the site (no deleted ones)', () => {
    expect(ids(viewRows(products, items, 'products'))).toEqual(['id-A', 'id-B', 'id-C', 'id-D', 'id-F']);
  });
  it('tab=change: added, deleted and changed products', () => {
    expect(ids(viewRows(products, items, 'change'))).toEqual(['id-A', 'id-E', 'id-F']);
  });
  it('isFlagged=yes: flagged products', () => {
    expect(ids(viewRows(products, items, 'flagged'))).toEqual(['id-F']);
  });
  it('price_diff: matched products whose OH price differs, with oh_price and priceDiff = OH price − price', () => {
    const rows = viewRows(products, items, 'price_diff') as any[];
    expect(rows.map((r) => [r._id, r.oh_price, r.price, r.priceDiff, r.serialNo])).toEqual([
      ['id-B', 180, 200, -20, 'S-B1'],
      ['id-C', 320, 300, 20, 'S-C1'],
      ['id-F', 75, null, null, 'S-F1'],
    ]);
  });
  it('price_match: matched products with the same price', () => {
    const rows = viewRows(products, items, 'price_match') as any[];
    expect(rows.map((r) => [r._id, r.oh_price, r.priceDiff])).toEqual([['id-A', 100, 0]]);
  });
  it('sd_data: scraped products not on hand', () => {
    expect(ids(viewRows(products, items, 'sd_data'))).toEqual(['id-D']);
  });
  it('all_oh: every OH item of the retailer, as OH rows', () => {
    const rows = viewRows(products, items, 'all_oh') as any[];
    expect(rows).toHaveLength(items.length);
    expect(rows[0]).toEqual({ _id: 'S-A1', serialNo: 'S-A1', inventoryId: 'INV-A', styleName: 'Style INV-A', description: 'Style INV-A', name: 'Style INV-A', price: 100, customerId: 'OPT1001', customerName: 'Harrowgate & Finch', image: '' });
  });
  it('oh_sd_data: OH items some product matches; oh_data: the others (a deleted product matches nothing)', () => {
    expect(ids(viewRows(products, items, 'oh_sd_data'))).toEqual(['S-A1', 'S-A2', 'S-B1', 'S-C1', 'S-F1']);
    expect(ids(viewRows(products, items, 'oh_data'))).toEqual(['S-E1', 'S-Z1']);
  });
});

describe('search, mapped filter, sort and paging', () => {
  const base: ViewOptions = { view: 'products', sort: 'name;asc', page: 1, limit: 25 };
  it('searches name, style number and brand SKU, case-insensitively', () => {
    expect(ids(productView(products, items, { ...base, search: 'zeta' }).data)).toEqual(['id-D']);
    expect(ids(productView(products, items, { ...base, search: 'inv-b' }).data)).toEqual(['id-B']);
    expect(ids(productView(products, items, { ...base, view: 'all_oh', search: 's-z' }).data)).toEqual(['S-Z1']);
  });
  it('searches words: case, accents and punctuation folded, every word needed, in any order (All OH and products)', () => {
    const oh2 = [oh('S-N1', 'INV-N', 100, 'Aurelle Saddle Bag in Cashmere, Noir'), oh('S-N2', 'INV-M', 100, 'Aurelle Silk Carré in Satin, Noir'), oh('S-I1', 'INV-I', 100, 'Aurelle Saddle Bag in Cashmere, Ivory')];
    const allOh = (search: string) => ids(productView(products, oh2, { ...base, view: 'all_oh', search }).data);
    for (const q of ['cashmere noir', 'Cashmere, Noir', 'noir cashmere', 'CASHMERE,NOIR']) expect(allOh(q), q).toEqual(['S-N1']);
    expect(allOh('silk carre')).toEqual(['S-N2']);
    expect(allOh('noir')).toEqual(['S-N1', 'S-N2']);
    expect(allOh('cashmere noir ivory')).toEqual([]);
    const named = [product('N', { name: 'Aurelle Rivoli Clutch in Suede, Noir', brand_sku: 'MA-BAG-1042' }), product('O', { name: 'Aurelle Rivoli Clutch in Suede, Cognac' })];
    const found = (search: string) => ids(productView(named, [], { ...base, search }).data);
    expect(found('clutch noir')).toEqual(['id-N']);
    expect(found('noir ma-bag-1042')).toEqual(['id-N']);
    expect(found('rivoli suede')).toEqual(['id-O', 'id-N']); // by name: Cognac, Noir
  });
  it('filters mapped / not mapped products and unflagged ones', () => {
    expect(ids(productView(products, items, { ...base, mapped: true }).data)).toEqual(['id-A', 'id-C']);
    expect(ids(productView(products, items, { ...base, mapped: false }).data)).toEqual(['id-B', 'id-F', 'id-D']); // by name: Bag B, Bag F, Zeta Clutch
    expect(ids(productView(products, items, { ...base, unflaggedOnly: true }).data)).not.toContain('id-F');
  });
  it('sorts by name, price (missing last both ways) and style number, both directions', () => {
    expect(ids(productView(products, items, { ...base, sort: 'name;desc' }).data)).toEqual(['id-D', 'id-F', 'id-C', 'id-B', 'id-A']);
    expect(ids(productView(products, items, { ...base, sort: 'price;asc' }).data)).toEqual(['id-D', 'id-A', 'id-B', 'id-C', 'id-F']);
    expect(ids(productView(products, items, { ...base, sort: 'price;desc' }).data)).toEqual(['id-C', 'id-B', 'id-A', 'id-D', 'id-F']);
    expect(ids(productView(products, items, { ...base, sort: 'style_number;desc' }).data)).toEqual(['id-F', 'id-D', 'id-C', 'id-B', 'id-A']);
  });
  it('pages after counting', () => {
    const page2 = productView(products, items, { ...base, sort: 'style_number;asc', page: 2, limit: 2 });
    expect(page2.totalCount).toBe(5);
    expect(ids(page2.data)).toEqual(['id-C', 'id-D']);
    expect(productView(products, items, { ...base, page: 9, limit: 2 }).data).toEqual([]);
  });
});
