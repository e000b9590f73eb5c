/**
 * / and /login (000 §2): the login page and its states. `session=logout` clears the session
 * (once this page is shown, so the guards of the page being left never see it vanish) and says so; `session=expired` says the session
 * ended; `login=failed` shows why the last attempt was refused. Without a `session` query a
 * signed-in admin goes to /admin/confirm and anyone else to the dashboard.
 */
import { useEffect, useState } from 'react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { SSO_ERRORS, SSO_MSG } from '@shared/messages/sso';
import { AuthLayout } from '../layouts/auth-layout';
import { paths } from '../../config/paths';
import { endServerSessions } from '../../features/auth/api/logout';
import { LoginForm, type LoginFailedState } from '../../features/auth/components/login-form';
import { isAdmin, isExpired } from '../../lib/access';
import { clearDeepLink } from '../../lib/deep-link';
import { clearSession, getSession } from '../../lib/session';

function Banner() {
  const [params] = useSearchParams();
  const state = useLocation().state as Partial<LoginFailedState> | null;
  const session = params.get('session');
  if (session === 'logout') {
    return (
      <p className="banner banner--info" role="status">
        {MSG.loggedOut}
      </p>
    );
  }
  if (session === 'expired') {
    return (
      <p className="banner banner--error" role="alert">
        {MSG.sessionExpired}
      </p>
    );
  }
  // A single sign-on refused (issue 26): its message by key, never the provider's own words.
  const sso = SSO_ERRORS.find((k) => k === params.get('sso'));
  if (sso) {
    return (
      <p className="banner banner--error" role="alert" data-testid="sso-failed">
        {SSO_MSG[sso]}
      </p>
    );
  }
  if (params.get('login') === 'failed') {
    return (
      <p className="banner banner--error" role="alert" data-testid="login-failed">
        {state?.message || MSG.loginFailed}
      </p>
    );
  }
  return null;
}

/** The login screen itself (also drawn behind the forgot-password modal). */
export function LoginScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const state = location.state as Partial<LoginFailedState> | null;
  const failed = params.get('login') === 'failed';
  return (
    <AuthLayout>
      <div className="auth-card">
        <h1 className="auth-card__title">Log in</h1>
        <p className="auth-card__subtitle">Welcome back. Sign in to your brand’s dashboard.</p>
        <Banner />
        <LoginForm key={location.key} defaultEmail={failed ? (state?.email ?? '') : ''} failed={failed} />
        <p className="auth-card__foot">
          New to Retailer Audit?{' '}
          <Link className="link" to={paths.register}>
            Create a free account
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}

export function LoginRoute() {
  // The redirect is for arriving here signed in; a login made on this page navigates by itself
  // (to the deep link), so later session changes must not trigger it.
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const loggingOut = params.get('session') === 'logout';
  // Arriving to log out, the stored session is being ended (the effect below): it must not send a
  // later failed login of this page (?login=failed) to the dashboard.
  const [session] = useState(() => (loggingOut ? null : getSession()));
  useEffect(() => {
    if (!loggingOut) return;
    endServerSessions();
    clearSession();
    clearDeepLink();
  }, [loggingOut]);
  if (!params.get('session') && session && !isExpired(session)) {
    if (isAdmin(session.user)) return <Navigate to={paths.admin.confirm} replace />;
    return <Navigate to={pathname === paths.root ? paths.dashboard.root : paths.dashboard.summary} replace />;
  }
  return <LoginScreen />;
}
