/**
 * The add-user modal of Manage Users (001 §2, §5, §7, §8): User Name, Email, Password, Brand and
 * Role (one, from GET /roles). Every message of the spec's form under its field ('User Name
 * Required', 'Too Short!', 'Too Long!', 'Please enter valid email', 'Email Required', 'Password
 * Required', 'Brand is required', 'Role is required'); nothing is sent until they pass. A 2xx
 * toasts 'User added successfully.' and closes; the server's refusals (a taken address, a brand
 * gone meanwhile) are shown under their field.
 */
import { roleLabel } from '@shared/constants';
import { ADMIN_USERS_MSG as M } from '@shared/messages/admin-users';
import { adminUserForm } from '@shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { FormField, SelectField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useBrandOptions, useCreateUser, useRoleOptions } from '../api/admin-users';

const FIELDS = ['name', 'email', 'password', 'brand', 'role'] as const;

export function AddUserModal({ onClose }: { onClose: () => void }) {
  const form = useSchemaForm(adminUserForm, { name: '', email: '', password: '', brand: '', role: '' });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  const brands = useBrandOptions();
  const roles = useRoleOptions();
  const create = useCreateUser();

  const onSubmit = handleSubmit(async ({ role, ...v }) => {
    try {
      await create.trigger({ ...v, roles: [role] });
      notify.success(M.userAdded);
      onClose();
    } catch (err) {
      if (!showServerIssues(form, err, FIELDS, { alias: { roles: 'role' }, conflict: 'email' })) handleError(err);
    }
  });

  return (
    <Modal
      title={M.addUsers}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" form="admin-add-user" busy={create.isMutating}>
            Add User
          </Button>
        </>
      }
    >
      <form id="admin-add-user" className="form" onSubmit={onSubmit} noValidate aria-label={M.addUsers}>
        <FormField label="User Name" autoComplete="off" maxLength={200} registration={register('name')} error={errors.name} data-autofocus />
        <FormField label="Email" type="email" autoComplete="off" registration={register('email')} error={errors.email} />
        <FormField label="Password" type="password" autoComplete="new-password" registration={register('password')} error={errors.password} />
        <SelectField label="Brand" registration={register('brand')} error={errors.brand}>
          <option value="">{brands.data ? 'Select Brand' : 'Loading…'}</option>
          {(brands.data?.data ?? []).map((b) => (
            <option key={b._id} value={b._id}>
              {b.name}
            </option>
          ))}
        </SelectField>
        <SelectField label="Role" registration={register('role')} error={errors.role}>
          <option value="">{roles.data ? 'Select Role' : 'Loading…'}</option>
          {(roles.data?.data ?? []).map((r) => (
            <option key={r._id} value={r._id}>
              {roleLabel(r.name)}
            </option>
          ))}
        </SelectField>
      </form>
    </Modal>
  );
}
