/**
 * Passkeys (issue 26 step 2; docs/data-model.md "Passkeys"):
 * - `PASSKEY#<userId>` / `<credentialId>`: one of the user's passkeys (its COSE public key, the
 *   signature counter, transports, name, createdAt, lastUsedAt); the user's passkeys are that
 *   partition (at most PASSKEY.maxPerUser).
 * - `PASSKEYCRED#<credentialId>` / `PASSKEYCRED`: who a credential id belongs to (a sign-in names
 *   only the credential), written in the same transaction (conditional: a credential id is one
 *   account's).
 * - `passkeyCount` on `USER#<id>` / `USER`: ADD ±1 in that transaction (the cap is its condition),
 *   so the user's item alone says whether the user has a second factor.
 * - `PASSKEYCHALLENGE#<challenge>` / `CHALLENGE`: a challenge handed out by the options routes,
 *   for one purpose (and, to register, one user), until a time (TTL after); taken once by a
 *   conditional delete.
 */
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { PASSKEY } from '../../shared/messages/passkeys';
import { ddb } from '../lib/clients/dynamodb';
import { isConditionFailed, key, table, transactOrConditions, type TransactItem } from '../lib/table';

export const passkeyKey = (userId: string, credentialId: string) => ({ pk: `PASSKEY#${userId}`, sk: credentialId });
export const credentialKey = (credentialId: string) => ({ pk: `PASSKEYCRED#${credentialId}`, sk: 'PASSKEYCRED' });
export const challengeKey = (challenge: string) => ({ pk: `PASSKEYCHALLENGE#${challenge}`, sk: 'CHALLENGE' });

export interface PasskeyRecord {
  userId: string;
  credentialId: string;
  /** The credential's COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** What the authenticator said at registration (informational). */
  deviceType: string;
  backedUp: boolean;
  aaguid: string;
}

export type ChallengePurpose = 'register' | 'login';

