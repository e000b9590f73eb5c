/**
 * The invite-member modal (000 §2, §5). The spec names no call for it (§7 'Invite member makes
 * no call'): Continue opens the add-user form with the address filled in, and adding the user
 * there sends the activation email (docs/decisions.md "Users tab").
 */
import { inviteMemberForm } from '@shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { useSchemaForm } from '../../../lib/form';

export interface InviteMemberModalProps {
  onContinue: (email: string) => void;
  onClose: () => void;
}

export function InviteMemberModal({ onContinue, onClose }: InviteMemberModalProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(inviteMemberForm, { email: '' });
  return (
    <Modal
      title="Invite Member"
      size="sm"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="invite-member-form">
            Continue
          </Button>
        </>
      }
    >
      <form id="invite-member-form" className="form" onSubmit={handleSubmit(({ email }) => onContinue(email))} noValidate aria-label="Invite Member">
        <FormField label="Email ID" type="email" registration={register('email')} error={errors.email} data-autofocus />
      </form>
    </Modal>
  );
}
