/**
 * Product tabs from the read keys (docs/product-reads.md, issue 21), in process against the local
 * stack's DynamoDB and S3, with every S3 GET and DynamoDB item read counted:
 * - a period published before read keys existed builds them (and its snapshot) on its first read
 *   and answers as the whole-list path;
 * - a cold handler then reads ONE S3 object for a products tab (the keys, a fraction of the
 *   snapshot's bytes), three for an on-hand products tab (and the retailer's items, and the
 *   stored join of both), one or two for an on-hand items tab (the items, and the join: no keys),
 *   and from DynamoDB only the period and the page's products; a warm one reads no S3 at all;
 * - the join is stored by the first read that matches, read by cold handlers instead of matching,
 *   and matched again on read for the products edited after it; one that does not fit is replaced;
 * - keys written again (a retried or duplicated publish) or of an unknown format change nothing.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prng } from '../../infra/local/prng';
import type { OhItem } from '../../functions/inventory/domain/oh-feed';
import type { ProductScrape } from '../../functions/scrapings/domain/product';
import { stack } from '../support/api';
import { countDynamoReads } from '../support/count-reads';
import { NAMES, picker, PRICES, TYPES } from '../support/random-scrapes';
import { productScrape } from '../support/scrapes';
import { storeFeed, storePeriod } from '../support/seed-period';

const tag = randomBytes(4).toString('hex');
const BRAND = `brand-keys-${tag}`;
const RETAILER = { _id: `ret-keys-${tag}`, name: `Keys Store ${tag}`, optId: `KEY${tag}`.toUpperCase(), slug: `keys-store-${tag}`, website: 'https://keys.example' };
const DATE = '2022-06-07';
const VERSION = `vkeys${tag}`;
const FEED_VERSION = `fkeys${tag}`;
const MIDDLEWARE = `count-reads-${tag}`;

let m: {
  repo: typeof import('../../functions/scrapings/scrapings.repo');
  reads: typeof import('../../functions/scrapings/product-reads');
  view: typeof import('../../functions/scrapings/domain/product-view');
  keys: typeof import('../../functions/scrapings/domain/read-keys');
  inventory: typeof import('../../functions/inventory/inventory.repo');
  snapshots: typeof import('../../functions/scrapings/snapshots.repo');
  schema: typeof import('../../shared/schemas/scrapings');
  s3: typeof import('../../functions/lib/clients/s3');
  ddb: typeof import('../../functions/lib/clients/dynamodb');
};
let periodId = '';
const counted = { s3Gets: 0, s3Bytes: 0, ddbItems: 0 };
const auth = { sub: 'keys-test', role: 'ADMIN', brand: null, retailers: [], sv: 0, isAdmin: true } as never;

/** One page through the list handler's function, and what it read. */
async function page(q: Record<string, string>) {
  Object.assign(counted, { s3Gets: 0, s3Bytes: 0, ddbItems: 0 });
  const query = m.schema.listProductScrapingsQuery.parse({ retailer_brand_scraping: periodId, ...q });
  const answer = JSON.parse(JSON.stringify(await m.reads.listProducts(auth, query))) as { data: ProductScrape[]; totalCount: number };
  return { answer, read: { ...counted } };
}

/** The whole-list path over the same DynamoDB data (its pictures as the handler links them: none here are bucket keys). */
async function oracle(q: Record<string, string>) {
  const o = m.schema.listProductScrapingsQuery.parse({ retailer_brand_scraping: periodId, ...q });
  const [products, items] = await Promise.all([m.repo.listPeriodProducts(periodId), m.inventory.listOhItemsOfCustomer(BRAND, RETAILER.optId)]);
  return JSON.parse(JSON.stringify(m.view.productView(products, items, o)));
}

