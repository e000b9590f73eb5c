/**
 * Robot health (issue 25): the health kept per robot at ingest, its problems and the daily check.
 * The public surface of functions/robot-health/: other features import only this file. Tests and
 * the demo seed write robot states through `changeRobot` and run `checkRobots` for a day: e.g.
 * `changeRobot(retailer, 'product', () => ({ health: { retailer, retailerName, slug, type: 'product', robot, lastFile, recentRowCounts: [] }, put: [problem], close: [] }))`
 * opens `problem` (a RobotProblem); test/integration/robot-health.test.ts drops real files instead.
 */
export { checkRobots, recordRobotFile, settleDecidedFile, type CheckResult, type FileHealthFacts } from './service';
export { EmptyCellCounter } from './domain/rules';
export { changeRobot, deleteRobot, forgetRobotsOf, getLastCheck, getRobotHealth, listRobotProblemsOf, type RobotHealthItem, type RobotProblem } from './health.repo';
