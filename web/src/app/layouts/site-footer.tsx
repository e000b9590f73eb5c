/**
 * The site footer (000 §2): Terms link, copyright, version 1.0.0 and the contact button, which
 * opens the bug-report modal (loaded on first open). On the dashboard and on /home.
 */
import dayjs from 'dayjs';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { VERSION } from '@shared/constants';
import { env } from '../../config/env';
import { paths } from '../../config/paths';

const BugReportModal = lazy(async () => ({ default: (await import('../../features/public-forms/components/bug-report-modal')).BugReportModal }));

export function SiteFooter() {
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <footer className="footer">
      <nav className="footer__links" aria-label="Footer">
        <Link className="footer__link" to={paths.privacyPolicy}>
          Terms
        </Link>
        <span className="footer__copy">
          © {dayjs().year()} {env.appName}. All rights reserved.
        </span>
      </nav>
      <div className="footer__right">
        <span className="footer__version">version {VERSION}</span>
        <button type="button" className="btn btn--outline btn--sm" onClick={() => setContactOpen(true)}>
          Contact
        </button>
      </div>
      {contactOpen ? (
        <Suspense fallback={null}>
          <BugReportModal onClose={() => setContactOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
