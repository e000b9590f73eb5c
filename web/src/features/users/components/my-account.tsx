/**
 * Settings → My Account (000 §2, §7): email, password, name, BCC email and email frequency (Daily,
 * Weekly, Monthly) → PUT /users/{own id} ('Settings updated.'). The current password field
 * appears once the email or the password changes (the server asks for it then, and ends the
 * account's other sessions; this session takes the new token it answers). The session's stored
 * user follows, so the top bar shows the new name at once.
 * Below the form, two-step sign-in (issue 26: ../../mfa/components/two-step-sign-in.tsx), then 'Log out of all devices' (POST /logout/all, after a confirmation) ends every
 * session of the account, this one included; the side menu's Log out ends this session only.
 */
import { useMemo, useState } from 'react';
import { EMAIL_FREQUENCIES } from '@shared/constants';
import { asksCurrentPassword, myAccountForm } from '@shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { FormField, SelectField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { endAllServerSessions } from '../../auth';
import { TwoStepSignIn } from '../../mfa';
import { Passkeys } from '../../passkeys';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { navigateTo } from '../../../lib/navigation';
import { notify } from '../../../lib/notify';
import { updateSession, type Session } from '../../../lib/session';
import { useUpdateAccount } from '../api/users-tab';
import '../users.css';

const FIELDS = ['email', 'password', 'currentPassword', 'name', 'user_email_bcc', 'emailFrequency'] as const;

export function MyAccount({ session }: { session: Session }) {
  const u = session.user;
  // The current password is asked against the account's address now (the session follows a save).
  const schema = useMemo(() => myAccountForm(u.email), [u.email]);
  const form = useSchemaForm(schema, { email: u.email, password: '', name: u.name, user_email_bcc: u.user_email_bcc, emailFrequency: u.emailFrequency, currentPassword: '' });
  const {
    register,
    handleSubmit,
    watch,
    reset,
    getValues,
    formState: { errors },
  } = form;
  const { trigger, isMutating } = useUpdateAccount(u._id);
  const sensitive = asksCurrentPassword(u.email, watch('email'), watch('password'));

  const onSubmit = handleSubmit(async (body) => {
    try {
      const res = await trigger(body);
      updateSession({ user: res.user, ...(res.token ? { token: res.token, expiresAt: res.expiresAt } : {}) });
      reset({ ...getValues(), email: res.user.email, name: res.user.name, password: '', currentPassword: '' });
      // A new email: the link sent to it (issue 36), said by the server's message.
      notify.success(res.message);
    } catch (err) {
      // The refusal under its field (a wrong current password, a taken address) and, as before, its toast.
      showServerIssues(form, err, FIELDS, { conflict: 'email' });
      handleError(err);
    }
  });

  return (
    <>
      <form className="form my-account" onSubmit={onSubmit} noValidate aria-label="My Account">
        <FormField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
        <FormField label="Password" type="password" autoComplete="new-password" registration={register('password')} error={errors.password} />
        {sensitive ? <FormField label="Current Password" type="password" autoComplete="current-password" registration={register('currentPassword')} error={errors.currentPassword} /> : null}
        <FormField label="Name" autoComplete="name" registration={register('name')} error={errors.name} />
        <FormField label="BCC Email" type="email" autoComplete="off" registration={register('user_email_bcc')} error={errors.user_email_bcc} />
        <SelectField label="Email Frequency" registration={register('emailFrequency')} error={errors.emailFrequency}>
          {EMAIL_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </SelectField>
        <div className="form__row--end">
          <Button type="submit" busy={isMutating}>
            Save
          </Button>
        </div>
      </form>
      <TwoStepSignIn email={u.email} />
      <Passkeys />
      <LogOutEverywhere />
    </>
  );
}

/** 'Log out of all devices': asks first, then ends every session of the account and leaves through the logout page. */
function LogOutEverywhere() {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      notify.success(await endAllServerSessions());
      navigateTo(paths.logout, { replace: true });
    } catch (err) {
      setBusy(false);
      setAsking(false);
      handleError(err);
    }
  };
  return (
    <section className="my-account my-account__sessions" aria-labelledby="my-account-sessions">
      <h2 id="my-account-sessions" className="my-account__title">
        Sessions
      </h2>
      <p className="muted">Log out ends this session only. To end every session of your account (other browsers, phones, a shared demo account), log out of all devices.</p>
      <Button variant="outline" onClick={() => setAsking(true)}>
        Log out of all devices
      </Button>
      {asking ? (
        <ConfirmDialog title="Log out of all devices" confirmLabel="Log out of all devices" busy={busy} onConfirm={() => void confirm()} onCancel={() => setAsking(false)}>
          Every session of your account ends, this one included: you will need to log in again on each device.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
