/**
 * How close a retailer's text is to the brand's (issue 38): a product's name and description, the
 * brand page's bio. Texts are compared in a normal form (Unicode NFKC, lower case, one space,
 * no punctuation around them) so a full-width letter, a capital or a trailing full stop is no
 * difference; letters with diacritics stay distinct ('Aurèlle' is not 'Aurelle': on a luxury
 * brand's page a lost accent is a typo). Pure.
 */
import { diffWords } from 'diff';
import { distance } from 'fastest-levenshtein';

/** The form two texts are compared in. */
export function normalizeText(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/^[\p{P}\p{Z}\s]+|[\p{P}\p{Z}\s]+$/gu, '');
}

/** 0..1: 1 − the edit distance of the normal forms over the longer one's length (two empty texts: 1). */
export function similarity(a: string, b: string): number {
  const x = normalizeText(a);
  const y = normalizeText(b);
  const longest = Math.max(x.length, y.length);
  return longest === 0 ? 1 : 1 - distance(x, y) / longest;
}

/** One part of a word diff: -1 only in the first text, 0 in both, 1 only in the second. */
export type DiffPart = [op: -1 | 0 | 1, text: string];

/**
 * The word diff from `a` to `b` (as written, spacing collapsed), adjacent parts of the same op
 * merged: what a person reads to see which words changed.
 */
export function wordDiff(a: string, b: string): DiffPart[] {
  const tidy = (s: string) => s.normalize('NFKC').replace(/\s+/gu, ' ').trim();
  const parts: DiffPart[] = [];
  for (const change of diffWords(tidy(a), tidy(b))) {
    const op = change.added ? 1 : change.removed ? -1 : 0;
    const last = parts[parts.length - 1];
    if (last && last[0] === op) last[1] += change.value;
    else if (change.value !== '') parts.push([op, change.value]);
  }
  return parts;
}
