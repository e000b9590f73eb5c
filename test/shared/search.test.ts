import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch, matchesWords, searchText, searchWords } from '../../shared/search';
import { foldName } from '../../shared/slug';

const NAME = 'Aurelle Saddle Bag in Cashmere, Noir';

describe('search: every word, folded, in any order', () => {
  it("finds 'cashmere noir' where 'Cashmere, Noir' is written (the issue's case), and every spelling of it", () => {
    for (const q of ['cashmere noir', 'Cashmere, Noir', 'noir cashmere', 'NOIR,CASHMERE', '  cashmere   noir ', 'cashmere-noir', 'Cashmere; Noir', 'saddle noir bag'])
      expect(matchesSearch([NAME], q), q).toBe(true);
  });

  it('needs every word: one missing word is no match', () => {
    expect(matchesSearch([NAME], 'cashmere ivory')).toBe(false);
    expect(matchesSearch([NAME], 'silk noir')).toBe(false);
  });

  it('folds accents both ways', () => {
    expect(matchesSearch(['Aurelle Silk Carré in Satin, Blush'], 'silk carre')).toBe(true);
    expect(matchesSearch(['Lumiere Boutique'], 'Lumière')).toBe(true);
    expect(matchesSearch(['Mai\u0301son'], 'maison')).toBe(true);
  });

  it('folds punctuation inside a word away, so identifiers are found with or without it', () => {
    expect(matchesSearch(['INV-1042'], 'inv-1')).toBe(true);
    expect(matchesSearch(['INV-1042'], 'inv1')).toBe(true);
    expect(matchesSearch(['INV-1042'], 'INV-104-2')).toBe(true);
    // …but keeps the word together: 'INV-1' is not 'inv' and '1' anywhere.
    expect(matchesSearch(['INV-2310'], 'inv-1')).toBe(false);
  });

  it('matches part of a word (a serial or SKU typed in part), as the search always did', () => {
    expect(matchesSearch(['SER1000'], 'ser10')).toBe(true);
    expect(matchesSearch([NAME], 'cash')).toBe(true);
  });

  it('looks in every field, a word in one and the next in another, but a word never spans two fields', () => {
    const fields = ['Saddle Bag', 'HF1-10042', 'MA-BAG-1001', ''];
    expect(matchesSearch(fields, 'bag hf1-10042')).toBe(true);
    expect(matchesSearch(fields, 'ma-bag-1001 saddle')).toBe(true);
    expect(matchesSearch(fields, 'baghf1')).toBe(false);
  });

  it('keeps letters of other scripts', () => {
    expect(matchesSearch(['東京 Store'], '東京')).toBe(true);
    expect(matchesSearch(['東京 Store'], '大阪')).toBe(false);
  });

  it('a query with no word (blank, only punctuation) is no search', () => {
    expect(searchWords('')).toEqual([]);
    expect(searchWords('  ,;  ')).toEqual([]);
    expect(searchWords('&')).toEqual([]);
  });

  it('gives each word once, longest first', () => {
    expect(searchWords('Noir noir, CASHMERE bag')).toEqual(['cashmere', 'noir', 'bag']);
  });

  it('folds as names are folded (one folding for the product), ASCII or not', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-composite', maxLength: 30 }), (s) => {
        const slow = s
          .normalize('NFKD')
          .replace(/\p{M}/gu, '')
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, '');
        expect(foldForSearch(s)).toBe(slow);
        expect(foldName(s)).toBe(slow);
      }),
    );
  });

  it('a row matches a word exactly when one of its folded fields contains it', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 12 }), { maxLength: 4 }), fc.string({ maxLength: 6 }), (fields, word) => {
        const w = foldForSearch(word);
        fc.pre(w !== '');
        expect(matchesWords(searchText(fields), [w])).toBe(fields.some((f) => foldForSearch(f).includes(w)));
      }),
    );
  });
});