/** Keep a challenge for `seconds` (register: bound to the user). */
export async function putChallenge(challenge: string, purpose: ChallengePurpose, userId: string | undefined, now: number, seconds: number): Promise<void> {
  const until = now + seconds * 1000;
  await ddb.send(
    new PutCommand({
      TableName: table.name,
      Item: { ...challengeKey(challenge), entity: 'PasskeyChallenge', purpose, ...(userId ? { userId } : {}), until, [table.ttl]: Math.ceil(until / 1000) + 3600 },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/**
 * Take a challenge once: deleted only if it is there, for this purpose (and this user, or no user
 * for a sign-in) and not expired. False when it is not (unknown, used, another user's, expired).
 */
export async function takeChallenge(challenge: string, purpose: ChallengePurpose, userId: string | undefined, now: number): Promise<boolean> {
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(challenge)) return false;
  try {
    await ddb.send(
      new DeleteCommand({
        TableName: table.name,
        Key: challengeKey(challenge),
        ConditionExpression: `attribute_exists(pk) AND purpose = :p AND #until > :now AND ${userId ? 'userId = :u' : 'attribute_not_exists(userId)'}`,
        ExpressionAttributeNames: { '#until': 'until' },
        ExpressionAttributeValues: { ':p': purpose, ':now': now, ...(userId ? { ':u': userId } : {}) },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** The user's passkeys, oldest first (one partition, at most PASSKEY.maxPerUser items). */
export async function listPasskeys(userId: string): Promise<PasskeyRecord[]> {
  const out = await ddb.send(new QueryCommand({ TableName: table.name, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': `PASSKEY#${userId}` }, Limit: PASSKEY.maxPerUser * 2, ConsistentRead: true }));
  return ((out.Items ?? []) as PasskeyRecord[]).sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** One passkey of a user (consistent). */
export async function getPasskey(userId: string, credentialId: string): Promise<PasskeyRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: passkeyKey(userId, credentialId), ConsistentRead: true }));
  return out.Item as PasskeyRecord | undefined;
}

/** Whose a credential id is (consistent). */
export async function credentialOwner(credentialId: string): Promise<string | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: credentialKey(credentialId), ConsistentRead: true }));
  return (out.Item as { userId?: string } | undefined)?.userId;
}

export class PasskeyWriteRefused extends Error {
  constructor(readonly reason: 'taken' | 'full') {
    super(reason);
  }
}

/**
 * Add a passkey: one transaction of the passkey (absent), its credential id's owner (absent: a
 * credential id is one account's) and ADD 1 to the user's `passkeyCount` (the user exists and has
 * fewer than PASSKEY.maxPerUser). Throws PasskeyWriteRefused (`taken` or `full`).
 */
export async function addPasskey(p: PasskeyRecord): Promise<void> {
  const items: TransactItem[] = [
    { Put: { TableName: table.name, Item: { ...passkeyKey(p.userId, p.credentialId), entity: 'Passkey', ...p }, ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table.name, Item: { ...credentialKey(p.credentialId), entity: 'PasskeyCredential', userId: p.userId, createdAt: p.createdAt }, ConditionExpression: 'attribute_not_exists(pk)' } },
    {
      Update: {
        TableName: table.name,
        Key: key.user(p.userId),
        UpdateExpression: 'ADD passkeyCount :one',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(passkeyCount) OR passkeyCount < :max)',
        ExpressionAttributeValues: { ':one': 1, ':max': PASSKEY.maxPerUser },
      },
    },
  ];
  await transactOrConditions(items, (failed) => new PasskeyWriteRefused(failed.includes(2) && !failed.includes(0) && !failed.includes(1) ? 'full' : 'taken'));
}

/** Remove one of the user's passkeys (and its owner record, and 1 from the count); false when the user has no such passkey. */
export async function removePasskey(userId: string, credentialId: string): Promise<boolean> {
  const items: TransactItem[] = [
    { Delete: { TableName: table.name, Key: passkeyKey(userId, credentialId), ConditionExpression: 'attribute_exists(pk)' } },
    { Delete: { TableName: table.name, Key: credentialKey(credentialId), ConditionExpression: 'attribute_not_exists(pk) OR userId = :u', ExpressionAttributeValues: { ':u': userId } } },
    { Update: { TableName: table.name, Key: key.user(userId), UpdateExpression: 'ADD passkeyCount :minus', ConditionExpression: 'attribute_exists(pk) AND passkeyCount > :zero', ExpressionAttributeValues: { ':minus': -1, ':zero': 0 } } },
  ];
  try {
    await transactOrConditions(items, () => new PasskeyWriteRefused('taken'));
    return true;
  } catch (e) {
    if (e instanceof PasskeyWriteRefused) return false;
    throw e;
  }
}

/** Rename one of the user's passkeys; the record after, or undefined when the user has no such passkey. */
export async function renamePasskey(userId: string, credentialId: string, name: string): Promise<PasskeyRecord | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({ TableName: table.name, Key: passkeyKey(userId, credentialId), UpdateExpression: 'SET #name = :n', ConditionExpression: 'attribute_exists(pk)', ExpressionAttributeNames: { '#name': 'name' }, ExpressionAttributeValues: { ':n': name }, ReturnValues: 'ALL_NEW' }),
    );
    return out.Attributes as PasskeyRecord;
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}

/**
 * A sign-in's signature counter: taken only forward of the stored one (an authenticator that keeps
 * no counter sends 0 each time: then only while the stored one is 0), with the time of use.
 * False when another sign-in moved it meanwhile (a cloned authenticator, a replay) or it is gone.
 */
export async function takeCounter(userId: string, credentialId: string, counter: number, at: string): Promise<boolean> {
  try {
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: passkeyKey(userId, credentialId),
        UpdateExpression: 'SET #counter = :c, lastUsedAt = :at',
        ConditionExpression: counter > 0 ? 'attribute_exists(pk) AND #counter < :c' : 'attribute_exists(pk) AND #counter = :c',
        ExpressionAttributeNames: { '#counter': 'counter' },
        ExpressionAttributeValues: { ':c': counter, ':at': at },
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/**
 * Forget a deleted user's passkeys: each passkey and its owner record (a sign-in with one is
 * refused already, the user being gone; this leaves nothing of them behind). At most
 * PASSKEY.maxPerUser passkeys: one query, then one delete transaction of at most 20 items.
 */
export async function forgetPasskeys(userId: string): Promise<number> {
  const passkeys = await listPasskeys(userId);
  if (!passkeys.length) return 0;
  await transactOrConditions(
    passkeys.flatMap((p): TransactItem[] => [
      { Delete: { TableName: table.name, Key: passkeyKey(userId, p.credentialId) } },
      { Delete: { TableName: table.name, Key: credentialKey(p.credentialId), ConditionExpression: 'attribute_not_exists(pk) OR userId = :u', ExpressionAttributeValues: { ':u': userId } } },
    ]),
    () => new PasskeyWriteRefused('taken'),
  );
  return passkeys.length;
}
