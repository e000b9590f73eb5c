import { GetCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { EmailFrequency, RoleName, UserStatus } from '../../shared/constants';
import type { RoleRef } from '../../shared/types';
import { ddb } from '../lib/clients/dynamodb';
import { ConflictError } from '../lib/http/errors';
import { gsi2Partition, queryPage, type PagedResult, type PagedSource } from '../lib/paged-query';
import { clean, failedConditions, isConditionFailed, key, queryAll, queryCount, queryPages, sortName, table, updateParts } from '../lib/table';
import { MSG } from '../../shared/messages';
import { USER_MSG } from '../../shared/messages/users';
import { foldName } from '../../shared/slug';

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
  /**
   * Sessions logged out one by one (POST /logout): session id → its token's expiry (epoch
   * seconds). A token naming one is refused; entries past their expiry are dropped at the next
   * logout, and there are never more than MAX_REVOKED_SESSIONS (past that a logout ends them all).
   */
  revokedSessions?: Record<string, number>;
  createdAt: string;
  updatedAt: string;
}

export const primaryRole = (u: Pick<UserRecord, 'roles'>): RoleName => u.roles[0]?.name ?? 'User';

/**
 * The name as the admin list sorts and searches it: case, accents, punctuation and spacing folded
 * (shared/slug.ts foldName: 'Béatrice  Marchand' → 'beatricemarchand'); the lower-cased name when
 * nothing is left (a name of punctuation only).
 */
export const userNameKey = (name: string): string => foldName(name) || sortName(name);
/** The brand name as the admin list sorts and searches it ('' for a user of no brand: first ascending). */
export const userBrandKey = (brandName: string | null | undefined): string => (brandName ? foldName(brandName) || sortName(brandName) : '');

const isSiteAdmin = (u: Pick<UserRecord, 'roles'>) => u.roles.some((r) => r.name === 'ADMIN');

/**
 * The index keys of a user (README "Data model"): gsi1 `USERS` by folded name (the admin list by
 * name, name search), gsi2 `BRAND#b#USERS` by name (the brand's Users tab; never a site ADMIN's),
 * gsi3 `USERS#EMAIL` by address (sort and search by email), gsi4 `USERS#BRAND` by folded brand
 * name then folded name (sort and search by brand). Brand names never change once created
 * (docs/decisions.md "Manage Users"), so the brand's name is copied into gsi4sk on write.
 */
export function userIndexKeys(u: Pick<UserRecord, '_id' | 'name' | 'email' | 'brand' | 'roles'>, brandName: string | null | undefined) {
  const name = userNameKey(u.name);
  return {
    gsi1pk: 'USERS',
    gsi1sk: `${name}#${u._id}`,
    ...(u.brand && !isSiteAdmin(u) ? { gsi2pk: `BRAND#${u.brand}#USERS`, gsi2sk: `${sortName(u.name)}#${u._id}` } : {}),
    gsi3pk: 'USERS#EMAIL',
    gsi3sk: `${u.email.toLowerCase()}#${u._id}`,
    gsi4pk: 'USERS#BRAND',
    gsi4sk: `${userBrandKey(u.brand ? brandName : null)}#${name}#${u._id}`,
  };
}

/** The domain of an address as the EMAIL# item's index keeps it: what follows the last @, lower case. */
const domainOfEmail = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The EMAIL#<email> item (the address's reservation, written with the user in every transaction
 * that creates, moves or deletes one), with gsi2 `EMAILDOMAIN#<domain>` by address: the accounts
 * of an email domain (issue 36: those a brand's single sign-on spares, listed to it), never a scan.
 */
function emailItem(email: string, userId: string) {
  return { ...key.email(email), entity: 'UserEmail', userId, gsi2pk: `EMAILDOMAIN#${domainOfEmail(email)}`, gsi2sk: email.toLowerCase() };
}

function item(u: UserRecord, brandName: string | null | undefined) {
  return { ...key.user(u._id), entity: 'User', ...userIndexKeys(u, brandName), ...u };
}

/** The display name of a brand (GetItem BRAND#id, name only), for the users' brand sort key. */
export async function brandNameOf(brandId: string | null | undefined): Promise<string | null> {
  if (!brandId) return null;
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: key.brand(brandId), ProjectionExpression: '#n', ExpressionAttributeNames: { '#n': 'name' } }));
  return (out.Item?.name as string | undefined) ?? null;
}

