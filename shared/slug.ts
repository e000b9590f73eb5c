/**
 * Names and slugs of brands and retailers. A slug is derived ONCE, when the record is created,
 * stored on it and reserved (README "Data model"); look-ups use the stored slug, never re-derive.
 */

/** 'Lumière Boutique & Co' → 'lumiere-boutique-co'; '' when the name has no Latin letter or digit. */
export function slugify(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

const ASCII = /^[^\u0080-\uffff]*$/;

/**
 * The form in which two display names count as the same: case, accents, punctuation and spacing
 * folded ('!Maison Aurelle', 'maison  aurelle', 'Maison Aurèlle' → 'maisonaurelle'). Letters of
 * every script are kept, so non-Latin names do not all fold to ''.
 */
export function foldName(value: string): string {
  // ASCII (most names, SKUs and serials) has nothing to decompose and no other letters: the same
  // result without the Unicode passes (searches fold every row of a period: docs/product-reads.md).
  if (ASCII.test(value)) return value.toLowerCase().replace(/[^a-z0-9]+/g, '');
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
