/**
 * The post office's Robot Health panel (issue 25; ours): the robots' open problems (late, thin,
 * broken, stuck), oldest first, with the retailer, the robot, since when, the last good file and
 * why; the count, when the daily check last ran, 'Show more' for the next page. Below it, in a
 * disclosure, every robot with its schedule (robot-health-robots.tsx), read only once opened.
 * On a phone both tables show their rows as cards (robot-health.css); their roles are explicit,
 * so a screen reader still reads a table when the cells are laid out as blocks.
 */
import { Link, useLocation } from 'react-router-dom';
import { ROBOT_HEALTH_MSG as M, ROBOT_HEALTH_UI as UI, ROBOT_PROBLEM_LABELS } from '@shared/messages/robot-health';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { useRobotProblems, type RobotProblem } from '../api/robot-health';
import { CardTable, fileText, RobotName } from './robot-health-cells';
import { RobotHealthRobots } from './robot-health-robots';
import '../../../components/ui/table.css';
import '../robot-health.css';

function ProblemRow({ p, from }: { p: RobotProblem; from: string }) {
  return (
    <tr role="row" data-problem-id={p.id} className={`rh-problem rh-problem--${p.kind}`}>
      <td role="cell" className="rh-problem__retailer">{p.retailer.name}</td>
      <td role="cell" className="rh-robot">
        <RobotName type={p.type} robot={p.robot} />
      </td>
      <td role="cell" className="rh-problem__kind">
        <span className={`rh-kind rh-kind--${p.kind}`}>{ROBOT_PROBLEM_LABELS[p.kind]}</span>
      </td>
      <td role="cell" className="rh-nowrap" data-label={UI.columns.since}>
        {formatDate(p.since)}
      </td>
      <td role="cell" className="rh-nowrap" data-label={UI.columns.lastGoodFile}>
        {fileText(p.lastGoodFile)}
      </td>
      <td role="cell" className="rh-problem__detail">
        {p.detail}
        {p.file ? (
          <>
            {' '}
            <Link className="link rh-problem__file" to={paths.admin.comparison(p.file._id)} state={{ from }} aria-label={UI.openFileLabel(p.retailer.name, formatDate(p.file.date))}>
              {UI.openFile}
            </Link>
          </>
        ) : null}
      </td>
    </tr>
  );
}

export function RobotHealthPanel() {
  const location = useLocation();
  const from = `${location.pathname}${location.search}`;
  const problems = useRobotProblems();
  const pages = problems.data;
  const first = pages?.[0];
  const rows = pages?.flatMap((p) => p.data) ?? [];
  const more = !!pages?.at(-1)?.nextCursor;
  const loadingMore = problems.isValidating && problems.size > (pages?.length ?? 0);

  return (
    <section className="rh-panel" aria-labelledby="rh-panel-title">
      <div className="rh-panel__head">
        <h2 id="rh-panel-title" className="rh-panel__title">
          {M.panelTitle}
        </h2>
        {first ? (
          <p className="rh-panel__meta">
            <span className="rh-panel__count">{UI.problemsCount(first.totalCount)}</span>
            <span className="rh-panel__check">{first.lastCheckAt ? M.lastCheck(formatDate(first.lastCheckAt, 'MM/DD/YYYY HH:mm')) : M.neverChecked}</span>
          </p>
        ) : null}
      </div>
      {!pages ? (
        problems.error ? (
          <p className="rh-panel__empty">{UI.loadFailed}</p>
        ) : (
          <Spinner label={UI.loading} />
        )
      ) : rows.length === 0 ? (
        <p className="rh-panel__empty">{M.noProblems}</p>
      ) : (
        <>
          <p className="rh-panel__hint">{UI.panelHint}</p>
          <CardTable label={`${M.panelTitle}: ${UI.problemsCount(first!.totalCount)}`} columns={[UI.columns.retailer, UI.columns.robot, UI.columns.problem, UI.columns.since, UI.columns.lastGoodFile, UI.columns.detail]}>
            {rows.map((p) => (
              <ProblemRow key={p.id} p={p} from={from} />
            ))}
          </CardTable>
          {more ? (
            <p className="rh-more">
              <Button variant="outline" size="sm" busy={loadingMore} onClick={() => void problems.setSize(problems.size + 1)}>
                {UI.showMore}
              </Button>
            </p>
          ) : null}
        </>
      )}
      <RobotHealthRobots />
    </section>
  );
}