/** The item that counts users (`total`), kept on write: ADD after each create and delete. */
const USER_COUNT_KEY = { pk: 'COUNTS#USERS', sk: 'COUNTS' };

/**
 * UpdateItem COUNTS#USERS ADD total n: after a user's creating or deleting transaction, not in it
 * (one item touched by every create would make concurrent creates of different users cancel each
 * other). A crash between the two leaves the count off by one until the backfill recounts.
 */
export async function bumpUserCount(n: number): Promise<void> {
  await ddb.send(new UpdateCommand({ TableName: table.name, Key: USER_COUNT_KEY, UpdateExpression: 'ADD #t :n SET entity = :e', ExpressionAttributeNames: { '#t': 'total' }, ExpressionAttributeValues: { ':n': n, ':e': 'Counts' } }));
}

/** PutItem COUNTS#USERS total: the recount of the backfill. */
export async function setUserCount(total: number): Promise<void> {
  await ddb.send(new UpdateCommand({ TableName: table.name, Key: USER_COUNT_KEY, UpdateExpression: 'SET #t = :n, entity = :e', ExpressionAttributeNames: { '#t': 'total' }, ExpressionAttributeValues: { ':n': total, ':e': 'Counts' } }));
}

/** Every user: GetItem COUNTS#USERS; a table older than the count (no item yet) counts gsi1 `USERS` once. */
export async function countAllUsers(): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: USER_COUNT_KEY }));
  const total = out.Item?.total as number | undefined;
  return typeof total === 'number' ? Math.max(0, total) : countUsers();
}

/** The orders of the admin list, each one index partition (userIndexKeys). */
export type UserOrder = 'name' | 'email' | 'brand';
const ORDER_INDEX: Record<UserOrder, { IndexName: string; pk: string; n: 1 | 3 | 4 }> = {
  name: { IndexName: table.gsi1, pk: 'USERS', n: 1 },
  email: { IndexName: table.gsi3, pk: 'USERS#EMAIL', n: 3 },
  brand: { IndexName: table.gsi4, pk: 'USERS#BRAND', n: 4 },
};

/** The index partition of an order, optionally only its sort keys starting with `prefix`. */
function orderSource(order: UserOrder, prefix?: string): PagedSource {
  const { IndexName, pk, n } = ORDER_INDEX[order];
  return {
    IndexName,
    partitionKey: `gsi${n}pk`,
    sortKey: `gsi${n}sk`,
    keyAttributes: ['pk', 'sk', `gsi${n}pk`, `gsi${n}sk`],
    KeyConditionExpression: prefix === undefined ? `gsi${n}pk = :pk` : `gsi${n}pk = :pk AND begins_with(gsi${n}sk, :prefix)`,
    ExpressionAttributeValues: { ':pk': pk, ...(prefix === undefined ? {} : { ':prefix': prefix }) },
  };
}

/** One page of every user in an order (Query of that order's partition; cursor, or page number by passing over). */
export async function pageUsers(order: UserOrder, r: { ascending: boolean; limit: number; cursor?: string; skip?: number }): Promise<PagedResult<UserRecord>> {
  const out = await queryPage<Record<string, unknown>>({ sources: [orderSource(order)], ...r });
  return { ...out, items: out.items.map((i) => clean<UserRecord>(i)) };
}

/**
 * The users whose key in an order starts with `prefix` (Query begins_with), at most `cap` + 1 of
 * them: one more than the cap says there are more. Reads only matching items.
 */
