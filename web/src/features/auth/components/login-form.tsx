/**
 * The login form (000 §4, §5): on success the session is stored and the user goes to the deep
 * link or their home; a refused login (401, 403 not activated, 429 locked) goes to
 * /login?login=failed with the server's message.
 *
 * The page draws without zod and the API client (the route table and its schemas, ~40 KB gzip):
 * they load as soon as the user focuses the form, and a submit waits for them.
 *
 * A user with two-step sign-in (issue 26) gets a challenge instead of a session: the same card
 * then asks for the code (./mfa-step.tsx, its own chunk), and its session goes the same way.
 *
 * Email first (issue 26 step 3): once the email is typed (the field left, or the form sent),
 * POST /login/method says whether its domain signs in at the brand's identity provider; then the
 * card offers "Continue with <brand>" (a full-page navigation to /api/sso/start) instead of the
 * password, and "Use my password instead" where the brand did not make it mandatory (where it
 * did, "Not a <brand> account? Use my password": a site admin's or another brand's account of the
 * domain keeps its password, issue 36; the server refuses it to the brand's own people). For every
 * other email the form is the spec's, unchanged.
 *
 * "Sign in with a passkey" (issue 26 step 2) asks the browser for one of this site's passkeys
 * (../api/passkey-login.ts and @simplewebauthn/browser: a chunk loaded on the button's hover,
 * focus or click); its session goes the same way, a refusal to /login?login=failed, a cancelled
 * prompt or a browser without passkeys is said under the button.
 *
 * Past the account's backstop (issue 36), the API answers a browser it does not know 429
 * `CAPTCHA_REQUIRED` with a captcha: the form then says why and shows the public forms' captcha
 * field (its own chunk) under the password, and the next submit sends its answer and token. A
 * wrong answer brings the API's new challenge and its reason; a wrong password goes on as refused.
 */
