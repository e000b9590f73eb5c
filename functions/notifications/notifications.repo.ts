import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { queryPage, type PagedResult } from '../lib/paged-query';
import { pipelineNowIso } from '../lib/clock';
import { clean, failedConditions, newId, table } from '../lib/table';

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
type TransactItem = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>[number];

/** PutItem NOTIF#id (gsi1 NOTIFS by createdAt) */
export async function createNotification(n: Omit<NotificationRecord, '_id' | 'createdAt' | 'seenFlag'>): Promise<NotificationRecord> {
  return createNotificationRecord(n, { seenFlag: false });
}

const COUNTS_KEY = { pk: 'COUNTS#NOTIFS', sk: 'COUNTS' };

/** Transaction entry: UpdateItem COUNTS#NOTIFS, ADD to the total and the unseen count */
function countItem(total: number, unseen: number): TransactItem {
  return {
    Update: {
      TableName: table.name,
      Key: COUNTS_KEY,
      UpdateExpression: 'ADD #total :total, unseen :unseen',
      ExpressionAttributeNames: { '#total': 'total' },
      ExpressionAttributeValues: { ':total': total, ':unseen': unseen },
    },
  };
}

/**
 * TransactWriteItems: PutItem NOTIF#id with an initial seen state (history entries are filed as
 * seen) + the counts (total +1, unseen +1 when unseen). With an `id` derived from what it is
 * about, the put is conditional (attribute_not_exists): a retry makes no second notification
 * and counts nothing (the stored one is kept).
 */
export async function createNotificationRecord(
  n: Omit<NotificationRecord, '_id' | 'createdAt' | 'seenFlag'>,
  opts: { seenFlag: boolean; id?: string },
): Promise<NotificationRecord> {
  const rec: NotificationRecord = { _id: opts.id ?? newId(), createdAt: pipelineNowIso(), seenFlag: opts.seenFlag, ...n };
  const put = {
    TableName: table.name,
    Item: { ...notifKey(rec._id), entity: 'Notification', gsi1pk: 'NOTIFS', gsi1sk: `${rec.createdAt}#${rec._id}`, ...rec },
    ConditionExpression: 'attribute_not_exists(pk)',
  };
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: [{ Put: put }, countItem(1, rec.seenFlag ? 0 : 1)] }));
  } catch (e) {
    if (!opts.id || !failedConditions(e)?.length) throw e;
  }
  return rec;
}

/** GetItem COUNTS#NOTIFS (consistent): notifications and unseen ones, kept on write */
export async function getNotificationCounts(): Promise<{ total: number; unseen: number }> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: COUNTS_KEY, ConsistentRead: true }));
  return { total: Number(out.Item?.total ?? 0), unseen: Number(out.Item?.unseen ?? 0) };
}

/** Query gsi1 pk=NOTIFS newest first, one page (cursor, or page numbers counted from the first) */
export async function pageNotifications(r: { limit: number; cursor?: string; skip?: number }): Promise<PagedResult<NotificationRecord>> {
  const out = await queryPage<Record<string, unknown>>({
    sources: [{ IndexName: table.gsi1, partitionKey: 'gsi1pk', sortKey: 'gsi1sk', keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'], KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'NOTIFS' } }],
    ascending: false,
    ...r,
  });
  return { ...out, items: out.items.map((i) => clean<NotificationRecord>(i)) };
}

/**
 * TransactWriteItems: UpdateItem NOTIF#id SET seenFlag, condition: it exists and is not already
 * so, + unseen −1 (seen) or +1 (unseen again). A repeat changes and counts nothing.
 */
export async function setSeen(id: string, seenFlag: boolean): Promise<NotificationRecord | undefined> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: table.name,
              Key: notifKey(id),
              UpdateExpression: 'SET seenFlag = :s',
              ConditionExpression: 'attribute_exists(pk) AND seenFlag <> :s',
              ExpressionAttributeValues: { ':s': seenFlag },
            },
          },
          countItem(0, seenFlag ? -1 : 1),
        ],
      }),
    );
  } catch (e) {
    if (!failedConditions(e)?.length) throw e;
  }
  return getNotification(id);
}

/** GetItem NOTIF#id (consistent) */
export async function getNotification(id: string): Promise<NotificationRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: notifKey(id), ConsistentRead: true }));
  return out.Item ? clean<NotificationRecord>(out.Item) : undefined;
}
