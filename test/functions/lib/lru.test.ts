import { describe, expect, it } from 'vitest';
import { SizedLru } from '../../../functions/lib/lru';

describe('SizedLru', () => {
  it('never holds more than its size bound, evicting the least recently used first', () => {
    const lru = new SizedLru<string, string>(100);
    lru.set('a', 'A', 40);
    lru.set('b', 'B', 40);
    expect(lru.get('a')).toBe('A'); // a is now the most recent
    lru.set('c', 'C', 40); // 120 > 100: b goes, not a
    expect(lru.size).toBe(80);
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe('A');
    expect(lru.get('c')).toBe('C');
  });

  it('replaces a key without counting it twice, and keeps nothing larger than the bound', () => {
    const lru = new SizedLru<string, number>(50);
    lru.set('x', 1, 30);
    lru.set('x', 2, 20);
    expect(lru.size).toBe(20);
    expect(lru.get('x')).toBe(2);
    lru.set('huge', 3, 51);
    expect(lru.get('huge')).toBeUndefined();
    expect(lru.get('x')).toBe(2);
    expect(lru.size).toBe(20);
  });
});
