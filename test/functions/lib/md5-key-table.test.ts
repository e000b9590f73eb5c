import { describe, expect, it } from 'vitest';
import { ENTRY_BYTES, Md5KeyTable } from '../../../functions/lib/md5-key-table';

describe('Md5KeyTable (string keys -> numbers, off the heap)', () => {
  it('gives back the last value set for each of 50,000 keys after growing from 16 slots, nothing for a key never set', () => {
    const table = new Md5KeyTable(1);
    const keys = Array.from({ length: 50_000 }, (_, i) => `b1\u0000HF-${1_000_000 + i}`);
    keys.forEach((k, i) => table.set(k, i * 2 ** 37 + 12345));
    table.set(keys[3]!, 7);
    expect(table.size).toBe(50_000);
    expect(table.get(keys[3]!)).toBe(7);
    expect(table.get(keys[49_999]!)).toBe(49_999 * 2 ** 37 + 12345);
    expect(table.get('b1\u0000HF-0')).toBeUndefined();
    // The same style under another brand is another key.
    expect(table.get(`b2\u0000HF-${1_000_004}`)).toBeUndefined();
  });

  it('deletes a key once; a key set again after its delete is found; chains past a deleted slot still find their keys', () => {
    const table = new Md5KeyTable(16);
    const keys = Array.from({ length: 20 }, (_, i) => `k${i}`);
    keys.forEach((k, i) => table.set(k, i));
    for (let i = 0; i < 20; i += 2) expect(table.delete(keys[i]!)).toBe(true);
    expect(table.delete(keys[0]!)).toBe(false);
    expect(table.size).toBe(10);
    for (let i = 0; i < 20; i++) expect(table.get(keys[i]!)).toBe(i % 2 === 0 ? undefined : i);
    table.set(keys[4]!, 40);
    expect(table.get(keys[4]!)).toBe(40);
    expect(table.size).toBe(11);
    expect([...table.values()].sort((a, b) => a - b)).toEqual([1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 40]);    // take: the value once, then the key is gone.
    expect(table.take(keys[5]!)).toBe(5);
    expect(table.take(keys[5]!)).toBeUndefined();
    expect(table.get(keys[5]!)).toBeUndefined();
    expect(table.size).toBe(10);
  });

  it('keeps working when keys come and go far more often than the table holds (tombstones cleared, not piled up)', () => {
    const table = new Md5KeyTable(8);
    for (let i = 0; i < 100_000; i++) {
      table.set(`s${i}`, i);
      if (i >= 4) expect(table.delete(`s${i - 4}`)).toBe(true);
    }
    expect(table.size).toBe(4);
    expect([...table.values()].sort((a, b) => a - b)).toEqual([99_996, 99_997, 99_998, 99_999]);
    expect(table.get('s99995')).toBeUndefined();
  });

  it('writes its live entries as 16 bytes each, in parts, and a table read from them answers the same for every key', () => {
    const table = new Md5KeyTable();
    const keys = Array.from({ length: 45_001 }, (_, i) => `b${i % 3}\u0000SN-${i}`);
    keys.forEach((k, i) => table.set(k, 2 ** 53 - 1 - i));
    for (let i = 0; i < 1_000; i++) table.delete(keys[i * 45]!);
    const parts = [...table.toBytes(20_000)];
    expect(parts.map((p) => p.length / ENTRY_BYTES)).toEqual([20_000, 20_000, 4_001]);
    const copy = new Md5KeyTable(table.size);
    for (const p of parts) copy.addBytes(Buffer.from(p.toString('base64'), 'base64'));
    expect(copy.size).toBe(44_001);
    keys.forEach((k, i) => expect(copy.get(k)).toBe(i % 45 === 0 && i / 45 < 1_000 ? undefined : 2 ** 53 - 1 - i));
  });

  it('refuses a value it cannot hold exactly and bytes that are not whole entries', () => {
    const table = new Md5KeyTable();
    expect(() => table.set('a', -1)).toThrow('integers from 0 to 2^53 - 1');
    expect(() => table.set('a', 1.5)).toThrow('integers from 0 to 2^53 - 1');
    expect(() => table.set('a', 2 ** 53)).toThrow('integers from 0 to 2^53 - 1');
    expect(() => table.addBytes(new Uint8Array(17))).toThrow('16 an entry; got 17');
    expect(table.size).toBe(0);
  });

  it('exchange sets a value and gives back the one it replaced; the hashed forms find the same slots', () => {
    const table = new Md5KeyTable(1);
    expect(table.exchange('a', 1)).toBeUndefined();
    expect(table.exchange('a', 2)).toBe(1);
    expect(table.exchange('b', 0)).toBeUndefined();
    expect(table.exchange('b', 5)).toBe(0); // a value of 0 is a value, not "none"
    expect(table.get('a')).toBe(2);
    expect(table.size).toBe(2);
    const [entry] = [...table.toBytes()];
    const bytes = entry!;
    for (let at = 0; at < bytes.length; at += ENTRY_BYTES) {
      const h = bytes.readUInt32LE(at);
      const l = bytes.readUInt32LE(at + 4);
      expect(table.getHashed(h, l)).toBe(bytes.readDoubleLE(at + 8));
      expect(table.exchangeHashed(h, l, 9)).toBe(bytes.readDoubleLE(at + 8));
    }
    expect(table.get('a')).toBe(9);
    expect(table.getHashed(1, 2)).toBeUndefined();
  });
});
