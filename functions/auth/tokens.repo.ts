import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { LinkKind } from '../../shared/constants';
import { ddb } from '../lib/clients/dynamodb';
import { isConditionFailed, key, table } from '../lib/table';

export type { LinkKind };
export interface LinkTokenRecord {
  hash: string;
  userId: string;
  kind: LinkKind;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
  usedAt?: string;
}

/** PutItem TOKEN#hash (TTL expiresAt) */
export async function putLinkToken(t: LinkTokenRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...key.linkToken(t.hash), entity: 'LinkToken', ...t } }));
}

/** GetItem TOKEN#hash; expired or used tokens count as absent */
export async function getValidLinkToken(hash: string): Promise<LinkTokenRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.linkToken(hash), ConsistentRead: true }));
  const t = out.Item as LinkTokenRecord | undefined;
  if (!t || t.usedAt || t.expiresAt * 1000 <= Date.now()) return undefined;
  return t;
}

/** UpdateItem TOKEN#hash SET usedAt, only if unused and unexpired: single use under races */
export async function consumeLinkToken(hash: string): Promise<LinkTokenRecord | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key.linkToken(hash),
        UpdateExpression: 'SET usedAt = :now',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(usedAt) AND expiresAt > :nowSec',
        ExpressionAttributeValues: { ':now': new Date().toISOString(), ':nowSec': Math.floor(Date.now() / 1000) },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as LinkTokenRecord;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}
