/**
 * The read keys (functions/scrapings/domain/read-keys.ts): a page cut from a version's keys (key
 * fields only, sort orders computed at publish, through their JSON) and filled with the page's
 * stored products by id is exactly what the whole-list productView answers, for every view,
 * sort, search, filter and page, before and after edits; and the keys are small beside the
 * snapshot and the same however often they are built.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../../infra/local/prng';
import type { OhItem } from '../../../functions/inventory/domain/oh-feed';
import type { ProductScrape } from '../../../functions/scrapings/domain/product';
import { firstUnit, isOhView, joinedMatches, matchAll, OhIndexed, pagePositions, PeriodIndex, storedMatches, type Matches } from '../../../functions/scrapings/domain/product-index';
import { pricedRow, productView, type ViewOptions, type ViewRow } from '../../../functions/scrapings/domain/product-view';
import { buildReadKeys, decodeJoin, decodeOhSnapshot, decodeOrders, encodeJoin, encodeOhSnapshot, OH_SNAPSHOT_FORMAT, readKeys, READ_KEYS_FORMAT, type OhSnapshotJson } from '../../../functions/scrapings/domain/read-keys';
import { NAMES as BASE_NAMES, picker, randomOhItems, randomProductFields, TYPES } from '../../support/random-scrapes';
import { productScrape } from '../../support/scrapes';
import type { ProductView } from '../../../shared/schemas/scrapings';

const rand = prng(21);
const pick = picker(rand);
const PERIOD = 'period-keys-0001';
const NAMES = [...BASE_NAMES, 'beta tote'];

const ohItems: OhItem[] = randomOhItems(rand, 120, NAMES);

const stored: ProductScrape[] = Array.from({ length: 300 }, (_, i) => {
  const ref = rand();
  const type = pick(TYPES);
  return productScrape({
    _id: `${PERIOD}p${String(i).padStart(4, '0')}`,
    retailer_brand_scraping: PERIOD,
    ...randomProductFields(rand, i, ref, NAMES),
    product_description: 'A long description that the keys never carry. '.repeat(10),
    ...(rand() < 0.1 ? { product: { _id: `o${i}`, sku: `OPT-${i}` } } : {}),
    ...(type ? { type } : {}),
  });
});

const VIEWS: ProductView[] = ['products', 'change', 'flagged', 'sd_data', 'price_diff', 'price_match', 'all_oh', 'oh_data', 'oh_sd_data'];
const SORTS = ['name;asc', 'name;desc', 'price;asc', 'price;desc', 'style_number;asc', 'style_number;desc'];

/** The index a cold reader makes of the keys' JSON (as stored in S3: through JSON.stringify). */
function fromStoredKeys(products: readonly ProductScrape[], seq = 0): PeriodIndex {
  const keys = readKeys(PERIOD, JSON.parse(JSON.stringify(buildReadKeys(PERIOD, seq, products))))!;
  for (const sort of SORTS) expect(keys.orders(sort), sort).toHaveLength(products.length);
  return new PeriodIndex(keys.products, keys.orders, keys.seq);
}

type MatchesOf = (index: PeriodIndex, oh: OhIndexed) => Matches;

/** A page as product-reads.ts answers it: positions from the keys, the rows' products by id from the stored ones. */
function keysPage(index: PeriodIndex, current: readonly ProductScrape[], oh: OhIndexed, o: ViewOptions, matchesOf: MatchesOf): { data: ViewRow[]; totalCount: number } {
  const matches = matchesOf(index, oh);
  const { positions, totalCount } = pagePositions(index, oh, matches, o);
  if (isOhView(o.view)) return { data: positions.map((i) => oh.row(i)), totalCount };
  const byId = new Map(current.map((p) => [p._id, p]));
  const priced = o.view === 'price_diff' || o.view === 'price_match';
  return { data: positions.map((i) => (priced ? pricedRow(byId.get(index.id(i))!, firstUnit(matches, i)!) : byId.get(index.id(i))!)), totalCount };
}

function compareAll(index: PeriodIndex, current: readonly ProductScrape[], matchesOf: MatchesOf = matchAll) {
  const oh = new OhIndexed(ohItems);
  for (const view of VIEWS)
    for (const sort of SORTS)
      for (const extra of [{}, { search: 'ALPHA' }, { search: 'inv-1' }, { search: 'opt 1' }, { mapped: true }, { mapped: false }, { unflaggedOnly: true }] as Partial<ViewOptions>[])
        for (const page of [1, 2, 9]) {
          const o: ViewOptions = { view, sort, page, limit: 17, ...extra };
          expect(keysPage(index, current, oh, o, matchesOf), `${view} ${sort} ${JSON.stringify(extra)} page ${page}`).toEqual(productView(current, ohItems, o));
        }
}

