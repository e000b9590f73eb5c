/** /admin/post-office/settings (001 §2): the Administration screen of the post office. */
import { Link, useLocation } from 'react-router-dom';
import { ROLE } from '@shared/constants';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useSettings } from '../../../features/settings/api/get-settings';
import { SettingsForm } from '../../../features/settings/components/settings-form';
import { useUsers } from '../../../features/users/api/get-users';

export function PostOfficeSettingsRoute() {
  const location = useLocation();
  const back = (location.state as { from?: string } | null)?.from ?? paths.admin.home;
  const { data, isLoading } = useSettings();
  const { data: users } = useUsers({ page: 1, limit: 1000 });
  const adminEmails = (users?.data ?? []).filter((u) => u.roles.some((r) => r.name === ROLE.ADMIN)).map((u) => u.email);

  return (
    <>
      <div className="page-head">
        <h1 className="page-head__title">Administration</h1>
        <Link className="btn btn--outline btn--sm" to={back}>
          Back
        </Link>
      </div>
      {isLoading || !data ? (
        isLoading ? <Spinner label="Loading settings…" /> : <p className="panel panel--empty">The settings could not be loaded.</p>
      ) : (
        // A reload after saving starts the form again from what the server holds.
        <SettingsForm key={JSON.stringify(data)} settingsId={data._id} version={data.version} initial={data.settings} adminEmails={adminEmails} />
      )}
    </>
  );
}
