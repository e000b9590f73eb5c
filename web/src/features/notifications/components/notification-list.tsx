/**
 * The notifications (001 §2): newest first, unseen ones highlighted; each shows its subject
 * (the part after the first colon), the retailer and the time since it was created.
 */
import { timeSince } from '../../../lib/format';
import { subjectTitle, type AppNotification } from '../api/get-notifications';
import './notifications.css';

export function NotificationList({ items, onOpen }: { items: AppNotification[]; onOpen: (n: AppNotification) => void }) {
  return (
    <ul className="notif-list">
      {items.map((n) => (
        <li key={n._id}>
          <button type="button" className={`notif${n.seenFlag ? '' : ' notif--unseen'}`} data-id={n._id} onClick={() => onOpen(n)}>
            <span className="notif__dot" aria-hidden="true" />
            <span className="notif__body">
              <span className="notif__subject">{subjectTitle(n.subject)}</span>
              <span className="notif__retailer">{n.retailer}</span>
            </span>
            <time className="notif__time" dateTime={n.createdAt} title={new Date(n.createdAt).toLocaleString()}>
              {timeSince(n.createdAt)}
            </time>
            {n.seenFlag ? null : <span className="sr-only">(unseen)</span>}
          </button>
        </li>
      ))}
    </ul>
  );
}
