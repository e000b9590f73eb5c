/**
 * /confirm-email?token= (issue 36): the link a My Account email change sends to the new address.
 * The token leaves the address bar at once; the page confirms it for the signed-in account.
 */
import { useEffect, useState } from 'react';
import { paths } from '../../config/paths';
import { ConfirmEmailChange } from '../../features/users/components/confirm-email-change';
import { AuthLayout } from '../layouts/auth-layout';

export function ConfirmEmailRoute() {
  const [token] = useState(() => new URLSearchParams(window.location.search).get('token') ?? '');
  useEffect(() => window.history.replaceState(null, '', paths.confirmEmail), []);
  return (
    <AuthLayout>
      <div className="auth-card">
        <ConfirmEmailChange token={token} />
      </div>
    </AuthLayout>
  );
}
