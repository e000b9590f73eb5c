/**
 * Emails sent to a retailer's contacts (000 §3 Email history: _id, subject, createdAt,
 * htmlResponse), kept per brand + retailer, newest first:
 * - EMAILS#<brandId>#<retailerId> / <createdAt>#<id>
 * - EMAILCOUNT#<brandId>#<retailerId> / COUNT: how many, kept on write (EMAIL HISTORY's page count)
 * The id is the send's idempotency key: a retried record writes nothing twice (nor counts twice).
 */
import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { queryPage, type PagedResult } from '../lib/paged-query';
import { clean, failedConditions, table } from '../lib/table';

export interface EmailHistoryRecord {
  _id: string;
  subject: string;
  createdAt: string;
  /** The sanitised HTML body as sent. */
  htmlResponse: string;
  brand: string;
  retailer: string;
  /** The scan info (retailer_brand_scraping) the email was sent from. */
  retailerBrandScraping: string;
  /** User id of the sender. */
  sentBy: string;
  to: string[];
  cc: string[];
  bcc: string[];
  /** What the email is about: 'brand' (a brand-profile flag) or 'product'. */
  source: string;
  /** Product scraping ids, unless source is brand. */
  products: string[];
  /** File names of the attachments. */
  attachments: string[];
  /** SES message id. */
  messageId?: string;
}

const historyPk = (brandId: string, retailerId: string) => `EMAILS#${brandId}#${retailerId}`;
const countKey = (brandId: string, retailerId: string) => ({ pk: `EMAILCOUNT#${brandId}#${retailerId}`, sk: 'COUNT' });

/** TransactWriteItems: Put EMAILS#brand#retailer / createdAt#id (condition: not written yet) + count +1 */
export async function recordEmail(rec: EmailHistoryRecord): Promise<void> {
  try {
    await ddb.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table.name,
              Item: { pk: historyPk(rec.brand, rec.retailer), sk: `${rec.createdAt}#${rec._id}`, entity: 'EmailHistory', ...rec },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: table.name,
              Key: countKey(rec.brand, rec.retailer),
              UpdateExpression: 'ADD #count :one',
              ExpressionAttributeNames: { '#count': 'count' },
              ExpressionAttributeValues: { ':one': 1 },
            },
          },
        ],
      }),
    );
  } catch (e) {
    if (!failedConditions(e)?.includes(0)) throw e;
  }
}

/** GetItem EMAILCOUNT#brand#retailer / COUNT (consistent): the retailer's emails, kept on write */
export async function countEmailHistory(brandId: string, retailerId: string): Promise<number> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: countKey(brandId, retailerId), ConsistentRead: true }));
  return Math.max(0, Number(out.Item?.count ?? 0));
}

/** Query EMAILS#brand#retailer newest first: one page */
export async function pageEmailHistory(
  brandId: string,
  retailerId: string,
  r: { limit: number; cursor?: string; skip?: number },
): Promise<PagedResult<EmailHistoryRecord>> {
  const out = await queryPage<Record<string, unknown>>({
    sources: [
      {
        partitionKey: 'pk',
        sortKey: 'sk',
        keyAttributes: ['pk', 'sk'],
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': historyPk(brandId, retailerId) },
      },
    ],
    ascending: false,
    ...r,
  });
  return { ...out, items: out.items.map((i) => clean<EmailHistoryRecord>(i)) };
}
