/** /admin/manage-users (001 §2): 'Manage Users', with a Back link to /admin. */
import { Link } from 'react-router-dom';
import { ADMIN_USERS_MSG } from '@shared/messages/admin-users';
import { paths } from '../../../config/paths';
import { ManageUsers } from '../../../features/admin-users/components/manage-users';

export function ManageUsersRoute() {
  return (
    <>
      <div className="page-head">
        <h1 className="page-head__title">{ADMIN_USERS_MSG.title}</h1>
        <Link className="btn btn--outline btn--sm" to={paths.admin.home}>
          Back
        </Link>
      </div>
      <ManageUsers />
    </>
  );
}
