/**
 * Failed deliveries (docs/operations.md): what reaches the failure queue, read into one shape.
 *  - A Lambda destination record: an asynchronous invocation (an S3 notification of a robot drop
 *    or a basket export's request) that failed every try (`requestContext.condition`
 *    RetriesExhausted) or was too old to run (EventAgeExceeded). It carries the original event.
 *  - An EventBridge dead letter: a schedule whose target (the reports state machine) could not be
 *    started; the body is the target's input, the reason in the message attributes.
 * Pure: no I/O, so the recorder, the redrive and the tests read a message the same way.
 */
import { createHash } from 'node:crypto';
import type { FailureSource } from '../../../shared/constants';

export { FAILURE_SOURCES, type FailureSource } from '../../../shared/constants';

/** The Lambda destination record of a failed asynchronous invocation (the parts we read). */
export interface LambdaDestinationRecord {
  version?: string;
  timestamp?: string;
  requestContext: { requestId?: string; functionArn: string; condition?: string; approximateInvokeCount?: number };
  requestPayload: unknown;
  responseContext?: { statusCode?: number; functionError?: string };
  responsePayload?: { errorMessage?: string; errorType?: string } | string | null;
}

export interface FailedDelivery {
  id: string;
  source: FailureSource;
  /** The function (Lambda) or state machine the event was for; a redrive sends it there again. */
  targetArn: string;
  /** What it was about, for people: the S3 key(s), or the job and its scheduled time. */
  subject: string;
  reason: string;
  /** Tries of this delivery (Lambda's approximate invoke count; 1 for a dead letter). */
  tries: number;
  failedAt: string;
  /** The original event, to send again; absent when it was too large to keep. */
  payload?: string;
}

/** A payload kept to redrive it: DynamoDB items hold 400 KB, S3 events are ~1.5 KB each. */
export const MAX_PAYLOAD_CHARS = 200_000;

const decodeS3Key = (key: string) => {
  try {
    return decodeURIComponent(key.replace(/\+/g, ' '));
  } catch {
    return key;
  }
};

interface S3RecordLike {
  s3?: { object?: { key?: unknown; eTag?: unknown } };
}

/** An S3 notification's objects as `key@etag`, one per line (the subject of an S3-triggered delivery). */
export function s3Subject(event: unknown): string | undefined {
  const records = (event as { Records?: unknown } | null)?.Records;
  if (!Array.isArray(records) || !records.length) return undefined;
  const parts = (records as S3RecordLike[]).map((r) => (typeof r.s3?.object?.key === 'string' ? `${decodeS3Key(r.s3.object.key)}@${String(r.s3.object.eTag ?? '')}` : undefined));
  return parts.every(Boolean) ? parts.join('\n') : undefined;
}

/**
 * The id of a delivery: the same source and subject are one failed delivery, however often they
 * fail. Starts with a letter (a command-line argument, `--id <id>`, must not start with a dash).
 */
export const failureId = (source: FailureSource, subject: string): string =>
  'd' + createHash('sha256').update(`${source}\n${subject}`).digest('base64url').slice(0, 21);

/** `{ source: arn }` of the asynchronously invoked functions (env ASYNC_FUNCTIONS, set by infra and the local stack). */
export function sourceOfArn(arn: string, functions: Partial<Record<FailureSource, string>>): FailureSource {
  const bare = arn.split(':').slice(0, 7).join(':');
  for (const [source, fnArn] of Object.entries(functions) as [FailureSource, string][]) if (fnArn.split(':').slice(0, 7).join(':') === bare) return source;
  return 'unknown';
}

function reasonOf(r: LambdaDestinationRecord): string {
  const p = r.responsePayload;
  const message = typeof p === 'string' ? p : p?.errorMessage;
  const type = typeof p === 'object' && p ? p.errorType : undefined;
  if (r.requestContext.condition === 'EventAgeExceeded') return `Not run: the event waited longer than its maximum age${message ? ` (${message})` : ''}.`;
  if (!message) return `Failed ${r.requestContext.approximateInvokeCount ?? 'several'} times (${r.requestContext.condition ?? 'no reason given'}).`;
  return type && !message.startsWith(type) ? `${type}: ${message}` : message;
}

/** A Lambda destination record read as a failed delivery. */
export function fromDestinationRecord(r: LambdaDestinationRecord, functions: Partial<Record<FailureSource, string>>): FailedDelivery {
  const source = sourceOfArn(r.requestContext.functionArn, functions);
  const payload = JSON.stringify(r.requestPayload ?? null);
  const subject = s3Subject(r.requestPayload) ?? `payload ${createHash('sha256').update(payload).digest('hex').slice(0, 12)}`;
  return {
    id: failureId(source, subject),
    source,
    targetArn: r.requestContext.functionArn,
    subject,
    reason: reasonOf(r).slice(0, 2000),
    tries: r.requestContext.approximateInvokeCount ?? 1,
    failedAt: r.timestamp && !Number.isNaN(Date.parse(r.timestamp)) ? new Date(r.timestamp).toISOString() : new Date().toISOString(),
    ...(payload.length <= MAX_PAYLOAD_CHARS ? { payload } : {}),
  };
}

/** An EventBridge dead letter (a scheduled job whose state machine could not be started). */
export function fromDeadLetter(body: string, attributes: Record<string, string | undefined>, sentAt: string): FailedDelivery {
  let input: { job?: unknown; time?: unknown } = {};
  try {
    input = JSON.parse(body) as typeof input;
  } catch {
    // Not JSON: kept as it is, shown by its hash.
  }
  const subject = typeof input.job === 'string' ? `${input.job} ${typeof input.time === 'string' ? input.time : ''}`.trim() : `payload ${createHash('sha256').update(body).digest('hex').slice(0, 12)}`;
  const source: FailureSource = typeof input.job === 'string' ? 'scheduled-report' : 'unknown';
  const code = attributes.ERROR_CODE;
  const message = attributes.ERROR_MESSAGE;
  return {
    id: failureId(source, subject),
    source,
    targetArn: attributes.TARGET_ARN ?? '',
    subject,
    reason: (code || message ? [code, message].filter(Boolean).join(': ') : 'The schedule could not start its job.').slice(0, 2000),
    tries: Number(attributes.RETRY_ATTEMPTS ?? 0) + 1,
    failedAt: sentAt,
    ...(body.length <= MAX_PAYLOAD_CHARS ? { payload: body } : {}),
  };
}

/** Is this SQS body a Lambda destination record? */
export function isDestinationRecord(v: unknown): v is LambdaDestinationRecord {
  const r = v as Partial<LambdaDestinationRecord> | null;
  return !!r && typeof r === 'object' && typeof r.requestContext?.functionArn === 'string' && 'requestPayload' in r;
}
