/**
 * "Two-step sign-in" in the security settings of every signed-in user (issue 26): in the
 * dashboard's Settings → My Account, and on /admin/security for an admin.
 *
 * - off: what it is and "Set up two-step sign-in" → the QR code of the new secret (drawn on
 *   demand: ./qr-code.tsx), the key as text for manual entry, and the first code → on;
 * - the ten recovery codes, shown once: copy, download as .txt, and "I have saved my recovery
 *   codes" before Done;
 * - on: since when, the recovery codes left, "New recovery codes" (a code from the app) and
 *   "Turn off" (a code or a recovery code).
 * Each answer's message is a toast; a refused code shows under its field. An ADMIN must have it
 * (issue 26): the page says so while it is off, and offers no Turn off once it is on.
 */
import { useId, useState } from 'react';
import { MFA_MSG, MFA_UI } from '@shared/messages/mfa';
import { mfaCodeForm } from '@shared/schemas/mfa';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { formatDate } from '../../../lib/format';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { getSession, updateSession } from '../../../lib/session';
import { useMfaActions, useMfaStatus } from '../api/mfa';
import { QrCode } from './qr-code';
import '../mfa.css';

type View = { kind: 'status' } | { kind: 'setup'; secret: string; otpauthUrl: string } | { kind: 'codes'; codes: string[] } | { kind: 'renew' } | { kind: 'off' };

/** Few enough recovery codes left to suggest new ones. */
const LOW_CODES = 3;

export function TwoStepSignIn({ email }: { email: string }) {
  const titleId = useId();
  const { data, error, isLoading, mutate } = useMfaStatus();
  const actions = useMfaActions();
  const [view, setView] = useState<View>({ kind: 'status' });
  const [starting, setStarting] = useState(false);
  const toStatus = () => setView({ kind: 'status' });

  const startSetup = async () => {
    setStarting(true);
    try {
      const { secret, otpauthUrl } = await actions.setup();
      setView({ kind: 'setup', secret, otpauthUrl });
    } catch (err) {
      handleError(err);
      void mutate();
    } finally {
      setStarting(false);
    }
  };

  let body;
  if (view.kind === 'codes') {
    body = <RecoveryCodes codes={view.codes} email={email} onDone={toStatus} />;
  } else if (view.kind === 'setup') {
    body = (
      <div className="mfa-setup">
        <p>{MFA_UI.scanText}</p>
        <QrCode text={view.otpauthUrl} />
        <p className="mfa-setup__secret-label" id={`${titleId}-secret`}>
          {MFA_UI.secretLabel}
        </p>
        <code className="mfa-setup__secret" data-secret={view.secret}>
          {view.secret.replace(/(.{4})(?=.)/g, '$1 ')}
        </code>
        <CodeForm
          label={MFA_UI.appCodeLabel}
          submitLabel={MFA_UI.confirm}
          onCancel={toStatus}
          send={async (code) => {
            const out = await actions.confirm(code);
            // An admin's session was open only for this setup (issue 26): it is whole now.
            if (getSession()?.secondFactorRequired) updateSession({ secondFactorRequired: false });
            notify.success(out.message);
            setView({ kind: 'codes', codes: out.recoveryCodes });
          }}
        />
      </div>
    );
  } else if (isLoading) {
    body = <Spinner label={MFA_UI.loading} />;
  } else if (error || !data) {
    body = (
      <div className="mfa-settings__row">
        <p role="alert">{MFA_UI.loadFailed}</p>
        <Button variant="outline" size="sm" onClick={() => void mutate()}>
          {MFA_UI.retry}
        </Button>
      </div>
    );
  } else if (data.signInWithPasskey) {
    // An admin whose factor is a passkey, in a session opened by password: nothing to set up here.
    body = (
      <p className="mfa-settings__required" role="status">
        {MFA_MSG.adminUsePasskey}
      </p>
    );
  } else if (!data.totp.enabled) {
    body = (
      <>
        {data.required ? (
          <p className="mfa-settings__required" role="status">
            {MFA_MSG.adminNeedsFactor}
          </p>
        ) : null}
        <p className="muted">{MFA_UI.offText}</p>
        <Button onClick={() => void startSetup()} busy={starting}>
          {MFA_UI.setUp}
        </Button>
      </>
    );
  } else {
    const left = data.recoveryCodesLeft;
    body = (
      <>
        <p className="mfa-settings__on">
          {MFA_UI.onSince(formatDate(data.totp.enabledAt))}
        </p>
        <p className="muted">
          {MFA_UI.codesLeft(left)}
          {left <= LOW_CODES ? ` ${MFA_UI.codesLow}` : ''}
        </p>
        {view.kind === 'renew' ? (
          <CodeForm
            label={MFA_UI.appCodeLabel}
            text={MFA_UI.renewText}
            submitLabel={MFA_UI.renewSubmit}
            onCancel={toStatus}
            send={async (code) => {
              const out = await actions.renewCodes(code);
              notify.success(out.message);
              setView({ kind: 'codes', codes: out.recoveryCodes });
            }}
          />
        ) : view.kind === 'off' ? (
          <CodeForm
            label={MFA_UI.anyCodeLabel}
            text={MFA_UI.turnOffText}
            submitLabel={MFA_UI.turnOffSubmit}
            recovery
            onCancel={toStatus}
            send={async (code) => {
              const out = await actions.disable(code);
              notify.success(out.message);
              toStatus();
            }}
          />
        ) : (
          <div className="mfa-settings__actions">
            <Button variant="outline" onClick={() => setView({ kind: 'renew' })}>
              {MFA_UI.renew}
            </Button>
            {data.required ? null : (
              <Button variant="outline" onClick={() => setView({ kind: 'off' })}>
                {MFA_UI.turnOff}
              </Button>
            )}
          </div>
        )}
      </>
    );
  }

  return (
    <section className="mfa-settings" aria-labelledby={titleId}>
      <h2 id={titleId} className="mfa-settings__title">
        {MFA_UI.title}
      </h2>
      {body}
    </section>
  );
}

