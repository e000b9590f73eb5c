/**
 * Settings → My Account (000 §2, §7): email, password, name, BCC email and email frequency (Daily,
 * Weekly, Monthly) → PUT /users/{own id} ('Settings updated.'). The current password field
 * appears once the email or the password changes (the server asks for it then, and ends the
 * account's other sessions; this session takes the new token it answers). The session's stored
 * user follows, so the top bar shows the new name at once.
 * Below the form, 'Log out of all devices' (POST /logout/all, after a confirmation) ends every
 * session of the account, this one included; the side menu's Log out ends this session only.
 */
import { useId, useState } from 'react';
import { EMAIL_FREQUENCIES, type EmailFrequency } from '@shared/constants';
import { USER_MSG } from '@shared/messages/users';
import { updateUserBody, type UpdateUserBody } from '@shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { paths } from '../../../config/paths';
import { endAllServerSessions } from '../../auth/api/logout';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/handle-error';
import { navigateTo } from '../../../lib/navigation';
import { notify } from '../../../lib/notify';
import { updateSession, type Session } from '../../../lib/session';
import { useUpdateAccount } from '../api/users-tab';
import '../users.css';

type Key = 'email' | 'password' | 'name' | 'user_email_bcc' | 'currentPassword';

export function MyAccount({ session }: { session: Session }) {
  const u = session.user;
  const [values, setValues] = useState({ email: u.email, password: '', name: u.name, user_email_bcc: u.user_email_bcc, emailFrequency: u.emailFrequency as EmailFrequency, currentPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const { trigger, isMutating } = useUpdateAccount(u._id);
  const id = useId();
  const sensitive = values.email.trim().toLowerCase() !== u.email.toLowerCase() || values.password !== '';
  const set = (k: keyof typeof values, v: string) => setValues((x) => ({ ...x, [k]: v }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body: UpdateUserBody = { name: values.name, user_email_bcc: values.user_email_bcc, emailFrequency: values.emailFrequency, email: values.email };
    if (values.password) body.password = values.password;
    if (sensitive) body.currentPassword = values.currentPassword;
    const parsed = updateUserBody.safeParse(body);
    const found: Partial<Record<Key, string>> = {};
    if (!parsed.success) for (const i of parsed.error.issues) found[i.path[0] as Key] ??= i.message;
    if (sensitive && !values.currentPassword) found.currentPassword = USER_MSG.currentPasswordRequired;
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      const res = await trigger(body);
      updateSession({ user: res.user, ...(res.token ? { token: res.token, expiresAt: res.expiresAt } : {}) });
      setValues((x) => ({ ...x, email: res.user.email, name: res.user.name, password: '', currentPassword: '' }));
      notify.success(USER_MSG.settingsUpdated);
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
        const fromServer: Partial<Record<Key, string>> = {};
        for (const i of err.issues) fromServer[i.path as Key] ??= i.message;
        if (err.status === 409) fromServer.email = err.message;
        if (Object.keys(fromServer).length) setErrors(fromServer);
      }
      handleError(err);
    }
  };

  const input = (k: Key, label: string, type = 'text', autoComplete = 'off') => (
    <div className={`field${errors[k] ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={`${id}-${k}`}>
        {label}
      </label>
      <input
        id={`${id}-${k}`}
        className="field__input"
        type={type}
        value={values[k]}
        autoComplete={autoComplete}
        onChange={(e) => set(k, e.target.value)}
        aria-invalid={errors[k] ? true : undefined}
        aria-describedby={errors[k] ? `${id}-${k}-error` : undefined}
      />
      {errors[k] ? (
        <p id={`${id}-${k}-error`} className="field__error" role="alert">
          {errors[k]}
        </p>
      ) : null}
    </div>
  );

  return (
    <>
      <form className="form my-account" onSubmit={submit} noValidate aria-label="My Account">
        {input('email', 'Email', 'email', 'email')}
        {input('password', 'Password', 'password', 'new-password')}
        {sensitive ? input('currentPassword', 'Current Password', 'password', 'current-password') : null}
        {input('name', 'Name', 'text', 'name')}
        {input('user_email_bcc', 'BCC Email', 'email')}
        <Select label="Email Frequency" value={values.emailFrequency} onChange={(v) => set('emailFrequency', v)}>
          {EMAIL_FREQUENCIES.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </Select>
        <div className="form__row--end">
          <Button type="submit" busy={isMutating}>
            Save
          </Button>
        </div>
      </form>
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
