/** The dashboard footer (000 §2): Terms link, copyright, version 1.0.0 and a contact button. */
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { VERSION } from '@shared/constants';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';

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
        <Modal
          title="Contact us"
          size="sm"
          onClose={() => setContactOpen(false)}
          footer={
            <Button variant="primary" onClick={() => setContactOpen(false)} data-autofocus>
              OK
            </Button>
          }
        >
          <p>The contact and bug-report form is not available yet.</p>
          <p className="muted">Until it is, please reach your brand’s account administrator.</p>
        </Modal>
      ) : null}
    </footer>
  );
}
