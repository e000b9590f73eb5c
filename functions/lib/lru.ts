/**
 * A least-recently-used map bounded by the total size of its values (bytes, as the caller
 * estimates them), for caches kept in a warm Lambda's module memory. A value larger than the
 * whole bound is not kept.
 */
export class SizedLru<K, V> {
  private readonly entries = new Map<K, { value: V; size: number }>();
  private used = 0;

  constructor(readonly maxSize: number) {}

  get size(): number {
    return this.used;
  }

  get count(): number {
    return this.entries.size;
  }

  /** The value, marked as the most recently used. */
  get(key: K): V | undefined {
    const e = this.entries.get(key);
    if (!e) return undefined;
    this.entries.delete(key);
    this.entries.set(key, e);
    return e.value;
  }

  /** Store (or replace) a value, evicting the least recently used ones beyond the bound. */
  set(key: K, value: V, size: number): void {
    this.delete(key);
    if (size > this.maxSize) return;
    this.entries.set(key, { value, size });
    this.used += size;
    for (const [k, e] of this.entries) {
      if (this.used <= this.maxSize) break;
      this.entries.delete(k);
      this.used -= e.size;
    }
  }

  delete(key: K): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.used -= e.size;
  }

  clear(): void {
    this.entries.clear();
    this.used = 0;
  }
}
