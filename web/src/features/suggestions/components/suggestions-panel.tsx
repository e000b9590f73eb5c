/**
 * A retailer's SUGGESTIONS (issue 38 §3): what the content checks found in the shown scan against
 * the brand's catalogue, most sure first, by status (Open, Flagged, Dismissed), 25 at a time.
 * Each with what the retailer shows beside what the catalogue says (pictures side by side, a
 * text's changed words marked), how sure the check is, and two actions: Flag (the reason the
 * finding proposes and a message, which opens the product's case) and Dismiss (with a reason,
 * remembered for that content). A brand admin may check the scan again.
 */
import { useState } from 'react';
import type { FindingKind } from '@shared/content';
import { FINDING_LABELS, findingFlagMessage } from '@shared/messages/content';
import { SUGGESTIONS_MSG as M } from '@shared/messages/suggestions';
import { dismissSuggestionBody, flagSuggestionBody } from '@shared/schemas/suggestions';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { Thumb } from '../../../components/ui/thumb';
import { useSchemaForm } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { checkAgain, dismissSuggestion, flagSuggestion, useRefreshRetailerView, useSuggestions, type SuggestionStatus, type SuggestionView } from '../api/suggestions';
import '../suggestions.css';

const STATUSES: SuggestionStatus[] = ['open', 'flagged', 'dismissed'];
const PICTURE_KINDS = new Set<FindingKind>(['image-foreign', 'image-old', 'logo-old', 'visuals-old']);

export function SuggestionsPanel({ brandId, periodId, canCheck }: { brandId: string; periodId: string; canCheck: boolean }) {
  const [status, setStatus] = useState<SuggestionStatus>('open');
  const list = useSuggestions(brandId, periodId, status);
  const refreshView = useRefreshRetailerView();
  const [flagging, setFlagging] = useState<SuggestionView | null>(null);
  const [dismissing, setDismissing] = useState<SuggestionView | null>(null);
  const [checking, setChecking] = useState(false);
  const first = list.data?.[0];
  const rows = list.data?.flatMap((p) => p.data) ?? [];
  const state = first?.state;

  const decided = async () => {
    await list.mutate();
    void refreshView();
  };
  const again = async () => {
    setChecking(true);
    try {
      notify.success((await checkAgain(brandId, periodId)).message);
      await list.mutate();
    } catch (e) {
      handleError(e);
    } finally {
      setChecking(false);
    }
  };

  let note: string | null = null;
  if (state?.status === 'no-catalog') note = M.noCatalog;
  else if (state?.status === 'not-checked') note = M.notChecked;
  else if (state?.status === 'running') note = M.running;
  else if (state?.status === 'failed') note = M.failed(state.error ?? '');

  return (
    <section className="suggestions" aria-labelledby="suggestions-title">
      <h3 id="suggestions-title" className="suggestions__title">
        {M.title}
      </h3>
      <p className="suggestions__intro muted">{M.intro}</p>
      {!list.data ? list.error ? <p className="muted">{M.loadFailed}</p> : <Spinner /> : null}
      {note ? (
        <p className="suggestions__note" role="status">
          {note}
        </p>
      ) : null}
      {state?.counts ? (
        <p className="suggestions__counts" data-testid="suggestions-counts">
          {M.checked(state.counts.checked, state.counts.withFindings)}
          {state.checkedAt ? ` · ${formatDate(state.checkedAt)}` : ''}
        </p>
      ) : null}
      {canCheck && state && state.status !== 'no-catalog' ? (
        <Button variant="outline" size="sm" busy={checking || state.status === 'running'} onClick={() => void again()}>
          {M.checkAgain}
        </Button>
      ) : null}
      {state?.counts ? (
        <div className="suggestions__statuses" role="group" aria-label="Suggestions by status">
          {STATUSES.map((s) => (
            <button key={s} type="button" className={`suggestions__status${s === status ? ' suggestions__status--on' : ''}`} aria-pressed={s === status} onClick={() => setStatus(s)}>
              {M.statusTabs[s]} ({state.counts![s].toLocaleString('en-US')})
            </button>
          ))}
        </div>
      ) : null}
      {list.data && state?.counts && !rows.length ? <p className="muted">{state.counts.open + state.counts.flagged + state.counts.dismissed === 0 ? M.none : M.noneOfStatus[status]}</p> : null}
      <ul className="suggestions__list">
        {rows.map((s) => (
          <SuggestionCard key={s._id} s={s} onFlag={() => setFlagging(s)} onDismiss={() => setDismissing(s)} />
        ))}
      </ul>
      {list.data?.at(-1)?.nextCursor ? (
        <Button variant="outline" size="sm" busy={list.isValidating} onClick={() => void list.setSize(list.size + 1)}>
          {M.more}
        </Button>
      ) : null}
      {flagging ? <FlagDialog brandId={brandId} periodId={periodId} s={flagging} onClose={() => setFlagging(null)} onDone={decided} /> : null}
      {dismissing ? <DismissDialog brandId={brandId} periodId={periodId} s={dismissing} onClose={() => setDismissing(null)} onDone={decided} /> : null}
    </section>
  );
}

