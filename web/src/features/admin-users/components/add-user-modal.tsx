/**
 * The add-user modal of Manage Users (001 §2, §5, §7, §8): User Name, Email, Password, Brand and
 * Role (one, from GET /roles). Every message of the spec's form under its field ('User Name
 * Required', 'Too Short!', 'Too Long!', 'Please enter valid email', 'Email Required', 'Password
 * Required', 'Brand is required', 'Role is required'); nothing is sent until they pass. A 2xx
 * toasts 'User added successfully.', resets the form and closes; the server's refusals (a taken
 * address, a brand gone meanwhile) are shown under their field.
 */
import { useId, useState } from 'react';
import { roleLabel } from '@shared/constants';
import { ADMIN_USERS_MSG as M } from '@shared/messages/admin-users';
import { adminUserForm, type AdminUserFormValues } from '@shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useBrandOptions, useCreateUser, useRoleOptions } from '../api/admin-users';

type Field = keyof AdminUserFormValues;
const EMPTY: AdminUserFormValues = { name: '', email: '', password: '', brand: '', role: '' };

export function AddUserModal({ onClose }: { onClose: () => void }) {
  const [values, setValues] = useState<AdminUserFormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const brands = useBrandOptions();
  const roles = useRoleOptions();
  const create = useCreateUser();
  const ids = { name: useId(), email: useId(), password: useId() };
  const set = (k: Field, v: string) => setValues((x) => ({ ...x, [k]: v }));

  /** The first message of each field. */
  const byField = (issues: { path: string; message: string }[]) => {
    const out: Partial<Record<Field, string>> = {};
    for (const i of issues) {
      const f = (i.path === 'roles' ? 'role' : i.path) as Field;
      if (f in EMPTY && !out[f]) out[f] = i.message;
    }
    return out;
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = adminUserForm.safeParse(values);
    if (!parsed.success) {
      setErrors(byField(parsed.error.issues.map((i) => ({ path: String(i.path[0]), message: i.message }))));
      return;
    }
    setErrors({});
    const { role, ...v } = parsed.data;
    try {
      await create.trigger({ ...v, roles: [role] });
      notify.success(M.userAdded);
      setValues(EMPTY);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409)) {
        const found = byField(err.issues);
        setErrors(Object.keys(found).length ? found : err.status === 409 ? { email: err.message } : { name: err.message });
        return;
      }
      handleError(err);
    }
  };

  const text = (f: 'name' | 'email' | 'password', label: string, type: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className={`field${errors[f] ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={ids[f]}>
        {label}
      </label>
      <input
        id={ids[f]}
        className="field__input"
        type={type}
        value={values[f]}
        onChange={(e) => set(f, e.target.value)}
        aria-invalid={errors[f] ? true : undefined}
        aria-describedby={errors[f] ? `${ids[f]}-error` : undefined}
        autoComplete={f === 'password' ? 'new-password' : 'off'}
        {...extra}
      />
      {errors[f] ? (
        <p id={`${ids[f]}-error`} className="field__error" role="alert">
          {errors[f]}
        </p>
      ) : null}
    </div>
  );
  const selectError = (f: 'brand' | 'role') =>
    errors[f] ? (
      <p className="field__error admin-users__select-error" role="alert">
        {errors[f]}
      </p>
    ) : null;

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
      <form id="admin-add-user" className="form" onSubmit={submit} noValidate aria-label={M.addUsers}>
        {text('name', 'User Name', 'text', { 'data-autofocus': true, maxLength: 200 } as React.InputHTMLAttributes<HTMLInputElement>)}
        {text('email', 'Email', 'email')}
        {text('password', 'Password', 'password')}
        <Select label="Brand" value={values.brand} onChange={(v) => set('brand', v)} invalid={!!errors.brand}>
          <option value="">{brands.data ? 'Select Brand' : 'Loading…'}</option>
          {(brands.data?.data ?? []).map((b) => (
            <option key={b._id} value={b._id}>
              {b.name}
            </option>
          ))}
        </Select>
        {selectError('brand')}
        <Select label="Role" value={values.role} onChange={(v) => set('role', v)} invalid={!!errors.role}>
          <option value="">{roles.data ? 'Select Role' : 'Loading…'}</option>
          {(roles.data?.data ?? []).map((r) => (
            <option key={r._id} value={r._id}>
              {roleLabel(r.name)}
            </option>
          ))}
        </Select>
        {selectError('role')}
      </form>
    </Modal>
  );
}
