import { describe, expect, it } from 'vitest';
import {
  brandPageInfoFromRow,
  buildPeriodProducts,
  findBrandPageRow,
  parseFeatured,
  parsePrice,
  productFieldsFromRow,
  splitProductsByBrand,
} from '../../../../functions/files/domain/period-apply.js';
import type { RobotRow } from '../../../../functions/files/domain/robot-types.js';

function row(sn: string, over: Record<string, string> = {}): RobotRow {
  return {
    'Style Number': sn,
    Name: `Bag ${sn}`,
    Brand: 'Maison Aurelle',
    'Brand SKU': `MA-${sn}`,
    Price: '1,450.00',
    Description: 'Calfskin.',
    'Image URLs': `https://cdn/${sn}/1.jpg|https://cdn/${sn}/2.jpg`,
    'Product URL': `https://shop/${sn}`,
    Screenshot: `https://shots/jan/${sn}.png`,
    Shoppability: 'In stock',
    'OH Map ID': '',
    ...over,
  };
}

describe('productFieldsFromRow', () => {
  it('maps robot columns to the product fields of the spec', () => {
    expect(productFieldsFromRow(row('HF-1', { 'OH Map ID': 'OH-9' }))).toEqual({
      style_number: 'HF-1',
      name: 'Bag HF-1',
      brand: 'Maison Aurelle',
      brand_sku: 'MA-HF-1',
      price: 1450,
      image: 'https://cdn/HF-1/1.jpg',
      imageUrl: 'https://cdn/HF-1/1.jpg|https://cdn/HF-1/2.jpg',
      screenshot: 'https://shots/jan/HF-1.png',
      URL: 'https://shop/HF-1',
      product_description: 'Calfskin.',
      shoppability: 'In stock',
      oh_map_id: 'OH-9',
    });
  });

  it('reads missing columns as empty', () => {
    const fields = productFieldsFromRow({ 'Style Number': 'X' });
    expect(fields.price).toBeNull();
    expect(fields.image).toBe('');
    expect(fields.name).toBe('');
  });
});

describe('parsePrice', () => {
  it.each([
    ['1,450.00', 1450],
    ['$1,450.00', 1450],
    ['1.450,00 €', 1450],
    ['1 450,00 €', 1450],
    ['12,50', 12.5],
    ['1,250', 1250],
    ['1.250.000', 1250000],
    ['980', 980],
    ['19.999', 20],
    ['0.5', 0.5],
  ])('%s -> %d', (text, value) => {
    expect(parsePrice(text)).toBe(value);
  });

  it.each(['', 'N/A', 'Sold out', '100-200'])('%s -> null', (text) => {
    expect(parsePrice(text)).toBeNull();
  });
});

describe('buildPeriodProducts', () => {
  const previous = [row('A'), row('B'), row('C'), row('D')];
  const current = [
    row('A', { Screenshot: 'https://shots/feb/A.png' }), // only the screenshot: unchanged
    row('B', { Price: '1,520.00', Shoppability: 'Low stock' }),
    row('C', { Price: '1450', 'Image URLs': 'https://cdn/C/new.jpg' }), // same price written differently
    row('E'),
  ];

  it("marks added, deleted and changed products, with the changed fields' old values", () => {
    const { products, counts } = buildPeriodProducts({ currentRows: current, previousRows: previous });
    expect(products.map((p) => [p.style_number, p.type])).toEqual([
      ['A', undefined],
      ['B', 'change'],
      ['C', 'change'],
      ['E', 'added'],
      ['D', 'deleted'],
    ]);
    const [a, b, c, , d] = products;
    expect(a?.change).toBeUndefined();
    expect(b?.price).toBe(1520);
    expect(b?.change).toEqual({ price: 1450, shoppability: 'In stock' });
    expect(c?.change).toEqual({ image: 'https://cdn/C/1.jpg' });
    expect(c?.imageUrl).toBe('https://cdn/C/new.jpg');
    expect(d?.name).toBe('Bag D');
    expect(counts).toEqual({ total: 4, previousTotal: 4, added: 1, deleted: 1, changed: 2, unchanged: 1 });
  });

  it('marks nothing for the first period of a retailer', () => {
    const { products, counts } = buildPeriodProducts({ currentRows: current, previousRows: null });
    expect(products.every((p) => p.type === undefined && p.change === undefined)).toBe(true);
    expect(counts).toEqual({ total: 4, previousTotal: 0, added: 0, deleted: 0, changed: 0, unchanged: 4 });
  });

  it('carries over OH map ids set on the previous period unless the file has one', () => {
    const { products } = buildPeriodProducts({
      currentRows: [row('A'), row('B', { 'OH Map ID': 'OH-NEW' })],
      previousRows: [row('A'), row('B')],
      previousOhMapIds: new Map([
        ['A', 'OH-1'],
        ['B', 'OH-2'],
      ]),
    });
    expect(products.map((p) => p.oh_map_id)).toEqual(['OH-1', 'OH-NEW']);
  });
});