const TABS: Record<string, string>[] = [
  {},
  { tab: 'change' },
  { isFlagged: 'yes' },
  { isFlagged: 'no', sort: 'price;desc' },
  { oh_map_id: 'true', sort: 'style_number;desc' },
  { filter: 'sd_data' },
  { filter: 'price_diff', sort: 'price;asc' },
  { filter: 'price_match' },
  { filter: 'all_oh', sort: 'name;desc' },
  { filter: 'oh_data' },
  { filter: 'oh_sd_data', page: '2', limit: '10' },
  { search: 'alpha', sort: 'price;desc' },
  { page: '3', limit: '50', sort: 'name;desc' },
];
const onHand = (q: Record<string, string>) => q.filter !== undefined;
/** S3 objects a cold handler reads for a tab, the join stored: keys for product tabs, items for on-hand ones, the join where matches count. */
const coldGets = (q: Record<string, string>) => (q.filter === 'all_oh' ? 1 : q.filter === 'oh_data' || q.filter === 'oh_sd_data' ? 2 : onHand(q) ? 3 : 1);

beforeAll(async () => {
  Object.assign(process.env, stack().env);
  m = {
    repo: await import('../../functions/scrapings/scrapings.repo'),
    reads: await import('../../functions/scrapings/product-reads'),
    view: await import('../../functions/scrapings/domain/product-view'),
    keys: await import('../../functions/scrapings/domain/read-keys'),
    inventory: await import('../../functions/inventory/inventory.repo'),
    snapshots: await import('../../functions/scrapings/snapshots.repo'),
    schema: await import('../../shared/schemas/scrapings'),
    s3: await import('../../functions/lib/clients/s3'),
    ddb: await import('../../functions/lib/clients/dynamodb'),
  };
  const { periodIdOf, productIdOf } = await import('../../functions/scrapings/domain/ids');
  const { putRetailer } = await import('../../functions/retailers/retailers.repo');
  const now = new Date().toISOString();
  await putRetailer({ ...RETAILER, createdAt: now, updatedAt: now });
  periodId = periodIdOf(BRAND, RETAILER._id, DATE);
  const rand = prng(21);
  const pick = picker(rand);
  // A period as published before read keys (and snapshots) existed: products and period item only.
  const products: ProductScrape[] = Array.from({ length: 400 }, (_, i) => {
    const style = `KS-${String((i * 37) % 400).padStart(3, '0')}`;
    const ref = rand();
    const type = pick(TYPES);
    return productScrape({
      _id: productIdOf(periodId, style),
      retailer_brand_scraping: periodId,
      brand: BRAND,
      retailer: RETAILER._id,
      date: DATE,
      style_number: style,
      name: `${pick(NAMES)} ${i % 9}`,
      price: pick(PRICES),
      product_description: 'Calfskin, made in Italy; what a page shows and the keys never hold. '.repeat(6),
      isFlagged: rand() < 0.2 ? 'yes' : 'no',
      oh_map_id: ref < 0.3 ? `inv-${i % 50}` : ref < 0.4 ? `SER${1000 + (i % 130)}` : '',
      brand_sku: rand() < 0.5 ? `INV-${i % 45}` : '',
      ...(type ? { type } : {}),
    });
  });
  await storePeriod({ _id: periodId, brand: BRAND, retailer: RETAILER._id, date: DATE, version: VERSION, approvedDate: now }, products);
  const items: OhItem[] = Array.from({ length: 150 }, (_, i) => ({
    serialNo: `SER${1000 + i}`,
    inventoryId: `INV-${i % 40}`,
    styleName: pick(NAMES),
    price: pick(PRICES),
    customerId: RETAILER.optId,
    customerName: RETAILER.name,
    image: '',
  }));
  await storeFeed({ brand: BRAND, version: FEED_VERSION, key: 'incoming/oh/k.csv', date: DATE, ingestedAt: now }, items);

  m.s3.s3.middlewareStack.add(
    (next, context) => async (args) => {
      const out = await next(args);
      if (context.commandName === 'GetObjectCommand') {
        counted.s3Gets++;
        counted.s3Bytes += Number((out.output as { ContentLength?: number }).ContentLength ?? 0);
      }
      return out;
    },
    { step: 'initialize', name: MIDDLEWARE },
  );
  countDynamoReads(m.ddb.ddb, (n) => (counted.ddbItems += n), MIDDLEWARE);
});

