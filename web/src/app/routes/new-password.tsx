/**
 * /reset-password and /activate-account (000 §2, §7): the link's token is checked on load
 * (GET /validateToken; any refusal: toast 'Your Session has been expired' and go home), then the
 * new password is set (POST /resetPassword; toast 'Your Password has been Successfully reset');
 * a refused password (400) stays on the form, its message under the field (NewPasswordForm).
 */
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { MSG } from '@shared/messages';
import type { LinkKind } from '@shared/constants';
import { AuthLayout } from '../layouts/auth-layout';
import { Spinner } from '../../components/ui/spinner';
import { paths } from '../../config/paths';
import { resetPassword } from '../../features/auth/api/reset-password';
import { useValidateToken } from '../../features/auth/api/validate-token';
import { NewPasswordForm } from '../../features/auth/components/new-password-form';
import { ApiError } from '../../lib/api-error';
import { handleError } from '../../lib/handle-error';
import { notify } from '../../lib/notify';

const TEXT = {
  reset: { title: 'Reset your password', subtitle: 'Choose a new password for your account.', submit: 'Reset Password' },
  activate: { title: 'Activate your account', subtitle: 'Choose a password to activate your account.', submit: 'Activate Account' },
} as const;

export function NewPasswordRoute({ kind }: { kind: LinkKind }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token');

  const goHome = () => navigate(paths.root, { replace: true });
  const refused = (e: unknown) => {
    if (e instanceof ApiError) notify.warning(MSG.linkExpired);
    else handleError(e);
    goHome();
  };
  const { data } = useValidateToken(token, refused);

  useEffect(() => {
    if (!token) {
      notify.warning(MSG.linkExpired);
      navigate(paths.root, { replace: true });
    }
  }, [token, navigate]);

  const submit = async (password: string) => {
    try {
      const res = await resetPassword(token ?? '', password);
      notify.success(res.message || MSG.passwordReset);
      navigate(paths.login, { replace: true });
    } catch (e) {
      if (e instanceof ApiError && e.status === 410) {
        notify.warning(MSG.linkExpired);
        goHome();
        return;
      }
      throw e;
    }
  };

  const text = TEXT[kind];
  return (
    <AuthLayout>
      <div className="auth-card">
        <h1 className="auth-card__title">{text.title}</h1>
        <p className="auth-card__subtitle">{text.subtitle}</p>
        {data?.valid ? <NewPasswordForm submitLabel={text.submit} onSubmit={submit} /> : <Spinner label="Checking your link…" />}
        <p className="auth-card__foot">
          <Link className="link" to={paths.login}>
            Back to log in
          </Link>
        </p>
      </div>
    </AuthLayout>
  );
}

export const ResetPasswordRoute = () => <NewPasswordRoute kind="reset" />;
export const ActivateAccountRoute = () => <NewPasswordRoute kind="activate" />;