interface CodeFormProps {
  label: string;
  text?: string;
  submitLabel: string;
  /** A recovery code is taken too (the field is not numeric only). */
  recovery?: boolean;
  send: (code: string) => Promise<void>;
  onCancel: () => void;
}

/** One code asked (`send` gets it normalised as the server reads it); a refusal under the field. */
function CodeForm({ label, text, submitLabel, recovery = false, send, onCancel }: CodeFormProps) {
  const form = useSchemaForm(mfaCodeForm, { code: '' });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      await send(code);
    } catch (err) {
      if (!showServerIssues(form, err, ['code'] as const, { conflict: 'code' })) handleError(err);
    }
  });
  return (
    <form className="form mfa-code-form" onSubmit={(e) => void onSubmit(e).catch(handleError)} noValidate aria-label={submitLabel}>
      {text ? <p>{text}</p> : null}
      <FormField
        label={label}
        autoFocus
        autoComplete={recovery ? 'off' : 'one-time-code'}
        inputMode={recovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        registration={register('code')}
        error={errors.code}
        fieldClassName="mfa-code-form__field"
      />
      <div className="mfa-settings__actions">
        <Button type="submit" busy={isSubmitting}>
          {submitLabel}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={isSubmitting}>
          {MFA_UI.cancel}
        </Button>
      </div>
    </form>
  );
}

/** The recovery codes, shown once: copy, download, and an acknowledgement before leaving them. */
function RecoveryCodes({ codes, email, onDone }: { codes: string[]; email: string; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  const titleId = useId();
  const file = MFA_UI.codesFile(email, codes);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(file);
      notify.success(MFA_UI.copied);
    } catch {
      notify.warning(MFA_UI.copyFailed);
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([file], { type: 'text/plain;charset=utf-8' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'retailer-audit-recovery-codes.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="mfa-codes" role="region" aria-labelledby={titleId}>
      <h3 id={titleId} className="mfa-codes__title">
        {MFA_UI.codesTitle}
      </h3>
      <p>{MFA_UI.codesText}</p>
      <ol className="mfa-codes__list" aria-label={MFA_UI.codesTitle}>
        {codes.map((c) => (
          <li key={c}>
            <code>{c}</code>
          </li>
        ))}
      </ol>
      <div className="mfa-settings__actions">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          {MFA_UI.copy}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          {MFA_UI.download}
        </Button>
      </div>
      <label className="mfa-codes__saved">
        <input type="checkbox" checked={saved} onChange={(e) => setSaved(e.target.checked)} /> {MFA_UI.saved}
      </label>
      <Button onClick={onDone} disabled={!saved}>
        {MFA_UI.done}
      </Button>
    </div>
  );
}
