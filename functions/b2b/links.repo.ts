/**
 * B2B portal links (docs/decisions.md "B2B portal"): one item per link, `B2BLINK#<id>`, listed per
 * brand and retailer on gsi2 (`B2BLINKS#<brand>#<retailer>`, newest first). Only the SHA-256 of
 * the link's secret is stored. Kept until 90 days after the link's expiry (TTL `expiresAt`), so
 * the issuing list still shows recently expired and revoked links.
 */
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { gsi2Partition, queryPage, type PagedResult } from '../lib/paged-query';
import { clean, isConditionFailed, table } from '../lib/table';

export interface Person {
  _id: string;
  name: string;
}

export interface B2bLinkRecord {
  _id: string;
  brand: string;
  retailer: string;
  /** base64url SHA-256 of the secret part of the token. */
  secretHash: string;
  createdBy: Person;
  createdAt: string;
  /** The link's expiry (ISO). */
  linkExpiresAt: string;
  revokedAt?: string;
  revokedBy?: Person;
  /** TTL (epoch seconds): 90 days after the link's expiry. */
  expiresAt: number;
  /** A retailer's link to the brand's open cases (issue 24; ./case-links.ts); absent: a B2B portal link. */
  scope?: 'cases';
}

const recordKey = (id: string) => ({ pk: `B2BLINK#${id}`, sk: 'B2BLINK' });
const listPk = (brand: string, retailer: string, scope?: 'cases') => `${scope === 'cases' ? 'CASELINKS' : 'B2BLINKS'}#${brand}#${retailer}`;
export const KEEP_DAYS_AFTER_EXPIRY = 90;

/** PutItem B2BLINK#id (only if absent), gsi2 B2BLINKS#brand#retailer / createdAt#id */
export async function putLink(r: B2bLinkRecord): Promise<void> {
  await ddb.send(
    new PutCommand({
      TableName: table.name,
      Item: { ...recordKey(r._id), entity: 'B2bLink', gsi2pk: listPk(r.brand, r.retailer, r.scope), gsi2sk: `${r.createdAt}#${r._id}`, ...r },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
}

/** GetItem B2BLINK#id, strongly consistent (a revocation shows on the very next request). */
export async function getLink(id: string): Promise<B2bLinkRecord | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: recordKey(id), ConsistentRead: true }));
  return out.Item ? clean<B2bLinkRecord>(out.Item) : undefined;
}

/** UpdateItem B2BLINK#id SET revokedAt, revokedBy, only if not revoked yet; undefined when it was. */
export async function revokeLink(id: string, by: Person, at: string): Promise<B2bLinkRecord | undefined> {
  try {
    const out = await ddb.send(
      new UpdateCommand({
        TableName: table.name,
        Key: recordKey(id),
        UpdateExpression: 'SET revokedAt = :at, revokedBy = :by',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(revokedAt)',
        ExpressionAttributeValues: { ':at': at, ':by': by },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return clean<B2bLinkRecord>(out.Attributes ?? {});
  } catch (e) {
    if (isConditionFailed(e)) return undefined;
    throw e;
  }
}

/** Query gsi2 B2BLINKS#brand#retailer (case links: CASELINKS#…) newest first, one page; `activeAt`: only links neither revoked nor expired then. */
export async function pageLinks(brand: string, retailer: string, r: { limit: number; cursor?: string; activeAt?: string; scope?: 'cases' }): Promise<PagedResult<B2bLinkRecord>> {
  const out = await queryPage<Record<string, unknown>>({
    sources: [gsi2Partition(listPk(brand, retailer, r.scope))],
    ascending: false,
    limit: r.limit,
    cursor: r.cursor,
    ...(r.activeAt
      ? { filter: { expression: 'attribute_not_exists(revokedAt) AND linkExpiresAt > :now', values: { ':now': r.activeAt } }, evaluateBudget: r.limit * 10 }
      : {}),
  });
  return { ...out, items: out.items.map((i) => clean<B2bLinkRecord>(i)) };
}
