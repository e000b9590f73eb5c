/**
 * The add/edit user modal (000 §2, §4, §5): First Name, Last Name, Email Address (disabled on
 * edit), the role (GET /roles, never ADMIN), 'View all assigned retailers' (the
 * assigned-retailers modal, which continues back here with the chosen retailers; adding needs the
 * names first: 'Please fill up firstname and lastname first.') and, on edit, 'notify user'. The
 * form's messages are listed together and nothing is sent until they pass (the shared zod
 * schema, through `useUserForm`).
 */
import { useId, useState } from 'react';
import { ROLE, roleLabel } from '@shared/constants';
import { Button } from '../../../components/ui/button';
import { FormField, SelectField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { useRoles } from '../api/users-tab';
import { AssignedRetailersModal, type RetailerOption } from './assigned-retailers-modal';
import { useUserForm, type UserFormTarget } from './use-user-form';

export interface UserFormModalProps extends UserFormTarget {
  /** The row is the signed-in user's own: the role cannot change. */
  own?: boolean;
  retailers: RetailerOption[] | undefined;
}

export function UserFormModal(props: UserFormModalProps) {
  const { mode, own = false, retailers, onClose } = props;
  const [step, setStep] = useState<'form' | 'retailers'>('form');
  const { form, onSubmit, namesFirst, messages, busy } = useUserForm(props);
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const roles = useRoles();
  const ids = { errors: useId(), notify: useId() };
  const chosen = watch('associated_retailers');
  const role = watch('role');
  const names = (retailers ?? []).filter((r) => chosen.includes(r._id)).map((r) => r.name);
  /** A field's message is in the list above the form: the field points to it. */
  const listed = (f: 'firstname' | 'lastname' | 'email' | 'role') => ({ 'aria-invalid': errors[f] ? (true as const) : undefined, 'aria-describedby': messages.length ? ids.errors : undefined });

  if (step === 'retailers') {
    return (
      <AssignedRetailersModal
        title="Assigned Retailers"
        retailers={retailers}
        selected={chosen}
        onClose={() => setStep('form')}
        onContinue={(picked) => {
          setValue('associated_retailers', picked);
          setStep('form');
        }}
      />
    );
  }

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
      <form id="user-form" className="form" onSubmit={onSubmit} noValidate aria-label={mode === 'add' ? 'Add New User' : 'Edit User'}>
        {messages.length ? (
          <div id={ids.errors} role="alert">
            <ul className="user-form__errors">
              {messages.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="form__grid">
          <FormField label="First Name" autoComplete="off" registration={register('firstname')} {...listed('firstname')} data-autofocus />
          <FormField label="Last Name" autoComplete="off" registration={register('lastname')} {...listed('lastname')} />
        </div>
        <FormField label="Email Address" type="email" autoComplete="off" disabled={mode === 'edit'} registration={register('email')} {...listed('email')} />
        {/* Remounted once the roles are in: a native select shows its value only among its options. */}
        <SelectField key={roles.data ? 'roles' : 'loading'} label="Role" registration={register('role')} hint={own ? 'You cannot change your own role.' : undefined} aria-invalid={listed('role')['aria-invalid']}>
          <option value="">Select role</option>
          {(roles.data?.data ?? [])
            .filter((r) => r.name !== ROLE.ADMIN)
            .filter((r) => !own || r._id === role)
            .map((r) => (
              <option key={r._id} value={r._id}>
                {roleLabel(r.name)}
              </option>
            ))}
        </SelectField>
        <div className="user-form__retailers">
          <span>{chosen.length === 0 ? 'Assigned retailers: All' : `Assigned retailers: ${names.join(', ')}`}</span>
          <Button variant="outline" size="sm" onClick={() => namesFirst() && setStep('retailers')}>
            View all assigned retailers
          </Button>
        </div>
        {mode === 'edit' ? (
          <label className="user-form__check" htmlFor={ids.notify}>
            <input id={ids.notify} type="checkbox" {...register('notify')} />
            Notify user
          </label>
        ) : null}
      </form>
    </Modal>
  );
}
