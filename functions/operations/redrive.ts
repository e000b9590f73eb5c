/**
 * Sending a failed delivery again (docs/operations.md "Redrive"), shared by the post office's Retry
 * and `npm run redrive`: the failure is taken (`open` → `redriving`, one caller wins), then its
 * original event goes back where it failed:
 *  - a function (robot ingest, basket or tab export): invoked asynchronously again with the same event; it
 *    runs with its usual tries, resolves the failure when it succeeds (the ingest and the export
 *    call `resolveFailure`) and, failing again, comes back through the failure queue as `open`.
 *    The ingest files an object once (its File id derives from key and ETag), so a redrive of an
 *    event that did get through after all changes nothing.
 *  - a schedule's state machine (the scheduled reports): started again with the job's input; the
 *    start was what failed, so an accepted start resolves it (the job's own per-brand outcome is
 *    recorded as every run's is, and sends nothing twice).
 */
import { ConflictError, NotFoundError } from '../lib/http/errors';
import { invokeAsync } from '../lib/invoke';
import { type FailureSource } from './domain/failures';
import { getFailure, releaseRedrive, resolveFailure, takeForRedrive, type FailureRecord } from './failures.repo';

export const REDRIVE_MSG = {
  notFound: 'This failed delivery was not found.',
  notOpen: 'This delivery is already being retried or has succeeded since.',
  notKept: 'This event was too large to keep, so it cannot be sent again from here: drop the file again.',
  sent: 'Sent again. The post office shows the outcome when it has run.',
  started: 'Started again.',
} as const;

/** Sources whose redrive is done once the target accepted the event (nothing runs after that to resolve it). */
const RESOLVED_ON_ACCEPT: ReadonlySet<FailureSource> = new Set(['scheduled-report', 'unknown']);

export async function redriveFailure(id: string, by: string): Promise<{ message: string; failure: FailureRecord }> {
  const taken = await takeForRedrive(id, by);
  if (!taken) {
    const current = await getFailure(id);
    if (!current) throw new NotFoundError(REDRIVE_MSG.notFound);
    throw new ConflictError(REDRIVE_MSG.notOpen);
  }
  if (taken.payload === undefined || !taken.targetArn) {
    await releaseRedrive(id);
    throw new ConflictError(REDRIVE_MSG.notKept);
  }
  try {
    await invokeAsync(taken.targetArn, JSON.parse(taken.payload));
  } catch (e) {
    await releaseRedrive(id);
    throw e;
  }
  if (RESOLVED_ON_ACCEPT.has(taken.source)) {
    await resolveFailure(taken.source, taken.subject);
    return { message: REDRIVE_MSG.started, failure: (await getFailure(id)) ?? taken };
  }
  return { message: REDRIVE_MSG.sent, failure: (await getFailure(id)) ?? taken };
}