function Value({ s, side }: { s: SuggestionView; side: 'retailer' | 'brand' }) {
  const f = s.finding;
  const value = side === 'retailer' ? f.retailerValue : f.brandValue;
  const label = side === 'retailer' ? M.retailerShows : M.brandSays;
  if (PICTURE_KINDS.has(f.kind)) {
    return (
      <figure className="suggestions__value">
        <figcaption>{label}</figcaption>
        {value ? <Thumb src={value} alt={`${label}: picture of ${s.productName}`} title={s.productName} /> : <span className="muted">—</span>}
      </figure>
    );
  }
  const diff = Array.isArray(f.evidence.diff) ? (f.evidence.diff as [number, string][]) : null;
  return (
    <div className="suggestions__value">
      <span className="suggestions__value-label">{label}</span>
      <span className="suggestions__text">
        {diff
          ? diff.filter(([op]) => op === 0 || op === (side === 'retailer' ? 1 : -1)).map(([op, text], i) => (op === 0 ? <span key={i}>{text}</span> : side === 'retailer' ? <ins key={i}>{text}</ins> : <del key={i}>{text}</del>))
          : value || '—'}
      </span>
    </div>
  );
}

function SuggestionCard({ s, onFlag, onDismiss }: { s: SuggestionView; onFlag: () => void; onDismiss: () => void }) {
  const f = s.finding;
  return (
    <li className="suggestions__card" data-testid="suggestion" data-kind={f.kind}>
      <div className="suggestions__head">
        <strong>{FINDING_LABELS[f.kind]}</strong>
        <span className="suggestions__confidence">{M.confidence(f.confidence)}</span>
      </div>
      <p className="suggestions__product">
        {s.productName} <span className="muted">({f.styleNumber})</span>
      </p>
      <div className="suggestions__values">
        <Value s={s} side="retailer" />
        <Value s={s} side="brand" />
      </div>
      {s.status === 'open' ? (
        <div className="suggestions__actions">
          <Button size="sm" onClick={onFlag}>
            {M.flag}
          </Button>
          <Button size="sm" variant="outline" onClick={onDismiss}>
            {M.dismiss}
          </Button>
        </div>
      ) : s.dismissReason ? (
        <p className="muted">“{s.dismissReason}”</p>
      ) : null}
    </li>
  );
}

function FlagDialog({ brandId, periodId, s, onClose, onDone }: { brandId: string; periodId: string; s: SuggestionView; onClose: () => void; onDone: () => Promise<void> }) {
  const form = useSchemaForm(flagSuggestionBody, { message: findingFlagMessage(s.finding) });
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async ({ message }) => {
    setBusy(true);
    try {
      notify.success((await flagSuggestion(brandId, periodId, s._id, message ?? '')).message);
      onClose();
      await onDone();
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(false);
    }
  });
  const reason = s.finding.reason.value ? `${s.finding.reason.name}: ${s.finding.reason.value}` : s.finding.reason.name;
  return (
    <Modal title={`Flag ${s.productName}`} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className="suggestions__form">
        <p>
          Reason: <strong>{reason}</strong>
        </p>
        <TextAreaField label="Message" registration={form.register('message')} error={form.formState.errors.message} rows={4} />
        <Button type="submit" busy={busy}>
          {M.flag}
        </Button>
      </form>
    </Modal>
  );
}

function DismissDialog({ brandId, periodId, s, onClose, onDone }: { brandId: string; periodId: string; s: SuggestionView; onClose: () => void; onDone: () => Promise<void> }) {
  const form = useSchemaForm(dismissSuggestionBody, { reason: '' });
  const [busy, setBusy] = useState(false);
  const submit = form.handleSubmit(async ({ reason }) => {
    setBusy(true);
    try {
      notify.success((await dismissSuggestion(brandId, periodId, s._id, reason)).message);
      onClose();
      await onDone();
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(false);
    }
  });
  return (
    <Modal title={M.dismissTitle} onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} className="suggestions__form">
        <p>
          {FINDING_LABELS[s.finding.kind]} — {s.productName}
        </p>
        <TextAreaField label={M.dismissReason} registration={form.register('reason')} error={form.formState.errors.reason} rows={3} />
        <Button type="submit" busy={busy}>
          {M.dismiss}
        </Button>
      </form>
    </Modal>
  );
}
