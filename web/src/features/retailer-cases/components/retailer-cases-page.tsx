/**
 * /retailer-cases (issue 24 §3): what a retailer opens from the brand's email, without an account:
 * the brand's open cases at this retailer, worst first, each with what the brand saw (the price
 * shown against the brand's price, the reasons, the page) and two answers: "Mark as fixed" and a
 * note. A link that is not valid, or has ended, says so.
 */
import { useState, type CSSProperties } from 'react';
import { answerRetailerCaseBody, CASE_MSG } from '@shared/schemas/cases';
import { Button } from '../../../components/ui/button';
import { LinkUnavailable } from '../../../components/ui/link-unavailable';
import { TextAreaField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { brandColors } from '../../../lib/access';
import { formatCurrency, formatDate } from '../../../lib/format';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { SeverityBadge } from '../../cases';
import { takeToken, useAnswerCase, useRetailerCases, type RetailerCase } from '../api';
import '../retailer-cases.css';

const STATUS = { open: 'Open', notified: 'Waiting for your answer', acknowledged: 'You marked it fixed', resolved: 'Closed' } as const;

export function RetailerCasesPage() {
  const [token] = useState(takeToken);
  const list = useRetailerCases(token);
  if (!token) return <LinkUnavailable message={CASE_MSG.linkInvalid} />;
  if (list.error) return <LinkUnavailable message={list.error instanceof ApiError && list.error.status === 401 ? list.error.message : CASE_MSG.linkEnded} />;
  if (!list.data) {
    return (
      <main className="rcases">
        <Spinner label="Opening the link…" />
      </main>
    );
  }
  const first = list.data[0]!;
  const colors = brandColors(first.brand.colors as never);
  const theme = { '--bg-color': colors.bgColor, '--text-color': colors.textColor } as CSSProperties;
  const cases = list.data.flatMap((p) => p.data);
  return (
    <div className="rcases" style={theme}>
      <header className="rcases__header">
        <span className="rcases__brand">{first.brand.name}</span>
        <span className="rcases__note">Link valid until {formatDate(first.linkExpiresAt)}</span>
      </header>
      <main id="main" className="rcases__main">
        <h1 className="rcases__title">Open cases at {first.retailer.name}</h1>
        <p>{first.brand.name} found these issues on your website. Tell them when one is fixed, or answer with a note.</p>
        {cases.length ? (
          <ul className="rcases__list">
            {cases.map((c) => (
              <li key={c._id}>
                <CaseCard token={token} c={c} onAnswered={() => void list.mutate()} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{CASE_MSG.noCases}</p>
        )}
        {list.data.at(-1)?.nextCursor ? (
          <Button variant="outline" size="sm" busy={list.isValidating} onClick={() => void list.setSize(list.size + 1)}>
            Show more
          </Button>
        ) : null}
      </main>
    </div>
  );
}

function CaseCard({ token, c, onAnswered }: { token: string; c: RetailerCase; onAnswered: () => void }) {
  const answer = useAnswerCase(c._id);
  const [writing, setWriting] = useState(false);
  const form = useSchemaForm(answerRetailerCaseBody, { token, action: 'note', note: '' });
  const ev = c.evidence;
  const send = async (body: { token: string; action: 'fixed' | 'note'; note: string }) => {
    try {
      const out = await answer.trigger(body);
      notify.success(out.message);
      setWriting(false);
      form.reset({ token, action: 'note', note: '' });
      onAnswered();
    } catch (e) {
      // The link ended meanwhile: the list is read again and the page says so.
      if (e instanceof ApiError && e.status === 401) onAnswered();
      else if (!showServerIssues(form, e, ['note'])) handleError(e);
    }
  };
  const titleId = `rcase-${c._id}`;
  return (
    <article className="rcase" aria-labelledby={titleId}>
      <h2 id={titleId} className="rcase__title">
        {c.name} {c.style_number ? <span className="rcase__style">{c.style_number}</span> : null}
      </h2>
      <p className="rcase__status">
        <SeverityBadge severity={c.severity} /> {STATUS[c.status]} · flagged on {formatDate(c.openedAt)}
      </p>
      <dl className="rcase__evidence">
        <dt>Issue</dt>
        <dd>{ev.reasons.map((r) => (r.value && r.value !== r.name ? `${r.name}: ${r.value}` : r.name)).join(', ')}</dd>
        {ev.message ? (
          <>
            <dt>Details</dt>
            <dd>{ev.message}</dd>
          </>
        ) : null}
        {c.kind === 'product' ? (
          <>
            <dt>Your price</dt>
            <dd>{formatCurrency(ev.scraped.price)}</dd>
            {ev.onHand ? (
              <>
                <dt>Brand price</dt>
                <dd>{formatCurrency(ev.onHand.price)}</dd>
              </>
            ) : null}
          </>
        ) : null}
        {ev.scraped.URL ? (
          <>
            <dt>Page</dt>
            <dd>
              <a href={ev.scraped.URL} target="_blank" rel="noreferrer noopener" className="rcase__url">
                {ev.scraped.URL}
              </a>
            </dd>
          </>
        ) : null}
        <dt>Seen on</dt>
        <dd>{formatDate(ev.scanDate)}</dd>
      </dl>
      {writing ? (
        <form className="rcase__note" onSubmit={form.handleSubmit((b) => send(b))} noValidate>
          <TextAreaField label={`Your note on ${c.name}`} registration={form.register('note')} error={form.formState.errors.note} rows={3} maxLength={1000} />
          <div className="rcase__actions">
            <Button type="submit" busy={answer.isMutating}>
              Send the note
            </Button>
            <Button variant="ghost" onClick={() => setWriting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="rcase__actions">
          {c.status !== 'acknowledged' ? (
            <Button busy={answer.isMutating} onClick={() => void send({ token, action: 'fixed', note: '' })} aria-label={`Mark as fixed: ${c.name}`}>
              Mark as fixed
            </Button>
          ) : null}
          <Button variant="outline" onClick={() => setWriting(true)} aria-label={`Write a note: ${c.name}`}>
            Write a note
          </Button>
        </div>
      )}
    </article>
  );
}
