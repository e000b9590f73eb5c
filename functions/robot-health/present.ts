import { ROBOT_HEALTH_DEFAULTS } from '../../shared/messages/robot-health';
import type { RobotProblemView, RobotView } from '../../shared/schemas/robot-health';
import { expectedBy } from './domain/rules';
import { problemId, type RobotHealthItem, type RobotProblem } from './health.repo';

const fileRef = (f: { _id: string; date: string; rowCount: number } | undefined | null) => (f ? { _id: f._id, date: f.date, rowCount: f.rowCount } : null);

export function toProblemView(p: RobotProblem): RobotProblemView {
  return {
    id: problemId(p),
    retailer: { _id: p.retailer, name: p.retailerName, slug: p.slug },
    type: p.type,
    robot: p.robot,
    kind: p.kind,
    detail: p.detail,
    since: p.since,
    file: fileRef(p.file),
    lastGoodFile: fileRef(p.lastGoodFile),
    notifiedAt: p.notifiedAt ?? null,
  };
}

export function toRobotView(h: RobotHealthItem): RobotView {
  const cadence = h.cadenceDays ?? ROBOT_HEALTH_DEFAULTS.cadenceDays;
  return {
    retailer: { _id: h.retailer, name: h.retailerName, slug: h.slug },
    type: h.type,
    robot: h.robot,
    lastFile: fileRef(h.lastFile),
    lastGoodFile: fileRef(h.lastGoodFile),
    recentRowCounts: h.recentRowCounts,
    cadenceDays: cadence,
    cadenceSet: h.cadenceDays !== undefined,
    expectedBy: h.lastFile ? expectedBy(h.lastFile.date, cadence) : null,
    problems: h.problems,
  };
}
