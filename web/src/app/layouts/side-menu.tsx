/**
 * The dashboard side menu (000 §2): Summary view, Retailer List, Settings, Inbox, 'Clear All
 * Baskets' (asks first: it empties every basket of the user, for every retailer, at once), the
 * Admin/Brand User link for site admins, and Log out (this session; Settings › My Account has
 * 'Log out of all devices').
 */
import { useState, type ReactNode } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { MSG } from '@shared/messages';
import { paths } from '../../config/paths';
import { clearAllBaskets } from '../../features/basket/api/basket';
import { effectiveBrand, isAdmin } from '../../lib/access';
import { handleError } from '../../lib/handle-error';
import { notify } from '../../lib/notify';
import type { Session } from '../../lib/session';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Logo } from '../../components/ui/logo';

const icon = (d: string) => (
  <svg className="menu__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
    <path d={d} />
  </svg>
);

const ICONS = {
  summary: icon('M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z'),
  list: icon('M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01'),
  settings: icon('M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z'),
  inbox: icon('M22 12h-6l-2 3h-4l-2-3H2M5.5 5.1L2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z'),
  basket: icon('M3 6h18l-2 13H5L3 6zM8 6l4-4 4 4M9 11v5M15 11v5'),
  admin: icon('M12 2l8 4v6c0 5-3.5 8.5-8 10-4.5-1.5-8-5-8-10V6l8-4z'),
  logout: icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9'),
};

function Item({ to, children, iconEl, onNavigate }: { to: string; children: ReactNode; iconEl: ReactNode; onNavigate: () => void }) {
  return (
    <li>
      <NavLink to={to} className={({ isActive }) => `menu__link${isActive ? ' menu__link--active' : ''}`} onClick={onNavigate}>
        {iconEl}
        <span>{children}</span>
      </NavLink>
    </li>
  );
}

export function SideMenu({ session, open, onNavigate }: { session: Session; open: boolean; onNavigate: () => void }) {
  const brand = effectiveBrand(session);
  const admin = isAdmin(session.user);
  const [asking, setAsking] = useState(false);
  const [clearing, setClearing] = useState(false);
  const clear = async () => {
    setClearing(true);
    try {
      await clearAllBaskets();
      notify.success(MSG.allBasketsCleared);
    } catch (e) {
      handleError(e);
    }
    setClearing(false);
    setAsking(false);
    onNavigate();
  };
  return (
    <aside id="side-menu" className={`sidebar${open ? ' sidebar--open' : ''}`} aria-label="Side menu">
      <div className="sidebar__brand">
        <BrandLogo src={brand?.logo} name={brand?.name ?? ''} />
        <div className="sidebar__brand-text">
          <span className="sidebar__brand-name">{brand?.name ?? 'Retailer Audit'}</span>
          <span className="sidebar__brand-sub">{admin ? 'Admin acting as brand user' : 'Retailer audit'}</span>
        </div>
      </div>
      <nav className="menu" aria-label="Dashboard">
        <ul>
          <Item to={paths.dashboard.summary} iconEl={ICONS.summary} onNavigate={onNavigate}>
            Summary view
          </Item>
          <Item to={paths.dashboard.stats} iconEl={ICONS.list} onNavigate={onNavigate}>
            Retailer List
          </Item>
          <Item to={paths.dashboard.settings} iconEl={ICONS.settings} onNavigate={onNavigate}>
            Settings
          </Item>
          <Item to={paths.dashboard.inbox} iconEl={ICONS.inbox} onNavigate={onNavigate}>
            Inbox
          </Item>
          <li>
            <button type="button" className="menu__link" aria-haspopup="dialog" onClick={() => setAsking(true)}>
              {ICONS.basket}
              <span>Clear All Baskets</span>
            </button>
          </li>
          {admin ? (
            <Item to={paths.admin.confirm} iconEl={ICONS.admin} onNavigate={onNavigate}>
              Admin/Brand User
            </Item>
          ) : null}
        </ul>
      </nav>
      <div className="sidebar__bottom">
        <Link className="menu__link" to={paths.logout}>
          {ICONS.logout}
          <span>Log out</span>
        </Link>
      </div>
      {asking ? (
        <ConfirmDialog title="Clear All Baskets" confirmLabel="Clear All Baskets" busy={clearing} onConfirm={() => void clear()} onCancel={() => setAsking(false)}>
          Empty every basket, for every retailer? The items are removed from all your baskets at once; this cannot be undone.
        </ConfirmDialog>
      ) : null}
    </aside>
  );
}

/** The brand's logo; the app's mark when the brand has none or it does not load. */
function BrandLogo({ src, name }: { src: string | undefined; name: string }) {
  const [failed, setFailed] = useState('');
  if (!src || failed === src) return <Logo withName={false} />;
  return <img className="sidebar__logo" src={src} alt={name} onError={() => setFailed(src)} />;
}
