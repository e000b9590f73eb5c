/** The brand dashboard shell: side menu, top bar, the page, footer. */
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { useSession } from '../../lib/session';
import { SideMenu } from './side-menu';
import { SiteFooter } from './site-footer';
import { TopBar } from './top-bar';
import './dashboard-layout.css';

export function DashboardLayout() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  if (!session) return null;
  const close = () => setMenuOpen(false);
  return (
    <div className="shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <SideMenu session={session} open={menuOpen} onNavigate={close} />
      {menuOpen ? <div className="shell__scrim" aria-hidden="true" onClick={close} /> : null}
      <div className="shell__main">
        <TopBar session={session} menuOpen={menuOpen} onToggleMenu={() => setMenuOpen((o) => !o)} />
        <main id="main" className="shell__content" tabIndex={-1}>
          <Outlet />
        </main>
        <SiteFooter />
      </div>
    </div>
  );
}
