/**
 * The idempotency claim of one send of the contact form: SEND#<userId>#<requestId> / SEND.
 * Put once (conditional) before the email goes out, marked `sent` with its message id after; a
 * failed send deletes it (the same request may be tried again). It keeps the history id and the
 * creation date, so that a retry records the same email history item (same key) once. Expires
 * (TTL) after a day.
 */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { isConditionFailed, table } from '../lib/table';

export interface SendClaim {
  status: 'sending' | 'sent';
  historyId: string;
  createdAt: string;
  messageId?: string | null;
}

const claimKey = (userId: string, requestId: string) => ({ pk: `SEND#${userId}#${requestId}`, sk: 'SEND' });
const DAY_SECONDS = 24 * 3600;

/** PutItem (condition: not claimed yet): the claim, or the existing one when this request was claimed before. */
export async function claimSend(userId: string, requestId: string, claim: Omit<SendClaim, 'status'>): Promise<{ claimed: true } | { claimed: false; existing: SendClaim }> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...claimKey(userId, requestId), entity: 'ContactSend', status: 'sending', ...claim, expiresAt: Math.floor(Date.now() / 1000) + DAY_SECONDS },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return { claimed: true };
  } catch (e) {
    if (!isConditionFailed(e)) throw e;
  }
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: claimKey(userId, requestId), ConsistentRead: true }));
  if (!out.Item) return claimSend(userId, requestId, claim); // released meanwhile
  return { claimed: false, existing: { status: out.Item.status, historyId: out.Item.historyId, createdAt: out.Item.createdAt, messageId: out.Item.messageId ?? null } as SendClaim };
}

/** UpdateItem: the email went out. */
export async function markSent(userId: string, requestId: string, messageId: string | null): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: claimKey(userId, requestId),
      UpdateExpression: 'SET #status = :sent, messageId = :m',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':m': messageId },
    }),
  );
}

/** DeleteItem (only while still `sending`): the send failed, the request may be tried again. */
export async function releaseSend(userId: string, requestId: string): Promise<void> {
  await ddb
    .send(
      new DeleteCommand({
        TableName: table.name,
        Key: claimKey(userId, requestId),
        ConditionExpression: '#status = :sending',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    )
    .catch((e: unknown) => {
      if (!isConditionFailed(e)) throw e;
    });
}
