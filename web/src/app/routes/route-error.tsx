/** Shown when a screen throws while rendering: a way out instead of a blank page. */
import { useRouteError } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { AuthLayout } from '../layouts/auth-layout';

export function RouteErrorRoute() {
  const error = useRouteError();
  console.error(error);
  return (
    <AuthLayout>
      <div className="auth-card">
        <h1 className="auth-card__title">{MSG.genericError}</h1>
        <p className="auth-card__subtitle">Reload the page, or start again from the login page.</p>
        <a className="btn btn--primary" href="/">
          Start again
        </a>
      </div>
    </AuthLayout>
  );
}
