/** The admin area's frame (001 §2): header with the 'Log out' link, the page, a scroll-to-top button. */
import { Link, Outlet } from 'react-router-dom';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { Logo } from '../ui/logo';
import { ScrollToTop } from '../ui/scroll-to-top';

export function AdminLayout() {
  const session = useSession();
  return (
    <div className="admin">
      <header className="admin__header">
        <Link to={paths.admin.home} className="admin__home" aria-label="Admin home">
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
      <main className="admin__main">
        <Outlet />
      </main>
      <ScrollToTop />
    </div>
  );
}
