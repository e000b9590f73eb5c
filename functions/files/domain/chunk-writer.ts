/**
 * Writes a long sequence of items as numbered JSON chunks of a fixed number of items, as the
 * items come: a chunk is serialized and handed to the store as soon as it is full, with a few
 * writes under way at a time, so the sequence is never held whole. The store is S3 for the
 * comparison pages (functions/files/pages.ts); a test or the diff bench may pass its own.
 */

/** Where chunk `n` goes: its JSON as UTF-8 bytes. */
export interface ChunkStore {
  put(n: number, body: Buffer): Promise<void>;
  /** Used by `discard` only. */
  remove(n: number): Promise<void>;
}

export interface ChunkWriterOptions {
  /** Items a chunk; default 1000. */
  readonly chunkSize?: number;
  /** Writes (or deletes) under way at once; default 10. */
  readonly parallel?: number;
}

/** Items serialized at a time. */
const RUN_ITEMS = 50;

export class ChunkWriter<T> {
  readonly chunkSize: number;
  private readonly parallel: number;
  /**
   * The current chunk is serialized a few items at a time, so the items die young (held until
   * the whole chunk is full, a chunk's rows outlive a young-generation GC or two and pile up as
   * old garbage), and in runs rather than one by one (JSON.stringify per item costs about 1.5x
   * as much). Each run is encoded to UTF-8 at once (`Buffer.from` of a flat ~40 KB string:
   * ~1 GB/s here, where a TextEncoder over the whole chunk's rope was ~250 MB/s and 15 % of the
   * digest diff bench, issue 21) and kept, without its brackets, in `parts`; an item given
   * already serialized (`addRaw`) is a part of its own. The chunk is '[' + the parts joined by
   * ',' + ']': exactly the UTF-8 of JSON.stringify of the chunk's items.
   */
  private run: T[] = [];
  private parts: Buffer[] = [];
  /** Items in the current chunk. */
  private size = 0;
  private chunks = 0;
  /** Writes under way (never more than `parallel`); they never reject (failures are kept). */
  private readonly inFlight = new Set<Promise<void>>();
  /** Chunks taken and waiting for a free write slot. */
  private readonly waiting = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;
  private closed = false;

  constructor(
    private readonly store: ChunkStore,
    options: ChunkWriterOptions = {},
  ) {
    this.chunkSize = options.chunkSize ?? 1000;
    this.parallel = options.parallel ?? 10;
  }

  /** Items added so far. */
  get count(): number {
    return this.chunks * this.chunkSize + this.size;
  }

  /**
   * Add the next item. Returns a promise only when it completed a chunk (await it: it waits for a
   * free write slot, which is the back-pressure, and rejects if a write has failed); otherwise
   * undefined.
   */
  add(item: T): Promise<void> | undefined {
    if (this.closed) throw new Error('This chunk writer is closed.');
    this.run.push(item);
    this.size++;
    if (this.size === this.chunkSize) return this.flush();
    if (this.run.length === RUN_ITEMS) this.serializeRun();
    return undefined;
  }

  /**
   * Add the next item as its JSON already serialized (UTF-8, exactly what JSON.stringify of the
   * item gives: the caller's promise), e.g. a row copied from another page. Returns as `add`.
   */
  addRaw(json: Buffer): Promise<void> | undefined {
    if (this.closed) throw new Error('This chunk writer is closed.');
    this.serializeRun();
    this.parts.push(json);
    this.size++;
    if (this.size === this.chunkSize) return this.flush();
    return undefined;
  }

  /** Write what is left; resolves with the number of chunks once every write has succeeded. */
  async close(): Promise<number> {
    if (this.closed) throw new Error('This chunk writer is closed.');
    if (this.size > 0) void this.flush().catch(() => undefined); // a failure is kept and thrown below
    this.closed = true;
    await this.settled();
    if (this.failure) throw this.failure.error;
    return this.chunks;
  }

  /** Stop: write nothing more and let the writes under way end (never rejects). The chunks written stay. */
  async stop(): Promise<void> {
    this.closed = true;
    this.run = [];
    this.parts = [];
    this.size = 0;
    this.failure ??= { error: new Error('The chunk writer was stopped.') };
    await this.settled();
  }

  /** Give up: `stop`, then remove every chunk (best effort; never rejects). */
  async discard(): Promise<void> {
    await this.stop();
    for (let n = 0; n < this.chunks; n += this.parallel) {
      const removals: Promise<void>[] = [];
      for (let k = n; k < Math.min(n + this.parallel, this.chunks); k++) removals.push(this.store.remove(k));
      await Promise.allSettled(removals);
    }
  }

  private serializeRun(): void {
    if (this.run.length === 0) return;
    const json = JSON.stringify(this.run);
    this.run = [];
    const bytes = Buffer.from(json, 'utf8');
    this.parts.push(bytes.subarray(1, bytes.length - 1)); // a run is never empty: never '[]'
  }

  /** Take the full chunk now (items added meanwhile start the next one), then write it. */
  private flush(): Promise<void> {
    this.serializeRun();
    const list: Buffer[] = [OPEN];
    for (const part of this.parts) {
      if (list.length > 1) list.push(COMMA);
      list.push(part);
    }
    list.push(CLOSE);
    const body = Buffer.concat(list);
    this.parts = [];
    this.size = 0;
    const sent = this.send(this.chunks++, body);
    this.waiting.add(sent);
    const done = (): void => {
      this.waiting.delete(sent);
    };
    sent.then(done, done); // also marks a rejection of `sent` as handled when no one awaits it
    return sent;
  }

  private async send(n: number, body: Buffer): Promise<void> {
    while (this.inFlight.size >= this.parallel) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure.error;
    const write: Promise<void> = this.store.put(n, body).then(
      () => {
        this.inFlight.delete(write);
      },
      (error: unknown) => {
        this.inFlight.delete(write);
        this.failure ??= { error };
      },
    );
    this.inFlight.add(write);
  }

  /** Until no chunk waits for a slot and no write is under way. */
  private async settled(): Promise<void> {
    while (this.waiting.size > 0 || this.inFlight.size > 0) await Promise.allSettled([...this.waiting, ...this.inFlight]);
  }
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');
