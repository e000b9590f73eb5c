/**
 * The new-password form of /reset-password and /activate-account (000 §5): the one password rule
 * (shared/schemas/password.ts: 6 to 128 characters, the rule of every path), and both fields
 * equal, else 'please confirm your password'. The server's refusal of the password (a common
 * password, issue 36: only the server holds that list) is shown under the field, and toasted as
 * the register form does; `onSubmit` throws what it does not handle itself.
 */
import type { z } from 'zod';
import { resetPasswordForm } from '@shared/schemas/auth';
import { PASSWORD_HINT } from '@shared/schemas/password';
import { FormField } from '../../../components/ui/form-field';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';

export type NewPasswordValues = z.infer<typeof resetPasswordForm>;
const FIELDS = ['password', 'confirmPassword'] as const;

export function NewPasswordForm({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (password: string) => Promise<void> }) {
  const form = useSchemaForm(resetPasswordForm, { password: '', confirmPassword: '' });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const submit = handleSubmit(async (v) => {
    try {
      await onSubmit(v.password);
    } catch (e) {
      showServerIssues(form, e, FIELDS);
      handleError(e);
    }
  });

  return (
    <form className="form" onSubmit={submit} noValidate aria-label="Choose a password">
      <FormField label="New Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} registration={register('password')} error={errors.password} />
      <FormField label="Confirm Password" type="password" autoComplete="new-password" registration={register('confirmPassword')} error={errors.confirmPassword} />
      <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
