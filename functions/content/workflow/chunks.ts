/**
 * How a period's products are cut into chunks the checks' Map runs side by side: by the first
 * character of the product key (base64url of a hash, so evenly spread), each chunk a contiguous
 * range of that alphabet in DynamoDB's byte order. Pure.
 */

/** Products a chunk checks at most on average (its Lambda stays well inside 5 minutes and 512 MB). */
export const CHUNK_PRODUCTS = 2000;
/** The base64url alphabet in byte order: the first character of every product key. */
export const KEY_ALPHABET = '-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';

export interface Chunk {
  n: number;
  /** First and last first-character of the chunk's product keys (inclusive). */
  from: string;
  to: string;
}

/** The chunks of `total` products: ceil(total / CHUNK_PRODUCTS), 1 to 64, covering the alphabet once. */
export function planChunks(total: number): Chunk[] {
  const count = Math.min(KEY_ALPHABET.length, Math.max(1, Math.ceil(total / CHUNK_PRODUCTS)));
  const chunks: Chunk[] = [];
  for (let n = 0; n < count; n++) {
    const lo = Math.floor((n * KEY_ALPHABET.length) / count);
    const hi = Math.floor(((n + 1) * KEY_ALPHABET.length) / count) - 1;
    chunks.push({ n, from: KEY_ALPHABET[lo]!, to: KEY_ALPHABET[hi]! });
  }
  return chunks;
}

/** The sort-key range of a chunk's products in a version: BETWEEN these two (every key char < '~'). */
export const chunkSkRange = (version: string, c: Pick<Chunk, 'from' | 'to'>) => ({ lo: `PRODUCT#${version}#${c.from}`, hi: `PRODUCT#${version}#${c.to}~` });
