/**
 * Test-only fault injection, for the suites that prove a retried step completes. Off unless the
 * process was started with FAULT_INJECTION=1 (the test stack sets it; nothing else does); then a
 * point fails ONCE for each subject (an S3 key) that names it as `fail-once-<point>`.
 */
export type FaultPoint = 'start-approval' | 'alert-email' | 'notification' | 'user-email' | 'report-email';

const spent = new Set<string>();

/** Throws the first time `point` is reached for a subject naming it, when fault injection is on. */
export function faultPoint(point: FaultPoint, subject: string): void {
  if (process.env.FAULT_INJECTION !== '1' || !subject.includes(`fail-once-${point}`)) return;
  const key = `${point}\n${subject}`;
  if (spent.has(key)) return;
  spent.add(key);
  throw new Error(`Injected fault: ${point}`);
}