export async function usersWithPrefix(order: UserOrder, prefix: string, cap: number): Promise<UserRecord[]> {
  const src = orderSource(order, prefix);
  const found: UserRecord[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const out = await ddb.send(
      new QueryCommand({ TableName: table.name, IndexName: src.IndexName, KeyConditionExpression: src.KeyConditionExpression, ExpressionAttributeValues: src.ExpressionAttributeValues, Limit: cap + 1 - found.length, ExclusiveStartKey }),
    );
    found.push(...(out.Items ?? []).map((i) => clean<UserRecord>(i)));
    ExclusiveStartKey = out.LastEvaluatedKey;
  } while (ExclusiveStartKey && found.length <= cap);
  return found;
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

/**
 * The writes that create a user: USER#id and the EMAIL#email reservation, both only if absent. For
 * one TransactWrite (then `bumpUserCount(1)`). `brandName`: the name of `u.brand` (its sort key).
 */
export function userCreateItems(u: UserRecord, brandName: string | null) {
  return [
    { Put: { TableName: table.name, Item: item({ sessionVersion: 0, ...u }, brandName), ConditionExpression: 'attribute_not_exists(pk)' } },
    { Put: { TableName: table.name, Item: emailItem(u.email, u._id), ConditionExpression: 'attribute_not_exists(pk)' } },
  ];
}

/**
 * Transaction: Put USER#id + Put EMAIL#email, both only if absent (emails are unique: of two
 * concurrent creates of one address exactly one succeeds, the other gets 409), then the count.
 */
export async function createUser(u: UserRecord, brandName?: string | null): Promise<void> {
  const name = brandName === undefined ? await brandNameOf(u.brand) : brandName;
  try {
    await ddb.send(new TransactWriteCommand({ TransactItems: userCreateItems(u, name) }));
  } catch (e) {
    if ((e as Error).name === 'TransactionCanceledException') throw new ConflictError(MSG.emailTaken);
    throw e;
  }
  await bumpUserCount(1);
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

/** Query gsi1 pk=USERS, Select COUNT: every user, counted (a table older than the kept count; the backfill's recount) */
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
        ? 'SET brand = :b, gsi2pk = :g, gsi2sk = :s, gsi4sk = :k, updatedAt = :now ADD sessionVersion :one'
        : 'SET brand = :b, gsi4sk = :k, updatedAt = :now REMOVE gsi2pk, gsi2sk ADD sessionVersion :one',
      ExpressionAttributeValues: {
        ':b': brand,
        ':now': new Date().toISOString(),
        ':one': 1,
        ':k': userIndexKeys({ ...user, brand }, await brandNameOf(brand)).gsi4sk,
        ...(brand ? { ':g': `BRAND#${brand}#USERS`, ':s': `${sortName(user.name)}#${id}` } : {}),
      },
    }),
  );
}

/** UpdateItem USER#id ADD sessionVersion 1: every session of the user ends (logout of all devices); the single revocations are moot then */
export async function endAllSessions(id: string): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: key.user(id),
      ConditionExpression: 'attribute_exists(pk)',
      // The map is emptied, not removed: a logout racing this one still finds its parent path.
      UpdateExpression: 'ADD sessionVersion :one SET updatedAt = :now, revokedSessions = :empty',
      ExpressionAttributeValues: { ':one': 1, ':now': new Date().toISOString(), ':empty': {} },
    }),
  );
}

/** The most single-session revocations a user record holds (a few KB: every request reads the record). */
export const MAX_REVOKED_SESSIONS = 50;

/** Whether this session of the user was logged out. */
export const isRevoked = (u: Pick<UserRecord, 'revokedSessions'>, sid: string): boolean => Object.hasOwn(u.revokedSessions ?? {}, sid);

/**
 * UpdateItem USER#id SET revokedSessions.<sid> = exp (REMOVE the entries already expired): this
 * session ends, the user's others go on. The map is created first when missing (a separate,
 * conditional write: a nested SET needs its parent), so two logouts at once both land. Past
 * MAX_REVOKED_SESSIONS live entries it ends every session instead (the record stays small).
 */
