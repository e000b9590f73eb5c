import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ddb } from '../../../functions/lib/clients/dynamodb';
import { BatchWriter, batchWrite, type WriteRequest } from '../../../functions/scrapings/batch';

const TABLE = 'batch-test-table';
const put = (i: number): WriteRequest => ({ PutRequest: { Item: { pk: `P#${i}`, sk: 'X' } } });
const pkOf = (r: WriteRequest) => ('PutRequest' in r ? String(r.PutRequest.Item.pk) : '');
const requestsOf = (cmd: unknown) => ((cmd as BatchWriteCommand).input.RequestItems?.[TABLE] ?? []) as WriteRequest[];

beforeAll(() => {
  process.env.TABLE_NAME = TABLE;
});
afterEach(() => vi.restoreAllMocks());

describe('BatchWriter', () => {
  it('stores every item, 25 a request, and retries the items DynamoDB left unprocessed until all are stored', async () => {
    const stored = new Set<string>();
    let calls = 0;
    vi.spyOn(ddb, 'send').mockImplementation((async (cmd: unknown) => {
      calls++;
      const reqs = requestsOf(cmd);
      expect(reqs.length).toBeLessThanOrEqual(25);
      // Every other call, DynamoDB stores only the first half and hands back the rest.
      const keep = calls % 2 ? reqs.slice(0, Math.ceil(reqs.length / 2)) : reqs;
      for (const r of keep) stored.add(pkOf(r));
      const left = reqs.slice(keep.length);
      return { UnprocessedItems: left.length ? { [TABLE]: left } : {} };
    }) as never);
    await batchWrite(Array.from({ length: 260 }, (_, i) => put(i)));
    expect(stored.size).toBe(260);
    expect(calls).toBeGreaterThan(Math.ceil(260 / 25));
  });

  it('keeps at most `concurrency` requests in flight, and makes the caller wait when all are busy', async () => {
    let inFlight = 0;
    let most = 0;
    vi.spyOn(ddb, 'send').mockImplementation((async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 5));
      inFlight--;
      return {};
    }) as never);
    const writer = new BatchWriter(3);
    let waited = 0;
    for (let i = 0; i < 25 * 12; i++) {
      const wait = writer.add(put(i));
      if (wait) {
        waited++;
        await wait;
      }
    }
    expect(await writer.close()).toBe(300);
    expect(most).toBe(3);
    expect(waited).toBe(12);
  });

  it('fails with the unprocessed count when DynamoDB never takes an item', async () => {
    vi.spyOn(ddb, 'send').mockImplementation((async (cmd: unknown) => ({ UnprocessedItems: { [TABLE]: requestsOf(cmd) } })) as never);
    vi.spyOn(Math, 'random').mockReturnValue(0); // the shortest backoff
    await expect(batchWrite([put(1), put(2)])).rejects.toThrow('BatchWriteItem left 2 item(s) unprocessed after 8 attempts');
  });

  it('rejects the next add or close after a failed request', async () => {
    vi.spyOn(ddb, 'send').mockRejectedValue(new Error('ValidationException') as never);
    const writer = new BatchWriter(2);
    for (let i = 0; i < 25; i++) await writer.add(put(i));
    await expect(writer.close()).rejects.toThrow('ValidationException');
  });
});
