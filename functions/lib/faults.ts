/**
 * Test-only fault injection, for the suites that prove a retried step completes. Off unless the
 * process was started with FAULT_INJECTION=1 (the test stack sets it; nothing else does); then a
 * point fails ONCE for each subject (an S3 key) that names it as `fail-once-<point>`, and THREE
 * times (every try of an asynchronous invocation: docs/operations.md) for `fail-thrice-<point>`.
 */
export type FaultPoint = 'start-approval' | 'alert-email' | 'notification' | 'user-email' | 'report-email' | 'ingest' | 'tab-export';

const spent = new Map<string, number>();

/** Throws the first time (or the first three times) `point` is reached for a subject naming it, when fault injection is on. */
export function faultPoint(point: FaultPoint, subject: string): void {
  if (process.env.FAULT_INJECTION !== '1') return;
  const times = subject.includes(`fail-thrice-${point}`) ? 3 : subject.includes(`fail-once-${point}`) ? 1 : 0;
  if (!times) return;
  const key = `${point}\n${subject}`;
  const n = spent.get(key) ?? 0;
  if (n >= times) return;
  spent.set(key, n + 1);
  throw new Error(`Injected fault: ${point}`);
}
