/**
 * The calls of the retailer page and the product page (issue 8), on the demo data of the test
 * stack as the browser reads it: Brand SKU options (GET /getBrandSkus/{brandId}), the response
 * contracts of the product-level reads, the assigned-retailer rule on every call of the page,
 * attacker input (look-alike ids, huge pages), and edits showing on the next read of the tab.
 * Expected figures are read through the API, never written down.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type ApiResult, callRoute, errorBody, login } from '../support/api';
import { expectContract } from '../support/contract';

const MA = 'brand-maison-aurelle';
const CP = 'brand-castellane';
const ASSIGNED = 'ret-harrowgate';
const UNASSIGNED = 'ret-northbay';
const tokens = {} as Record<'admin' | 'maAdmin' | 'maUser' | 'cpAdmin', string>;
let period = '';
let unassignedPeriod = '';

beforeAll(async () => {
  tokens.admin = await login('admin@demo.test');
  tokens.maAdmin = await login('brandadmin@demo.test');
  tokens.maUser = await login('user@demo.test');
  tokens.cpAdmin = await login('castellane@demo.test');
  const periods = await callRoute('listRetailerPeriods', { token: tokens.maUser, params: { brandId: MA, retailerId: ASSIGNED } });
  expect(periods.status).toBe(200);
  period = periods.body.data[0]!._id;
  unassignedPeriod = (await callRoute('listRetailerPeriods', { token: tokens.maAdmin, params: { brandId: MA, retailerId: UNASSIGNED } })).body.data[0]!._id;
});

describe('GET /getBrandSkus/{brandId}', () => {
  it('lists the Inventory IDs of the brand’s current on-hand feed once each, sorted, with stable ids', async () => {
    const res = await callRoute('getBrandSkus', { token: tokens.maUser, params: { brandId: MA } });
    expect(res.status).toBe(200);
    expectContract('getBrandSkus', res.body);
    const skus = res.body.data.map((o) => o.sku);
    expect(skus.length).toBeGreaterThan(0);
    expect(res.body.totalCount).toBe(skus.length);
    expect(new Set(skus.map((s) => s.toUpperCase())).size).toBe(skus.length);
    expect([...skus].sort((a, b) => a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }) || a.localeCompare(b))).toEqual(skus);
    // Every Inventory ID of the retailer's on-hand rows is an option.
    const oh = await callRoute('listProductScrapings', { token: tokens.maUser, query: { retailer_brand_scraping: period, filter: 'all_oh', limit: 200 } });
    const inventoryIds = oh.body.data.flatMap((r) => ('inventoryId' in r && r.inventoryId ? [r.inventoryId] : []));
    expect(inventoryIds.length).toBeGreaterThan(0);
    for (const i of inventoryIds) expect(skus).toContain(i);
    // Same answer again (the ids are derived, not random).
    const again = await callRoute('getBrandSkus', { token: tokens.maAdmin, params: { brandId: MA } });
    expect(again.body.data).toEqual(res.body.data);
  });

  it('is refused for another brand, unknown to an ADMIN for a brand that does not exist, and checks its input', async () => {
    const other = await callRoute('getBrandSkus', { params: { brandId: MA }, token: tokens.cpAdmin });
    expect(other.status).toBe(403);
    expect(JSON.stringify(other.body)).not.toMatch(/"sku"/);
    expect((await callRoute('getBrandSkus', { params: { brandId: CP }, token: tokens.maUser })).status).toBe(403);
    // Look-alike of a real brand id.
    expect((await callRoute('getBrandSkus', { params: { brandId: `${MA}x` }, token: tokens.maAdmin })).status).toBe(403);
    const unknown = await callRoute('getBrandSkus', { params: { brandId: `${MA}x` }, token: tokens.admin });
    expect(unknown.status).toBe(404);
    expect(errorBody(unknown).message).toBe('Brand not found.');
    const bad = await callRoute('getBrandSkus', { params: { brandId: 'brand$maison' }, token: tokens.admin });
    expect(bad.status).toBe(400);
    expect(errorBody(bad).message).toBe('Invalid id.');
    expect((await callRoute('getBrandSkus', { params: { brandId: MA } })).status).toBe(401);
  });

  it('an option chosen in the Brand SKU edit shows on the next read of the product and of its tab', async () => {
    const options = (await callRoute('getBrandSkus', { token: tokens.maUser, params: { brandId: MA } })).body.data;
    const list = await callRoute('listProductScrapings', { token: tokens.maUser, query: { retailer_brand_scraping: period, limit: 5, sort: 'price;desc' } });
    const target = list.body.data.find((r) => 'style_number' in r && r.type !== 'deleted')!;
    expect(target).toBeDefined();
    const option = options.find((o) => 'brand_sku' in target && o.sku !== target.brand_sku) ?? options[0]!;
    const put = await callRoute('updateProductScraping', { token: tokens.maUser, params: { id: target._id }, body: { product: option } });
    expect(put.status).toBe(200);
    expectContract('updateProductScraping', put.body);
    expect(put.body.message).toBe('Brand Sku updated successfully.');
    expect(put.body.data).toMatchObject({ brand_sku: option.sku, product: option });
    const one = await callRoute('getProductScraping', { token: tokens.maUser, params: { id: target._id } });
    expect(one.body.data).toMatchObject({ brand_sku: option.sku, product: option });
    const again = await callRoute('listProductScrapings', { token: tokens.maUser, query: { retailer_brand_scraping: period, limit: 5, sort: 'price;desc' } });
    expect(again.body.data.find((r) => r._id === target._id)).toMatchObject({ brand_sku: option.sku });
    // "Other": free text replaces the option.
    const other = await callRoute('updateProductScraping', { token: tokens.maUser, params: { id: target._id }, body: { brand_sku: `OTHER-${option.sku}` } });
    expect(other.body.data.brand_sku).toBe(`OTHER-${option.sku}`);
    expect(other.body.data.product).toBeUndefined();
    // Search finds it by the new SKU on the next read.
    const found = await callRoute('listProductScrapings', { token: tokens.maUser, query: { retailer_brand_scraping: period, search: `OTHER-${option.sku}` } });
    expect(found.body.data.map((r) => r._id)).toContain(target._id);
  });
});

describe('the product-level reads answer their contracts', () => {
  it('every tab, one product, its history and an on-hand serial', async () => {
    const views: Record<string, string | undefined>[] = [
      {},
      { tab: 'change' },
      { isFlagged: 'yes' },
      ...['price_diff', 'all_oh', 'sd_data', 'oh_data', 'price_match', 'oh_sd_data'].map((f) => ({ filter: f })),
      { oh_map_id: 'true' },
      { oh_map_id: 'false' },
    ];
    let serial: string | undefined;
    for (const v of views) {
      const res = await callRoute('listProductScrapings', { token: tokens.maAdmin, query: { retailer_brand_scraping: period, ...v } });
      expect(res.status, JSON.stringify(v)).toBe(200);
      expectContract('listProductScrapings', res.body);
      expect(res.body.data.length).toBeLessThanOrEqual(25);
      serial ??= res.body.data.flatMap((r) => ('serialNo' in r && r.serialNo ? [r.serialNo] : []))[0];
    }
    const first = (await callRoute('listProductScrapings', { token: tokens.maAdmin, query: { retailer_brand_scraping: period, limit: 1 } })).body.data[0]!;
    const one = await callRoute('getProductScraping', { token: tokens.maAdmin, params: { id: first._id } });
    expectContract('getProductScraping', one.body);
    const history = await callRoute('getRelatedProducts', { token: tokens.maAdmin, query: { id: first._id, brand: MA, retailer: ASSIGNED } });
    expect(history.status).toBe(200);
    expectContract('getRelatedProducts', history.body);
    expect(history.body.data.map((h) => h._id)).toContain(first._id);
    const dates = history.body.data.map((h) => h.period);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(serial).toBeDefined();
    const item = await callRoute('getBatchItems', { token: tokens.maAdmin, query: { retailerId: ASSIGNED, serialNo: serial! } });
    expect(item.status).toBe(200);
    expectContract('getBatchItems', item.body);
    expectContract('listRetailerPeriods', (await callRoute('listRetailerPeriods', { token: tokens.maAdmin, params: { brandId: MA, retailerId: ASSIGNED } })).body);
    expectContract('getRetailerScraping', (await callRoute('getRetailerScraping', { token: tokens.maAdmin, params: { brandId: MA, id: ASSIGNED } })).body);
    expectContract('getRetailerScraping', (await callRoute('getRetailerScraping', { token: tokens.maAdmin, params: { brandId: MA, id: period } })).body);
  });
});

describe('paging and input of the product tabs', () => {
  it('a page past the end is empty with the true total; a huge page and limit are refused or empty, never slow', async () => {
    const all = await callRoute('listProductScrapings', { token: tokens.maUser, query: { retailer_brand_scraping: period } });
    const past = await callRoute('listProductScrapings', { token: tokens.maUser, query: { retailer_brand_scraping: period, page: 1_000_000 } });
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ data: [], totalCount: all.body.totalCount });
    expect((await callRoute('listProductScrapings', { query: { retailer_brand_scraping: period, page: '1e400' }, token: tokens.maUser })).status).toBe(400);
    expect((await callRoute('listProductScrapings', { query: { retailer_brand_scraping: period, limit: '1001' }, token: tokens.maUser })).status).toBe(400);
    expect((await callRoute('listProductScrapings', { query: { retailer_brand_scraping: period, page: '0' }, token: tokens.maUser })).status).toBe(400);
    const sort = await callRoute('listProductScrapings', { query: { retailer_brand_scraping: period, sort: 'brand;asc' }, token: tokens.maUser });
    expect(sort.status).toBe(400);
    expect(errorBody(sort).message).toBe('Sort must be name, price or style_number with ;asc or ;desc.');
    const two = await callRoute('listProductScrapings', { query: { retailer_brand_scraping: period, tab: 'change', isFlagged: 'yes' }, token: tokens.maUser });
    expect(two.status).toBe(400);
    expect(errorBody(two).message).toMatch(/^Choose one tab filter at a time/);
  });

  it('sorts by price both ways and pages without overlap', async () => {
    const asc = await callRoute('listProductScrapings', { token: tokens.maUser, query: { retailer_brand_scraping: period, sort: 'price;asc', limit: 10 } });
    const prices = asc.body.data.map((r) => r.price).filter((p): p is number => p !== null);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const p1 = await callRoute('listProductScrapings', { token: tokens.maUser, query: { retailer_brand_scraping: period, page: 1, limit: 5 } });
    const p2 = await callRoute('listProductScrapings', { token: tokens.maUser, query: { retailer_brand_scraping: period, page: 2, limit: 5 } });
    const ids1 = new Set(p1.body.data.map((r) => r._id));
    for (const r of p2.body.data) expect(ids1.has(r._id)).toBe(false);
  });

  it('a look-alike or unknown period and product id answer 404, a malformed one 400', async () => {
    const lookalike = `${period.slice(0, -1)}${period.endsWith('A') ? 'B' : 'A'}`;
    expect((await callRoute('listProductScrapings', { query: { retailer_brand_scraping: lookalike }, token: tokens.maAdmin })).status).toBe(404);
    expect((await callRoute('getRetailerScraping', { params: { brandId: MA, id: lookalike }, token: tokens.maAdmin })).status).toBe(404);
    expect((await callRoute('getProductScraping', { params: { id: `${lookalike}${lookalike}` }, token: tokens.maAdmin })).status).toBe(404);
    const bad = await callRoute('getProductScraping', { params: { id: '../etc' }, token: tokens.maAdmin });
    expect(bad.status).toBe(400);
    expect(errorBody(bad).message).toBe('Invalid id.');
    const date = await callRoute('getRetailerScraping', { params: { brandId: MA, id: '2026-99-99' }, token: tokens.maAdmin });
    expect(date.status).toBe(404);
  });
});

describe("a plain User's assigned retailers on the retailer page", () => {
  it('reads every call of the page for an assigned retailer', async () => {
    const first = (await callRoute('listProductScrapings', { token: tokens.maUser, query: { retailer_brand_scraping: period, limit: 1 } })).body.data[0]!;
    for (const res of [
      await callRoute('getRetailerScraping', { token: tokens.maUser, params: { brandId: MA, id: ASSIGNED } }),
      await callRoute('getRetailerScraping', { token: tokens.maUser, params: { brandId: MA, id: period } }),
      await callRoute('getProductScraping', { token: tokens.maUser, params: { id: first._id } }),
      await callRoute('getRelatedProducts', { token: tokens.maUser, query: { id: first._id, brand: MA, retailer: ASSIGNED } }),
    ])
      expect(res.status).toBe(200);
  });

  it('gets 403/404 on an unassigned retailer’s page, period, products, product, history and edits', async () => {
    const product = (await callRoute('listProductScrapings', { token: tokens.maAdmin, query: { retailer_brand_scraping: unassignedPeriod, limit: 1 } })).body.data[0]!;
    const token = tokens.maUser;
    const calls: [string, () => Promise<ApiResult>][] = [
      [`GET /RetailerScraping/${MA}/${UNASSIGNED}`, () => callRoute('getRetailerScraping', { params: { brandId: MA, id: UNASSIGNED }, token })],
      [`GET /RetailerScraping/${MA}/${unassignedPeriod}`, () => callRoute('getRetailerScraping', { params: { brandId: MA, id: unassignedPeriod }, token })],
      [`GET /RetailerSummaryDays/${MA}/${UNASSIGNED}`, () => callRoute('listRetailerPeriods', { params: { brandId: MA, retailerId: UNASSIGNED }, token })],
      [`GET /retailerBrandProductScrapings?retailer_brand_scraping=${unassignedPeriod}`, () => callRoute('listProductScrapings', { query: { retailer_brand_scraping: unassignedPeriod }, token })],
      [`GET /retailerBrandProductScrapings?retailer_brand_scraping=${unassignedPeriod}&filter=all_oh`, () => callRoute('listProductScrapings', { query: { retailer_brand_scraping: unassignedPeriod, filter: 'all_oh' }, token })],
      [`GET /retailerBrandProductScrapings/${product._id}`, () => callRoute('getProductScraping', { params: { id: product._id }, token })],
      [`PUT /retailerBrandProductScrapings/${product._id} oh_map_id`, () => callRoute('updateProductScraping', { params: { id: product._id }, token, body: { oh_map_id: 'captured' } })],
      [`PUT /retailerBrandProductScrapings/${product._id} brand_sku`, () => callRoute('updateProductScraping', { params: { id: product._id }, token, body: { brand_sku: 'captured' } })],
      [`GET /getRelatedProducts?id=${product._id}&brand=${MA}&retailer=${UNASSIGNED}`, () => callRoute('getRelatedProducts', { query: { id: product._id, brand: MA, retailer: UNASSIGNED }, token })],
      // The history call with an assigned retailer named in the query does not unlock another's product.
      [`GET /getRelatedProducts?id=${product._id}&brand=${MA}&retailer=${ASSIGNED}`, () => callRoute('getRelatedProducts', { query: { id: product._id, brand: MA, retailer: ASSIGNED }, token })],
    ];
    for (const [call, send] of calls) {
      const res = await send();
      expect([403, 404], call).toContain(res.status);
      expect(JSON.stringify(res.body)).not.toContain(product.name);
    }
    // Nothing was changed by the refused edits.
    const still = await callRoute('getProductScraping', { token: tokens.maAdmin, params: { id: product._id } });
    expect('oh_map_id' in still.body.data && still.body.data.oh_map_id).not.toBe('captured');
    expect(still.body.data.brand_sku).not.toBe('captured');
  });
});
