/**
 * The product tabs' cached read path (docs/product-reads.md) against the local stack: every tab
 * answers, over HTTP, the rows the whole-list productView gives over the same DynamoDB data (the
 * oracle), a period published before snapshots existed gets one on its first read, and an edit
 * (map id, brand SKU, flag) shows on the very next read of the warm server.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../../infra/local/prng';
import type { OhItem } from '../../functions/inventory/domain/oh-feed';
import type { ProductScrape } from '../../functions/scrapings/domain/product';
import { callRoute, login, queryOf, stack } from '../support/api';
import { seedBrand } from '../support/brands';
import { NAMES, picker, PRICES, TYPES } from '../support/random-scrapes';
import { productScrape } from '../support/scrapes';
import { storeFeed, storePeriod } from '../support/seed-period';

const tag = randomBytes(4).toString('hex');
const BRAND = { _id: `brand-tabs-${tag}`, name: `Tabs House ${tag}`, slug: `tabs-house-${tag}` };
const RETAILER = { _id: `ret-tabs-${tag}`, name: `Tabs Store ${tag}`, optId: `TAB${tag}`.toUpperCase(), slug: `tabs-store-${tag}`, website: 'https://tabs.example' };
const DATE = '2022-05-04';
const VERSION = `vtabs${tag}`;
const FEED_VERSION = `ftabs${tag}`;

let m: {
  repo: typeof import('../../functions/scrapings/scrapings.repo');
  ids: typeof import('../../functions/scrapings/domain/ids');
  view: typeof import('../../functions/scrapings/domain/product-view');
  inventory: typeof import('../../functions/inventory/inventory.repo');
  snapshots: typeof import('../../functions/scrapings/snapshots.repo');
  s3: typeof import('../../functions/lib/clients/s3');
  S3: typeof import('@aws-sdk/client-s3');
};
let token = '';
let periodId = '';

const VIEWS = [
  ['products', ''],
  ['change', 'tab=change'],
  ['flagged', 'isFlagged=yes'],
  ['sd_data', 'filter=sd_data'],
  ['price_diff', 'filter=price_diff'],
  ['price_match', 'filter=price_match'],
  ['all_oh', 'filter=all_oh'],
  ['oh_data', 'filter=oh_data'],
  ['oh_sd_data', 'filter=oh_sd_data'],
] as const;

/** What the whole-list path answers: every product of the period and the retailer's items, then productView. */
async function oracle(view: (typeof VIEWS)[number][0], o: { sort: string; page: number; limit: number; search?: string; mapped?: boolean; unflaggedOnly?: boolean }) {
  const [products, items] = await Promise.all([m.repo.listPeriodProducts(periodId), m.inventory.listOhItemsOfCustomer(BRAND._id, RETAILER.optId)]);
  return JSON.parse(JSON.stringify(m.view.productView(products, items, { view, ...o })));
}

async function tab(query: string) {
  const res = await callRoute('listProductScrapings', { query: queryOf(`retailer_brand_scraping=${periodId}&${query}`), token });
  expect(res.status, query).toBe(200);
  return res.body;
}

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  m = {
    repo: await import('../../functions/scrapings/scrapings.repo'),
    ids: await import('../../functions/scrapings/domain/ids'),
    view: await import('../../functions/scrapings/domain/product-view'),
    inventory: await import('../../functions/inventory/inventory.repo'),
    snapshots: await import('../../functions/scrapings/snapshots.repo'),
    s3: await import('../../functions/lib/clients/s3'),
    S3: await import('@aws-sdk/client-s3'),
  };
  const now = new Date().toISOString();
  await seedBrand(BRAND, [RETAILER], [{ retailer: RETAILER._id, flag: true, webSiteType: 'retailerWithProducts' }]);
  token = await login('admin@demo.test');
  periodId = m.ids.periodIdOf(BRAND._id, RETAILER._id, DATE);

  // A period as one published before snapshots existed: products and period item only.
  const rand = prng(11);
  const pick = picker(rand);
  const products: ProductScrape[] = Array.from({ length: 240 }, (_, i) => {
    const style = `TS-${String((i * 37) % 240).padStart(3, '0')}`;
    const ref = rand();
    const type = pick(TYPES);
    return productScrape({
      _id: m.ids.productIdOf(periodId, style),
      retailer_brand_scraping: periodId,
      brand: BRAND._id,
      retailer: RETAILER._id,
      date: DATE,
      style_number: style,
      name: `${pick(NAMES)} ${i % 9}`,
      price: pick(PRICES),
      URL: `https://tabs.example/${style}`,
      brand_label: BRAND.name,
      isFlagged: rand() < 0.2 ? 'yes' : 'no',
      oh_map_id: ref < 0.3 ? `inv-${i % 50}` : ref < 0.4 ? `SER${1000 + (i % 130)}` : '',
      brand_sku: rand() < 0.5 ? `INV-${i % 45}` : '',
      ...(type ? { type } : {}),
    });
  });
  await storePeriod({ _id: periodId, brand: BRAND._id, retailer: RETAILER._id, date: DATE, version: VERSION, approvedDate: now }, products);
  const items: OhItem[] = Array.from({ length: 150 }, (_, i) => ({
    serialNo: `SER${1000 + i}`,
    inventoryId: `INV-${i % 40}`,
    styleName: pick(NAMES),
    price: pick(PRICES),
    customerId: i < 120 ? RETAILER.optId : 'SOMEONE-ELSE',
    customerName: RETAILER.name,
    image: '',
  }));
  await storeFeed({ brand: BRAND._id, version: FEED_VERSION, key: 'incoming/oh/x.csv', date: DATE, ingestedAt: now }, items);
});

