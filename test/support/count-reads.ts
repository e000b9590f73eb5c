/**
 * DynamoDB items read by the calls of a client, for tests that bound what a read costs: a Query
 * or Scan counts its ScannedCount (items read before any filter), a BatchGet its answers, a
 * GetItem 1 when found. Returns the function that stops counting.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

export function countDynamoReads(client: DynamoDBDocumentClient, onItems: (n: number) => void, name: string): () => void {
  client.middlewareStack.add(
    (next) => async (args) => {
      const out = await next(args);
      const o = out.output as { Item?: unknown; Items?: unknown[]; ScannedCount?: number; Responses?: Record<string, unknown[]> };
      if (o.ScannedCount !== undefined) onItems(o.ScannedCount);
      else if (o.Items) onItems(o.Items.length);
      else if (o.Responses) onItems(Object.values(o.Responses).reduce((n, l) => n + l.length, 0));
      else if (o.Item) onItems(1);
      return out;
    },
    { step: 'initialize', name },
  );
  return () => void client.middlewareStack.remove(name);
}
