import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EmailFrequency, RoleName, UserStatus } from '../../shared/constants';
import type { RoleRef } from '../../shared/types';
import { ddb } from '../lib/clients/dynamodb';
import { ConflictError } from '../lib/http/errors';
import { gsi2Partition, queryPage, type PagedResult } from '../lib/paged-query';
import { clean, failedConditions, key, queryAll, queryCount, sortName, table, updateParts } from '../lib/table';
import { MSG } from '../../shared/messages';
import { USER_MSG } from '../../shared/messages/users';

export interface UserRecord {
  _id: string;
  name: string;
  firstname: string;
  lastname: string;
  email: string;
  passwordHash: string;
  roles: RoleRef[];
  brand: string | null;
  associated_retailers: string[];
  notify: boolean;
  user_email_bcc: string;
  emailFrequency: EmailFrequency;
  policyFlag: boolean;
  /** `pending` until the activation link is used; `disabled`: deactivated (cannot log in, sessions end). */
  status: UserStatus;
  /**
   * Carried in the session token (`sv`); a token whose version differs is refused. Bumped by every
   * change that must end the user's sessions (password, role, brand, retailers, status, logout).
   */
  sessionVersion?: number;
  createdAt: string;
  updatedAt: string;
}

export const primaryRole = (u: Pick<UserRecord, 'roles'>): RoleName => u.roles[0]?.name ?? 'User';

function item(u: UserRecord) {
  return {
    ...key.user(u._id),
    entity: 'User',
    gsi1pk: 'USERS',
    gsi1sk: `${sortName(u.name)}#${u._id}`,
    ...(u.brand ? { gsi2pk: `BRAND#${u.brand}#USERS`, gsi2sk: `${sortName(u.name)}#${u._id}` } : {}),
    ...u,
  };
}

/** GetItem pk=USER#id, sk=USER */
export async function getUser(id: string): Promise<UserRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.user(id) }));
  return out.Item ? (clean<UserRecord>(out.Item)) : undefined;
}

/** GetItem pk=USER#id, sk=USER, strongly consistent: the session check of every request (a revocation shows at once) */
export async function getSessionUser(id: string): Promise<UserRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.user(id), ConsistentRead: true }));
  return out.Item ? (clean<UserRecord>(out.Item)) : undefined;
}

/** GetItem pk=EMAIL#email (uniqueness item) → GetItem of the user */
export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.email(email) }));
  const userId = out.Item?.userId as string | undefined;
  return userId ? getUser(userId) : undefined;
}

/** The writes that create a user: USER#id and the EMAIL#email reservation, both only if absent. For one TransactWrite. */
export function userCreateItems(u: UserRecord) {
  return [
    { Put: { TableName: table.name, Item: item({ sessionVersion: 0, ...u }), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table.name, Item: { ...key.email(u.email), entity: 'UserEmail', userId: u._id }, ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/** Transaction: Put USER#id + Put EMAIL#email, both only if absent (emails are unique). */
export async function createUser(u: UserRecord): Promise<void> {
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: userCreateItems(u) }));
  } catch (e) {
    if ((e as Error).name === 'TransactionCanceledException') throw new ConflictError(MSG.emailTaken);
    throw e;
  }
}

/** Query gsi2 pk=BRAND#brandId#USERS (sorted by name) */
export async function listUsersByBrand(brandId: string): Promise<UserRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi2,
    KeyConditionExpression: 'gsi2pk = :pk',
    ExpressionAttributeValues: { ':pk': `BRAND#${brandId}#USERS` },
  });
  return items.map((i) => clean<UserRecord>(i));
}

/** Query gsi1 pk=USERS (every user, sorted by name) */
export async function listAllUsers(): Promise<UserRecord[]> {
  const items = await queryAll<Record<string, unknown>>({
    IndexName: table.gsi1,
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': 'USERS' },
  });
  return items.map((i) => clean<UserRecord>(i));
}

