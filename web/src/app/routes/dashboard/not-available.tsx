/** Dashboard screens of the spec that later issues build, and unknown dashboard addresses. */
import { Link, matchPath, useLocation } from 'react-router-dom';
import { NotAvailable } from '../../../components/ui/not-available';
import { dashboardPages, paths } from '../../../config/paths';

export function DashboardNotAvailableRoute() {
  const { pathname } = useLocation();
  const known = dashboardPages.some((p) => matchPath(p.pattern, pathname));
  if (known) return <NotAvailable />;
  return (
    <section className="panel panel--empty">
      <h2 className="panel__title">Page not found</h2>
      <p className="panel__text">There is no dashboard page at this address.</p>
      <Link className="btn btn--primary" to={paths.dashboard.summary}>
        Go to Summary view
      </Link>
    </section>
  );
}
