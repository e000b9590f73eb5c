import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { clean, isConditionFailed, newId, queryAll, table } from '../lib/table';

/** Spec 001 §3 Notification. */
export interface NotificationRecord {
  _id: string;
  /** `prefix:title`; the list shows the part after the first colon. */
  subject: string;
  retailer: string;
  retailerId?: string;
  fileId?: string;
  /** HTML. */
  message: string;
  createdAt: string;
  seenFlag: boolean;
}

const notifKey = (id: string) => ({ pk: `NOTIF#${id}`, sk: 'NOTIF' });

/** PutItem NOTIF#id (gsi1 NOTIFS by createdAt) */
export async function createNotification(n: Omit<NotificationRecord, '_id' | 'createdAt' | 'seenFlag'>): Promise<NotificationRecord> {
  return createNotificationRecord(n, { seenFlag: false });
}

/**
 * PutItem NOTIF#id with an initial seen state (history entries are filed as seen). With an `id`
 * derived from what it is about, the put is conditional (attribute_not_exists): a retry makes
 * no second notification (the stored one is kept).
 */
export async function createNotificationRecord(
  n: Omit<NotificationRecord, '_id' | 'createdAt' | 'seenFlag'>,
  opts: { seenFlag: boolean; id?: string },
): Promise<NotificationRecord> {
  const rec: NotificationRecord = { _id: opts.id ?? newId(), createdAt: new Date().toISOString(), seenFlag: opts.seenFlag, ...n };
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...notifKey(rec._id), entity: 'Notification', gsi1pk: 'NOTIFS', gsi1sk: `${rec.createdAt}#${rec._id}`, ...rec },
        ...(opts.id ? { ConditionExpression: 'attribute_not_exists(pk)' } : {}),
      }),
    );
  } catch (e) {
    if (!opts.id || !isConditionFailed(e)) throw e;
  }
  return rec;
}

/** Query gsi1 pk=NOTIFS newest first; the page is cut in memory after counting */
export async function listNotifications(page: number, limit: number): Promise<{ data: NotificationRecord[]; totalCount: number; unseenCount: number }> {
  const items = (
    await queryAll<Record<string, unknown>>({
      IndexName: table.gsi1,
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': 'NOTIFS' },
      ScanIndexForward: false,
    })
  ).map((i) => clean<NotificationRecord>(i));
  const start = (page - 1) * limit;
  return { data: items.slice(start, start + limit), totalCount: items.length, unseenCount: items.filter((n) => !n.seenFlag).length };
}

/** UpdateItem NOTIF#id SET seenFlag (only an existing notification) */
export async function setSeen(id: string, seenFlag: boolean): Promise<NotificationRecord | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: notifKey(id),
        UpdateExpression: 'SET seenFlag = :s',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':s': seenFlag },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes ? clean<NotificationRecord>(out.Attributes) : undefined;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}
