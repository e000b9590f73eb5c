/**
 * The one DynamoDB table: names, key helpers and paging helpers. Every item has `entity`;
 * every GSI is named for the access patterns it serves (README "Data model").
 * - gsi1 (gsi1pk, gsi1sk): "list all of a kind, sorted" (USERS, ROLES, BRANDS, RETAILERS, ...)
 * - gsi2 (gsi2pk, gsi2sk): "children of a parent" (users of a brand, retailer by slug, ...)
 */
import { randomBytes } from 'node:crypto';
import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from './clients/dynamodb';
import { env } from './env';

export const table = {
  get name() {
    return env.tableName;
  },
  gsi1: 'gsi1',
  gsi2: 'gsi2',
  /** TTL attribute (epoch seconds). */
  ttl: 'expiresAt',
} as const;

export const key = {
  user: (id: string) => ({ pk: `USER#${id}`, sk: 'USER' }),
  email: (email: string) => ({ pk: `EMAIL#${email.toLowerCase()}`, sk: 'EMAIL' }),
  role: (id: string) => ({ pk: `ROLE#${id}`, sk: 'ROLE' }),
  brand: (id: string) => ({ pk: `BRAND#${id}`, sk: 'BRAND' }),
  retailer: (id: string) => ({ pk: `RETAILER#${id}`, sk: 'RETAILER' }),
  linkToken: (hash: string) => ({ pk: `TOKEN#${hash}`, sk: 'TOKEN' }),
};

/** Sortable, unguessable ids: 10 chars of time + 12 of randomness (base36/base64url). */
export function newId(): string {
  return Date.now().toString(36).padStart(10, '0') + randomBytes(9).toString('base64url');
}

/** Sort key text for names: case-insensitive, stable. */
export const sortName = (name: string) => name.trim().toLowerCase();

/** Strip the key attributes before an item leaves the data layer. */
export function clean<T>(item: Record<string, unknown>): T {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { pk, sk, gsi1pk, gsi1sk, gsi2pk, gsi2sk, entity, ...rest } = item;
  return rest as T;
}

/** Query every page of a key condition (bounded lists: users, brands, retailers of a tenant). */
export async function queryAll<T>(input: Omit<QueryCommandInput, 'TableName'>): Promise<T[]> {
  const out: T[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await ddb.send(new QueryCommand({ TableName: table.name, ...input, ExclusiveStartKey }));
    out.push(...((page.Items ?? []) as T[]));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return out;
}
