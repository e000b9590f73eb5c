/** A file's approved status and flag level as coloured badges (001 §2, §4). */
import { FLAG_LABELS, STATUS_LABELS } from '../labels';
import type { ApprovedStatus, FlagLevel } from '../types';
import '../post-office.css';

export function StatusBadge({ status }: { status: ApprovedStatus }) {
  return <span className={`po-status po-status--${status}`}>{STATUS_LABELS[status]}</span>;
}

export function FlagBadge({ flag }: { flag: FlagLevel }) {
  return (
    <span className={`po-flag po-flag--${flag}`}>
      <span className="po-flag__dot" aria-hidden="true" />
      {FLAG_LABELS[flag]}
    </span>
  );
}
