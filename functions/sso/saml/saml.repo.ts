/**
 * A SAML sign-in's one-time facts in the table (issue 26), each with a TTL:
 * - `SAMLREQ#<brand>#<request id>` / `REQ`: an AuthnRequest this brand sent, until its answer
 *   (10 minutes); removed by a conditional delete, so one answer takes it;
 * - `SAMLASSERTION#<assertion id>` / `ASSERTION`: an accepted assertion, until its NotOnOrAfter; put
 *   on condition it is absent, so a replay is refused.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../../lib/clients/dynamodb';
import { isConditionFailed, table } from '../../lib/table';
import type { SamlStores } from './saml';

const REQUEST_SECONDS = 10 * 60;
const requestKey = (brandId: string, id: string) => ({ pk: `SAMLREQ#${brandId}#${id}`, sk: 'REQ' });
const epoch = (ms: number) => Math.floor(ms / 1000);

async function putOnce(item: Record<string, unknown>): Promise<boolean> {
  try {
    await ddb.send(new PutCommand({ TableName: table.name, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

export const samlStores: SamlStores = {
  async saveRequest(brandId, requestId, instant) {
    await ddb.send(new PutCommand({ TableName: table.name, Item: { ...requestKey(brandId, requestId), entity: 'SamlRequest', instant, [table.ttl]: epoch(Date.now()) + REQUEST_SECONDS } }));
  },
  async getRequest(brandId, requestId) {
    const out = await ddb.send(new GetCommand({ TableName: table.name, Key: requestKey(brandId, requestId), ConsistentRead: true }));
    const item = out.Item as { instant?: string; [k: string]: unknown } | undefined;
    // TTL deletion is lazy: an expired item is no request.
    if (!item?.instant || Number(item[table.ttl]) <= epoch(Date.now())) return null;
    return item.instant;
  },
  async takeRequest(brandId, requestId) {
    try {
      await ddb.send(new DeleteCommand({ TableName: table.name, Key: requestKey(brandId, requestId), ConditionExpression: 'attribute_exists(pk)' }));
      return true;
    } catch (e) {
      if (isConditionFailed(e)) return false;
      throw e;
    }
  },
  takeAssertion(assertionId, until) {
    return putOnce({ pk: `SAMLASSERTION#${assertionId}`, sk: 'ASSERTION', entity: 'SamlAssertion', [table.ttl]: epoch(until.getTime()) + 60 });
  },
};
