import { PO_MSG } from '../../../shared/messages';

/** Thrown for failures worth retrying (the state machine's Retry matches this name). */
export class TransientError extends Error {
  override name = 'TransientError';
}

/** Thrown when the file cannot be approved as it is (no retry). */
export class NotApprovableError extends Error {
  override name = 'NotApprovableError';
}

/** AWS SDK v3 marks throttling and server errors `$retryable`; those become TransientError. */
export function asTransient(e: unknown): unknown {
  const err = e as { $retryable?: unknown; $metadata?: { httpStatusCode?: number }; name?: string; message?: string };
  if (err && (err.$retryable || (err.$metadata?.httpStatusCode ?? 0) >= 500 || err.name === 'TimeoutError')) {
    return new TransientError(err.message ?? String(e));
  }
  return e;
}

/** Run a task body, turning retryable SDK errors into TransientError. */
export async function taskBody<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    throw asTransient(e);
  }
}

/** The reason shown to the admin: the task's own message when it has one. */
export function failureReason(error: { Error?: string; Cause?: string } | undefined): string {
  const cause = error?.Cause ?? '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: string };
    if (parsed.errorMessage) return parsed.errorMessage;
  } catch {
    /* not JSON */
  }
  return cause || error?.Error || PO_MSG.notProcessed;
}
