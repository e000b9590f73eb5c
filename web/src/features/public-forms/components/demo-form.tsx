/**
 * The schedule-demo form of /home (000 §3, §5, §7): first and last name, email, website, company,
 * phone, message (optional) and the captcha, validated with the server's own schema (the spec's
 * messages); 'Email sent successfully' once sent. A retry after a lost answer carries the same
 * request id (sent once); any refusal brings a fresh captcha.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PUBLIC_MSG } from '@shared/messages/public';
import { captchaFields, demoRequestFields } from '@shared/schemas/public';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useCaptcha } from '../api/get-captcha';
import { useScheduleDemo } from '../api/schedule-demo';
import { CaptchaField } from './captcha-field';
import { newRequestId } from './request-id';
import './public-forms.css';

const demoForm = demoRequestFields.extend({ recaptcha: captchaFields.shape.recaptcha });
type DemoFormInput = z.input<typeof demoForm>;
type DemoFormValues = z.output<typeof demoForm>;
const FIELDS = ['firstName', 'lastName', 'email', 'website', 'companyName', 'phoneNumber', 'message', 'recaptcha'] as const;
const EMPTY: DemoFormInput = { firstName: '', lastName: '', email: '', website: '', companyName: '', phoneNumber: '', message: '', recaptcha: '' };

export function DemoForm() {
  const captcha = useCaptcha();
  const { trigger, isMutating } = useScheduleDemo();
  const [requestId, setRequestId] = useState(newRequestId);
  const [generation, setGeneration] = useState(0);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm<DemoFormInput, unknown, DemoFormValues>({ resolver: zodResolver(demoForm), defaultValues: EMPTY });

  const freshCaptcha = () => {
    setValue('recaptcha', '');
    setGeneration((g) => g + 1);
    void captcha.mutate();
  };

  const onSubmit = handleSubmit(async (values) => {
    const challenge = captcha.data;
    try {
      const res = await trigger({ ...values, requestId, ...(challenge?.provider === 'local' ? { captchaToken: challenge.token } : {}) });
      notify.success(res.message || PUBLIC_MSG.demoSent);
      reset(EMPTY);
      setRequestId(newRequestId());
      freshCaptcha();
    } catch (e) {
      if (e instanceof ApiError) {
        for (const issue of e.issues) {
          const field = FIELDS.find((f) => f === issue.path);
          if (field) setError(field, { message: issue.message });
        }
        // The captcha was spent (or refused): a new one for the next try.
        freshCaptcha();
      }
      handleError(e);
    }
  });

  return (
    <form className="form demo-form" onSubmit={onSubmit} noValidate aria-label="Schedule a demo">
      <div className="form__grid">
        <FormField label="First Name" autoComplete="given-name" registration={register('firstName')} error={errors.firstName} />
        <FormField label="Last Name" autoComplete="family-name" registration={register('lastName')} error={errors.lastName} />
      </div>
      <div className="form__grid">
        <FormField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
        <FormField label="Phone" type="tel" autoComplete="tel" registration={register('phoneNumber')} error={errors.phoneNumber} />
      </div>
      <div className="form__grid">
        <FormField label="Company" autoComplete="organization" registration={register('companyName')} error={errors.companyName} />
        <FormField label="Website" type="url" autoComplete="url" placeholder="www.example.com" registration={register('website')} error={errors.website} />
      </div>
      <MessageField registration={register('message')} error={errors.message?.message} />
      <CaptchaField
        challenge={captcha.data}
        registration={register('recaptcha')}
        error={errors.recaptcha}
        generation={generation}
        onToken={(t) => setValue('recaptcha', t, { shouldValidate: Boolean(t) })}
      />
      <Button type="submit" variant="primary" block busy={isMutating}>
        {isMutating ? 'Sending…' : 'Schedule a demo'}
      </Button>
    </form>
  );
}

function MessageField({ registration, error }: { registration: ReturnType<ReturnType<typeof useForm>['register']>; error?: string }) {
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor="demo-message">
        Message <span className="muted">(optional)</span>
      </label>
      <textarea id="demo-message" className="field__input field__textarea" rows={4} aria-invalid={error ? true : undefined} aria-describedby={error ? 'demo-message-error' : undefined} {...registration} />
      {error ? (
        <p id="demo-message-error" className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