/** Query gsi1 pk=USERS by name (one page, cursor or page number): the admin's list sorted by name, no keyword */
export async function pageUsersByName(r: { ascending: boolean; limit: number; cursor?: string; skip?: number }): Promise<PagedResult<UserRecord>> {
  const out = await queryPage<Record<string, unknown>>({
    sources: [{ IndexName: table.gsi1, partitionKey: 'gsi1pk', sortKey: 'gsi1sk', keyAttributes: ['pk', 'sk', 'gsi1pk', 'gsi1sk'], KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'USERS' } }],
    ...r,
  });
  return { ...out, items: out.items.map((i) => clean<UserRecord>(i)) };
}

/** Query gsi1 pk=USERS, Select COUNT: the admin list's total (counted on read: users are few) */
export async function countUsers(): Promise<number> {
  return queryCount({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'USERS' } });
}

/** Fields whose change ends the user's sessions (the token's claims must follow the record). */
const SESSION_FIELDS = ['passwordHash', 'roles', 'associated_retailers', 'status'] as const;

/**
 * UpdateItem USER#id: set the given plain attributes (not name/brand/email, which move keys).
 * A change of password, roles, assigned retailers or status also bumps `sessionVersion`.
 */
export async function updateUserFields(
  id: string,
  fields: Partial<Omit<UserRecord, '_id' | 'email' | 'name' | 'brand' | 'createdAt' | 'sessionVersion'>>,
  remove: (keyof UserRecord)[] = [],
): Promise<void> {
  const parts = updateParts({ ...fields, updatedAt: new Date().toISOString() }, remove);
  const bump = SESSION_FIELDS.some((f) => f in fields);
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: key.user(id),
      ConditionExpression: 'attribute_exists(pk)',
      ...parts,
      ...(bump
        ? {
            UpdateExpression: `${parts.UpdateExpression} ADD #sv :one`,
            ExpressionAttributeNames: { ...parts.ExpressionAttributeNames, '#sv': 'sessionVersion' },
            ExpressionAttributeValues: { ...parts.ExpressionAttributeValues, ':one': 1 },
          }
        : {}),
    }),
  );
}

/** UpdateItem USER#id: move the user to another brand (gsi2 key follows) and end their sessions */
export async function setUserBrand(id: string, brand: string | null): Promise<void> {
  const user = await getUser(id);
  if (!user) throw new ConflictError(`User ${id} does not exist.`);
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: key.user(id),
      ConditionExpression: 'attribute_exists(pk)',
      UpdateExpression: brand
        ? 'SET brand = :b, gsi2pk = :g, gsi2sk = :s, updatedAt = :now ADD sessionVersion :one'
        : 'SET brand = :b, updatedAt = :now REMOVE gsi2pk, gsi2sk ADD sessionVersion :one',
      ExpressionAttributeValues: {
        ':b': brand,
        ':now': new Date().toISOString(),
        ':one': 1,
        ...(brand ? { ':g': `BRAND#${brand}#USERS`, ':s': `${sortName(user.name)}#${id}` } : {}),
      },
    }),
  );
}

/** UpdateItem USER#id ADD sessionVersion 1: every session of the user ends (logout everywhere) */
export async function endAllSessions(id: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: key.user(id),
      ConditionExpression: 'attribute_exists(pk)',
      UpdateExpression: 'ADD sessionVersion :one SET updatedAt = :now',
      ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString() },
    }),
  );
}

/** Transaction: Delete USER#id + Delete EMAIL#email (the address is free again; tokens of the user fail) */
export async function deleteUser(id: string): Promise<void> {
  const user = await getUser(id);
  if (!user) return;
  await ddb.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: table.name, Key: key.user(id) } },
        { Delete: { TableName: table.name, Key: key.email(user.email), ConditionExpression: 'attribute_not_exists(pk) OR userId = :id', ExpressionAttributeValues: { ':id': id } } },
      ],
    }),
  );
}

