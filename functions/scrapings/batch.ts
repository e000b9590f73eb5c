/**
 * BatchWriteItem in chunks of 25, a few chunks in flight, unprocessed items retried with
 * exponential backoff (throttling on a hot partition is normal while a period is written).
 * Puts and deletes of whole items are idempotent, so a retried batch is harmless.
 */
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { table } from '../lib/table';

export type WriteRequest = { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

const CHUNK = 25;
const MAX_ATTEMPTS = 8;
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

/** Write every request; resolves when all are stored (rejects on the first chunk that cannot be). */
export async function batchWrite(requests: readonly WriteRequest[], concurrency = 4): Promise<void> {
  const chunks: WriteRequest[][] = [];
  for (let i = 0; i < requests.length; i += CHUNK) chunks.push(requests.slice(i, i + CHUNK));
  let next = 0;
  const worker = async () => {
    while (next < chunks.length) await writeChunk(chunks[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, chunks.length) }, worker));
}
