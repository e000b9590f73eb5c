/**
 * Robot health in the post office (issue 25; ours): the open problems (GET /robotHealth), the
 * robots with their schedules (GET /robots), both a page at a time by cursor ('Show more' asks for
 * the next page with the last one's `nextCursor`), and a robot's schedule (PUT /robots/{retailerId}/{type}).
 */
import useSWRInfinite from 'swr/infinite';
import useSWRMutation from 'swr/mutation';
import type { ResponseOf } from '@shared/routes/responses';
import type { RobotType } from '@shared/robot-columns';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

export const ROBOT_HEALTH_KEY = 'robot-health';
/** Problems a page: the panel sits above the files, so a few at a time (most days there are none). */
export const PROBLEMS_PAGE = 10;
/** Robots a page. */
export const ROBOTS_PAGE = 25;

export type RobotHealthPage = ResponseOf<'getRobotHealth'>;
export type RobotsPage = ResponseOf<'listRobots'>;
export type RobotProblem = RobotHealthPage['data'][number];
export type Robot = RobotsPage['data'][number];

type Cursored = { nextCursor: string | null };
/** The key of page `index` of a cursor-paged list: none after the last page. */
const pageKey =
  (list: string) =>
  (index: number, previous: Cursored | null): readonly [string, string, string | undefined] | null =>
    previous && !previous.nextCursor ? null : [ROBOT_HEALTH_KEY, list, index === 0 ? undefined : previous!.nextCursor!];

const queryOf = (limit: number, cursor: string | undefined) => ({ limit, ...(cursor ? { cursor } : {}) });

/** The open problems, oldest first; `setSize(size + 1)` loads the next page. */
export function useRobotProblems() {
  return useSWRInfinite(pageKey('problems'), ([, , cursor]) => api('getRobotHealth', { query: queryOf(PROBLEMS_PAGE, cursor) }), { revalidateFirstPage: false });
}

/** Every robot with its schedule, the stalest first; only while `enabled` (the disclosure is open). */
export function useRobots(enabled: boolean) {
  return useSWRInfinite((index, previous: RobotsPage | null) => (enabled ? pageKey('robots')(index, previous) : null), ([, , cursor]) => api('listRobots', { query: queryOf(ROBOTS_PAGE, cursor) }), {
    revalidateFirstPage: false,
  });
}

export interface ScheduleChange {
  retailerId: string;
  type: RobotType;
  /** Days between two files; null: back to the default. */
  cadenceDays: number | null;
}

/** Sets (or resets) a robot's schedule; the answer holds the robot as it now is. */
export function useUpdateRobotSchedule() {
  return useSWRMutation(
    [ROBOT_HEALTH_KEY, 'schedule'] as const,
    (_key, { arg }: { arg: ScheduleChange }) => api('updateRobotSchedule', { params: { retailerId: arg.retailerId, type: arg.type }, body: { cadenceDays: arg.cadenceDays } }),
    MUTATION_OPTIONS,
  );
}
