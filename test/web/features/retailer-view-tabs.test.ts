import { describe, expect, it } from 'vitest';
import { PRODUCT_TABS, productsQuery, readTabState, tabSet, writeTabState } from '../../../web/src/features/retailer-view/product-tabs';
import { formatCurrency, formatLongDate, formatTableDate } from '../../../web/src/lib/format';

const read = (qs: string) => readTabState(new URLSearchParams(qs));

describe('retailer view tab state in the URL', () => {
  it('defaults to Price Issues, page 1, name;asc, no search', () => {
    const s = read('');
    expect(s.tab.id).toBe('price_issues');
    expect(s).toMatchObject({ page: 1, sort: 'name;asc', search: '', mapped: 'all' });
    expect(writeTabState(s).toString()).toBe('');
  });

  it('sends each tab as the spec’s server filter (001 §4)', () => {
    const q = (id: string) => productsQuery('P1', read(`tab=${id}`));
    expect(q('changes')).toMatchObject({ tab: 'change' });
    expect(q('flagged')).toMatchObject({ isFlagged: 'yes' });
    expect(q('price_issues')).toMatchObject({ filter: 'price_diff' });
    expect(q('all_oh')).toMatchObject({ filter: 'all_oh' });
    expect(q('not_oh')).toMatchObject({ filter: 'sd_data' });
    expect(q('oh')).toMatchObject({ filter: 'oh_data' });
    expect(q('in_price_sync')).toMatchObject({ filter: 'price_match' });
    expect(q('oh_scraped')).toMatchObject({ filter: 'oh_sd_data' });
    const plain = q('products');
    expect(plain).toEqual({ retailer_brand_scraping: 'P1', page: 1, limit: 25, sort: 'name;asc' });
    expect(PRODUCT_TABS.map((t) => t.label)).toEqual(['Price Issues', 'Flagged Products', 'Changes Since last scan', 'All OH', 'OH (NOT Scraped)', 'OH (Scraped)', 'ALL SCRAPED', 'Scraped (NOT OH)', 'In Price Sync']);
  });

  it('round-trips tab, page, sort, search and mapped; ignores what does not apply or is malformed', () => {
    const s = read('tab=products&page=3&sort=price%3Bdesc&search=silk&mapped=false');
    expect(s).toMatchObject({ page: 3, sort: 'price;desc', search: 'silk', mapped: 'false' });
    expect(read(writeTabState(s).toString())).toEqual(s);
    expect(productsQuery('P', s)).toMatchObject({ page: 3, sort: 'price;desc', search: 'silk', oh_map_id: 'false' });
    // Search only on all_oh and products; mapped only on products; bad sort and page fall back.
    expect(read('tab=changes&search=x&mapped=true')).toMatchObject({ search: '', mapped: 'all' });
    expect(read('tab=nope&page=-2&sort=brand%3Basc')).toMatchObject({ page: 1, sort: 'name;asc' });
    expect(read('tab=nope').tab.id).toBe('price_issues');
    expect(read('page=1e400').page).toBe(1);
  });
});

describe('the B2B portal tab set (001 §2: only All OH, the default)', () => {
  const portal = tabSet(['all_oh'], 'all_oh');
  const readPortal = (qs: string) => readTabState(new URLSearchParams(qs), portal);

  it('shows All OH only and starts on it; any other tab in the URL falls back to it', () => {
    expect(portal.tabs.map((t) => t.label)).toEqual(['All OH']);
    for (const qs of ['', 'tab=price_issues', 'tab=flagged', 'tab=products&mapped=true', 'tab=oh_data']) {
      const s = readPortal(qs);
      expect(s.tab.id, qs).toBe('all_oh');
      expect(productsQuery('P', s), qs).toEqual({ retailer_brand_scraping: 'P', page: 1, limit: 25, sort: 'name;asc', filter: 'all_oh' });
    }
    // The default is left out of the URL; search, page and sort round-trip.
    const s = readPortal('search=SN1&page=2&sort=price%3Bdesc');
    expect(writeTabState(s, portal).toString()).toBe('page=2&sort=price%3Bdesc&search=SN1');
    expect(readPortal(writeTabState(s, portal).toString())).toEqual(s);
  });

  it('a default not among the tabs falls back to the first tab shown', () => {
    expect(tabSet(['all_oh', 'products'], 'price_issues').defaultTab).toBe('all_oh');
  });
});

describe('formats of the retailer view (000 §9)', () => {
  it("currency with $ and thousands separators, 'N/A' when missing", () => {
    expect(formatCurrency(1450)).toBe('$1,450.00');
    expect(formatCurrency(-50)).toBe('-$50.00');
    expect(formatCurrency(null)).toBe('N/A');
    expect(formatCurrency(undefined)).toBe('N/A');
  });

  it("period labels like 'January 05, 2020' and table dates MM/DD/YY", () => {
    expect(formatLongDate('2020-01-05')).toBe('January 05, 2020');
    expect(formatLongDate(null)).toBe('N/A');
    expect(formatTableDate('2026-11-09')).toBe('11/09/26');
  });
});
