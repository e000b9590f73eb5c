/** The free registration form (000 §5); the server's message is shown once the account exists. */
import type { z } from 'zod';
import { registerForm } from '@shared/schemas/auth';
import { PASSWORD_HINT } from '@shared/schemas/password';
import { FormField } from '../../../components/ui/form-field';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { register as registerAccount } from '../api/register';

export type RegisterValues = z.infer<typeof registerForm>;
const FIELDS = ['email', 'password', 'confirmPassword', 'firstName', 'lastName', 'company'] as const;

export function RegisterForm({ onRegistered }: { onRegistered: (message: string) => void }) {
  const form = useSchemaForm(registerForm, { firstName: '', lastName: '', company: '', email: '', password: '', confirmPassword: '' });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async ({ confirmPassword: _c, ...body }) => {
    try {
      const res = await registerAccount(body);
      onRegistered(res.message);
    } catch (e) {
      showServerIssues(form, e, FIELDS);
      handleError(e);
    }
  });

  return (
    <form className="form" onSubmit={onSubmit} noValidate aria-label="Register">
      <div className="form__grid">
        <FormField label="First Name" autoComplete="given-name" registration={register('firstName')} error={errors.firstName} />
        <FormField label="Last Name" autoComplete="family-name" registration={register('lastName')} error={errors.lastName} />
      </div>
      <FormField label="Company" autoComplete="organization" registration={register('company')} error={errors.company} />
      <FormField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
      <div className="form__grid">
        <FormField label="Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} registration={register('password')} error={errors.password} />
        <FormField label="Confirm Password" type="password" autoComplete="new-password" registration={register('confirmPassword')} error={errors.confirmPassword} />
      </div>
      <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Create account'}
      </button>
    </form>
  );
}
