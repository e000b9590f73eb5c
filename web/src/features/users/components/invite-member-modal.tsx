/**
 * The invite-member modal (000 §2, §5). The spec names no call for it (§7 'Invite member makes
 * no call'): Continue opens the add-user form with the address filled in, and adding the user
 * there sends the activation email (docs/decisions.md "Users tab").
 */
import { useId, useState } from 'react';
import * as z from 'zod';
import { USER_MSG } from '@shared/messages/users';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export interface InviteMemberModalProps {
  onContinue: (email: string) => void;
  onClose: () => void;
}

export function InviteMemberModal({ onContinue, onClose }: InviteMemberModalProps) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const v = email.trim();
    if (!v) return setError(USER_MSG.inviteEmailRequired);
    if (!z.email().safeParse(v).success) return setError(USER_MSG.emailInvalid);
    onContinue(v.toLowerCase());
  };
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
      <form id="invite-member-form" className="form" onSubmit={submit} noValidate aria-label="Invite Member">
        <div className={`field${error ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={id}>
            Email ID
          </label>
          <input id={id} className="field__input" type="email" value={email} onChange={(e) => setEmail(e.target.value)} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} data-autofocus />
          {error ? (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
