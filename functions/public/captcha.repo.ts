/** Used local captcha challenges: CAPTCHA#<id> / CAPTCHA, put once (conditional), removed by TTL after the challenge expires. */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { isConditionFailed, table } from '../lib/table';

/** PutItem CAPTCHA#<id> if absent: true the first time a challenge is used, false after. */
export async function spendCaptcha(id: string, expiresAt: number): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { pk: `CAPTCHA#${id}`, sk: 'CAPTCHA', entity: 'CaptchaUse', expiresAt: expiresAt + 60 },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}
