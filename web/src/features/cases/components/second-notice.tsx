/**
 * The second notice of the retailer's overdue cases (issue 24 §4), on the CASES tab: shown when a
 * case was notified more than the brand's days ago with no answer. It says which cases, to whom,
 * the subject and the text as it will be sent (the link to the open cases is added when sent), and
 * sends it on request; a retry of the same click sends once.
 */
import { useMemo, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { formatDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useSecondNotice, useSendSecondNotice } from '../api/case-settings';
import { CASE_SETTINGS_UI } from '../messages';

const newRequestId = () => `sn-${crypto.randomUUID()}`;
/** The text of the notice's HTML, a paragraph a line (shown with white-space: pre-line). */
const textOf = (html: string) => (new DOMParser().parseFromString(html.replace(/<\/p>/gi, '</p>\n'), 'text/html').body.textContent ?? '').trim();

export function SecondNoticePanel({ brandId, retailerId, retailerName }: { brandId: string | undefined; retailerId: string; retailerName: string }) {
  const notice = useSecondNotice(brandId, retailerId);
  const send = useSendSecondNotice(brandId, retailerId);
  const requestId = useRef(newRequestId());
  const d = notice.data?.data;
  const intro = useMemo(() => (d ? textOf(d.html.slice(0, d.html.lastIndexOf('<ul>') >= 0 ? d.html.lastIndexOf('<ul>') : undefined)) : ''), [d]);
  if (!d?.cases.length) return null;
  const onSend = async () => {
    try {
      const out = await send.trigger(requestId.current);
      notify.success(out.message);
      requestId.current = newRequestId();
    } catch (e) {
      handleError(e);
    }
  };
  return (
    <section className="second-notice" aria-label={`Second notice to ${retailerName}`}>
      <h3 className="second-notice__title">{CASE_SETTINGS_UI.noticeTitle(d.cases.length, d.overdueDays)}</h3>
      <dl className="second-notice__meta">
        <div>
          <dt>To</dt>
          <dd>{d.to.length ? d.to.join(', ') : CASE_SETTINGS_UI.noContact}</dd>
        </div>
        {d.cc.length ? (
          <div>
            <dt>CC</dt>
            <dd>{d.cc.join(', ')}</dd>
          </div>
        ) : null}
        <div>
          <dt>Subject</dt>
          <dd>{d.subject}</dd>
        </div>
      </dl>
      <p className="second-notice__text">{intro}</p>
      <ul className="second-notice__cases">
        {d.cases.map((c) => (
          <li key={c._id}>
            {c.kind === 'profile' ? 'Brand profile' : `${c.name} (${c.style_number})`}: notified {formatDate(c.notifiedAt)}
            {c.secondNoticeAt ? `, second notice ${formatDate(c.secondNoticeAt)}` : ''}
          </li>
        ))}
      </ul>
      <Button onClick={() => void onSend()} busy={send.isMutating} disabled={!d.to.length}>
        {d.cases.some((c) => c.secondNoticeAt) ? CASE_SETTINGS_UI.sendAgain : CASE_SETTINGS_UI.send}
      </Button>
    </section>
  );
}