describe('read keys', () => {
  it('answer every view, sort, search, filter and page as the whole-list path', () => {
    compareAll(fromStoredKeys(stored), stored);
  });

  it('answer the same after edits applied on top of them (the edit log)', () => {
    const index = fromStoredKeys(stored);
    const current = stored.map((p) => ({ ...p }));
    for (const n of [3, 10, 42, 77, 150]) {
      const state = { isFlagged: current[n]!.isFlagged === 'yes' ? ('no' as const) : ('yes' as const), oh_map_id: `INV-${n % 40}`, brand_sku: `SKU-${n}`, edited: ['oh_map_id' as const] };
      current[n] = { ...current[n]!, ...state };
      index.applyEdit(current[n]!._id, state);
    }
    compareAll(index, current);
  });

  it('hold only the key fields: a fraction of the snapshot, and the same keys however often built', () => {
    const keys = buildReadKeys(PERIOD, 0, stored);
    expect(keys.format).toBe(READ_KEYS_FORMAT);
    expect(JSON.stringify(keys).length).toBeLessThan(JSON.stringify({ seq: 0, products: stored }).length / 3);
    expect(JSON.stringify(keys)).not.toContain('never carry');
    expect(JSON.stringify(buildReadKeys(PERIOD, 0, stored.map((p) => ({ ...p }))))).toBe(JSON.stringify(keys));
  });

  it('are refused when of another format or not whole (the reader rebuilds them)', () => {
    const keys = buildReadKeys(PERIOD, 0, stored);
    expect(readKeys(PERIOD, { ...keys, format: 3 as never })).toBeUndefined();
    expect(readKeys(PERIOD, { ...keys, prices: keys.prices.slice(1) })).toBeUndefined();
    expect(readKeys(PERIOD, { ...keys, types: keys.types.slice(1) })).toBeUndefined();
    expect(readKeys(PERIOD, { ...keys, flags: `${keys.flags}n` })).toBeUndefined();
    expect(readKeys(PERIOD, { ...keys, text: { ...keys.text, name: undefined as never } })).toBeUndefined();
  });

  it('of the format before (one array per product) are still read, and answer the same', () => {
    const rows = stored.map((p) => [p._id.slice(PERIOD.length), p.type ?? 0, p.isFlagged, p.oh_map_id, p.brand_sku, p.product ?? 0, p.name, p.price, p.style_number]);
    const v1 = readKeys(PERIOD, JSON.parse(JSON.stringify({ format: 1, seq: 0, rows, orders: buildReadKeys(PERIOD, 0, stored).orders })))!;
    compareAll(new PeriodIndex(v1.products, v1.orders, v1.seq), stored);
  });

  it('parse a text column only when a request reads it: a products page reads no name, a search does', () => {
    const json = JSON.parse(JSON.stringify(buildReadKeys(PERIOD, 0, stored)));
    json.text.name = '[not json';
    const keys = readKeys(PERIOD, json)!;
    const index = new PeriodIndex(keys.products, keys.orders, keys.seq);
    const oh = new OhIndexed(ohItems);
    const o: ViewOptions = { view: 'products', sort: 'price;desc', page: 2, limit: 17 };
    expect(keysPage(index, stored, oh, o, () => undefined as never)).toEqual(productView(stored, ohItems, o));
    expect(() => pagePositions(index, oh, undefined, { ...o, search: 'alpha' })).toThrow(SyntaxError);
  });
});