afterAll(() => {
  m?.s3.s3.middlewareStack.remove(MIDDLEWARE);
  m?.ddb.ddb.middlewareStack.remove(MIDDLEWARE);
});

describe('product tabs from the read keys', () => {
  it('builds the read keys (and snapshot) of a period published before them on its first read, answering as the whole-list path', async () => {
    expect(await m.snapshots.getPeriodKeys(periodId, VERSION)).toBeUndefined();
    m.reads.clearProductCache();
    expect((await page({})).answer).toEqual(await oracle({}));
    const keys = await m.snapshots.getPeriodKeys(periodId, VERSION);
    expect(keys?.value).toMatchObject({ format: m.keys.READ_KEYS_FORMAT, count: 400 });
    expect((await m.snapshots.getPeriodSnapshot(periodId, VERSION))?.value.products).toHaveLength(400);
    // The on-hand snapshot written on the way carries the items' sort orders.
    await page({ filter: 'all_oh' });
    expect(Object.keys((await m.snapshots.getOhSnapshot(BRAND, FEED_VERSION, RETAILER.optId))?.value.orders ?? {})).toHaveLength(6);
  });

  it('on a cold handler reads one small S3 object (up to three for on-hand tabs) and only the page from DynamoDB, answering as the whole-list path', async () => {
    const snapshotBytes = (await m.snapshots.getPeriodSnapshot(periodId, VERSION))!.bytes;
    const keysBytes = (await m.snapshots.getPeriodKeys(periodId, VERSION))!.bytes;
    expect(keysBytes).toBeLessThan(snapshotBytes / 4);
    await page({ filter: 'sd_data' }); // the first read that matches stores the join (the last test covers it)
    for (const q of TABS) {
      m.reads.clearProductCache();
      const { answer, read } = await page(q);
      expect(answer, JSON.stringify(q)).toEqual(await oracle(q));
      const limit = Number(q.limit ?? 25);
      expect(read.s3Gets, JSON.stringify(q)).toBe(coldGets(q));
      // The period, the page's products (the retailer and the feed pointer for on-hand tabs).
      expect(read.ddbItems, JSON.stringify(q)).toBeLessThanOrEqual(1 + limit + (onHand(q) ? 2 : 0));
      if (!onHand(q)) expect(read.s3Bytes, JSON.stringify(q)).toBeLessThan(snapshotBytes / 4);
    }
  });

  it('on a warm handler reads no S3 and only the page from DynamoDB', async () => {
    for (const q of TABS) {
      await page(q);
      const { answer, read } = await page(q);
      expect(answer, JSON.stringify(q)).toEqual(await oracle(q));
      expect(read.s3Gets, JSON.stringify(q)).toBe(0);
      expect(read.ddbItems, JSON.stringify(q)).toBeLessThanOrEqual(1 + Number(q.limit ?? 25) + (onHand(q) ? 2 : 0));
    }
  });

  it('shows an edit on the next read of a cold handler and of a warm one', async () => {
    const all = (await page({ sort: 'style_number;asc', limit: '1000' })).answer.data;
    const target = all.find((p) => p.type !== 'deleted' && p.isFlagged === 'no')!;
    await m.repo.updateProductFields(target._id, { isFlagged: 'yes', flagMessage: { message: 'Wrong price' } });
    expect((await page({ isFlagged: 'yes', limit: '1000' })).answer.data.map((p) => p._id)).toContain(target._id);
    m.reads.clearProductCache();
    const cold = await page({ isFlagged: 'yes', limit: '1000' });
    expect(cold.answer).toEqual(await oracle({ isFlagged: 'yes', limit: '1000' }));
    await m.repo.updateProductFields(target._id, { isFlagged: 'no', flagMessage: null });
    expect((await page({ isFlagged: 'yes', limit: '1000' })).answer).toEqual(await oracle({ isFlagged: 'yes', limit: '1000' }));
  });

  it('keys written again (a retried or duplicated publish) or of an unknown format change no answer', async () => {
    const before = await Promise.all(TABS.map((q) => oracle(q)));
    const products = await m.repo.listVersionProducts(periodId, VERSION);
    const period = (await m.repo.getPeriod(periodId))!;
    // A publish retried twice writes the same keys over themselves (seq: what the products include).
    for (let i = 0; i < 2; i++) await m.snapshots.putPeriodKeys(periodId, VERSION, m.keys.buildReadKeys(periodId, period.editSeq ?? 0, products));
    for (const [n, q] of TABS.entries()) {
      m.reads.clearProductCache();
      expect((await page(q)).answer, JSON.stringify(q)).toEqual(before[n]);
    }
    // Keys of a format this code does not know are rebuilt from the snapshot, and answer the same.
    await m.snapshots.putPeriodKeys(periodId, VERSION, { format: 99, seq: 0, rows: [], orders: {} } as never);
    m.reads.clearProductCache();
    expect((await page({})).answer).toEqual(before[0]);
    expect((await m.snapshots.getPeriodKeys(periodId, VERSION))?.value.format).toBe(m.keys.READ_KEYS_FORMAT);
  });

  it('matches once: the first on-hand read stores the join, cold handlers read it instead, and match again only what was edited since', async () => {
    const period = (await m.repo.getPeriod(periodId))!;
    const joinKey = [periodId, VERSION, period.approvedDate!, FEED_VERSION, RETAILER.optId] as const;
    const gets = async (q: Record<string, string>) => {
      m.reads.clearProductCache();
      const { answer, read } = await page(q);
      expect(answer, JSON.stringify(q)).toEqual(await oracle(q));
      return read.s3Gets;
    };
    // Stored by the read that matched, at the period's edit sequence.
    await m.s3.s3.send(new (await import('@aws-sdk/client-s3')).DeleteObjectCommand({ Bucket: stack().env.DATA_BUCKET, Key: m.snapshots.joinKey(...joinKey) }));
    expect(await gets({ filter: 'sd_data' })).toBe(2);
    const join = await m.snapshots.getJoin(...joinKey);
    expect(join?.seq).toBe(period.editSeq ?? 0);
    expect(join?.offsets).toHaveLength(401);
    // Read cold instead of matching; the on-hand items tabs read no keys at all.
    expect(await gets({ filter: 'oh_sd_data', limit: '1000' })).toBe(2);
    expect(await gets({ filter: 'price_diff' })).toBe(3);
    // An edit after it: a product that matched nothing now maps to an item's serial. Cold reads match that product again.
    const target = (await oracle({ filter: 'sd_data', limit: '1000' })).data[0] as ProductScrape;
    await m.repo.updateProductFields(target._id, { oh_map_id: 'SER1001' });
    for (const q of [{ filter: 'sd_data', limit: '1000' }, { filter: 'price_diff', limit: '1000' }, { filter: 'price_match', limit: '1000' }, { filter: 'oh_sd_data', limit: '1000' }]) await gets(q);
    expect((await oracle({ filter: 'sd_data', limit: '1000' })).data.map((p: ProductScrape) => p._id)).not.toContain(target._id);
    const priced = [...(await oracle({ filter: 'price_diff', limit: '1000' })).data, ...(await oracle({ filter: 'price_match', limit: '1000' })).data];
    expect(priced.map((p: ProductScrape) => p._id)).toContain(target._id);
    // A join that does not fit (not whole) is matched again and replaced.
    const json = m.keys.encodeJoin({ seq: join!.seq, offsets: join!.offsets, positions: join!.positions }, 150);
    await m.snapshots.putJoin([...joinKey], { ...json, positions: json.positions.slice(0, 12) });
    expect(await m.snapshots.getJoin(...joinKey)).toBeUndefined();
    await gets({ filter: 'oh_data' });
    const replaced = await m.snapshots.getJoin(...joinKey);
    expect(replaced?.seq).toBe((await m.repo.getPeriod(periodId))!.editSeq);
    expect(replaced?.seq).toBeGreaterThan(join!.seq);
  });
});
