/**
 * The new-password form of /reset-password and /activate-account (000 §5): the one password rule
 * (shared/schemas/password.ts: 6 to 128 characters, the rule of every path), and both fields
 * equal, else 'please confirm your password'.
 */
import type { z } from 'zod';
import { resetPasswordForm } from '@shared/schemas/auth';
import { PASSWORD_HINT } from '@shared/schemas/password';
import { FormField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/form';

export type NewPasswordValues = z.infer<typeof resetPasswordForm>;

export function NewPasswordForm({ submitLabel, onSubmit }: { submitLabel: string; onSubmit: (password: string) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(resetPasswordForm, { password: '', confirmPassword: '' });

  return (
    <form className="form" onSubmit={handleSubmit((v) => onSubmit(v.password))} noValidate aria-label="Choose a password">
      <FormField label="New Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} registration={register('password')} error={errors.password} />
      <FormField label="Confirm Password" type="password" autoComplete="new-password" registration={register('confirmPassword')} error={errors.confirmPassword} />
      <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
        {isSubmitting ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}