describe('stored join (a period matched against a retailer\'s items, read by a cold Lambda)', () => {
  const oh = new OhIndexed(ohItems);
  const fresh = () => stored.map((p) => ({ ...p }));
  /** A join as the next cold Lambda reads it: through its JSON. */
  const throughJson = (m: Matches) => decodeJoin(JSON.parse(JSON.stringify(encodeJoin(m, ohItems.length))))!;
  const flipMapIds = (index: PeriodIndex, current: ProductScrape[], firstSeq: number) =>
    [3, 10, 42, 77, 150].forEach((n, k) => {
      const state = { isFlagged: current[n]!.isFlagged, oh_map_id: current[n]!.oh_map_id ? '' : `INV-${n % 40}`, brand_sku: current[n]!.brand_sku, edited: ['oh_map_id' as const] };
      current[n] = { ...current[n]!, ...state };
      index.applyEdit(current[n]!._id, state, firstSeq + k);
    });

  it('answers every view, sort, search, filter and page as matching does', () => {
    const join = throughJson(matchAll(fromStoredKeys(fresh()), oh));
    compareAll(fromStoredKeys(fresh()), fresh(), (index, items) => joinedMatches(index, items, join)!);
  });

  it('matches again on read the products edited after it was stored (later edits move rows between tabs)', () => {
    const current = fresh();
    const index = fromStoredKeys(current, 4);
    const join = throughJson(matchAll(index, oh));
    expect(join.seq).toBe(4);
    flipMapIds(index, current, 5);
    expect(index.seq).toBe(9);
    compareAll(index, current, (i, items) => joinedMatches(i, items, join)!);
  });

  it('answers the on-hand row views alone, without the period, when it includes every edit', () => {
    const m = storedMatches(oh, throughJson(matchAll(fromStoredKeys(fresh()), oh)));
    for (const view of ['oh_data', 'oh_sd_data', 'all_oh'] as const)
      for (const sort of SORTS) {
        const o: ViewOptions = { view, sort, page: 2, limit: 17 };
        const { positions, totalCount } = pagePositions(undefined, oh, m, o);
        expect({ data: positions.map((i) => oh.row(i)), totalCount }, `${view} ${sort}`).toEqual(productView(fresh(), ohItems, o));
      }
  });

  it('is refused when it does not fit: older than the keys, newer than the edits read, another period size, another format, not whole', () => {
    const index = fromStoredKeys(fresh(), 4);
    const m = matchAll(index, oh);
    expect(joinedMatches(index, oh, { ...throughJson(m), seq: 3 })).toBeUndefined();
    expect(joinedMatches(index, oh, { ...throughJson(m), seq: 5 })).toBeUndefined();
    expect(joinedMatches(fromStoredKeys(fresh().slice(1), 4), oh, throughJson(m))).toBeUndefined();
    const json = encodeJoin(m, ohItems.length);
    expect(decodeJoin({ ...json, format: 2 as never })).toBeUndefined();
    expect(decodeJoin({ ...json, products: json.products - 1 })).toBeUndefined();
    expect(decodeJoin({ ...json, items: 1 })).toBeUndefined();
    expect(decodeJoin({ ...json, positions: json.positions.slice(0, 8) })).toBeUndefined();
    const offsets = new Uint32Array(m.offsets);
    offsets[5] = offsets[6]! + 1;
    expect(decodeJoin(encodeJoin({ ...m, offsets }, ohItems.length))).toBeUndefined();
  });
});

describe('on-hand snapshot in columns', () => {
  const varied: OhItem[] = ohItems.map((i, n) => ({ ...i, customerId: n === 7 ? ' opt1' : i.customerId, customerName: n % 2 ? 'Store' : 'Store Ltd', image: n % 3 ? `https://img.example/${n}.jpg` : '' }));
  const back = (items: readonly OhItem[]) => decodeOhSnapshot(JSON.parse(JSON.stringify(encodeOhSnapshot(items))) as OhSnapshotJson);

  it('gives back every item as it was, in order, with nulls, look-alike customer ids and differing names kept', () => {
    expect(back(varied)?.items).toEqual(varied);
    expect(back(ohItems)?.items).toEqual(ohItems);
    expect(back([])?.items).toEqual([]);
    const twins = [ohItems[0]!, ohItems[0]!];
    expect(back(twins)?.items).toEqual(twins);
  });

  it('stores a field every item holds alike once, and is smaller than one object per item', () => {
    const json = encodeOhSnapshot(ohItems);
    expect(json.format).toBe(OH_SNAPSHOT_FORMAT);
    expect(json.same).toMatchObject({ customerId: 'OPT1', customerName: 'Store', image: '' });
    expect(JSON.stringify(json).length).toBeLessThan(JSON.stringify({ items: ohItems, orders: json.orders }).length * 0.7);
    // The sort orders come with it, as OhIndexed computes them.
    const orders = decodeOrders(json.orders, ohItems.length)!;
    const computed = new OhIndexed(ohItems);
    expect(orders.size).toBe(6);
    for (const [key, order] of orders) expect([...order], key).toEqual([...computed.orders.get(key)]);
  });

  it('reads a snapshot of the former form (one object per item) and refuses one that is not whole', () => {
    expect(decodeOhSnapshot({ items: ohItems })?.items).toEqual(ohItems);
    const json = encodeOhSnapshot(varied);
    expect(decodeOhSnapshot({ ...json, count: json.count! + 1 })).toBeUndefined();
    expect(decodeOhSnapshot({ ...json, columns: { ...json.columns, serialNo: json.columns!.serialNo!.slice(1) } })).toBeUndefined();
    expect(decodeOhSnapshot({ format: 3 })).toBeUndefined();
  });
});
