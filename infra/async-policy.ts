/**
 * How an asynchronously invoked function is retried before its event goes to the failure queue
 * (docs/operations.md): read by the CDK constructs (each function's event invoke config) and by the
 * local stack, which runs the same number of tries before it records the failure the same way.
 */
import { ASYNC_RETRY_ATTEMPTS } from '../shared/constants';

export const ASYNC_INVOKE = {
  /** Lambda's retries after the first try (0–2): three tries in all. */
  retryAttempts: ASYNC_RETRY_ATTEMPTS,
  /** An event older than this is not run again but sent to the failure queue. */
  maxEventAgeHours: 6,
  /** The failure queue keeps a message this long (SQS's most). */
  retentionDays: 14,
  /** Receives of a failure-queue message before it goes to the recorder's dead-letter queue. */
  recorderMaxReceives: 5,
} as const;
