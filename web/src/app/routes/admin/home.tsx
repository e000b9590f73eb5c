/**
 * /admin (001 §2): the admin home with its two menus, PostOffice and Retailers (and, issue 26,
 * 'Your account' with the admin's own security); 'Go to
 * Notifications' carries a badge with the number of unseen notifications.
 */
import { Link } from 'react-router-dom';
import { MFA_UI } from '@shared/messages/mfa';
import { CountBadge } from '../../../components/ui/badge';
import { paths } from '../../../config/paths';
import { useNotifications } from '../../../features/notifications/api/get-notifications';
import './home.css';

const MENUS = [
  {
    title: 'PostOffice',
    text: 'Review robot files, thresholds and notifications.',
    links: [
      { to: paths.admin.postOffice, label: 'Go to PO' },
      { to: paths.admin.postOfficeSettings, label: 'Go to PO Admin' },
      { to: paths.admin.notifications, label: 'Go to Notifications' },
    ],
  },
  {
    title: 'Retailers',
    text: 'Maintain brands, retailers and who carries what.',
    links: [
      { to: paths.admin.brands, label: 'Manage Brands' },
      { to: paths.admin.permissions, label: 'Permissions' },
      { to: paths.admin.retailers, label: 'Manage Retailers' },
      { to: paths.admin.users, label: 'Manage Users' },
    ],
  },
  {
    // Issue 26: the admin's own sign-in (admins have no dashboard settings).
    title: MFA_UI.adminMenuTitle,
    text: MFA_UI.adminMenuText,
    links: [{ to: paths.admin.security, label: MFA_UI.adminPageTitle }],
  },
] as const;

function UnseenBadge() {
  // One notification is enough to learn the unseen count.
  const { data } = useNotifications(1, 1);
  const count = data?.unseenCount ?? 0;
  return <CountBadge count={count} label="unseen" title={`${count} unseen notification${count === 1 ? '' : 's'}`} />;
}

export function AdminHomeRoute() {
  return (
    <>
      <div className="page-head">
        <h1 className="page-head__title">Administration</h1>
        <Link className="btn btn--outline btn--sm" to={paths.admin.confirm}>
          Admin/Brand User
        </Link>
      </div>
      <div className="menus">
        {MENUS.map((m) => (
          <section key={m.title} className="menu-card" aria-labelledby={`menu-${m.title.replace(/\s+/g, '-')}`}>
            <h2 id={`menu-${m.title.replace(/\s+/g, '-')}`} className="menu-card__title">
              {m.title}
            </h2>
            <p className="menu-card__text">{m.text}</p>
            <ul className="menu-card__links">
              {m.links.map((l) => (
                <li key={l.to}>
                  <Link className="menu-card__link" to={l.to}>
                    <span className="menu-card__label">
                      {l.label}
                      {l.to === paths.admin.notifications ? <UnseenBadge /> : null}
                    </span>
                    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                      <path d="M9 6l6 6-6 6" />
                    </svg>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </>
  );
}
