/**
 * The cached read path answers exactly what the whole-list productView answers: every view,
 * sort, search, mapped filter and page, before and after edits, over a random period.
 */
import { describe, expect, it } from 'vitest';
import { prng } from '../../../infra/local/prng';
import type { OhItem } from '../../../functions/inventory/domain/oh-feed';
import type { ProductScrape } from '../../../functions/scrapings/domain/product';
import { catchUpMatches, indexedRows, indexedView, matchAll, OhIndexed, PeriodIndex, type Matches } from '../../../functions/scrapings/domain/product-index';
import { productView, type ViewOptions } from '../../../functions/scrapings/domain/product-view';
import { NAMES as BASE_NAMES, picker, randomOhItems, randomProductFields, TYPES } from '../../support/random-scrapes';
import { productScrape } from '../../support/scrapes';
import type { ProductView } from '../../../shared/schemas/scrapings';

const rand = prng(7);
const pick = picker(rand);

const NAMES = [...BASE_NAMES, 'beta tote'];

const ohItems: OhItem[] = randomOhItems(rand, 120, NAMES);

const products: ProductScrape[] = Array.from({ length: 300 }, (_, i) => {
  const ref = rand();
  return productScrape({
    _id: `p${String(i).padStart(4, '0')}`,
    ...randomProductFields(rand, i, ref, NAMES),
    ...(rand() < 0.1 ? { product: { _id: `o${i}`, sku: `OPT-${i}` } } : {}),
    ...(pick(TYPES) ? { type: pick(TYPES) } : {}),
  });
});

const VIEWS: ProductView[] = ['products', 'change', 'flagged', 'sd_data', 'price_diff', 'price_match', 'all_oh', 'oh_data', 'oh_sd_data'];
const SORTS = ['name;asc', 'name;desc', 'price;asc', 'price;desc', 'style_number;asc', 'style_number;desc'];

function compareAll(current: ProductScrape[], period: PeriodIndex, oh: OhIndexed, matches: Matches = matchAll(period, oh)) {
  for (const view of VIEWS)
    for (const sort of SORTS)
      for (const extra of [{}, { search: 'ALPHA' }, { search: 'inv-1' }, { search: 'bag, alpha 3' }, { search: 'emile' }, { search: 'inv 4 st-0' }, { mapped: true }, { mapped: false }, { unflaggedOnly: true }] as Partial<ViewOptions>[])
        for (const page of [1, 2, 9]) {
          const o: ViewOptions = { view, sort, page, limit: 17, ...extra };
          expect(indexedView(period, oh, matches, o), `${view} ${sort} ${JSON.stringify(extra)} page ${page}`).toEqual(productView(current, ohItems, o));
          // Every row of the view (what an export writes): all the pages, in order.
          if (page === 1) expect([...indexedRows(period, oh, matches, o)], `${view} ${sort} rows`).toEqual(productView(current, ohItems, { ...o, limit: 1000 }).data);
        }
}

describe('indexedView', () => {
  it('answers every view, sort, search, mapped filter and page as productView does', () => {
    compareAll(products, new PeriodIndex(products.map((p) => ({ ...p }))), new OhIndexed(ohItems));
  });

  it('still does after edits of map ids, brand SKUs and flags (only the edited products matched again)', () => {
    const period = new PeriodIndex(products.map((p) => ({ ...p })));
    const oh = new OhIndexed(ohItems);
    const matches = matchAll(period, oh);
    const current = products.map((p) => ({ ...p }));
    const edit = (i: number, state: Partial<ProductScrape>) => {
      const next = { ...current[i]!, ...state } as ProductScrape & Record<string, unknown>;
      for (const [k, v] of Object.entries(state)) if (v === undefined) delete next[k];
      current[i] = next;
      const { isFlagged, flagMessage, oh_map_id, brand_sku, product, edited } = next;
      period.applyEdit(next._id, { isFlagged, flagMessage, oh_map_id, brand_sku, product, edited });
    };
    edit(3, { oh_map_id: 'INV-7', edited: ['oh_map_id'] });
    edit(4, { oh_map_id: '', edited: ['oh_map_id'] });
    edit(5, { brand_sku: 'INV-9', product: undefined, edited: ['brand_sku'] });
    edit(6, { isFlagged: 'yes', flagMessage: { message: 'Wrong' } });
    edit(7, { isFlagged: 'no', flagMessage: undefined });
    edit(8, { brand_sku: 'alpha-sku', product: { _id: 'x', sku: 'alpha-sku' } });
    edit(3, { oh_map_id: 'S1005', edited: ['oh_map_id'] }); // the same product twice
    expect(period.editedAfter(matches.revision)).toEqual([3, 4, 5, 6, 7, 8]);
    compareAll(current, period, oh, catchUpMatches(matches));
    compareAll(current, period, oh);
  });

  it('finds a product by the brand SKU an edit gave it, after a search made the search texts', () => {
    const period = new PeriodIndex(products.map((p) => ({ ...p })));
    const oh = new OhIndexed(ohItems);
    const o: ViewOptions = { view: 'products', sort: 'name;asc', page: 1, limit: 50, search: 'Zz-Édit, 42' };
    expect(indexedView(period, oh, undefined, o).totalCount).toBe(0);
    const target = products.find((p) => p.type !== 'deleted')!;
    period.applyEdit(target._id, { isFlagged: target.isFlagged, oh_map_id: target.oh_map_id, brand_sku: 'ZZ-EDIT-42', edited: ['brand_sku'] });
    expect(indexedView(period, oh, undefined, o).data.map((p) => p._id)).toEqual([target._id]);
  });

  it('answers an empty page and a zero total for the on-hand views without a feed', () => {
    const period = new PeriodIndex(products);
    const oh = new OhIndexed([]);
    expect(indexedView(period, oh, matchAll(period, oh), { view: 'all_oh', sort: 'name;asc', page: 1, limit: 25 })).toEqual({ data: [], totalCount: 0 });
  });
});
