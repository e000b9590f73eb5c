/**
 * The login's second step (issue 26): after a right password for a user with two-step sign-in,
 * the login card asks a 6-digit code from the authenticator app, or a recovery code instead.
 * A wrong or used code shows under the field; an expired challenge or too many wrong codes go
 * back to the email and password step (`onRestart`, with the server's message); the session
 * goes to `onSession`, as a one-step login's does.
 *
 * Its own chunk: loaded when a password answers a challenge, not with the login page.
 */
import { useState } from 'react';
import { MFA_MSG, MFA_UI } from '@shared/messages/mfa';
import { mfaCodeForm } from '@shared/schemas/mfa';
import type { ResponseOf } from '@shared/routes/responses';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-error';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { loginMfa } from '../api/login';
import './mfa-step.css';

export interface MfaChallenge {
  mfaToken: string;
  message: string;
}

export interface MfaStepProps {
  challenge: MfaChallenge;
  onSession: (res: ResponseOf<'loginMfa'>) => void;
  /** Back to the password step, saying why. */
  onRestart: (message: string) => void;
}

export function MfaStep({ challenge, onSession, onRestart }: MfaStepProps) {
  const [recovery, setRecovery] = useState(false);
  const form = useSchemaForm(mfaCodeForm, { code: '' });
  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    setFocus,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      onSession(await loginMfa({ mfaToken: challenge.mfaToken, code }));
    } catch (e) {
      if (e instanceof ApiError && (e.status === 429 || (e.status === 401 && e.message === MFA_MSG.challengeExpired))) return onRestart(e.message);
      if (e instanceof ApiError && e.status === 401) {
        // A wrong or used code: under the field, typed again from empty.
        reset({ code: '' }, { keepErrors: false });
        setError('code', { type: 'server', message: recovery ? MFA_MSG.recoveryInvalid : e.message }, { shouldFocus: true });
        return;
      }
      if (!showServerIssues(form, e, ['code'] as const)) handleError(e);
    }
  });

  const switchMode = () => {
    setRecovery((r) => !r);
    reset({ code: '' });
    clearErrors();
    // The field is drawn again with its new label: focus it once it is.
    setTimeout(() => setFocus('code'), 0);
  };

  return (
    <section className="mfa-step" aria-labelledby="mfa-step-title">
      <h2 id="mfa-step-title" className="mfa-step__title">
        {MFA_UI.title}
      </h2>
      <p className="mfa-step__text">{recovery ? MFA_UI.recoveryHint : challenge.message}</p>
      <form className="form" onSubmit={(e) => void onSubmit(e).catch(handleError)} noValidate aria-labelledby="mfa-step-title">
        {recovery ? (
          <FormField key="recovery" label={MFA_UI.recoveryLabel} autoComplete="off" autoCapitalize="none" spellCheck={false} autoFocus registration={register('code')} error={errors.code} />
        ) : (
          <FormField key="totp" label={MFA_UI.codeLabel} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} autoFocus registration={register('code')} error={errors.code} />
        )}
        <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
          {isSubmitting ? MFA_UI.verifying : MFA_UI.verify}
        </button>
        <div className="mfa-step__links">
          <button type="button" className="link mfa-step__link" onClick={switchMode}>
            {recovery ? MFA_UI.useApp : MFA_UI.useRecovery}
          </button>
          <button type="button" className="link mfa-step__link" onClick={() => onRestart('')}>
            {MFA_UI.startAgain}
          </button>
        </div>
      </form>
    </section>
  );
}
