/**
 * 'Robots and their schedule' (issue 25; ours), a disclosure under the Robot Health panel: every
 * robot (a retailer and a robot type), the stalest first, with its last file, the day its next one
 * is due, its recent row counts and its schedule, which the admin edits here
 * (robot-health-schedule.tsx). Read only once opened, a page at a time ('Show more').
 */
import { useState } from 'react';
import { ROBOT_HEALTH_MSG as M, ROBOT_HEALTH_UI as UI, ROBOT_PROBLEM_LABELS } from '@shared/messages/robot-health';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { formatCount, formatDate } from '../../../lib/format';
import { useRobots, type Robot, type RobotsPage } from '../api/robot-health';
import { CardTable, fileText, RobotName } from './robot-health-cells';
import { RobotSchedule } from './robot-health-schedule';

const robotKey = (r: Pick<Robot, 'retailer' | 'type'>) => `${r.retailer._id}#${r.type}`;

function Robots() {
  const robots = useRobots(true);
  const pages = robots.data;
  const rows = pages?.flatMap((p) => p.data) ?? [];
  const more = !!pages?.at(-1)?.nextCursor;
  const loadingMore = robots.isValidating && robots.size > (pages?.length ?? 0);

  /** The robot as the server now holds it (after a schedule change), in the pages shown: no page is read again. */
  const replace = (robot: Robot) =>
    void robots.mutate((all?: RobotsPage[]) => all?.map((page) => ({ ...page, data: page.data.map((r) => (robotKey(r) === robotKey(robot) ? robot : r)) })), { revalidate: false });

  if (!pages) return robots.error ? <p className="rh-panel__empty">{UI.robotsLoadFailed}</p> : <Spinner label={UI.loading} />;
  if (rows.length === 0) return <p className="rh-panel__empty">{M.noRobots}</p>;
  return (
    <>
      <p className="rh-panel__hint">
        {UI.robotsCount(pages[0]!.totalCount)}. {UI.robotsHint}
      </p>
      <CardTable label={M.robotsTitle} className="rh-robots" columns={[UI.columns.retailer, UI.columns.robot, UI.columns.lastFile, UI.columns.expectedBy, UI.columns.recentRows, UI.columns.schedule]}>
        {rows.map((r) => (
          <tr role="row" key={robotKey(r)} data-robot={robotKey(r)}>
            <td role="cell" className="rh-problem__retailer">{r.retailer.name}</td>
            <td role="cell" className="rh-robot">
              <RobotName type={r.type} robot={r.robot} />
              {r.problems.length ? (
                <span className="rh-robot__problems">
                  {r.problems.map((k) => (
                    <span key={k} className={`rh-kind rh-kind--${k}`}>
                      {ROBOT_PROBLEM_LABELS[k]}
                    </span>
                  ))}
                </span>
              ) : null}
            </td>
            <td role="cell" className="rh-nowrap" data-label={UI.columns.lastFile}>
              {fileText(r.lastFile)}
            </td>
            <td role="cell" className="rh-nowrap" data-label={UI.columns.expectedBy}>
              {formatDate(r.expectedBy)}
            </td>
            <td role="cell" className="rh-counts" data-label={UI.columns.recentRows}>
              {r.recentRowCounts.length ? r.recentRowCounts.map(formatCount).join(' · ') : UI.noRecentRows}
            </td>
            <td role="cell" className="rh-robots__schedule">
              {/* Keyed by the schedule held: a saved change starts the field again from the server's value. */}
              <RobotSchedule key={`${r.cadenceDays}:${String(r.cadenceSet)}`} robot={r} onSaved={replace} />
            </td>
          </tr>
        ))}
      </CardTable>
      {more ? (
        <p className="rh-more">
          <Button variant="outline" size="sm" busy={loadingMore} onClick={() => void robots.setSize(robots.size + 1)}>
            {UI.showMore}
          </Button>
        </p>
      ) : null}
    </>
  );
}

export function RobotHealthRobots() {
  const [open, setOpen] = useState(false);
  return (
    <details className="rh-robots-box" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="rh-robots-box__summary">{M.robotsTitle}</summary>
      {open ? <Robots /> : null}
    </details>
  );
}
