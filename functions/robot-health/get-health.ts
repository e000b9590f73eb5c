import { route } from '../../shared/routes/robot-health';
import { httpHandler } from '../http';
import { countGsi1, getLastCheck, pageProblems, PROBLEMS_PK } from './health.repo';
import { toProblemView } from './present';

/** The post office's Robot Health panel: the open problems, oldest first, a page at a time; their count; the last daily check. */
export const handler = httpHandler(route('getRobotHealth'), async ({ query }) => {
  const [page, total, check] = await Promise.all([pageProblems({ limit: query.limit, cursor: query.cursor }), countGsi1(PROBLEMS_PK), getLastCheck()]);
  return { data: page.items.map(toProblemView), totalCount: total, nextCursor: page.nextCursor ?? null, lastCheckAt: check?.at ?? null };
});
