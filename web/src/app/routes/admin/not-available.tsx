/** An /admin address with no screen (every admin screen of 001 §2 is built): 'Page not found', with a Back link to /admin. */
import { Link } from 'react-router-dom';
import { paths } from '../../../config/paths';

export function AdminNotAvailableRoute() {
  return (
    <>
      <div className="page-head">
        <h1 className="page-head__title">Page not found</h1>
        <Link className="btn btn--outline btn--sm" to={paths.admin.home}>
          Back
        </Link>
      </div>
      <section className="panel panel--empty">
        <p className="panel__text">There is no admin page at this address.</p>
      </section>
    </>
  );
}
