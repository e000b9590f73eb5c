/**
 * The schedule-demo form of /home (000 §3, §5, §7): first and last name, email, website, company,
 * phone, message (optional) and the captcha, validated with the server's own schema (the spec's
 * messages); 'Email sent successfully' once sent. A retry after a lost answer carries the same
 * request id (sent once); any refusal brings a fresh captcha.
 */
import { useState } from 'react';
import type { z } from 'zod';
import { PUBLIC_MSG } from '@shared/messages/public';
import { captchaFields, demoRequestFields } from '@shared/schemas/public';
import { Button } from '../../../components/ui/button';
import { FormField, TextAreaField } from '../../../components/ui/form-field';
import { ApiError } from '../../../lib/api-error';
import { showServerIssues, useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useCaptcha } from '../api/get-captcha';
import { useScheduleDemo } from '../api/schedule-demo';
import { CaptchaField } from './captcha-field';
import { newRequestId } from './request-id';
import './public-forms.css';

const demoForm = demoRequestFields.extend({ recaptcha: captchaFields.shape.recaptcha });
type DemoFormInput = z.input<typeof demoForm>;
const FIELDS = ['firstName', 'lastName', 'email', 'website', 'companyName', 'phoneNumber', 'message', 'recaptcha'] as const;
const EMPTY: DemoFormInput = { firstName: '', lastName: '', email: '', website: '', companyName: '', phoneNumber: '', message: '', recaptcha: '' };

export function DemoForm() {
  const captcha = useCaptcha();
  const { trigger, isMutating } = useScheduleDemo();
  const [requestId, setRequestId] = useState(newRequestId);
  const [generation, setGeneration] = useState(0);
  const form = useSchemaForm(demoForm, EMPTY);
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors },
  } = form;

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
      showServerIssues(form, e, FIELDS);
      // The captcha was spent (or refused): a new one for the next try.
      if (e instanceof ApiError) freshCaptcha();
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
      <TextAreaField
        label={
          <>
            Message <span className="muted">(optional)</span>
          </>
        }
        registration={register('message')}
        error={errors.message}
      />
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
