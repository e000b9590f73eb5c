/**
 * The add/edit user modal (000 §2, §4, §5): First Name, Last Name, Email Address (disabled on
 * edit), the role (GET /roles, never ADMIN), 'View all assigned retailers' (the
 * assigned-retailers modal, which continues back here with the chosen retailers; adding needs the
 * names first: 'Please fill up firstname and lastname first.') and, on edit, 'notify user'. The
 * form's messages are listed together and nothing is sent until they pass (the shared zod
 * schema); the form resets after a success.
 */
import { useId, useState } from 'react';
import { ROLE, roleLabel } from '@shared/constants';
import { USER_MSG } from '@shared/messages/users';
import { userForm } from '@shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useAddUser, useEditUser, useRoles, type BrandUserRow } from '../api/users-tab';
import { AssignedRetailersModal, type RetailerOption } from './assigned-retailers-modal';

export interface UserFormModalProps {
  mode: 'add' | 'edit';
  /** The user being edited (edit mode). */
  user?: BrandUserRow;
  /** Prefilled email (add mode, from the invite-member modal). */
  email?: string;
  /** The row is the signed-in user's own: the role cannot change. */
  own?: boolean;
  retailers: RetailerOption[] | undefined;
  actingBrand: string | undefined;
  onClose: () => void;
}

interface Values {
  firstname: string;
  lastname: string;
  email: string;
  role: string;
  associated_retailers: string[];
  notify: boolean;
}

function initial(props: UserFormModalProps): Values {
  const u = props.user;
  return {
    firstname: u?.firstname ?? '',
    lastname: u?.lastname ?? '',
    email: u?.email ?? props.email ?? '',
    role: u?.roles[0]?._id ?? '',
    associated_retailers: u?.associated_retailers.map((r) => r._id) ?? [],
    notify: false,
  };
}

export function UserFormModal(props: UserFormModalProps) {
  const { mode, own = false, retailers, actingBrand, onClose } = props;
  const [values, setValues] = useState<Values>(() => initial(props));
  const [errors, setErrors] = useState<string[]>([]);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [step, setStep] = useState<'form' | 'retailers'>('form');
  const roles = useRoles();
  const add = useAddUser(actingBrand);
  const edit = useEditUser(actingBrand);
  const ids = { first: useId(), last: useId(), email: useId(), errors: useId(), notify: useId() };
  const set = <K extends keyof Values>(k: K, v: Values[K]) => setValues((x) => ({ ...x, [k]: v }));
  const busy = add.isMutating || edit.isMutating;

  const openRetailers = () => {
    if (mode === 'add' && (!values.firstname.trim() || !values.lastname.trim())) {
      setErrors([USER_MSG.namesFirst]);
      setInvalid(new Set([...(values.firstname.trim() ? [] : ['firstname']), ...(values.lastname.trim() ? [] : ['lastname'])]));
      return;
    }
    setErrors([]);
    setStep('retailers');
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = userForm.safeParse(values);
    if (!parsed.success) {
      setErrors([...new Set(parsed.error.issues.map((i) => i.message))]);
      setInvalid(new Set(parsed.error.issues.map((i) => String(i.path[0]))));
      return;
    }
    setErrors([]);
    setInvalid(new Set());
    const v = parsed.data;
    try {
      if (mode === 'add') {
        await add.trigger({ firstname: v.firstname, lastname: v.lastname, email: v.email, roles: [v.role], associated_retailers: values.associated_retailers, notify: true });
        notify.success(USER_MSG.userCreated);
      } else {
        await edit.trigger({
          id: props.user!._id,
          body: { firstname: v.firstname, lastname: v.lastname, roles: [v.role], associated_retailers: values.associated_retailers, notify: values.notify },
        });
        notify.success(USER_MSG.userUpdated);
      }
      setValues(initial({ ...props, user: undefined, email: undefined }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 409 || err.status === 403)) {
        setErrors(err.issues.length ? [...new Set(err.issues.map((i) => i.message))] : [err.message]);
        setInvalid(new Set(err.issues.map((i) => i.path)));
        if (err.status === 409) setInvalid(new Set(['email']));
        return;
      }
      handleError(err);
    }
  };

  const chosen = values.associated_retailers;
  const names = (retailers ?? []).filter((r) => chosen.includes(r._id)).map((r) => r.name);

  if (step === 'retailers') {
    return (
      <AssignedRetailersModal
        title="Assigned Retailers"
        retailers={retailers}
        selected={chosen}
        onClose={() => setStep('form')}
        onContinue={(picked) => {
          set('associated_retailers', picked);
          setStep('form');
        }}
      />
    );
  }

  const field = (id: string, key: 'firstname' | 'lastname' | 'email', label: string, extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="field__input"
        value={values[key]}
        onChange={(e) => set(key, e.target.value)}
        aria-invalid={invalid.has(key) || undefined}
        aria-describedby={errors.length ? ids.errors : undefined}
        autoComplete="off"
        {...extra}
      />
    </div>
  );

  return (
    <Modal
      title={mode === 'add' ? 'Add New User' : 'Edit User'}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="user-form" busy={busy}>
            {mode === 'add' ? 'Add User' : 'Save'}
          </Button>
        </>
      }
    >
      <form id="user-form" className="form" onSubmit={submit} noValidate aria-label={mode === 'add' ? 'Add New User' : 'Edit User'}>
        {errors.length ? (
          <div id={ids.errors} role="alert">
            <ul className="user-form__errors">
              {errors.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="form__grid">
          {field(ids.first, 'firstname', 'First Name', { 'data-autofocus': true } as React.InputHTMLAttributes<HTMLInputElement>)}
          {field(ids.last, 'lastname', 'Last Name')}
        </div>
        {field(ids.email, 'email', 'Email Address', { type: 'email', disabled: mode === 'edit' })}
        <Select label="Role" value={values.role} onChange={(v) => set('role', v)} invalid={invalid.has('role')} hint={own ? 'You cannot change your own role.' : undefined}>
          <option value="">Select role</option>
          {(roles.data?.data ?? [])
            .filter((r) => r.name !== ROLE.ADMIN)
            .filter((r) => !own || r._id === values.role)
            .map((r) => (
              <option key={r._id} value={r._id}>
                {roleLabel(r.name)}
              </option>
            ))}
        </Select>
        <div className="user-form__retailers">
          <span>{chosen.length === 0 ? 'Assigned retailers: All' : `Assigned retailers: ${names.join(', ')}`}</span>
          <Button variant="outline" size="sm" onClick={openRetailers}>
            View all assigned retailers
          </Button>
        </div>
        {mode === 'edit' ? (
          <label className="user-form__check" htmlFor={ids.notify}>
            <input id={ids.notify} type="checkbox" checked={values.notify} onChange={(e) => set('notify', e.target.checked)} />
            Notify user
          </label>
        ) : null}
      </form>
    </Modal>
  );
}
