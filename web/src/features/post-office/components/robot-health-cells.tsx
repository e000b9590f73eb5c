/** What the Robot Health panel and its robots' list share (issue 25): their table, a file, a robot's name. */
import type { ReactNode } from 'react';
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


/**
 * The panel's tables: a scrolling frame named `label`, the column headers, the rows. On a phone
 * the rows are cards (robot-health.css `rh-cards`); the roles are explicit, so a screen reader
 * still reads a table when the cells are laid out as blocks.
 */
export function CardTable({ label, className = '', columns, children }: { label: string; className?: string; columns: readonly string[]; children: ReactNode }) {
  return (
    <div className="table-frame" role="region" aria-label={label} tabIndex={0}>
      <table className={`data-table rh-table rh-cards ${className}`.trim()} role="table">
        <thead role="rowgroup">
          <tr role="row">
            {columns.map((c) => (
              <th key={c} scope="col" role="columnheader">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup">{children}</tbody>
      </table>
    </div>
  );
}