export async function endSession(user: Pick<UserRecord, '_id' | 'revokedSessions'>, sid: string, exp: number, nowSeconds = Math.floor(Date.now() / 1000)): Promise<void> {
  const entries = Object.entries(user.revokedSessions ?? {});
  const expired = entries.filter(([s, e]) => e <= nowSeconds && s !== sid).map(([s]) => s);
  if (entries.length - expired.length >= MAX_REVOKED_SESSIONS) return endAllSessions(user._id);
  try {
    if (!user.revokedSessions) {
      await ddb
        .send(
          new UpdateCommand({
            TableName: table.name,
            Key: key.user(user._id),
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedSessions)',
            UpdateExpression: 'SET revokedSessions = :empty',
            ExpressionAttributeValues: { ':empty': {} },
          }),
        )
        .catch((e: unknown) => {
          if (!isConditionFailed(e)) throw e;
        });
    }
    const names: Record<string, string> = { '#r': 'revokedSessions', '#s': sid };
    expired.forEach((s, i) => (names[`#x${i}`] = s));
    await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: key.user(user._id),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: `SET #r.#s = :exp${expired.length ? ` REMOVE ${expired.map((_, i) => `#r.#x${i}`).join(', ')}` : ''}`,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: { ':exp': exp },
      }),
    );
  } catch (e) {
    // The user is gone (deleted meanwhile): every session of it has ended anyway.
    if (!isConditionFailed(e)) throw e;
  }
}

/**
 * Transaction: Delete USER#id (condition: it is still there) + Delete EMAIL#email (the address is
 * free again; tokens of the user fail), then the count −1. false: the user was already gone (two
 * removals at once: one deletes and counts, the other finds nothing), nothing written or counted.
 */
export async function deleteUser(id: string): Promise<boolean> {
  const user = await getUser(id);
  if (!user) return false;
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          { Delete: { TableName: table.name, Key: key.user(id), ConditionExpression: 'attribute_exists(pk)' } },
          { Delete: { TableName: table.name, Key: key.email(user.email), ConditionExpression: 'attribute_not_exists(pk) OR userId = :id', ExpressionAttributeValues: { ':id': id } } },
        ],
      }),
    );
  } catch (e) {
    if (failedConditions(e)?.includes(0)) return false;
    throw e;
  }
  await bumpUserCount(-1);
  return true;
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
  if (changes.name !== undefined || changes.email !== undefined) {
    const keys = userIndexKeys({ ...before, ...changes }, await brandNameOf(before.brand));
    fields.gsi1sk = keys.gsi1sk;
    fields.gsi3sk = keys.gsi3sk;
    fields.gsi4sk = keys.gsi4sk;
    if (keys.gsi2sk) fields.gsi2sk = keys.gsi2sk;
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
                { Put: { TableName: table.name, Item: emailItem(changes.email!, before._id), ConditionExpression: 'attribute_not_exists(pk)' } },
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

/**
 * The admin list's keys for users written before them (userIndexKeys: the folded gsi1sk, gsi3
 * by address, gsi4 by brand; a site ADMIN leaves its brand's gsi2), walking gsi1 `USERS` a page
 * at a time, and the user count recounted. Each update is conditional on the user still having
 * the name, email and brand it was read with (a concurrent edit writes its own keys), so it is
 * safe to run twice or beside live writes. Answers the users walked.
 */
export async function backfillUserKeys(): Promise<number> {
  const brandNames = new Map<string, string | null>();
  let n = 0;
  for await (const page of queryPages<Record<string, unknown>>({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'USERS' } })) {
    for (const raw of page) {
      const u = clean<UserRecord>(raw);
      n++;
      if (u.brand && !brandNames.has(u.brand)) brandNames.set(u.brand, await brandNameOf(u.brand));
      const keys = userIndexKeys(u, u.brand ? brandNames.get(u.brand) : null);
      const admin = isSiteAdmin(u) && raw.gsi2pk !== undefined;
      if (!admin && raw.gsi1sk === keys.gsi1sk && raw.gsi3sk === keys.gsi3sk && raw.gsi4sk === keys.gsi4sk) continue;
      await ddb
        .send(
          new UpdateCommand({
            TableName: table.name,
            Key: key.user(u._id),
            ConditionExpression: `#n = :n AND #e = :e AND ${u.brand ? '#b = :b' : '(attribute_not_exists(#b) OR attribute_type(#b, :nullType))'}`,
            UpdateExpression: `SET gsi1sk = :k1, gsi3pk = :p3, gsi3sk = :k3, gsi4pk = :p4, gsi4sk = :k4${admin ? ' REMOVE gsi2pk, gsi2sk' : ''}`,
            ExpressionAttributeNames: { '#n': 'name', '#e': 'email', '#b': 'brand' },
            ExpressionAttributeValues: { ':n': u.name, ':e': u.email, ...(u.brand ? { ':b': u.brand } : { ':nullType': 'NULL' }), ':k1': keys.gsi1sk, ':p3': keys.gsi3pk, ':k3': keys.gsi3sk, ':p4': keys.gsi4pk, ':k4': keys.gsi4sk },
          }),
        )
        .catch((e: Error) => {
          if (e.name !== 'ConditionalCheckFailedException') throw e;
        });
    }
  }
  await setUserCount(n);
  return n;
}

