/** Admin screens a later issue builds: the page is named, with a Back link to /admin. */
import { Link, matchPath, useLocation } from 'react-router-dom';
import { NotAvailable } from '../../../components/ui/not-available';
import { paths } from '../../../config/paths';

const TITLES: [string, string][] = [
  ['/admin/user-retailer-association', 'User Retailer List'],
  ['/admin/retailers', 'Retailer List'],
  ['/admin/manage-users', 'Manage Users'],
  ['/admin/permissions', 'Permissions'],
];

export function AdminNotAvailableRoute() {
  const { pathname } = useLocation();
  const title = TITLES.find(([p]) => matchPath(p, pathname))?.[1];
  return (
    <>
      <div className="page-head">
        <h1 className="page-head__title">{title ?? 'Page not found'}</h1>
        <Link className="btn btn--outline btn--sm" to={paths.admin.home}>
          Back
        </Link>
      </div>
      {title ? (
        <NotAvailable />
      ) : (
        <section className="panel panel--empty">
          <p className="panel__text">There is no admin page at this address.</p>
        </section>
      )}
    </>
  );
}
