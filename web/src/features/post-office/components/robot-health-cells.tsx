/** Cells the Robot Health panel and its robots' list share (issue 25): a file, a robot's name. */
import { ROBOT_HEALTH_MSG as M, ROBOT_HEALTH_UI as UI, ROBOT_TYPE_LABELS } from '@shared/messages/robot-health';
import type { RobotType } from '@shared/robot-columns';
import { formatDate } from '../../../lib/format';

/** A file as the panel says it: '11/02/2026 · 1,204 rows'; 'None yet' without one. */
export function fileText(file: { date: string; rowCount: number } | null): string {
  return file ? `${formatDate(file.date)} · ${UI.rows(file.rowCount)}` : M.noGoodFile;
}

/** The robot as the panel names it: its type, then its file name. */
export function RobotName({ type, robot }: { type: RobotType; robot: string }) {
  return (
    <>
      <span className="rh-robot__type">{ROBOT_TYPE_LABELS[type]}</span>
      {robot ? <code className="rh-robot__file">{robot}</code> : null}
    </>
  );
}

