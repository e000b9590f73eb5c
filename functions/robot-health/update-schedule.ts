import { ROBOT_HEALTH_MSG as M } from '../../shared/messages/robot-health';
import { route } from '../../shared/routes/robot-health';
import { NotFoundError } from '../lib/http/errors';
import { httpHandler } from '../http';
import { setCadence } from './health.repo';
import { toRobotView } from './present';

/** An admin sets how many days apart a robot's files are expected (null: the default); the next daily check reads it. */
export const handler = httpHandler(route('updateRobotSchedule'), async ({ params, body }) => {
  const robot = await setCadence(params.retailerId, params.type, body.cadenceDays);
  if (!robot) throw new NotFoundError(M.robotNotFound);
  return { message: body.cadenceDays === null ? M.scheduleReset : M.scheduleSaved, robot: toRobotView(robot) };
});
