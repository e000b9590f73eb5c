/**
 * One case (issue 24): its evidence as seen when it opened (the scraped values against the on-hand
 * item, the gap, the reasons, the page and its pictures: the copies kept with the case), its log,
 * and, while it is active, the two ways to resolve it: the retailer fixed it, or dismiss it with a
 * reason. Either unflags the product.
 */
import { useState } from 'react';
import { resolveCaseBody } from '@shared/schemas/cases';
import { Button } from '../../../components/ui/button';
import { Picture } from '../../../components/ui/picture';
import { TextAreaField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { formatCurrency, formatDate } from '../../../lib/format';
import { useSchemaForm, showServerIssues } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useCase, useResolveCase } from '../api/cases';
import { CASE_UI, EVENT_LABEL } from '../messages';
import { SeverityBadge } from './severity-badge';
import { caseStateText } from '../state-text';

export function CaseModal({ caseId, onClose, onChanged }: { caseId: string; onClose: () => void; onChanged: () => void }) {
  const one = useCase(caseId);
  const resolve = useResolveCase(caseId);
  const [dismissing, setDismissing] = useState(false);
  const form = useSchemaForm(resolveCaseBody, { resolution: 'dismissed', reason: '' });

  const send = async (body: { resolution: 'retailer_fixed' | 'dismissed'; reason: string }) => {
    try {
      const out = await resolve.trigger(body);
      notify.success(out.message);
      await one.mutate();
      onChanged();
      setDismissing(false);
    } catch (e) {
      if (!showServerIssues(form, e, ['reason'])) handleError(e);
    }
  };

  const c = one.data?.data;
  const ev = c?.evidence;
  return (
    <Modal title={c ? `Case: ${c.name}` : 'Case'} onClose={onClose} size="lg" footer={<Button variant="ghost" onClick={onClose}>Close</Button>}>
      {!one.data ? (
        one.error ? <p className="muted">{CASE_UI.caseFailed}</p> : <Spinner label="Loading the case…" />
      ) : (
        <div className="case">
          <p className="case__status">
            <SeverityBadge severity={c!.severity} /> {caseStateText(c!)}
          </p>
          {c!.resolutionReason ? <p className="case__reason">{c!.resolutionReason}</p> : null}
          <h3 className="case__heading">Evidence from the scan of {formatDate(ev!.scanDate)}</h3>
          <dl className="case__evidence">
            <dt>Reasons</dt>
            <dd>{ev!.reasons.map((r) => (r.value && r.value !== r.name ? `${r.name}: ${r.value}` : r.name)).join(', ')}</dd>
            {ev!.message ? (
              <>
                <dt>Message</dt>
                <dd>{ev!.message}</dd>
              </>
            ) : null}
            {c!.kind === 'product' ? (
              <>
                <dt>Style number</dt>
                <dd>{ev!.scraped.style_number}</dd>
                <dt>Retailer price</dt>
                <dd>{formatCurrency(ev!.scraped.price)}</dd>
                <dt>On-hand price</dt>
                <dd>{ev!.onHand ? `${formatCurrency(ev!.onHand.price)} (${ev!.onHand.serialNo})` : CASE_UI.notOnHand}</dd>
                {ev!.gap ? (
                  <>
                    <dt>Gap</dt>
                    <dd>
                      {formatCurrency(ev!.gap.amount)} ({ev!.gap.percent > 0 ? '+' : ''}
                      {ev!.gap.percent}%)
                    </dd>
                  </>
                ) : null}
              </>
            ) : null}
            {ev!.scraped.URL ? (
              <>
                <dt>Page</dt>
                <dd>
                  <a href={ev!.scraped.URL} target="_blank" rel="noreferrer noopener" className="case__url">
                    {ev!.scraped.URL}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
          {one.data.pictures.image || one.data.pictures.screenshot ? (
            <>
              <h3 className="case__heading">{CASE_UI.pictures}</h3>
              <div className="case__pictures">
                {(['image', 'screenshot'] as const).map((w) =>
                  one.data!.pictures[w] ? (
                    <figure key={w} className="case__picture">
                      <Picture src={one.data!.pictures[w]} alt={w === 'screenshot' ? CASE_UI.screenshot : c!.kind === 'profile' ? CASE_UI.heroImage : CASE_UI.picture} className="case__img" />
                      <figcaption>{w === 'screenshot' ? CASE_UI.screenshot : c!.kind === 'profile' ? CASE_UI.heroImage : CASE_UI.picture}</figcaption>
                    </figure>
                  ) : null,
                )}
              </div>
            </>
          ) : null}
          <h3 className="case__heading">Log</h3>
          <ol className="case__log">
            {one.data.events.map((e) => (
              <li key={`${e.at}${e.kind}`}>
                <span className="case__when">{formatDate(e.at)}</span> <strong>{EVENT_LABEL[e.kind]}</strong>
                {e.by?.name ? ` by ${e.by.name}` : ''}
                {e.detail ? <span className="case__detail"> — {e.detail}</span> : null}
              </li>
            ))}
          </ol>
          {c!.status !== 'resolved' ? (
            dismissing ? (
              <form className="case__dismiss" onSubmit={form.handleSubmit((b) => send(b))} noValidate>
                <input type="hidden" {...form.register('resolution')} />
                <TextAreaField label="Why is it dismissed?" registration={form.register('reason')} error={form.formState.errors.reason} rows={2} maxLength={500} />
                <div className="case__actions">
                  <Button type="submit" busy={resolve.isMutating}>
                    Dismiss
                  </Button>
                  <Button variant="ghost" onClick={() => setDismissing(false)}>
                    Cancel
                  </Button>
                </div>
              </form>
            ) : (
              <div className="case__actions">
                <Button busy={resolve.isMutating} onClick={() => void send({ resolution: 'retailer_fixed', reason: '' })}>
                  Fixed by the retailer
                </Button>
                <Button variant="outline" onClick={() => setDismissing(true)}>
                  Dismiss…
                </Button>
              </div>
            )
          ) : null}
        </div>
      )}
    </Modal>
  );
}