/** Query gsi2 pk=BRAND#brandId#USERS by name (one page, cursor or page number): the Users tab of Settings */
export async function pageUsersOfBrand(brandId: string, r: { ascending: boolean; limit: number; cursor?: string; skip?: number }): Promise<PagedResult<UserRecord>> {
  const out = await queryPage<Record<string, unknown>>({
    sources: [gsi2Partition(`BRAND#${brandId}#USERS`)],
    ...r,
  });
  return { ...out, items: out.items.map((i) => clean<UserRecord>(i)) };
}

/** Query gsi2 pk=BRAND#brandId#USERS, Select COUNT: the Users tab's total (a brand has tens of users) */
export async function countUsersOfBrand(brandId: string): Promise<number> {
  return queryCount({ IndexName: table.gsi2, KeyConditionExpression: 'gsi2pk = :pk', ExpressionAttributeValues: { ':pk': `BRAND#${brandId}#USERS` } });
}

export type UserEdit = Partial<Pick<UserRecord, 'name' | 'firstname' | 'lastname' | 'email' | 'passwordHash' | 'roles' | 'associated_retailers' | 'notify' | 'user_email_bcc' | 'emailFrequency'>>;

/**
 * One edit of a user, all or nothing: UpdateItem USER#id (condition: it exists and still has the
 * email it was read with; a new name moves gsi1sk/gsi2sk) and, when the email changes, in the same
 * TransactWrite: Delete EMAIL#old (if still this user's) + Put EMAIL#new (only if absent: a taken
 * address writes nothing). A change of email, password, roles or assigned retailers also bumps
 * `sessionVersion` (every session of the user ends). Answers the user as it is now.
 */
export async function editUser(before: UserRecord, changes: UserEdit): Promise<UserRecord> {
  const fields: Record<string, unknown> = { ...changes, updatedAt: new Date().toISOString() };
  if (changes.name !== undefined) {
    fields.gsi1sk = `${sortName(changes.name)}#${before._id}`;
    if (before.brand) fields.gsi2sk = `${sortName(changes.name)}#${before._id}`;
  }
  const parts = updateParts(fields);
  const bump = changes.email !== undefined || SESSION_FIELDS.some((f) => f in changes);
  const update = {
    TableName: table.name,
    Key: key.user(before._id),
    ConditionExpression: 'attribute_exists(pk) AND #email = :oldEmail',
    UpdateExpression: bump ? `${parts.UpdateExpression} ADD #sv :one` : parts.UpdateExpression,
    ExpressionAttributeNames: { ...parts.ExpressionAttributeNames, '#email': 'email', ...(bump ? { '#sv': 'sessionVersion' } : {}) },
    ExpressionAttributeValues: { ...parts.ExpressionAttributeValues, ':oldEmail': before.email, ...(bump ? { ':one': 1 } : {}) },
  };
  const emailMoves = changes.email !== undefined && changes.email.toLowerCase() !== before.email.toLowerCase();
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Update: update },
          ...(emailMoves
            ? [
                { Delete: { TableName: table.name, Key: key.email(before.email), ConditionExpression: 'attribute_not_exists(pk) OR userId = :id', ExpressionAttributeValues: { ':id': before._id } } },
                { Put: { TableName: table.name, Item: { ...key.email(changes.email!), entity: 'UserEmail', userId: before._id }, ConditionExpression: 'attribute_not_exists(pk)' } },
              ]
            : []),
        ],
      }),
    );
  } catch (e) {
    const failed = failedConditions(e);
    if (failed?.includes(2)) throw new ConflictError(MSG.emailTaken);
    if (failed?.length || (e as Error).name === 'TransactionCanceledException') throw new ConflictError(USER_MSG.changedMeanwhile);
    throw e;
  }
  const now = await getSessionUser(before._id);
  if (!now) throw new ConflictError(USER_MSG.changedMeanwhile);
  return now;
}
