/**
 * A string key -> number table held off the JS heap (issue 7 §2): an open-addressing table of
 * 64 bits of the key's MD5 and the value, in typed arrays (16 bytes a slot, at most half full:
 * about 32 MB at 1M keys, where a Map of 1M key strings holds ~140 MB of heap that every major GC
 * walks and that V8 sizes the old space on). Pure.
 *
 * Two keys sharing those 64 bits (about 3 in 10^8 for 1M distinct keys) are taken for one: the
 * later `set` wins, as for a repeated key. Values are integers from 0 to 2^53 - 1. A deleted key
 * leaves a tombstone (probe chains stay whole); tombstones go when the table grows.
 *
 * The live entries can be written out as bytes (`toBytes`, 16 a key: the hash and the value)
 * and read back into another table (`addBytes`) without the keys.
 */
import { hash } from 'node:crypto';

/** A slot's value: 0 empty, -1 deleted (a tombstone), else the value + 1. */
const EMPTY = 0;
const DELETED = -1;
/** Bytes of one entry in `toBytes`: hash high and low words (uint32 LE), value (float64 LE). */
export const ENTRY_BYTES = 16;

export class Md5KeyTable {
  private hi: Uint32Array;
  private lo: Uint32Array;
  private value: Float64Array;
  private mask: number;
  /** Slots not empty (live or tombstones). */
  private occupied = 0;
  private live = 0;

  /** `expected`: how many keys (sizes the table once). */
  constructor(expected = 1024) {
    let capacity = 16;
    while (capacity < expected * 2) capacity *= 2;
    this.hi = new Uint32Array(capacity);
    this.lo = new Uint32Array(capacity);
    this.value = new Float64Array(capacity);
    this.mask = capacity - 1;
  }

  /** Live keys. */
  get size(): number {
    return this.live;
  }

  /** The slot of (h, l), or the first free one of its chain (empty; a tombstone is passed). */
  private slotOf(h: number, l: number): number {
    let i = h & this.mask;
    let free = -1;
    for (;;) {
      const v = this.value[i]!;
      if (v === EMPTY) return free === -1 ? i : free;
      if (v === DELETED) {
        if (free === -1) free = i;
      } else if (this.hi[i] === h && this.lo[i] === l) return i;
      i = (i + 1) & this.mask;
    }
  }

  /** The live slot of (h, l), or -1. */
  private find(h: number, l: number): number {
    let i = h & this.mask;
    for (;;) {
      const v = this.value[i]!;
      if (v === EMPTY) return -1;
      if (v !== DELETED && this.hi[i] === h && this.lo[i] === l) return i;
      i = (i + 1) & this.mask;
    }
  }

  /** 64 bits of the key's hash into `into`: its MD5's first 8 bytes (what `toBytes` saves; a subclass never saved may hash otherwise). */
  protected hashKey(key: string, into: Uint32Array): void {
    const d = hash('md5', key, 'buffer');
    into[0] = d.readUInt32LE(0);
    into[1] = d.readUInt32LE(4);
  }

  private readonly hashed = new Uint32Array(2);

  set(key: string, value: number): void {
    this.hashKey(key, this.hashed);
    this.setHashed(this.hashed[0]!, this.hashed[1]!, value);
  }

  /** Set the key's value; returns the value it replaced, if any (one hash and one probe). */
  exchange(key: string, value: number): number | undefined {
    this.hashKey(key, this.hashed);
    return this.exchangeHashed(this.hashed[0]!, this.hashed[1]!, value);
  }

  /** `exchange` by the key's 64-bit hash (high and low words, as `hashKey` gives them). */
  exchangeHashed(h: number, l: number, value: number): number | undefined {
    const before = this.setHashed(h, l, value);
    return before > 0 ? before - 1 : undefined;
  }

  /** `get` by the key's 64-bit hash. */
  getHashed(h: number, l: number): number | undefined {
    const i = this.find(h, l);
    return i === -1 ? undefined : this.value[i]! - 1;
  }

