/** /register (000 §2): the free account form; on success the server's message is shown. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../layouts/auth-layout';
import { paths } from '../../config/paths';
import { RegisterForm } from '../../features/auth/components/register-form';

export function RegisterRoute() {
  const [done, setDone] = useState<string | null>(null);
  return (
    <AuthLayout>
      <div className="auth-card auth-card--wide">
        <h1 className="auth-card__title">Create your free account</h1>
        {done ? (
          <div className="success" role="status">
            <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
              <circle cx="12" cy="12" r="10" />
              <path d="M7.5 12.5l3 3 6-6" />
            </svg>
            <p className="success__text">{done}</p>
            <Link className="btn btn--primary" to={paths.login}>
              Back to log in
            </Link>
          </div>
        ) : (
          <>
            <p className="auth-card__subtitle">Set up your brand and start auditing how retailers present it.</p>
            <RegisterForm onRegistered={setDone} />
            <p className="auth-card__foot">
              Already have an account?{' '}
              <Link className="link" to={paths.login}>
                Log in
              </Link>
            </p>
          </>
        )}
      </div>
    </AuthLayout>
  );
}
