/**
 * The page of the link My Account's email change sends to the new address (issue 36): signed in
 * as the account that asked (the route's guard sends anyone else to the login first, and back), it
 * confirms the token once; the session then carries the new address (the server's new token: the
 * change ended the account's other sessions). A refused link says why, with the way back.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { USER_MSG, USER_UI } from '@shared/messages/users';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/handle-error';
import { updateSession, useSession } from '../../../lib/session';
import { confirmEmailChange } from '../api/confirm-email-change';

type State = { step: 'working' } | { step: 'done'; message: string } | { step: 'refused'; message: string };

export function ConfirmEmailChange({ token }: { token: string }) {
  const [state, setState] = useState<State>(token ? { step: 'working' } : { step: 'refused', message: USER_MSG.emailChangeInvalid });
  const started = useRef(false);
  const session = useSession();
  const back = session?.user.roles.some((r) => r.name === 'ADMIN') ? paths.admin.home : paths.dashboard.settings;
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    confirmEmailChange(token).then(
      (res) => {
        updateSession({ user: res.user, ...(res.token ? { token: res.token, expiresAt: res.expiresAt } : {}) });
        setState({ step: 'done', message: res.message });
      },
      (e: unknown) => {
        if (e instanceof ApiError && (e.status === 410 || e.status === 409 || e.status === 400)) return setState({ step: 'refused', message: e.message });
        handleError(e);
        setState({ step: 'refused', message: USER_MSG.emailChangeInvalid });
      },
    );
  }, [token]);
  return (
    <div className="confirm-email">
      <h1 className="auth-card__title">{USER_UI.confirmEmailTitle}</h1>
      {state.step === 'working' ? (
        <p className="muted" role="status">
          {USER_UI.confirmEmailWorking}
        </p>
      ) : (
        <p role={state.step === 'done' ? 'status' : 'alert'} className="confirm-email__message">
          {state.message}
        </p>
      )}
      {state.step !== 'working' ? (
        <p>
          <Link className="link" to={back}>
            {USER_UI.confirmEmailBack}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
