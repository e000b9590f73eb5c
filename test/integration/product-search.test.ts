/**
 * Search on the product tabs over HTTP, on the demo data (issue 20 §5): it matches words, with
 * case, accents and punctuation folded, every word needed, in any order, on All OH and on the
 * product tabs alike; the expected rows are worked out here from the whole tab, independently of
 * the product's folding code.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { callRoute, login } from '../support/api';

const MA = 'brand-maison-aurelle';
const RID = 'ret-harrowgate';
let token = '';
let period = '';

type Query = Record<string, string | number>;
async function list(query: Query) {
  const res = await callRoute('listProductScrapings', { token, query: { retailer_brand_scraping: period, limit: 1000, ...query } });
  expect(res.status, JSON.stringify(query)).toBe(200);
  return res.body;
}
/** Every row of a tab (the demo's are under 1,000 a tab at the test scale; checked). */
async function allRows(query: Query) {
  const body = await list(query);
  expect(body.data.length).toBe(body.totalCount);
  return body.data as Record<string, unknown>[];
}

/** Lower case, accents off, letters and digits only: what a person means by "the same word". */
const plain = (s: unknown) =>
  String(s ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
const ids = (rows: Record<string, unknown>[]) => rows.map((r) => String(r._id)).sort();

beforeAll(async () => {
  token = await login('brandadmin@demo.test');
  const periods = await callRoute('listRetailerPeriods', { token, params: { brandId: MA, retailerId: RID } });
  period = periods.body.data[0]!._id;
});

describe('product search: words, folded, in any order', () => {
  it("All OH: 'calfskin ivory' finds what 'Calfskin, Ivory' finds (the issue's 'cashmere noir'), every item described with both words", async () => {
    const all = await allRows({ filter: 'all_oh' });
    // The demo's descriptions end '… in <Material>, <Colour>': the first item's two, as a person types them.
    const [material, colour] = String(all[0]!.styleName).match(/in ([^,]+), (\S+)$/)!.slice(1) as [string, string];
    const expected = all.filter((r) => plain(r.styleName).includes(plain(material)) && plain(r.styleName).includes(plain(colour)));
    expect(expected.length).toBeGreaterThan(0);
    for (const q of [`${material.toLowerCase()} ${colour.toLowerCase()}`, `${material}, ${colour}`, `${colour.toUpperCase()} ${material}`, `${material},${colour}`]) {
      const found = await list({ filter: 'all_oh', search: q });
      expect(found.totalCount, q).toBe(expected.length);
      expect(ids(found.data), q).toEqual(ids(expected));
    }
    // Every word must match.
    expect((await list({ filter: 'all_oh', search: `${material} ${colour} nosuchword` })).totalCount).toBe(0);
  });

  it("ALL SCRAPED: accents folded ('silk carre' finds 'Silk Carré') and the words in any order", async () => {
    const all = await allRows({});
    const accented = all.find((r) => String(r.name).normalize('NFD') !== String(r.name));
    expect(accented, 'the demo retailer sells a product with an accented name').toBeDefined();
    // The accented word and the one before it ('Silk Carré'), typed without the accent, in the other order too.
    const words = String(accented!.name).split(/\s+/);
    const at = words.findIndex((w) => w.normalize('NFD') !== w);
    const pair = [words[at - 1]!, words[at]!];
    const bare = pair.map((w) => w.normalize('NFD').replace(/[\u0300-\u036f]/g, ''));
    // Expected: the products whose name has both words (the SKUs hold neither).
    const expected = all.filter((r) => bare.every((w) => plain(r.name).includes(plain(w))));
    for (const q of [bare.join(' ').toLowerCase(), pair.join(' '), `${pair[1]!.toUpperCase()} ${bare[0]}`]) expect(ids((await list({ search: q })).data), q).toEqual(ids(expected));
  });

  it('a retailer SKU is found with or without its hyphen, and with a word of the name beside it', async () => {
    const [first] = await allRows({ sort: 'style_number;asc' });
    const style = String(first!.style_number);
    expect(style).toMatch(/-/);
    const word = String(first!.name).split(/\s+/)[1]!;
    for (const q of [style, style.replace(/-/g, ''), `${word.toUpperCase()} ${style.toLowerCase()}`]) expect(ids((await list({ search: q })).data), q).toEqual([String(first!._id)]);
  });
});
