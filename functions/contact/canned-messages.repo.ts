/**
 * Canned messages of a brand (000 §3: _id, name, content (rich text), brand, status active or
 * inactive), by name within one partition per brand, with the counts kept on write:
 * - CANNED#<brandId> / N#<name lower-cased>#<id>: the message
 * - CANNED#<brandId> / COUNT: { count, active }
 * - CANNEDMSG#<id> / CANNED: the id's pointer (brand and sort key), for PUT /cannedmessages/{id}
 * The create and update screens (a later issue) write through `putCannedMessage`; the contact
 * form and the Inbox read pages through `pageCannedMessages`.
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CannedMessage, CannedStatus } from '../../shared/schemas/contact';
import { ddb } from '../lib/clients/dynamodb';
import { queryPage, type PagedResult } from '../lib/paged-query';
import { clean, newId, sortName, table } from '../lib/table';

export type CannedMessageRecord = CannedMessage & { createdBy: string };
export type NewCannedMessage = Pick<CannedMessageRecord, 'name' | 'content' | 'brand' | 'status' | 'createdBy'> & { _id?: string };

const brandPk = (brandId: string) => `CANNED#${brandId}`;
const messageSk = (name: string, id: string) => `N#${sortName(name)}#${id}`;
const countKey = (brandId: string) => ({ pk: brandPk(brandId), sk: 'COUNT' });
const pointerKey = (id: string) => ({ pk: `CANNEDMSG#${id}`, sk: 'CANNED' });

/**
 * TransactWriteItems: Put the message + its pointer (both only if the id is new) + counts
 * (count +1, active +1 when active). A fixed `_id` makes a seed idempotent: false when it exists.
 */
export async function putCannedMessage(input: NewCannedMessage): Promise<{ created: boolean; message: CannedMessageRecord }> {
  const now = new Date().toISOString();
  const message: CannedMessageRecord = { ...input, _id: input._id ?? newId(), createdAt: now, updatedAt: now };
  const key = { pk: brandPk(input.brand), sk: messageSk(input.name, message._id) };
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table.name, Item: { ...key, entity: 'CannedMessage', ...message }, ConditionExpression: 'attribute_not_exists(pk)' } },
          { Put: { TableName: table.name, Item: { ...pointerKey(message._id), entity: 'CannedMessageId', brand: input.brand, messageSk: key.sk }, ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Update: {
              TableName: table.name,
              Key: countKey(input.brand),
              UpdateExpression: 'ADD #count :one, #active :active',
              ExpressionAttributeNames: { '#count': 'count', '#active': 'active' },
              ExpressionAttributeValues: { ':one': 1, ':active': input.status === 'active' ? 1 : 0 },
            },
          },
        ],
      }),
    );
    return { created: true, message };
  } catch (e) {
    if ((e as Error).name !== 'TransactionCanceledException') throw e;
    const existing = input._id ? await getCannedMessage(input._id) : undefined;
    if (!existing) throw e;
    return { created: false, message: existing };
  }
}

/** GetItem CANNEDMSG#id, then the message it points to */
export async function getCannedMessage(id: string): Promise<CannedMessageRecord | undefined> {
  const ptr = await ddb.send(new GetCommand({ TableName: table.name, Key: pointerKey(id), ConsistentRead: true }));
  if (!ptr.Item) return undefined;
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: { pk: brandPk(String(ptr.Item.brand)), sk: String(ptr.Item.messageSk) }, ConsistentRead: true }));
  return out.Item ? clean<CannedMessageRecord>(out.Item) : undefined;
}

/** GetItem CANNED#brand / COUNT: all of the brand's messages and the active ones, kept on write */
export async function countCannedMessages(brandId: string): Promise<{ count: number; active: number }> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: countKey(brandId), ConsistentRead: true }));
  const count = Math.max(0, Number(out.Item?.count ?? 0));
  return { count, active: Math.min(count, Math.max(0, Number(out.Item?.active ?? 0))) };
}

/** Query CANNED#brand, sk begins_with N#, by name (ascending or not), optionally of one status: one page */
export async function pageCannedMessages(
  brandId: string,
  r: { ascending: boolean; limit: number; skip?: number; cursor?: string; status?: CannedStatus },
): Promise<PagedResult<CannedMessageRecord>> {
  const out = await queryPage<Record<string, unknown>>({
    sources: [
      {
        partitionKey: 'pk',
        sortKey: 'sk',
        keyAttributes: ['pk', 'sk'],
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
        ExpressionAttributeValues: { ':pk': brandPk(brandId), ':prefix': 'N#' },
      },
    ],
    ascending: r.ascending,
    limit: r.limit,
    skip: r.skip,
    cursor: r.cursor,
    ...(r.status ? { filter: { expression: '#status = :status', names: { '#status': 'status' }, values: { ':status': r.status } } } : {}),
  });
  return { ...out, items: out.items.map((i) => clean<CannedMessageRecord>(i)) };
}