describe('splitProductsByBrand', () => {
  it('splits products among brands by brand name', () => {
    const products = [
      productFieldsFromRow(row('A')),
      productFieldsFromRow(row('B', { Brand: 'OSTRANDER ' })),
      productFieldsFromRow(row('C', { Brand: 'Unknown Label' })),
    ];
    const { byBrand, unmatched } = splitProductsByBrand(products, [
      { id: 'b1', name: 'Maison  Aurelle' },
      { id: 'b2', name: 'Ostrander' },
      { id: 'b3', name: 'Vell' },
    ]);
    expect(byBrand.get('b1')?.map((p) => p.style_number)).toEqual(['A']);
    expect(byBrand.get('b2')?.map((p) => p.style_number)).toEqual(['B']);
    expect(byBrand.get('b3')).toEqual([]);
    expect(unmatched.map((p) => p.style_number)).toEqual(['C']);
  });
});

describe('brand landing page scan info', () => {
  const rows: RobotRow[] = [
    {
      'Brand ID': 'maison-aurelle',
      'Brand Name': 'Maison Aurelle',
      Description: 'Founded in Paris.',
      Logo: 'https://cdn/logo.svg',
      'Hero Image': 'https://cdn/hero.jpg',
      Screenshot: 'https://shots/brand.png',
      'Site Link': 'https://shop/designers/maison-aurelle',
      'Brand Link': 'https://maison-aurelle.example',
      'Featured In Menu': 'Yes',
    },
    { 'Brand ID': 'ostrander', 'Brand Name': 'Ostrander', 'Featured In Menu': 'no' },
  ];

  it('maps a brand file row to the scan info fields', () => {
    expect(brandPageInfoFromRow(rows[0]!)).toEqual({
      brand_id: 'maison-aurelle',
      brand_name: 'Maison Aurelle',
      featuredInMenu: true,
      siteLink: 'https://shop/designers/maison-aurelle',
      brandLink: 'https://maison-aurelle.example',
      brand_description: 'Founded in Paris.',
      brand_logo: 'https://cdn/logo.svg',
      brand_hero_image: 'https://cdn/hero.jpg',
      brand_screenshot: 'https://shots/brand.png',
    });
    expect(brandPageInfoFromRow(rows[1]!)).toMatchObject({ featuredInMenu: false, brand_logo: '' });
  });

  it("finds a brand's row by id, else by name", () => {
    expect(findBrandPageRow(rows, { id: 'ostrander' })?.['Brand Name']).toBe('Ostrander');
    expect(findBrandPageRow(rows, { id: 'nope', name: ' maison aurelle' })?.['Brand ID']).toBe('maison-aurelle');
    expect(findBrandPageRow(rows, { name: 'Vell' })).toBeUndefined();
  });

  it.each([
    ['Yes', true],
    ['TRUE', true],
    ['1', true],
    ['Designers', true],
    ['', false],
    ['No', false],
    ['n', false],
    ['false', false],
    ['0', false],
    ['Not featured', false],
  ])('featured in menu %j -> %s', (text, value) => {
    expect(parseFeatured(text)).toBe(value);
  });
});