import { lazy, Suspense, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { CAPTCHA_REQUIRED } from '@shared/constants';
import { SSO_UI } from '@shared/messages/sso';
import { PASSKEY_LOGIN_UI } from '@shared/messages/passkey-login';
import type { CaptchaRequiredBody, LoginBody } from '@shared/schemas/auth';
import type { CaptchaChallenge } from '@shared/schemas/public';
import { FormField } from '../../../components/ui/form-field';
import { paths } from '../../../config/paths';
import { afterLogin } from '../../../lib/access';
import { ApiError } from '../../../lib/api-error';
import { takeDeepLink } from '../../../lib/deep-link';
import { handleError } from '../../../lib/handle-error';
import { clearSession, setSession, type Session } from '../../../lib/session';

/** What the failed-login page shows, carried in the navigation state. */
export interface LoginFailedState {
  message: string;
  email: string;
}

const REFUSED = new Set([401, 403, 429]);

let deps: Promise<[typeof import('./login-resolver'), typeof import('../api/login')]> | undefined;
/** The validation and the login call, loaded once (on focus, or at the latest on submit). */
function loadDeps() {
  deps ??= Promise.all([import('./login-resolver'), import('../api/login')]);
  deps.catch(() => (deps = undefined));
  return deps;
}

let passkeyDeps: Promise<typeof import('../api/passkey-login')> | undefined;
/** The passkey sign-in and the browser library, loaded once (on the button's hover or focus, at the latest on its click). */
function loadPasskey() {
  passkeyDeps ??= import('../api/passkey-login');
  passkeyDeps.catch(() => (passkeyDeps = undefined));
  return passkeyDeps;
}

const MfaStep = lazy(() => import('./mfa-step').then((m) => ({ default: m.MfaStep })));
/** The public forms' captcha field, loaded only when the API asks for it (issue 36). */
const CaptchaField = lazy(() => import('../../public-forms').then((m) => ({ default: m.CaptchaField })));

const resolver: Resolver<LoginBody> = async (values, context, options) => (await loadDeps())[0].loginResolver(values, context, options);

export function LoginForm({ defaultEmail = '', failed = false }: { defaultEmail?: string; failed?: boolean }) {
  const navigate = useNavigate();
  const [challenge, setChallenge] = useState<{ mfaToken: string; message: string } | null>(null);
  /** The single sign-on of the typed email's domain, once known; `checked`: the email it was asked for. */
  const [sso, setSso] = useState<{ email: string; label: string; startUrl: string; passwordAllowed: boolean; usePassword: boolean } | null>(null);
  const [checked, setChecked] = useState('');
  const [passkeyBusy, setPasskeyBusy] = useState(false);
  const [passkeyNote, setPasskeyNote] = useState('');
  /** The captcha the API asked for (429 `CAPTCHA_REQUIRED`, issue 36), why, and a count of the challenges shown (the widget resets on each). */
  const [captcha, setCaptcha] = useState<{ challenge: CaptchaChallenge; message: string; generation: number } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getValues,
    resetField,
    formState: { errors, isSubmitting },
  } = useForm<LoginBody>({ resolver, defaultValues: { email: defaultEmail, password: '' } });

  const signIn = (res: { token: string; expiresAt: string; user: Session['user']; secondFactorRequired?: boolean }) => {
    const session: Session = { token: res.token, expiresAt: res.expiresAt, user: res.user, actingBrand: null, ...(res.secondFactorRequired ? { secondFactorRequired: true } : {}) };
    setSession(session);
    navigate(afterLogin(session, takeDeepLink()), { replace: true });
  };

  /** Back from the second step: with a reason, as a refused login is shown; without, to the form as it was (password emptied). */
  const restart = (message: string) => {
    setChallenge(null);
    resetField('password');
    if (!message) return;
    const state: LoginFailedState = { message, email: getValues('email') };
    navigate(paths.loginFailed, { replace: true, state });
  };

  /** Asks the email's sign-in method (once per email typed); true when it is single sign-on. */
  const checkMethod = async (email: string): Promise<boolean> => {
    const typed = email.trim().toLowerCase();
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(typed)) return false;
    if (typed === checked) return sso?.email === typed && !sso.usePassword;
    setChecked(typed);
    try {
      const res = await (await loadDeps())[1].loginMethod(typed);
      if (res.method !== 'sso') return (setSso(null), false);
      setSso({ email: typed, label: res.label, startUrl: res.startUrl, passwordAllowed: res.passwordAllowed, usePassword: false });
      return true;
    } catch {
      // The method is a convenience: without it the password form stays, as it was.
      return false;
    }
  };

  /** A refused sign-in is not an expired session: drop any stale one and say why on the login page. */
  const refused = (message: string, email: string) => {
    clearSession();
    const state: LoginFailedState = { message, email };
    navigate(paths.loginFailed, { replace: true, state });
  };

  const withPasskey = async () => {
    setPasskeyNote('');
    setPasskeyBusy(true);
    try {
      const { passkeyLogin, PasskeyCeremonyError } = await loadPasskey();
      try {
        signIn(await passkeyLogin());
      } catch (e) {
        if (e instanceof PasskeyCeremonyError) return setPasskeyNote(e.reason === 'unsupported' ? PASSKEY_LOGIN_UI.unsupported : PASSKEY_LOGIN_UI.cancelled);
        if (e instanceof ApiError && REFUSED.has(e.status)) return refused(e.message, getValues('email'));
        throw e;
      }
    } catch (e) {
      handleError(e);
    } finally {
      setPasskeyBusy(false);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (await checkMethod(values.email)) return;
      const { login } = (await loadDeps())[1];
      const res = await login({ ...values, ...(captcha?.challenge.provider === 'local' ? { captchaToken: captcha.challenge.token } : {}) });
      if ('mfaRequired' in res) return setChallenge({ mfaToken: res.mfaToken, message: res.message });
      signIn(res);
    } catch (e) {
      if (e instanceof ApiError && e.status === 429 && e.code === CAPTCHA_REQUIRED) {
        const asked = e.body as CaptchaRequiredBody;
        setValue('recaptcha', '');
        return setCaptcha((c) => ({ challenge: asked.captcha, message: asked.message, generation: (c?.generation ?? 0) + 1 }));
      }
      if (e instanceof ApiError && REFUSED.has(e.status)) return refused(e.message, values.email);
      if (e instanceof ApiError && e.status === 400 && e.issues.length) {
        for (const issue of e.issues) if (issue.path === 'email' || issue.path === 'password') setError(issue.path, { message: issue.message });
      }
      handleError(e);
    }
  });

  if (challenge) {
    return (
      <Suspense fallback={<p className="muted" role="status">{challenge.message}</p>}>
        <MfaStep challenge={challenge} onSession={signIn} onRestart={restart} />
      </Suspense>
    );
  }

  if (sso && !sso.usePassword) {
    return (
      <div className="form" aria-label="Single sign-on">
        <p className="muted">{SSO_UI.ssoText(sso.label)}</p>
        <p>
          <strong>{sso.email}</strong>
        </p>
        <a className="btn btn--primary btn--block" href={sso.startUrl}>
          {SSO_UI.continueWith(sso.label)}
        </a>
        <div className="form__row form__row--end">
          <button type="button" className="link" onClick={() => setSso({ ...sso, usePassword: true })}>
            {sso.passwordAllowed ? SSO_UI.usePassword : SSO_UI.notCompanyAccount(sso.label)}
          </button>
          <button type="button" className="link" onClick={() => (setSso(null), setChecked(''), resetField('email'), resetField('password'))}>
            {SSO_UI.changeEmail}
          </button>
        </div>
      </div>
    );
  }

  const emailField = register('email');
  return (
    <form className="form" onSubmit={(e) => void onSubmit(e).catch(handleError)} onFocus={() => void loadDeps().catch(() => undefined)} noValidate aria-label="Log in">
      <FormField label="Email" type="email" autoComplete="username" registration={{ ...emailField, onBlur: async (e) => (await emailField.onBlur(e), void checkMethod(getValues('email'))) }} error={errors.email} aria-invalid={failed || !!errors.email || undefined} />
      <FormField label="Password" type="password" autoComplete="current-password" registration={register('password')} error={errors.password} aria-invalid={failed || !!errors.password || undefined} />
      {captcha ? (
        <>
          <p className="banner banner--info" role="alert" data-testid="login-captcha">
            {captcha.message}
          </p>
          <Suspense fallback={null}>
            <CaptchaField
              challenge={captcha.challenge}
              registration={register('recaptcha')}
              error={errors.recaptcha}
              generation={captcha.generation}
              onToken={(t) => setValue('recaptcha', t, { shouldValidate: Boolean(t) })}
            />
          </Suspense>
        </>
      ) : null}
      <div className="form__row form__row--end">
        <Link className="link" to={paths.forgotPassword}>
          Forgot password?
        </Link>
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting || passkeyBusy}>
        {isSubmitting ? 'Logging in…' : 'Log in'}
      </button>
      <p className="login-or" aria-hidden="true">
        {PASSKEY_LOGIN_UI.or}
      </p>
      <button
        type="button"
        className="btn btn--outline btn--block"
        disabled={isSubmitting || passkeyBusy}
        aria-busy={passkeyBusy || undefined}
        onPointerEnter={() => void loadPasskey().catch(() => undefined)}
        onFocus={() => void loadPasskey().catch(() => undefined)}
        onClick={() => void withPasskey()}
      >
        {passkeyBusy ? PASSKEY_LOGIN_UI.signingIn : PASSKEY_LOGIN_UI.signIn}
      </button>
      {passkeyNote ? (
        <p className="login-passkey-note muted" role="status">
          {passkeyNote}
        </p>
      ) : null}
    </form>
  );
}
