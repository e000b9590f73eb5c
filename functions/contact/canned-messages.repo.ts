/**
 * Canned messages of a brand (000 §3: _id, name, content (rich text), brand, status active or
 * inactive), by name within one partition per brand, with the counts kept on write:
 * - CANNED#<brandId> / N#<name lower-cased>#<id>: the message
 * - CANNED#<brandId> / COUNT: { count, active }
 * - CANNED#<brandId> / NAME#<folded name>: { messageId }, the name's reservation (unique per brand,
 *   case-insensitively: `foldCannedName`)
 * - CANNEDMSG#<id> / CANNED: the id's pointer (brand and sort key), for PUT /cannedmessages/{id}
 * The Inbox writes through `putCannedMessage` and `updateCannedMessage`; the contact form and the
 * Inbox read pages through `pageCannedMessages` (docs/decisions.md "Inbox").
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { CannedMessage, CannedStatus } from '../../shared/schemas/contact';
import { ddb } from '../lib/clients/dynamodb';
import { type PagedResult, queryPage, tablePrefix } from '../lib/paged-query';
import { clean, failedConditions, newId, sortName, table } from '../lib/table';

export type CannedMessageRecord = CannedMessage & { createdBy: string; updatedBy?: string };
export type NewCannedMessage = Pick<CannedMessageRecord, 'name' | 'content' | 'brand' | 'status' | 'createdBy'> & { _id?: string };

const brandPk = (brandId: string) => `CANNED#${brandId}`;
const messageSk = (name: string, id: string) => `N#${sortName(name)}#${id}`;
const countKey = (brandId: string) => ({ pk: brandPk(brandId), sk: 'COUNT' });
const pointerKey = (id: string) => ({ pk: `CANNEDMSG#${id}`, sk: 'CANNED' });

/** What makes two names the same name: Unicode-compatible forms, spaces collapsed, case folded. */
export const foldCannedName = (name: string) => name.normalize('NFKC').replace(/\s+/g, ' ').trim().toLowerCase();
const nameKey = (brandId: string, name: string) => ({ pk: brandPk(brandId), sk: `NAME#${foldCannedName(name)}` });

/** The brand has another message of that name (case-insensitively). */
export class CannedNameTakenError extends Error {}

type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;

/**
 * One transaction, sent again (up to 4 times, with a short random wait) while it is cancelled
 * only because another transaction was touching one of its items at the same time (the brand's
 * COUNT item is in every create): conditions decide, never the timing of two admins' clicks.
 */
async function transact(items: TransactItems): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await ddb.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (e) {
      const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      const conflictOnly = (e as Error).name === 'TransactionCanceledException' && reasons.some((r) => r.Code === 'TransactionConflict') && !reasons.some((r) => r.Code === 'ConditionalCheckFailed');
      if (!conflictOnly || attempt >= 4) throw e;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 60 * attempt));
    }
  }
}

/** Reserve `name` for message `id` (or keep its own reservation). */
const reserveName = (brandId: string, name: string, id: string) => ({
  Put: {
    TableName: table.name,
    Item: { ...nameKey(brandId, name), entity: 'CannedMessageName', messageId: id },
    ConditionExpression: 'attribute_not_exists(pk) OR messageId = :id',
    ExpressionAttributeValues: { ':id': id },
  },
});

/**
 * TransactWriteItems: Put the message + its pointer (both only if the id is new) + its name's
 * reservation (only if no other message of the brand has the name) + counts (count +1, active +1
 * when active). A fixed `_id` makes a seed idempotent: false when it exists. Another message of
 * the same name: CannedNameTakenError.
 */
export async function putCannedMessage(input: NewCannedMessage): Promise<{ created: boolean; message: CannedMessageRecord }> {
  const now = new Date().toISOString();
  const message: CannedMessageRecord = { ...input, _id: input._id ?? newId(), createdAt: now, updatedAt: now };
  const key = { pk: brandPk(input.brand), sk: messageSk(input.name, message._id) };
  try {
    await transact([
      { Put: { TableName: table.name, Item: { ...key, entity: 'CannedMessage', ...message }, ConditionExpression: 'attribute_not_exists(pk)' } },
      { Put: { TableName: table.name, Item: { ...pointerKey(message._id), entity: 'CannedMessageId', brand: input.brand, messageSk: key.sk }, ConditionExpression: 'attribute_not_exists(pk)' } },
      reserveName(input.brand, input.name, message._id),
      {
        Update: {
          TableName: table.name,
          Key: countKey(input.brand),
          UpdateExpression: 'ADD #count :one, #active :active',
          ExpressionAttributeNames: { '#count': 'count', '#active': 'active' },
          ExpressionAttributeValues: { ':one': 1, ':active': input.status === 'active' ? 1 : 0 },
        },
      },
    ]);
    return { created: true, message };
  } catch (e) {
    const failed = failedConditions(e);
    if (!failed) throw e;
    const existing = input._id ? await getCannedMessage(input._id) : undefined;
    if (existing) return { created: false, message: existing };
    if (failed.includes(2)) throw new CannedNameTakenError();
    throw e;
  }
}

