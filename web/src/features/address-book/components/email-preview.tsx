/**
 * The Preview modal of EMAIL HISTORY (000 §2): the email as sent (subject, date, recipients, BCC
 * included, attachments' names and the HTML body). The body was sanitised when it was sent; it is still
 * shown inert: in an iframe with an empty `sandbox` (no scripts, no forms, no same-origin, no
 * top navigation) and a Content-Security-Policy of its own that loads nothing but inline styles
 * and images (no tracking requests beyond pictures, no frames, no fonts, no connections).
 */
import { formatDate } from '../../../lib/format';
import { Modal } from '../../../components/ui/modal';
import type { EmailHistoryPage } from '../api/get-email-history';

type Email = EmailHistoryPage['data'][number];

const CSP = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'";

/** The srcdoc of the preview frame: the stored body under a locked-down policy, links opening nothing here. */
export function previewDocument(html: string): string {
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
    '<base target="_blank">',
    '<style>body{font:14px/1.5 system-ui,sans-serif;color:#222;margin:12px;word-wrap:break-word}img{max-width:100%;height:auto}</style>',
    '</head><body>',
    html,
    '</body></html>',
  ].join('');
}

export function EmailPreview({ email, onClose }: { email: Email; onClose: () => void }) {
  // An answer of an API of before BCC was kept (a deploy's web ahead of its functions) has none.
  const bcc = (email as Partial<Email>).bcc ?? [];
  return (
    <Modal title={email.subject || '(no subject)'} size="lg" onClose={onClose}>
      <dl className="email-preview__meta">
        <div>
          <dt>Emailed on</dt>
          <dd>{formatDate(email.createdAt)}</dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>{email.to.join(', ') || 'N/A'}</dd>
        </div>
        {email.cc.length ? (
          <div>
            <dt>CC</dt>
            <dd>{email.cc.join(', ')}</dd>
          </div>
        ) : null}
        {bcc.length ? (
          <div>
            <dt>BCC</dt>
            <dd>{bcc.join(', ')}</dd>
          </div>
        ) : null}
        {email.attachments.length ? (
          <div>
            <dt>Attachments</dt>
            <dd>{email.attachments.join(', ')}</dd>
          </div>
        ) : null}
      </dl>
      <iframe className="email-preview__frame" title={`Email body: ${email.subject}`} sandbox="" referrerPolicy="no-referrer" srcDoc={previewDocument(email.htmlResponse)} />
    </Modal>
  );
}