/**
 * The accounts of email domains, by address (Query gsi2 `EMAILDOMAIN#<domain>` per domain, merged;
 * then GetItem of each account), keeping those `keep` accepts: one page of at most `limit`, read
 * in rounds until it is full, the domains are read to their end, or `budget` addresses were read
 * (then a short page and its cursor).
 */
export async function pageUsersOfDomains(domains: readonly string[], keep: (u: UserRecord) => boolean, r: { limit: number; cursor?: string; budget?: number }): Promise<{ items: UserRecord[]; nextCursor?: string }> {
  if (!domains.length) return { items: [] };
  const sources = domains.map((d) => gsi2Partition(`EMAILDOMAIN#${d}`));
  const items: UserRecord[] = [];
  let cursor = r.cursor;
  let left = r.budget ?? 500;
  do {
    const page = await queryPage<Record<string, unknown>>({ sources, ascending: true, limit: Math.min(r.limit - items.length, left), cursor });
    left -= page.items.length;
    const users = await Promise.all(page.items.map((i) => getUser(i.userId as string)));
    items.push(...users.filter((u): u is UserRecord => !!u && keep(u)));
    cursor = page.nextCursor;
  } while (cursor && items.length < r.limit && left > 0);
  return { items, nextCursor: cursor };
}

/**
 * The EMAIL# items written before their domain's index keys (emailItem): each user's, walking gsi1
 * `USERS` a page at a time, conditional on the item still being that user's and without the keys
 * (safe to run twice or beside live writes). Answers the items given their keys.
 */
export async function backfillEmailDomainKeys(): Promise<number> {
  let n = 0;
  for await (const page of queryPages<Record<string, unknown>>({ IndexName: table.gsi1, KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'USERS' } })) {
    for (const raw of page) {
      const u = clean<UserRecord>(raw);
      const { gsi2pk, gsi2sk } = emailItem(u.email, u._id);
      try {
        await ddb.send(
          new UpdateCommand({
            TableName: table.name,
            Key: key.email(u.email),
            ConditionExpression: 'userId = :id AND attribute_not_exists(gsi2pk)',
            UpdateExpression: 'SET gsi2pk = :p, gsi2sk = :s',
            ExpressionAttributeValues: { ':id': u._id, ':p': gsi2pk, ':s': gsi2sk },
          }),
        );
        n++;
      } catch (e) {
        if (!isConditionFailed(e)) throw e;
      }
    }
  }
  return n;
}
