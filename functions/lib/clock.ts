/**
 * The time the robot-file pipeline stamps on what it records: a file's arrival (`createdAt`), its
 * approval (`approvedAt`, the periods' and scan infos' `approvedDate`, the activity log) and the
 * notifications about them. The wall clock, except while the local demo seed replays a month of
 * scans (infra/local/demo-seed.ts): it sets a clock that runs from a day or two after each scan
 * date, so the same pipeline code approves the demo month on realistic dates. Nothing in AWS sets it.
 */
let clock: (() => Date) | undefined;

/** Now, as the pipeline records it. */
export const pipelineNow = (): Date => clock?.() ?? new Date();

/** `pipelineNow()` as an ISO string. */
export const pipelineNowIso = (): string => pipelineNow().toISOString();

/**
 * Run the pipeline on a clock that starts at `start` and runs at the wall clock's pace, never
 * ahead of the wall clock (undefined: the wall clock again). Local seeding only.
 */
export function setPipelineClock(start: Date | undefined): void {
  if (!start) {
    clock = undefined;
    return;
  }
  const offset = start.getTime() - Date.now();
  clock = () => new Date(Date.now() + Math.min(0, offset));
}
