import { route } from '../../shared/routes/robot-health';
import { httpHandler } from '../http';
import { countGsi1, pageRobots, ROBOTS_PK } from './health.repo';
import { toRobotView } from './present';

/** Every robot (a retailer and a robot type that dropped a file) with its schedule, the stalest first, a page at a time. */
export const handler = httpHandler(route('listRobots'), async ({ query }) => {
  const [page, total] = await Promise.all([pageRobots({ limit: query.limit, cursor: query.cursor }), countGsi1(ROBOTS_PK)]);
  return { data: page.items.map(toRobotView), totalCount: total, nextCursor: page.nextCursor ?? null };
});
