/**
 * "Passkeys" in the security settings of every signed-in user (issue 26 step 2), beside
 * Two-step sign-in: My Account and /admin/security.
 *
 * - the list: each passkey's name, when it was added and last used, Rename and Remove (asked
 *   first in a dialog);
 * - "Add a passkey": a name, then the browser's own prompt (fingerprint, face, device PIN);
 *   cancelled, already on this device, or no passkeys in this browser are said under the form.
 * Each answer's message is a toast; a refused name shows under its field. A person their brand's
 * mandatory single sign-on holds sees the passkeys marked inactive, with the reason (issue 36).
 */
import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { PASSKEY_UI as T } from '@shared/messages/passkeys';
import { passkeyNameForm, type PasskeySummary } from '@shared/schemas/passkeys';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { MFA_STATUS_KEY } from '../../mfa';
import { ceremonyRefusal, usePasskeyActions, usePasskeys } from '../api/passkeys';
import '../passkeys.css';

export function Passkeys() {
  const { mutate: revalidate } = useSWRConfig();
  const titleId = useId();
  const { data, error, isLoading, mutate } = usePasskeys();
  const actions = usePasskeyActions();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PasskeySummary | null>(null);
  const [busy, setBusy] = useState(false);

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      notify.success((await actions.remove(removing.id)).message);
      setRemoving(null);
    } catch (err) {
      handleError(err);
      void mutate();
    } finally {
      setBusy(false);
    }
  };

  let body;
  if (isLoading) {
    body = <Spinner label={T.loading} />;
  } else if (error || !data) {
    body = (
      <div className="mfa-settings__row">
        <p role="alert">{T.loadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void mutate()}>
          {T.retry}
        </Button>
      </div>
    );
  } else {
    const full = data.passkeys.length >= data.max;
    body = (
      <>
        {data.inactiveReason ? (
          <p className="passkeys__inactive" role="note">
            {data.inactiveReason}
          </p>
        ) : null}
        {data.passkeys.length ? (
          <ul className="passkeys__list" aria-label={T.listLabel}>
            {data.passkeys.map((p) => (
              <li key={p.id} className="passkeys__item">
                {renaming === p.id ? (
                  <NameForm
                    formLabel={T.renameLabel(p.name)}
                    label={T.nameLabel}
                    initial={p.name}
                    submitLabel={T.save}
                    onCancel={() => setRenaming(null)}
                    send={async (name) => {
                      notify.success((await actions.rename(p.id, name)).message);
                      setRenaming(null);
                    }}
                  />
                ) : (
                  <>
                    <div className="passkeys__about">
                      <span className="passkeys__name">
                        {p.name}
                        {p.inactive ? <span className="passkeys__badge">{T.inactive}</span> : null}
                      </span>
                      <span className="muted passkeys__dates">
                        {T.created(formatDate(p.createdAt))}, {T.lastUsed(p.lastUsedAt ? formatDate(p.lastUsedAt) : null)}
                      </span>
                    </div>
                    <div className="passkeys__actions">
                      <Button variant="outline" size="sm" aria-label={T.renameLabel(p.name)} onClick={() => setRenaming(p.id)}>
                        {T.rename}
                      </Button>
                      <Button variant="outline" size="sm" aria-label={T.removeLabel(p.name)} onClick={() => setRemoving(p)}>
                        {T.remove}
                      </Button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{T.none}</p>
        )}
        {adding ? (
          <NameForm
            formLabel={T.add}
            label={T.nameLabel}
            hint={T.nameHint}
            initial={T.defaultName}
            submitLabel={T.create}
            busyLabel={T.creating}
            onCancel={() => setAdding(false)}
            send={async (name) => {
              notify.success((await actions.add(name)).message);
              setAdding(false);
              // An admin's first factor changes how its session stands (issue 26): the two-step section says so.
              void revalidate(MFA_STATUS_KEY);
            }}
          />
        ) : full ? (
          <p className="muted">{T.maxReached}</p>
        ) : (
          <Button variant="outline" onClick={() => setAdding(true)}>
            {T.add}
          </Button>
        )}
      </>
    );
  }

  return (
    <section className="mfa-settings passkeys" aria-labelledby={titleId}>
      <h2 id={titleId} className="mfa-settings__title">
        {T.title}
      </h2>
      <p className="muted">{T.text}</p>
      {body}
      {removing ? (
        <ConfirmDialog title={T.removeTitle} confirmLabel={T.removeConfirm} cancelLabel={T.cancel} busy={busy} onConfirm={() => void remove()} onCancel={() => setRemoving(null)}>
          {T.removeText(removing.name)}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

interface NameFormProps {
  /** The form's name for assistive technology (not the field's: two of one name confuse). */
  formLabel: string;
  label: string;
  hint?: string;
  initial: string;
  submitLabel: string;
  busyLabel?: string;
  send: (name: string) => Promise<void>;
  onCancel: () => void;
}

/** A passkey's name (new, or renamed); the browser's refusals and the server's issues under the field. */
function NameForm({ formLabel, label, hint, initial, submitLabel, busyLabel, send, onCancel }: NameFormProps) {
  const form = useSchemaForm(passkeyNameForm, { name: initial });
  const [note, setNote] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async ({ name }) => {
    setNote('');
    try {
      await send(name);
    } catch (err) {
      const refusal = ceremonyRefusal(err);
      if (refusal) return setNote(refusal === 'exists' ? T.exists : refusal === 'unsupported' ? T.unsupported : T.cancelled);
      if (!showServerIssues(form, err, ['name'] as const)) handleError(err);
    }
  });
  return (
    <form className="form passkeys__form" onSubmit={(e) => void onSubmit(e).catch(handleError)} noValidate aria-label={formLabel}>
      <FormField label={label} hint={hint} autoFocus autoComplete="off" maxLength={120} registration={register('name')} error={errors.name} fieldClassName="passkeys__field" />
      {note ? (
        <p className="passkeys__note" role="status">
          {note}
        </p>
      ) : null}
      <div className="mfa-settings__actions">
        <Button type="submit" busy={isSubmitting}>
          {isSubmitting && busyLabel ? busyLabel : submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          {T.cancel}
        </Button>
      </div>
    </form>
  );
}
