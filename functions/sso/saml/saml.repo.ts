/**
 * A SAML sign-in's one-time facts in the table (issue 26), each with a TTL:
 * - `SAMLREQ#<brand>#<request id>` / `REQ`: an AuthnRequest this brand sent, until its answer
 *   (10 minutes), with the hash of the binder cookie of the browser that started it (../binder.ts);
 *   it is read and removed only for that browser (a conditional delete on the hash), so one answer
 *   of that browser takes it, and an answer posted from another browser neither signs in nor
 *   spends it (node-saml removes the request on any refused answer);
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

/**
 * The stores of one request's browser: `binders` are the hashes of its binder cookies (../binder.ts;
 * at /sso/start the new one). A request of another browser is no request here (`otherBrowser` then
 * says so, for the log and the message); `binderHash` is the one its request was kept with.
 */
export function samlStores(binders: readonly string[]): SamlStores & { otherBrowser: boolean; binderHash?: string } {
  const values = Object.fromEntries(binders.map((h, i) => [`:b${i}`, h]));
  const stores = {
    otherBrowser: false,
    binderHash: undefined as string | undefined,
    async saveRequest(brandId: string, requestId: string, instant: string) {
      await ddb.send(new PutCommand({ TableName: table.name, Item: { ...requestKey(brandId, requestId), entity: 'SamlRequest', instant, binderHash: binders[0], [table.ttl]: epoch(Date.now()) + REQUEST_SECONDS } }));
    },
    async getRequest(brandId: string, requestId: string) {
      const out = await ddb.send(new GetCommand({ TableName: table.name, Key: requestKey(brandId, requestId), ConsistentRead: true }));
      const item = out.Item as { instant?: string; binderHash?: string; [k: string]: unknown } | undefined;
      // TTL deletion is lazy: an expired item is no request.
      if (!item?.instant || Number(item[table.ttl]) <= epoch(Date.now())) return null;
      if (!item.binderHash || !binders.includes(item.binderHash)) {
        stores.otherBrowser = true;
        return null;
      }
      stores.binderHash = item.binderHash;
      return item.instant;
    },
    async takeRequest(brandId: string, requestId: string) {
      if (!binders.length) return false;
      try {
        await ddb.send(
          new DeleteCommand({ TableName: table.name, Key: requestKey(brandId, requestId), ConditionExpression: `attribute_exists(pk) AND binderHash IN (${Object.keys(values).join(', ')})`, ExpressionAttributeValues: values }),
        );
        return true;
      } catch (e) {
        if (isConditionFailed(e)) return false;
        throw e;
      }
    },
    takeAssertion(assertionId: string, until: Date) {
      return putOnce({ pk: `SAMLASSERTION#${assertionId}`, sk: 'ASSERTION', entity: 'SamlAssertion', [table.ttl]: epoch(until.getTime()) + 60 });
    },
  };
  return stores;
}
