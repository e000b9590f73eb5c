/**
 * What every search box of the product compares (docs/product-reads.md "Search"): the query's
 * words, each folded, must all be found in the row's folded fields, in any order. Folding drops
 * case, accents and punctuation and spacing ('Cashmere, Noir' and 'cashmere noir' are the same
 * search; 'Carré' finds 'carre'), so a word typed with or without its inner punctuation finds the
 * same ('INV-1' and 'inv1' both find 'INV-1042'). Used by the product tabs on the server and by
 * the screens that filter what they already hold (the summary's retailer filter, the Brand SKU
 * picker), so one query finds the same thing everywhere.
 */
import { foldName } from './slug';

/**
 * A text as search compares it: case, accents, punctuation and spacing folded, letters of every
 * script kept ('Cashmere, Noir' → 'cashmerenoir'). The same fold as names' uniqueness
 * (shared/slug.ts foldName).
 */
export const foldForSearch = (value: string): string => foldName(value);

/**
 * The words of a query, folded, each once, longest first (the likeliest to rule a row out): the
 * query split on spaces, and on commas and semicolons, which separate words in what people type
 * ('Cashmere,Noir'). Other punctuation stays inside its word and is folded away with it
 * ('INV-1' → 'inv1'). No word (blank, or only punctuation): no search.
 */
export function searchWords(query: string): string[] {
  const words = new Set<string>();
  for (const part of query.split(/[\s,;]+/u)) {
    const w = foldForSearch(part);
    if (w) words.add(w);
  }
  return [...words].sort((a, b) => b.length - a.length);
}

/** Folded fields are letters and digits only: a space between them keeps a word from spanning two fields. */
const FIELD_SEP = ' ';

/** The searchable text of a row: its fields folded, kept apart. Compute once per row, test many queries. */
export function searchText(fields: readonly (string | null | undefined)[]): string {
  let out = '';
  for (const f of fields) {
    if (!f) continue;
    const folded = foldForSearch(f);
    if (folded) out = out ? out + FIELD_SEP + folded : folded;
  }
  return out;
}

/** Whether a row's searchable text (searchText) holds every word (searchWords) of a query. */
export function matchesWords(text: string, words: readonly string[]): boolean {
  for (const w of words) if (!text.includes(w)) return false;
  return true;
}

/** The query matched against the fields of one row (for lists filtered once, not cached). */
export const matchesSearch = (fields: readonly (string | null | undefined)[], query: string): boolean => matchesWords(searchText(fields), searchWords(query));
