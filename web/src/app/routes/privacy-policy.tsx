/**
 * /privacypolicy (000 §2, 001 §2): the Terms & Conditions. With policyFlag true the user must
 * accept them ('I Accept': PUT /updateUserPolicy, the stored user updated, then the summary);
 * otherwise a 'Go Back' link to the summary.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { Logo } from '../../components/ui/logo';
import { paths } from '../../config/paths';
import { TermsContent } from '../../features/terms/components/terms-content';
import { useAcceptTerms } from '../../features/users/api/update-user-policy';
import { handleError } from '../../lib/handle-error';
import { updateSession, useSession } from '../../lib/session';
import './privacy-policy.css';

export function PrivacyPolicyRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const [saving, setSaving] = useState(false);
  const { trigger: acceptTerms } = useAcceptTerms();
  if (!session) return null;
  const mustAccept = session.user.policyFlag === true;

  const accept = async () => {
    setSaving(true);
    try {
      const res = await acceptTerms(session.user._id);
      updateSession({ user: res.user });
      navigate(paths.dashboard.summary, { replace: true });
    } catch (e) {
      setSaving(false);
      handleError(e);
    }
  };

  return (
    <div className="doc">
      <header className="doc__header">
        <Logo className="logo--light" />
        <Link className="doc__logout" to={paths.logout}>
          Log out
        </Link>
      </header>
      <main className="doc__main">
        <article className="doc__card" aria-labelledby="terms-title">
          <h1 id="terms-title" className="doc__title">
            Terms &amp; Conditions
          </h1>
          {mustAccept ? <p className="banner banner--info">Please read and accept the terms to continue to your dashboard.</p> : null}
          <TermsContent />
        </article>
      </main>
      <div className="doc__actions">
        {mustAccept ? (
          <button type="button" className="btn btn--primary btn--lg" disabled={saving} onClick={() => void accept()}>
            {saving ? 'Saving…' : 'I Accept'}
          </button>
        ) : (
          <Link className="btn btn--outline btn--lg" to={paths.dashboard.summary}>
            Go Back
          </Link>
        )}
      </div>
    </div>
  );
}
