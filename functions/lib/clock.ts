/**
 * The time the robot-file pipeline stamps on what it records: a file's arrival (`createdAt`), its
 * approval (`approvedAt`, the periods' and scan infos' `approvedDate`, the activity log) and the
 * notifications about them. The wall clock, except while the local demo seed replays a month of
 * scans (infra/local/demo-seed.ts): it runs each retailer's files on a clock that starts a day or
 * two after the scan date, so the same pipeline code approves the demo month on realistic dates.
 * Nothing in AWS sets it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

type Clock = () => Date;

/** The clock of one chain of work (an ingest and the approvals it starts), so retailers can be filed side by side. */
const scoped = new AsyncLocalStorage<Clock>();

/** Now, as the pipeline records it. */
export const pipelineNow = (): Date => scoped.getStore()?.() ?? new Date();

/** `pipelineNow()` as an ISO string. */
export const pipelineNowIso = (): string => pipelineNow().toISOString();

/** A clock that starts at `start` and runs at the wall clock's pace, never ahead of the wall clock. */
function clockFrom(start: Date): Clock {
  const offset = start.getTime() - Date.now();
  return () => new Date(Date.now() + Math.min(0, offset));
}

/**
 * Run `fn`, and everything it starts (timers, promises, the local approvals), on a clock from
 * `start`; other work meanwhile keeps its own. Undefined: `fn` as it is. Local seeding only.
 */
export function onPipelineClock<T>(start: Date | undefined, fn: () => T): T {
  return start ? scoped.run(clockFrom(start), fn) : fn();
}
