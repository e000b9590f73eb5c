import { describe, expect, it } from 'vitest';
import { listProductScrapingsQuery, updateProductScrapingBody } from '../../../shared/schemas/scrapings';

const P = 'A'.repeat(22);
const parse = (q: Record<string, string>) => listProductScrapingsQuery.safeParse({ retailer_brand_scraping: P, ...q });

describe('GET /retailerBrandProductScrapings query', () => {
  it('defaults: page 1, limit 25, name;asc, the plain list', () => {
    expect(parse({}).data).toMatchObject({ page: 1, limit: 25, sort: 'name;asc', view: 'products', mapped: undefined });
  });
  it('requires the period with a clear message', () => {
    const r = listProductScrapingsQuery.safeParse({});
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe('retailer_brand_scraping is required.');
  });
  it('reads each tab the way the spec sends it', () => {
    expect(parse({ tab: 'change' }).data?.view).toBe('change');
    expect(parse({ isFlagged: 'yes' }).data?.view).toBe('flagged');
    expect(parse({ filter: 'price_diff' }).data?.view).toBe('price_diff');
    expect(parse({ price_diff: 'true' }).data?.view).toBe('price_diff');
    expect(parse({ oh_sd_data: '' }).data?.view).toBe('oh_sd_data');
    expect(parse({ all_oh: '1', filter: 'all_oh' }).data?.view).toBe('all_oh');
    expect(parse({ sd_data: 'false' }).data?.view).toBe('products');
    expect(parse({ oh_map_id: 'false' }).data?.mapped).toBe(false);
  });
  it('refuses two tabs at once, unknown filters and sorts', () => {
    expect(parse({ tab: 'change', price_diff: 'true' }).error?.issues[0]?.message).toMatch(/^Choose one tab filter at a time/);
    expect(parse({ filter: 'everything' }).error?.issues[0]?.message).toMatch(/^filter must be one of price_diff/);
    expect(parse({ sort: 'brand;asc' }).error?.issues[0]?.message).toBe('Sort must be name, price or style_number with ;asc or ;desc.');
    expect(parse({ limit: '0' }).success).toBe(false);
  });
  it('ignores unknown keys such as atts[page]', () => {
    expect(parse({ 'atts[page]': '1' }).success).toBe(true);
  });
});

describe('PUT /retailerBrandProductScrapings/{id} body', () => {
  it('takes exactly one of oh_map_id, brand_sku or product', () => {
    expect(updateProductScrapingBody.safeParse({ oh_map_id: ' OH-1 ' }).data).toEqual({ oh_map_id: 'OH-1' });
    expect(updateProductScrapingBody.safeParse({ oh_map_id: null }).data).toEqual({ oh_map_id: '' });
    expect(updateProductScrapingBody.safeParse({ product: { _id: 'x', sku: 'MA-1' } }).success).toBe(true);
    expect(updateProductScrapingBody.safeParse({}).error?.issues[0]?.message).toBe('Send one of oh_map_id, brand_sku or product.');
    expect(updateProductScrapingBody.safeParse({ oh_map_id: 'a', brand_sku: 'b' }).success).toBe(false);
  });
  it("says 'Please select brand sku.' for an empty SKU", () => {
    expect(updateProductScrapingBody.safeParse({ brand_sku: ' ' }).error?.issues[0]?.message).toBe('Please select brand sku.');
    expect(updateProductScrapingBody.safeParse({ product: 'x' }).error?.issues[0]?.message).toBe('Please select brand sku.');
  });
});
