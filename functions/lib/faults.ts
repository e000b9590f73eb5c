/**
 * Test-only fault injection, for the suites that prove a retried step completes. Off unless the
 * process was started with FAULT_INJECTION=1 (the test stack sets it; nothing else does); then a
 * point fails ONCE for each subject (an S3 key) that names it as `fail-once-<point>`, and THREE
 * times (every try of an asynchronous invocation: docs/operations.md) for `fail-thrice-<point>`.
 */
export type FaultPoint = 'start-approval' | 'alert-email' | 'notification' | 'user-email' | 'report-email' | 'ingest' | 'stage-state-upload' | 'tab-export' | 'permissions-export' | 'contacts-export' | 'case-activity-export' | 'export-finish' | 'upload-read' | 'robot-health' | 'robot-alert-email';

const spent = new Map<string, number>();

/** Whether `point` fails now for `subject` (counted as spent), when fault injection is on. */
function faultDue(point: FaultPoint, subject: string): boolean {
  if (process.env.FAULT_INJECTION !== '1') return false;
  const times = subject.includes(`fail-thrice-${point}`) ? 3 : subject.includes(`fail-once-${point}`) ? 1 : 0;
  if (!times) return false;
  const key = `${point}\n${subject}`;
  const n = spent.get(key) ?? 0;
  if (n >= times) return false;
  spent.set(key, n + 1);
  return true;
}

/** How many times `point` has failed in this process (for the tests that check a fault did happen). */
export function faultsInjected(point: FaultPoint): number {
  let n = 0;
  for (const [key, times] of spent) if (key.startsWith(`${point}\n`)) n += times;
  return n;
}

/** A body read short by its last byte, as a connection cut early would leave it, the first time (or three times) for a subject naming `point`. */
export function faultShort(point: FaultPoint, subject: string, body: Uint8Array): Uint8Array {
  return body.length && faultDue(point, subject) ? body.subarray(0, body.length - 1) : body;
}

/** Throws the first time (or the first three times) `point` is reached for a subject naming it, when fault injection is on. */
export function faultPoint(point: FaultPoint, subject: string): void {
  if (faultDue(point, subject)) throw new Error(`Injected fault: ${point}`);
}

/** The part of an AWS SDK v3 command this needs: its own middleware stack. */
interface WithMiddleware {
  middlewareStack: { add(middleware: (next: (args: { request: unknown }) => Promise<unknown>) => (args: { request: unknown }) => Promise<unknown>, options: { step: 'finalizeRequest'; priority: 'low'; name: string }): void };
}

/**
 * A dropped connection for an SDK call, once (or three times) for a subject naming `point`: each
 * try of the call (inside the SDK's retries) reads what the request body holds, as a connection
 * that sent it would, then fails as Node does when the peer hangs up ('socket hang up',
 * ECONNRESET), an error the SDK retries. A body that cannot be sent again (a stream) is spent by
 * then. No effect unless fault injection is on.
 */
export function hangUpFault<C>(command: C, point: FaultPoint, subject: string): C {
  if (process.env.FAULT_INJECTION !== '1') return command;
  (command as unknown as WithMiddleware).middlewareStack.add(
    (next) => async (args) => {
      if (!faultDue(point, subject)) return next(args);
      const body = (args.request as { body?: unknown }).body;
      if (body && typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function') for await (const _ of body as AsyncIterable<unknown>) void _;
      throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
    },
    { step: 'finalizeRequest', priority: 'low', name: `fault-${point}` },
  );
  return command;
}
