/** A labelled input with its validation message, wired for screen readers. */
import { useId, type InputHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | keyof UseFormRegisterReturn> {
  label: string;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  hint?: string;
}

export function FormField({ label, registration, error, hint, type = 'text', ...rest }: FormFieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input id={id} className="field__input" type={type} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...rest} {...registration} />
      {hint && !error ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error?.message ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error.message}
        </p>
      ) : null}
    </div>
  );
}
