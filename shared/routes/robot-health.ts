/** Robot health in the post office (issue 25; ours): this resource's part of the route table (shared/routes.ts aggregates it). */
import { robotHealthQuery, robotPath, robotScheduleBody } from '../schemas/robot-health';
import { r, routeIn, type RouteDef } from './define';

const notInSpec = 'Robot health (issue 25): a robot that stops, thins out or breaks is seen in the post office before a brand reads a product as removed where only the robot failed.';

export const robotHealthRoutes = [
  r({ id: 'getRobotHealth', method: 'GET', path: '/robotHealth', handler: 'functions/robot-health/get-health.ts', access: 'admin', grants: ['table:read'], query: robotHealthQuery, notInSpec }),
  r({ id: 'listRobots', method: 'GET', path: '/robots', handler: 'functions/robot-health/list-robots.ts', access: 'admin', grants: ['table:read'], query: robotHealthQuery, notInSpec }),
  r({ id: 'updateRobotSchedule', method: 'PUT', path: '/robots/{retailerId}/{type}', handler: 'functions/robot-health/update-schedule.ts', access: 'admin', grants: ['table:read', 'table:write'], params: robotPath, body: robotScheduleBody, notInSpec }),
] as const satisfies readonly RouteDef[];

/** One route of this file by id: what a handler of this resource imports (not the whole table). */
export const route = routeIn(robotHealthRoutes);
