/**
 * The failure queue's consumer (docs/operations.md "Failed deliveries"): each message (a Lambda
 * destination record of an asynchronous invocation that failed every try, or an EventBridge dead
 * letter of a schedule) becomes a failed delivery in the post office, and the first failure of a
 * delivery tells the admins: a notification and one alert email. SQS delivers at least once and
 * this handler may be retried: recording is idempotent per delivery (its id derives from what
 * failed), the notification's id derives from the opening, the email is marked before it is sent.
 * A message that cannot be recorded is reported back (partial batch response): SQS retries it and,
 * after its tries, moves it to the recorder's own dead-letter queue, which alarms.
 */
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { sendEmail } from '../lib/email';
import { env } from '../lib/env';
import { logger } from '../lib/logger';
import { createNotificationRecord } from '../notifications';
import { getSettings } from '../settings';
import { failureAlert } from './alert';
import { fromDeadLetter, fromDestinationRecord, isDestinationRecord, type FailedDelivery, type FailureSource } from './domain/failures';
import { recordFailure, releaseAlert, takeAlert, type FailureRecord } from './failures.repo';

/** `{ source: function ARN }` of the asynchronously invoked functions (infra sets it; so does the local stack). */
export function asyncFunctions(): Partial<Record<FailureSource, string>> {
  try {
    return JSON.parse(process.env.ASYNC_FUNCTIONS ?? '{}') as Partial<Record<FailureSource, string>>;
  } catch {
    return {};
  }
}

/** One SQS message read as a failed delivery. */
export function readMessage(m: Pick<SQSRecord, 'body' | 'messageAttributes' | 'attributes'>): FailedDelivery {
  let parsed: unknown;
  try {
    parsed = JSON.parse(m.body);
  } catch {
    parsed = undefined;
  }
  if (isDestinationRecord(parsed)) return fromDestinationRecord(parsed, asyncFunctions());
  const attrs = Object.fromEntries(Object.entries(m.messageAttributes ?? {}).map(([k, v]) => [k, v.stringValue]));
  const sent = Number(m.attributes?.SentTimestamp);
  return fromDeadLetter(m.body, attrs, Number.isFinite(sent) && sent > 0 ? new Date(sent).toISOString() : new Date().toISOString());
}

async function tellAdmins(rec: FailureRecord): Promise<void> {
  const alert = failureAlert(rec, `${env.appUrl}/admin/post-office`);
  await createNotificationRecord({ subject: `failure:${alert.title}`, retailer: alert.retailer, message: alert.message }, { seenFlag: false, id: `failure-${rec.id}-${rec.opened}` });
  const { emailAlerts } = await getSettings();
  if (!emailAlerts.length || !(await takeAlert(rec.id, rec.opened))) return;
  try {
    await sendEmail({ to: emailAlerts, subject: alert.subject, html: alert.html });
  } catch (e) {
    await releaseAlert(rec.id, rec.opened);
    throw e;
  }
}

export async function handler(event: SQSEvent): Promise<SQSBatchResponse> {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const m of event.Records) {
    try {
      const failure = readMessage(m);
      const { record, opened } = await recordFailure(failure);
      logger.error('delivery failed', { failureId: record.id, source: record.source, subject: record.subject, reason: record.reason, tries: record.tries, opened });
      // Told once per opening; a retried message whose first try recorded it still finishes the telling.
      if (opened || record.alerted === undefined || record.alerted < record.opened) await tellAdmins(record);
    } catch (e) {
      logger.error('could not record a failed delivery', { messageId: m.messageId, error: e as Error });
      batchItemFailures.push({ itemIdentifier: m.messageId });
    }
  }
  return { batchItemFailures };
}
