import { describe, expect, it } from 'vitest';
import { normalizeText, similarity, wordDiff } from '../../../functions/content/domain/text-similarity';

describe('normalizeText', () => {
  it('folds case, width, spacing and surrounding punctuation', () => {
    expect(normalizeText('  «Ｍaison   Aurelle»! ')).toBe('maison aurelle');
    expect(normalizeText('Mini\u00a0Saddle\n\tBag.')).toBe('mini saddle bag');
  });
  it('keeps letters with diacritics distinct and punctuation inside the text', () => {
    expect(normalizeText('Aurèlle')).not.toBe(normalizeText('Aurelle'));
    expect(normalizeText('Calfskin, gold-tone hardware.')).toBe('calfskin, gold-tone hardware');
  });
});

describe('similarity', () => {
  it('is 1 for texts that differ only in case, spacing or a trailing full stop', () => {
    expect(similarity('Aurelle Mini Saddle Bag', 'aurelle  mini saddle bag.')).toBe(1);
    expect(similarity('', '')).toBe(1);
  });
  it('drops by one letter over the length for a one-letter typo', () => {
    expect(similarity('Saddle Bag', 'Sadle Bag')).toBeCloseTo(1 - 1 / 10);
  });
  it('is low for a renamed product and 0 against nothing', () => {
    expect(similarity('Aurelle Mini Saddle Bag', 'Quai Tote in Canvas')).toBeLessThan(0.4);
    expect(similarity('Saddle Bag', '')).toBe(0);
  });
});

describe('wordDiff', () => {
  it('shows the word that changed between the parts both texts share', () => {
    expect(wordDiff('Founded in Paris in 1920.', 'Founded in Pariss in 1920.')).toEqual([
      [0, 'Founded in '],
      [-1, 'Paris'],
      [1, 'Pariss'],
      [0, ' in 1920.'],
    ]);
  });
  it('merges adjacent changes of the same kind and gives one common part for equal texts', () => {
    expect(wordDiff('a b c', 'x y z')).toEqual([
      [-1, 'a b c'],
      [1, 'x y z'],
    ]);
    expect(wordDiff('Calfskin  saddle bag', 'Calfskin saddle bag')).toEqual([[0, 'Calfskin saddle bag']]);
  });
});
