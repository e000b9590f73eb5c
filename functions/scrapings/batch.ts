/**
 * BatchWriteItem in chunks of 25, several chunks in flight, unprocessed items retried with
 * exponential backoff (throttling on a hot partition is normal while a period is written).
 * Puts and deletes of whole items are idempotent, so a retried batch is harmless.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { table } from '../lib/table';

export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

const CHUNK = 25;
const MAX_ATTEMPTS = 8;
/** Requests in flight at once by default: enough to hide the round trip, few enough not to throttle one partition. */
export const WRITE_CONCURRENCY = 16;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function writeChunk(chunk: WriteRequest[]): Promise<void> {
  let pending = chunk;
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt >= MAX_ATTEMPTS) throw new Error(`BatchWriteItem left ${pending.length} item(s) unprocessed after ${MAX_ATTEMPTS} attempts`);
    if (attempt > 0) await sleep(Math.min(50 * 2 ** attempt, 2000) * (0.5 + Math.random() / 2));
    const out = await ddb.send(new BatchWriteCommand({ RequestItems: { [table.name]: pending } }));
    pending = (out.UnprocessedItems?.[table.name] ?? []) as WriteRequest[];
  }
}

/**
 * Writes requests as they come: every 25 make one BatchWriteItem, at most `concurrency` in flight.
 * `add` returns a promise only when the caller must wait (all slots busy: the back-pressure that
 * keeps memory bounded); `close` writes the rest and resolves when everything is stored. The
 * first failed chunk rejects the next `add` or `close`.
 */
export class BatchWriter {
  private chunk: WriteRequest[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private failure: { error: unknown } | undefined;
  /** Requests stored so far. */
  written = 0;

  constructor(private readonly concurrency = WRITE_CONCURRENCY) {}

  add(request: WriteRequest): Promise<void> | undefined {
    if (this.failure) throw this.failure.error;
    this.chunk.push(request);
    if (this.chunk.length < CHUNK) return undefined;
    return this.dispatch();
  }

  async close(): Promise<number> {
    if (this.chunk.length) await this.dispatch();
    await Promise.all([...this.inFlight]);
    if (this.failure) throw this.failure.error;
    return this.written;
  }

  private async dispatch(): Promise<void> {
    const chunk = this.chunk;
    this.chunk = [];
    while (this.inFlight.size >= this.concurrency) await Promise.race(this.inFlight);
    if (this.failure) throw this.failure.error;
    const p: Promise<void> = writeChunk(chunk).then(
      () => {
        this.written += chunk.length;
        this.inFlight.delete(p);
      },
      (error: unknown) => {
        this.failure ??= { error };
        this.inFlight.delete(p);
      },
    );
    this.inFlight.add(p);
  }
}

/** Write every request; resolves when all are stored (rejects on the first chunk that cannot be). */
export async function batchWrite(requests: Iterable<WriteRequest>, concurrency = WRITE_CONCURRENCY): Promise<void> {
  const writer = new BatchWriter(concurrency);
  for (const r of requests) {
    const wait = writer.add(r);
    if (wait) await wait;
  }
  await writer.close();
}
