/**
 * The brands' "Data delayed since MM/DD/YYYY" (issue 25): the retailer's product robot is late or
 * its file is held in the post office, so what the brand sees may be older than the retailer's
 * site. Shown on the summary tile, the Retailer List row and the retailer page's head; nothing when
 * the data is not delayed. The why is the title (a pointer's hover) and, for a screen reader, read
 * after the line.
 */
import { ROBOT_HEALTH_MSG } from '@shared/messages/robot-health';
import { formatDate } from '../../lib/format';
import './data-delayed.css';

export function DataDelayed({ since, className = '' }: { since: string | null | undefined; className?: string }) {
  if (!since) return null;
  return (
    <span className={`data-delayed ${className}`.trim()} title={ROBOT_HEALTH_MSG.dataDelayedTitle} data-delayed-since={since}>
      <svg className="data-delayed__icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7v5l3 2" />
      </svg>
      <span className="data-delayed__text">{ROBOT_HEALTH_MSG.dataDelayedSince(formatDate(since))}</span>
      <span className="sr-only">. {ROBOT_HEALTH_MSG.dataDelayedTitle}</span>
    </span>
  );
}
