import { GetCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RoleName } from '../../shared/constants';
import type { RoleRef } from '../../shared/types';
import { ddb } from '../lib/clients/dynamodb';
import { ConflictError } from '../lib/http/errors';
import { clean, key, queryAll, sortName, table, updateParts } from '../lib/table';
import { MSG } from '../../shared/messages';

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
  emailFrequency: 'Daily' | 'Weekly' | 'Monthly';
  policyFlag: boolean;
  /** `pending` until the activation link is used. */
  status: 'active' | 'pending';
  failedLogins?: number;
  lockedUntil?: string;
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

/** GetItem pk=EMAIL#email (uniqueness item) → GetItem of the user */
export async function getUserByEmail(email: string): Promise<UserRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.email(email) }));
  const userId = out.Item?.userId as string | undefined;
  return userId ? getUser(userId) : undefined;
}

/** Transaction: Put USER#id + Put EMAIL#email, both only if absent (emails are unique). */
export async function createUser(u: UserRecord): Promise<void> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName: table.name, Item: item(u), ConditionExpression: 'attribute_not_exists(pk)' } },
          {
            Put: {
              TableName: table.name,
              Item: { ...key.email(u.email), entity: 'UserEmail', userId: u._id },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
        ],
      }),
    );
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

/** UpdateItem USER#id: set the given plain attributes (not name/brand/email, which move keys) */
export async function updateUserFields(
  id: string,
  fields: Partial<Omit<UserRecord, '_id' | 'email' | 'name' | 'brand' | 'createdAt'>>,
  remove: (keyof UserRecord)[] = [],
): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: key.user(id),
      ConditionExpression: 'attribute_exists(pk)',
      ...updateParts({ ...fields, updatedAt: new Date().toISOString() }, remove),
    }),
  );
}

/** UpdateItem USER#id: failedLogins += 1, lock when the limit is reached; returns the new count */
export async function recordFailedLogin(id: string, maxFailed: number, lockMinutes: number): Promise<number> {
  const out = await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: key.user(id),
      UpdateExpression: 'ADD failedLogins :one',
      ExpressionAttributeValues: { ':one': 1 },
      ReturnValues: 'UPDATED_NEW',
    }),
  );
  const count = Number(out.Attributes?.failedLogins ?? 1);
  if (count >= maxFailed) {
    await updateUserFields(id, { lockedUntil: new Date(Date.now() + lockMinutes * 60_000).toISOString(), failedLogins: 0 });
  }
  return count;
}
