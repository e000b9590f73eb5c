/** Any address the SPA does not know (public routes match exactly). */
import { Link } from 'react-router-dom';
import { AuthLayout } from '../layouts/auth-layout';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  return (
    <AuthLayout>
      <div className="auth-card">
        <h1 className="auth-card__title">Page not found</h1>
        <p className="auth-card__subtitle">There is nothing at this address.</p>
        <Link className="btn btn--primary" to={paths.root}>
          Go to the start page
        </Link>
      </div>
    </AuthLayout>
  );
}
