/**
 * /admin/security (issue 26): an admin's own account security, two-step sign-in and passkeys
 * (admins have no dashboard settings; the components are My Account's). A Back link to /admin.
 */
import { Link } from 'react-router-dom';
import { MFA_UI } from '@shared/messages/mfa';
import { paths } from '../../../config/paths';
import { TwoStepSignIn } from '../../../features/mfa/components/two-step-sign-in';
import { Passkeys } from '../../../features/passkeys';
import { useSession } from '../../../lib/session';

export function AdminSecurityRoute() {
  const session = useSession();
  const email = session?.user.email ?? '';
  return (
    <>
      <div className="page-head">
        <h1 className="page-head__title">{MFA_UI.adminPageTitle}</h1>
        {/* An admin without a second factor has nowhere else to go until it is set up (issue 26). */}
        {session?.secondFactorRequired ? null : (
          <Link className="btn btn--outline btn--sm" to={paths.admin.home}>
            Back
          </Link>
        )}
      </div>
      <TwoStepSignIn email={email} />
      <Passkeys />
    </>
  );
}
