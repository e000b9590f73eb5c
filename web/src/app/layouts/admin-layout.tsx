/**
 * The admin area's frame (001 §2): header with the 'Log out' link, the page, a scroll-to-top
 * button. A route with `handle: { wide: true }` (the post office's tables) gets the full width.
 */
import { Link, Outlet, useMatches } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { Logo } from '../../components/ui/logo';
import { ScrollToTop } from '../../components/ui/scroll-to-top';
import './admin-layout.css';

export function AdminLayout() {
  const session = useSession();
  const wide = useMatches().some((m) => (m.handle as { wide?: boolean } | undefined)?.wide);
  return (
    <div className="admin">
      <header className="admin__header">
        <Link to={paths.admin.home} className="admin__home">
          <Logo className="logo--light" />
          <span className="admin__badge">Admin</span>
        </Link>
        <nav className="admin__nav" aria-label="Account">
          {session ? <span className="admin__user">{session.user.name}</span> : null}
          <Link className="admin__logout" to={paths.logout}>
            Log out
          </Link>
        </nav>
      </header>
      <main className={`admin__main${wide ? ' admin__main--wide' : ''}`}>
        <Outlet />
      </main>
      <ScrollToTop />
    </div>
  );
}
