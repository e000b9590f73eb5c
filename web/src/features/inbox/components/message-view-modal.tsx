/** The view modal of a canned message (000 §2): its name, status and the message as formatted (sanitised again before it is drawn). */
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatTableDate } from '../../../lib/format';
import { sanitizeHtml } from '../../../lib/sanitize-html';
import type { CannedMessage } from '../api/get-canned-messages';
import { STATUS_LABEL } from '../status';

export function MessageViewModal({ message, onClose, onEdit }: { message: CannedMessage; onClose: () => void; onEdit?: () => void }) {
  return (
    <Modal
      title={message.name}
      size="lg"
      onClose={onClose}
      footer={
        <>
          {onEdit ? (
            <Button variant="outline" onClick={onEdit}>
              Edit
            </Button>
          ) : null}
          <Button onClick={onClose}>Close</Button>
        </>
      }
    >
      <p className="inbox-view__meta">
        <Badge className={`inbox-status inbox-status--${message.status}`}>{STATUS_LABEL[message.status]}</Badge>
        <span className="muted">Last updated {formatTableDate(message.updatedAt)}</span>
      </p>
      <div className="inbox-view__content" dangerouslySetInnerHTML={{ __html: sanitizeHtml(message.content) }} />
    </Modal>
  );
}
