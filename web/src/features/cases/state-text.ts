/**
 * How a case's state reads beside its severity (the case modal, the product page): a resolved case
 * by how and when it ended; an active one by its state and the dates behind it (notified on the
 * first email's day; open since the opening, or the latest reopening).
 */
import { formatDate } from '../../lib/format';
import { RESOLUTION_LABEL, STATUS_LABEL } from './messages';

interface CaseState {
  status: keyof typeof STATUS_LABEL;
  resolution: keyof typeof RESOLUTION_LABEL | null;
  openedAt: string;
  notifiedAt: string | null;
  resolvedAt: string | null;
  repeats: number;
}

export function caseStateText(c: CaseState): string {
  const state =
    c.status === 'resolved' && c.resolution
      ? `${RESOLUTION_LABEL[c.resolution]} on ${formatDate(c.resolvedAt)}`
      : c.status === 'open'
        ? `${STATUS_LABEL.open} since ${formatDate(c.openedAt)}`
        : `${STATUS_LABEL[c.status]}${c.notifiedAt ? ` · emailed ${formatDate(c.notifiedAt)}` : ''} · open since ${formatDate(c.openedAt)}`;
  return `${state}${c.repeats ? ` · came back ${c.repeats === 1 ? 'once' : `${c.repeats} times`}` : ''}`;
}