describe('GET /retailerBrandProductScrapings on the cached read path', () => {
  it('builds the snapshot of a period published before snapshots, on its first read', async () => {
    expect(await m.snapshots.getPeriodSnapshot(periodId, VERSION)).toBeUndefined();
    const first = await tab('sort=name;asc');
    expect(first).toEqual(await oracle('products', { sort: 'name;asc', page: 1, limit: 25 }));
    const snap = await m.snapshots.getPeriodSnapshot(periodId, VERSION);
    expect(snap?.value.products).toHaveLength(240);
    expect(await m.snapshots.getOhSnapshot(BRAND._id, FEED_VERSION, RETAILER.optId)).toBeUndefined();
    await tab('filter=all_oh');
    expect((await m.snapshots.getOhSnapshot(BRAND._id, FEED_VERSION, RETAILER.optId))?.value.items).toHaveLength(120);
  });

  it('answers every tab, sort and page with the rows, order and totals of the whole-list path', async () => {
    for (const [view, q] of VIEWS)
      for (const sort of ['name;asc', 'name;desc', 'price;asc', 'price;desc', 'style_number;asc', 'style_number;desc'])
        for (const page of [1, 3]) {
          const got = await tab(`${q}&sort=${sort}&page=${page}&limit=10`);
          expect(got, `${view} ${sort} page ${page}`).toEqual(await oracle(view, { sort, page, limit: 10 }));
          if (page === 1 && sort === 'name;asc') expect(got.totalCount, view).toBeGreaterThan(0);
        }
  });

  it('answers search, the mapped filter and isFlagged=no as the whole-list path', async () => {
    for (const [view, q] of VIEWS) {
      expect(await tab(`${q}&search=alpha&sort=price;desc`), `${view} search`).toEqual(await oracle(view, { sort: 'price;desc', page: 1, limit: 25, search: 'alpha' }));
      expect(await tab(`${q}&search=INV-1`), `${view} search inv`).toEqual(await oracle(view, { sort: 'name;asc', page: 1, limit: 25, search: 'INV-1' }));
    }
    for (const mapped of [true, false]) expect(await tab(`oh_map_id=${mapped}&limit=50`)).toEqual(await oracle('products', { sort: 'name;asc', page: 1, limit: 50, mapped }));
    expect(await tab('isFlagged=no&limit=1000')).toEqual(await oracle('products', { sort: 'name;asc', page: 1, limit: 1000, unflaggedOnly: true }));
  });

  it('shows a map id, a brand SKU and a flag on the very next read', async () => {
    const all = (await tab('sort=style_number;asc&limit=1000')).data as ProductScrape[];
    const target = all.find((p) => p.type !== 'deleted' && p.isFlagged === 'no' && p.oh_map_id === '' && p.brand_sku === '')!;
    expect(target).toBeDefined();
    const inSdData = async () => ((await tab('filter=sd_data&limit=1000')).data as ProductScrape[]).some((p) => p._id === target._id);
    expect(await inSdData()).toBe(true);

    const mapped = await callRoute('updateProductScraping', { params: { id: target._id }, token, body: { oh_map_id: 'INV-3' } });
    expect(mapped.status).toBe(200);
    expect(await inSdData()).toBe(false);
    const priced = [...(await tab('filter=price_diff&limit=1000')).data, ...(await tab('filter=price_match&limit=1000')).data];
    expect(priced.find((p: { _id: string }) => p._id === target._id)).toMatchObject({ oh_map_id: 'INV-3', inventoryId: 'INV-3' });

    const sku = await callRoute('updateProductScraping', { params: { id: target._id }, token, body: { brand_sku: `ZZ-${tag}` } });
    expect(sku.status).toBe(200);
    expect((await tab(`search=ZZ-${tag}`)).data.map((p) => p._id)).toEqual([target._id]);

    await m.repo.updateProductFields(target._id, { isFlagged: 'yes', flagMessage: { message: 'Wrong image' } });
    expect((await tab('isFlagged=yes&limit=1000')).data.map((p) => p._id)).toContain(target._id);
    await m.repo.updateProductFields(target._id, { isFlagged: 'no', flagMessage: null });
    expect((await tab('isFlagged=yes&limit=1000')).data.map((p) => p._id)).not.toContain(target._id);

    // And every tab still agrees with the whole-list path after the edits.
    for (const [view, q] of VIEWS) expect(await tab(`${q}&limit=1000`), view).toEqual(await oracle(view, { sort: 'name;asc', page: 1, limit: 1000 }));
  });
});
