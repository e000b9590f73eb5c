/** A file's approved status and flag level as coloured badges (001 §2, §4). */
import { Badge } from '../../../components/ui/badge';
import { FLAG_LABELS, STATUS_LABELS } from '../labels';
import type { ApprovedStatus, FlagLevel } from '../types';
import '../post-office.css';

export function StatusBadge({ status }: { status: ApprovedStatus }) {
  return <Badge className={`po-status po-status--${status}`}>{STATUS_LABELS[status]}</Badge>;
}

export function FlagBadge({ flag }: { flag: FlagLevel }) {
  return (
    <Badge className={`po-flag po-flag--${flag}`} dotClassName="po-flag__dot">
      {FLAG_LABELS[flag]}
    </Badge>
  );
}
