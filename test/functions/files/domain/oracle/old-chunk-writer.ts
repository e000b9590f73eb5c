// The engine as it was before issue 21 (commit 4c7e7c2), kept unchanged but for its imports: the oracle of diff-equivalence.test.ts.
/**
 * Writes a long sequence of items as numbered JSON chunks of a fixed number of items, as the
 * items come: a chunk is serialized and handed to the store as soon as it is full, with a few
 * writes under way at a time, so the sequence is never held whole. The store is S3 for the
 * comparison pages (functions/files/pages.ts); a test or the diff bench may pass its own.
 */

/** Where chunk `n` goes. */
export interface ChunkStore {
  put(n: number, body: string): Promise<void>;
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
   * as much). `parts` are runs of serialized items without their brackets; the chunk is
   * '[' + parts joined with ',' + ']', exactly JSON.stringify of the chunk's items.
   */
  private run: T[] = [];
  private parts: string[] = [];
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
    const json = JSON.stringify(this.run);
    this.run = [];
    if (json.length > 2) this.parts.push(json.slice(1, -1));
  }

  /** Take the full chunk now (items added meanwhile start the next one), then write it. */
  private flush(): Promise<void> {
    this.serializeRun();
    const body = `[${this.parts.join(',')}]`;
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

  private async send(n: number, body: string): Promise<void> {
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
