/**
 * The add/edit user form's state (000 §5, §7): the shared `userForm` schema (the retailers chosen in
 * the assigned-retailers step and 'Notify user' among its values), POST /registerAndNotify or
 * PUT /users/{id} once every message passes, and the messages to list together: the schema's, a
 * refusal of the server's under its field, or the refusal itself when it names none.
 */
import { USER_MSG } from '@shared/messages/users';
import { userForm } from '@shared/schemas/users';
import { ApiError } from '../../../lib/api-error';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useAddUser, useEditUser, type BrandUserRow } from '../api/users-tab';

/** The form's fields in the order their messages are listed. */
const FIELDS = ['firstname', 'lastname', 'email', 'role', 'associated_retailers'] as const;

export interface UserFormTarget {
  mode: 'add' | 'edit';
  /** The user being edited (edit mode). */
  user?: BrandUserRow;
  /** Prefilled email (add mode, from the invite-member modal). */
  email?: string;
  actingBrand: string | undefined;
  onClose: () => void;
}

export function useUserForm({ mode, user, email, actingBrand, onClose }: UserFormTarget) {
  const form = useSchemaForm(userForm, {
    firstname: user?.firstname ?? '',
    lastname: user?.lastname ?? '',
    email: user?.email ?? email ?? '',
    role: user?.roles[0]?._id ?? '',
    associated_retailers: user?.associated_retailers.map((r) => r._id) ?? [],
    notify: false,
  });
  const add = useAddUser(actingBrand);
  const edit = useEditUser(actingBrand);
  const { errors } = form.formState;

  /** Before the retailers step: adding needs the names first ('Please fill up firstname and lastname first.'). */
  const namesFirst = (): boolean => {
    form.clearErrors();
    if (mode !== 'add') return true;
    const missing = (['firstname', 'lastname'] as const).filter((f) => !form.getValues(f).trim());
    for (const f of missing) form.setError(f, { type: 'manual', message: USER_MSG.namesFirst });
    return missing.length === 0;
  };

  const onSubmit = form.handleSubmit(async ({ firstname, lastname, email: address, role, associated_retailers, notify: notifyUser }) => {
    try {
      if (mode === 'add') {
        await add.trigger({ firstname, lastname, email: address, roles: [role], associated_retailers, notify: true });
        notify.success(USER_MSG.userCreated);
      } else {
        await edit.trigger({ id: user!._id, body: { firstname, lastname, roles: [role], associated_retailers, notify: notifyUser } });
        notify.success(USER_MSG.userUpdated);
      }
      onClose();
    } catch (err) {
      if (showServerIssues(form, err, FIELDS, { alias: { roles: 'role' }, conflict: 'email' })) return;
      // A refusal naming no field of the form (your own role, a role not given here): listed with the rest.
      if (err instanceof ApiError && [400, 403, 409].includes(err.status)) form.setError('root.server', { type: 'server', message: err.message });
      else handleError(err);
    }
  });

  /** Every message, listed together (000 §5): each once, in the fields' order. */
  const messages = [...new Set([...FIELDS.map((f) => errors[f]?.message), errors.root?.server?.message].filter((m): m is string => !!m))];
  return { form, onSubmit, namesFirst, messages, busy: add.isMutating || edit.isMutating };
}