  get(key: string): number | undefined {
    this.hashKey(key, this.hashed);
    const i = this.find(this.hashed[0]!, this.hashed[1]!);
    return i === -1 ? undefined : this.value[i]! - 1;
  }

  /** The key's value, and the key deleted (one hash and one probe, where `get` then `delete` take two). */
  take(key: string): number | undefined {
    this.hashKey(key, this.hashed);
    const i = this.find(this.hashed[0]!, this.hashed[1]!);
    if (i === -1) return undefined;
    const value = this.value[i]! - 1;
    this.value[i] = DELETED;
    this.live--;
    return value;
  }

  /** Whether the key was there. */
  delete(key: string): boolean {
    this.hashKey(key, this.hashed);
    const i = this.find(this.hashed[0]!, this.hashed[1]!);
    if (i === -1) return false;
    this.value[i] = DELETED;
    this.live--;
    return true;
  }

  /** Every live value (in no particular order). */
  *values(): Generator<number> {
    for (const v of this.value) if (v > 0) yield v - 1;
  }

  /** The live entries as bytes, `perPart` entries a buffer at most. */
  *toBytes(perPart = 20_000): Generator<Buffer> {
    let part = Buffer.allocUnsafe(Math.min(perPart, this.live) * ENTRY_BYTES);
    let at = 0;
    for (let i = 0; i < this.value.length; i++) {
      const v = this.value[i]!;
      if (v <= 0) continue;
      part.writeUInt32LE(this.hi[i]!, at);
      part.writeUInt32LE(this.lo[i]!, at + 4);
      part.writeDoubleLE(v - 1, at + 8);
      at += ENTRY_BYTES;
      if (at === part.length) {
        yield part;
        part = Buffer.allocUnsafe(perPart * ENTRY_BYTES);
        at = 0;
      }
    }
    if (at > 0) yield part.subarray(0, at);
  }

  /** Entries written by `toBytes` (of any table). */
  addBytes(bytes: Uint8Array): void {
    if (bytes.length % ENTRY_BYTES !== 0) throw new Error(`A key table's bytes come ${ENTRY_BYTES} an entry; got ${bytes.length}.`);
    const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    for (let at = 0; at < b.length; at += ENTRY_BYTES) this.setHashed(b.readUInt32LE(at), b.readUInt32LE(at + 4), b.readDoubleLE(at + 8));
  }

  /** Returns the slot's value before (0 when the key was not there, else its value + 1). */
  private setHashed(h: number, l: number, value: number): number {
    if (!Number.isInteger(value) || value < 0 || value > Number.MAX_SAFE_INTEGER) throw new Error(`A key table holds integers from 0 to 2^53 - 1; got ${value}.`);
    const i = this.slotOf(h, l);
    const v = this.value[i]!;
    if (v > 0) {
      this.value[i] = value + 1;
      return v;
    }
    this.hi[i] = h;
    this.lo[i] = l;
    this.value[i] = value + 1;
    this.live++;
    if (v === EMPTY && ++this.occupied * 2 > this.value.length) this.grow();
    return 0;
  }

  /** Twice the slots (or as many when tombstones are most of the occupied ones), live entries only. */
  private grow(): void {
    const { hi, lo, value } = this;
    const capacity = this.live * 4 > value.length ? value.length * 2 : value.length;
    this.hi = new Uint32Array(capacity);
    this.lo = new Uint32Array(capacity);
    this.value = new Float64Array(capacity);
    this.mask = capacity - 1;
    this.occupied = this.live;
    for (let j = 0; j < value.length; j++) {
      if (value[j]! <= 0) continue;
      let i = hi[j]! & this.mask;
      while (this.value[i] !== EMPTY) i = (i + 1) & this.mask;
      this.hi[i] = hi[j]!;
      this.lo[i] = lo[j]!;
      this.value[i] = value[j]!;
    }
  }
}
