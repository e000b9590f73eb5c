/**
 * A notification opened (001 §2): titled with the retailer; the subject, the creation date
 * (MM/DD/YYYY) and the HTML message, sanitised first (the server writes it, but HTML is never
 * trusted as is). The sanitiser is loaded on first use, not with every page.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { formatDate } from '../../../lib/format';
import { subjectTitle, type AppNotification } from '../api/get-notifications';
import './notifications.css';

export function NotificationModal({ notification, onClose }: { notification: AppNotification; onClose: () => void }) {
  const [html, setHtml] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    import('../../../lib/sanitize-html')
      .then(({ sanitizeHtml }) => alive && setHtml(sanitizeHtml(notification.message ?? '')))
      .catch(() => alive && setHtml(''));
    return () => {
      alive = false;
    };
  }, [notification.message]);
  return (
    <Modal
      title={notification.retailer || 'Notification'}
      onClose={onClose}
      footer={
        <>
          {notification.fileId ? (
            <Link className="btn btn--outline" to={paths.admin.comparison(notification.fileId)} onClick={onClose}>
              View file
            </Link>
          ) : null}
          <Button variant="primary" onClick={onClose} data-autofocus>
            Close
          </Button>
        </>
      }
    >
      <p className="notif-modal__subject">{subjectTitle(notification.subject)}</p>
      <p className="notif-modal__date">{formatDate(notification.createdAt)}</p>
      {html === null ? <Spinner label="Loading…" /> : <div className="notif-modal__message" dangerouslySetInnerHTML={{ __html: html }} />}
    </Modal>
  );
}
