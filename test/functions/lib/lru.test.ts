/**
 * What the module-memory caches (functions/scrapings/product-reads.ts, functions/images/pictures.ts,
 * functions/inventory/brand-skus.ts) rely on from lru-cache's LRUCache used with `maxSize` and a
 * per-entry `size` in estimated bytes: pinned here, so an upgrade that changes it fails a test.
 */
import { LRUCache } from 'lru-cache';
import { describe, expect, it } from 'vitest';

describe('LRUCache bounded by bytes, as the caches use it', () => {
  it('never holds more than its size bound, evicting the least recently used first', () => {
    const lru = new LRUCache<string, string>({ maxSize: 100 });
    lru.set('a', 'A', { size: 40 });
    lru.set('b', 'B', { size: 40 });
    expect(lru.get('a')).toBe('A'); // a is now the most recent
    lru.set('c', 'C', { size: 40 }); // 120 > 100: b goes, not a
    expect(lru.calculatedSize).toBe(80);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
  });

  it('replaces a key without counting it twice, and keeps nothing larger than the bound (dropping the key)', () => {
    const lru = new LRUCache<string, number>({ maxSize: 50 });
    lru.set('x', 1, { size: 30 });
    lru.set('x', 2, { size: 20 });
    expect(lru.calculatedSize).toBe(20);
    expect(lru.get('x')).toBe(2);
    expect(() => lru.set('huge', 3, { size: 51 })).not.toThrow();
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('x')).toBe(2);
    expect(lru.calculatedSize).toBe(20);
    // A replacement too large for the bound drops the old value too (as the hand-written cache did).
    lru.set('x', 4, { size: 51 });
    expect(lru.has('x')).toBe(false);
    expect(lru.calculatedSize).toBe(0);
  });

  it('refuses a size of 0 (why the caches count an empty value as one byte)', () => {
    const lru = new LRUCache<string, string[]>({ maxSize: 10 });
    expect(() => lru.set('empty', [], { size: 0 })).toThrow(TypeError);
    lru.set('empty', [], { size: 1 });
    expect(lru.get('empty')).toEqual([]);
  });
});
