/** The forgot-password form (000 §5, §7): user name and email; the success toast is the spec's. */
import { forgotPasswordBody } from '@shared/schemas/auth';
import { MSG } from '@shared/messages';
import { FormField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { forgotPassword } from '../api/forgot-password';

export const FORGOT_PASSWORD_FORM_ID = 'forgot-password-form';

export function ForgotPasswordForm({ onDone }: { onDone: () => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(forgotPasswordBody, { userName: '', email: '' });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const res = await forgotPassword(values);
      notify.success(res.message || MSG.checkEmail);
      onDone();
    } catch (e) {
      handleError(e);
    }
  });

  return (
    <form id={FORGOT_PASSWORD_FORM_ID} className="form" onSubmit={onSubmit} noValidate aria-label="Forgot password">
      <p className="form__intro">Enter your user name and the email address of your account. We will email you a link to choose a new password.</p>
      <FormField label="User Name" autoComplete="username" registration={register('userName')} error={errors.userName} data-autofocus />
      <FormField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
      <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send reset link'}
      </button>
    </form>
  );
}
