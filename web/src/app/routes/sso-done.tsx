/**
 * /sso/done (issue 26 step 3): where our callback sends the browser after the company's identity
 * provider signed the user in, with a one-time code in the fragment (never sent to a server by
 * the browser, never in a log). The code is exchanged once for the session POST /login gives, then
 * the user goes where a login goes; a spent or late code goes back to the login page with its message.
 */
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { SSO_UI } from '@shared/messages/sso';
import { AuthLayout } from '../layouts/auth-layout';
import { paths } from '../../config/paths';
import { ssoExchange } from '../../features/auth/api/login';
import { afterLogin } from '../../lib/access';
import { takeDeepLink } from '../../lib/deep-link';
import { setSession, type Session } from '../../lib/session';

export function SsoDoneRoute() {
  const navigate = useNavigate();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
    // The code leaves the address bar (and the history) at once.
    window.history.replaceState(null, '', paths.ssoDone);
    if (!code) return void navigate(paths.ssoFailed('codeExpired'), { replace: true });
    ssoExchange(code).then(
      (res) => {
        const session: Session = { token: res.token, expiresAt: res.expiresAt, user: res.user, actingBrand: null };
        setSession(session);
        navigate(afterLogin(session, takeDeepLink()), { replace: true });
      },
      () => navigate(paths.ssoFailed('codeExpired'), { replace: true }),
    );
  }, [navigate]);
  return (
    <AuthLayout>
      <div className="auth-card">
        <h1 className="auth-card__title">Log in</h1>
        <p className="muted" role="status">
          {SSO_UI.finishing}
        </p>
      </div>
    </AuthLayout>
  );
}