export type CannedUpdate = Pick<CannedMessageRecord, 'name' | 'content' | 'status'> & { updatedBy: string };
export type UpdateOutcome = { outcome: 'updated'; message: CannedMessageRecord } | { outcome: 'stale' } | { outcome: 'nameTaken' };

/** A version strictly after `previous` (two saves in one millisecond still differ). */
function nextVersion(previous: string): string {
  const now = Date.now();
  const before = Date.parse(previous);
  return new Date(Number.isFinite(before) && now <= before ? before + 1 : now).toISOString();
}

/**
 * Update `current` (as read) if it is still the version `expectedUpdatedAt`: one transaction,
 * every write conditioned on that version, so of two saves of the same version one wins and the
 * other is 'stale' (never a silent overwrite). A new name moves the message to its new sort key
 * (Delete + Put, the pointer follows) and moves its reservation; a status change moves the
 * active count.
 */
export async function updateCannedMessage(current: CannedMessageRecord, expectedUpdatedAt: string, patch: CannedUpdate): Promise<UpdateOutcome> {
  if (current.updatedAt !== expectedUpdatedAt) return { outcome: 'stale' };
  const message: CannedMessageRecord = { ...current, ...patch, updatedAt: nextVersion(current.updatedAt) };
  const brand = current.brand;
  const oldKey = { pk: brandPk(brand), sk: messageSk(current.name, current._id) };
  const newKey = { pk: brandPk(brand), sk: messageSk(message.name, current._id) };
  const versioned = { ConditionExpression: 'updatedAt = :expected', ExpressionAttributeValues: { ':expected': expectedUpdatedAt } };
  const items: TransactItems = [];
  if (oldKey.sk === newKey.sk) {
    items.push({ Put: { TableName: table.name, Item: { ...newKey, entity: 'CannedMessage', ...message }, ...versioned } });
  } else {
    items.push({ Delete: { TableName: table.name, Key: oldKey, ...versioned } });
    items.push({ Put: { TableName: table.name, Item: { ...newKey, entity: 'CannedMessage', ...message }, ConditionExpression: 'attribute_not_exists(pk)' } });
    items.push({
      Update: {
        TableName: table.name,
        Key: pointerKey(current._id),
        UpdateExpression: 'SET messageSk = :new',
        ConditionExpression: 'messageSk = :old',
        ExpressionAttributeValues: { ':new': newKey.sk, ':old': oldKey.sk },
      },
    });
  }
  const reservationIndex = items.length;
  items.push(reserveName(brand, message.name, current._id));
  const oldName = nameKey(brand, current.name);
  if (oldName.sk !== nameKey(brand, message.name).sk) {
    // Only its own reservation (a message written before reservations existed has none).
    items.push({ Delete: { TableName: table.name, Key: oldName, ConditionExpression: 'attribute_not_exists(pk) OR messageId = :id', ExpressionAttributeValues: { ':id': current._id } } });
  }
  if (current.status !== message.status) {
    items.push({
      Update: {
        TableName: table.name,
        Key: countKey(brand),
        UpdateExpression: 'ADD #active :delta',
        ExpressionAttributeNames: { '#active': 'active' },
        ExpressionAttributeValues: { ':delta': message.status === 'active' ? 1 : -1 },
      },
    });
  }
  try {
    await transact(items);
    return { outcome: 'updated', message };
  } catch (e) {
    const failed = failedConditions(e);
    if (!failed) throw e;
    if (failed.includes(reservationIndex) && !failed.includes(0)) return { outcome: 'nameTaken' };
    return { outcome: 'stale' };
  }
}

/**
 * GetItem CANNEDMSG#id, then the message it points to. A rename moves the message between the two
 * reads: the pointer is read again (it has followed), so a message being renamed is never "not found".
 */
export async function getCannedMessage(id: string): Promise<CannedMessageRecord | undefined> {
  let lastSk: string | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const ptr = await ddb.send(new GetCommand({ TableName: table.name, Key: pointerKey(id), ConsistentRead: true }));
    if (!ptr.Item) return undefined;
    const sk = String(ptr.Item.messageSk);
    if (sk === lastSk) return undefined;
    lastSk = sk;
    const out = await ddb.send(new GetCommand({ TableName: table.name, Key: { pk: brandPk(String(ptr.Item.brand)), sk }, ConsistentRead: true }));
    if (out.Item) return clean<CannedMessageRecord>(out.Item);
  }
  return undefined;
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
    sources: [tablePrefix(brandPk(brandId), 'N#')],
    ascending: r.ascending,
    limit: r.limit,
    skip: r.skip,
    cursor: r.cursor,
    ...(r.status ? { filter: { expression: '#status = :status', names: { '#status': 'status' }, values: { ':status': r.status } } } : {}),
  });
  return { ...out, items: out.items.map((i) => clean<CannedMessageRecord>(i)) };
}

/** The brand's canned message of that id if it is active (the second notice's message, issue 24 §4). */
export async function activeCannedMessageOf(brandId: string, id: string): Promise<CannedMessageRecord | undefined> {
  const m = await getCannedMessage(id);
  return m && m.brand === brandId && m.status === 'active' ? m : undefined;
}
