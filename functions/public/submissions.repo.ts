/**
 * Submissions of the public forms, stored once per client request id: `<KIND>#<id>` / `<KIND>`
 * (KIND: DEMO for demo requests, BUGREPORT for bug reports; id: a hash of the request id), and
 * listed newest first on gsi1 `<KIND>S` (gsi1sk `<createdAt>#<id>`). The item is also the
 * idempotency claim: put (conditional) with status `sending` before the email goes out, `sent`
 * with the message id after; a failed send deletes it, so the same request may be tried again.
 * A `fingerprint` (a hash of what only that client sent) tells a retry from another request that
 * reuses the id.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../lib/clients/dynamodb';
import { isConditionFailed, table } from '../lib/table';

export type SubmissionKind = 'DEMO' | 'BUGREPORT';
/** What a form stores: its id, the fingerprint of the request, when, and the form's fields. */
export type NewSubmission = { _id: string; fingerprint: string; createdAt: string } & Record<string, unknown>;
export type Submission = NewSubmission & { status: 'sending' | 'sent'; messageId?: string | null };

/** The stored id of a client's request id (bounded, no client text in keys). */
export const submissionId = (requestId: string) => createHash('sha256').update(requestId).digest('base64url').slice(0, 22);
export const fingerprintOf = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url');
const keyOf = (kind: SubmissionKind, id: string) => ({ pk: `${kind}#${id}`, sk: kind });

/** GetItem <KIND>#<id> (consistent). */
export async function getSubmission(kind: SubmissionKind, id: string): Promise<Submission | undefined> {
  const out = await ddb.send(new GetCommand({ TableName: table.name, Key: keyOf(kind, id), ConsistentRead: true }));
  return out.Item as Submission | undefined;
}

/** PutItem <KIND>#<id> if absent (status sending): true when claimed, false when that id exists. */
export async function claimSubmission(kind: SubmissionKind, record: NewSubmission): Promise<boolean> {
  try {
    await ddb.send(
      new PutCommand({
        TableName: table.name,
        Item: { ...keyOf(kind, record._id), entity: kind === 'DEMO' ? 'DemoRequest' : 'BugReport', gsi1pk: `${kind}S`, gsi1sk: `${record.createdAt}#${record._id}`, ...record, status: 'sending' },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (e) {
    if (isConditionFailed(e)) return false;
    throw e;
  }
}

/** UpdateItem <KIND>#<id>: the email went out. */
export async function markSubmissionSent(kind: SubmissionKind, id: string, messageId: string | null): Promise<void> {
  await ddb.send(
    new UpdateCommand({
      TableName: table.name,
      Key: keyOf(kind, id),
      UpdateExpression: 'SET #s = :sent, messageId = :m, sentAt = :at',
      ExpressionAttributeNames: { '#s': 'status' },
      ExpressionAttributeValues: { ':sent': 'sent', ':m': messageId, ':at': new Date().toISOString() },
    }),
  );
}

/** DeleteItem <KIND>#<id> while still `sending`: the send failed, the request may be tried again. */
export async function releaseSubmission(kind: SubmissionKind, id: string): Promise<void> {
  await ddb
    .send(
      new DeleteCommand({
        TableName: table.name,
        Key: keyOf(kind, id),
        ConditionExpression: '#s = :sending',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':sending': 'sending' },
      }),
    )
    .catch((e: unknown) => {
      if (!isConditionFailed(e)) throw e;
    });
}
