import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
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

/**
 * A My Account email change waiting for its link (issue 36): `EMAILCHANGE#<sha256(token)>` /
 * `EMAILCHANGE` (the user, the address asked for and the one it replaces; TTL expiresAt). Only the
 * hash is kept, as for TOKEN# links; the address asked for is reserved by nothing until the link
 * is opened, so a pending change blocks nobody.
 */
export interface EmailChangeRecord {
  userId: string;
  oldEmail: string;
  newEmail: string;
  /** Epoch seconds; also the table's TTL attribute. */
  expiresAt: number;
}

const emailChangeKey = (hash: string) => ({ pk: `EMAILCHANGE#${hash}`, sk: 'EMAILCHANGE' });

/** PutItem EMAILCHANGE#hash (TTL expiresAt), only if absent. */
export async function putEmailChange(hash: string, c: EmailChangeRecord): Promise<void> {
  await ddb.send(new PutCommand({ TableName: table.name, Item: { ...emailChangeKey(hash), entity: 'EmailChange', ...c }, ConditionExpression: 'attribute_not_exists(pk)' }));
}

/**
 * DeleteItem EMAILCHANGE#hash only if it is this user's and unexpired at `now` (ms), answering it:
 * taken once. Another user's token, an unknown or an expired one: undefined, and the token stays
 * for its own user until it expires.
 */
export async function takeEmailChange(hash: string, userId: string, now: number): Promise<EmailChangeRecord | undefined> {
  try {
    const out = await ddb.send(
      new DeleteCommand({
        TableName: table.name,
        Key: emailChangeKey(hash),
        ConditionExpression: 'attribute_exists(pk) AND userId = :u AND expiresAt > :now',
        ExpressionAttributeValues: { ':u': userId, ':now': Math.floor(now / 1000) },
        ReturnValues: 'ALL_OLD',
      }),
    );
    const a = out.Attributes;
    return a ? { userId: a.userId as string, oldEmail: a.oldEmail as string, newEmail: a.newEmail as string, expiresAt: a.expiresAt as number } : undefined;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}
