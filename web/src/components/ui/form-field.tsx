/**
 * Labelled form controls bound to react-hook-form (`registration`), each with its hint and its
 * validation message wired for screen readers: `FormField` (input), `SelectField`, `TextAreaField`.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';

/** What `register()` binds; the rest of a control's attributes (maxLength…) stay the caller's. */
type Bound = 'id' | 'name' | 'onChange' | 'onBlur' | 'ref';

interface FieldFrame {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: FieldError;
  hint?: ReactNode;
  /** Class of the wrapper besides `field` (layout of the screen using it). */
  fieldClassName?: string;
  /** The label is read by screen readers only. */
  labelHidden?: boolean;
}

/** The label, hint and message around a control; `control` gets the id and aria wiring. */
function useFrame({ label, error, hint, fieldClassName = '', labelHidden = false }: FieldFrame, control: (a11y: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode) {
  const id = useId();
  const describedBy = [hint && !error ? `${id}-hint` : '', error?.message ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''} ${fieldClassName}`.trim()}>
      <label className={labelHidden ? 'sr-only' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      {control({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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

export interface FormFieldProps extends FieldFrame, Omit<InputHTMLAttributes<HTMLInputElement>, Bound> {
  label: string;
}

export function FormField({ label, registration, error, hint, fieldClassName, labelHidden, type = 'text', ...rest }: FormFieldProps) {
  return useFrame({ label, registration, error, hint, fieldClassName, labelHidden }, (a11y) => <input className="field__input" type={type} {...a11y} {...rest} {...registration} />);
}

export interface SelectFieldProps extends FieldFrame, Omit<SelectHTMLAttributes<HTMLSelectElement>, Bound> {
  label: string;
  children: ReactNode;
}

export function SelectField({ label, registration, error, hint, fieldClassName, labelHidden, children, className = '', ...rest }: SelectFieldProps) {
  return useFrame({ label, registration, error, hint, fieldClassName, labelHidden }, (a11y) => (
    <select className={`field__input ${className}`.trim()} {...a11y} {...rest} {...registration}>
      {children}
    </select>
  ));
}

export interface TextAreaFieldProps extends FieldFrame, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Bound> {}

export function TextAreaField({ label, registration, error, hint, fieldClassName, labelHidden, className = '', rows = 4, ...rest }: TextAreaFieldProps) {
  return useFrame({ label, registration, error, hint, fieldClassName, labelHidden }, (a11y) => (
    <textarea className={`field__input field__textarea ${className}`.trim()} rows={rows} {...a11y} {...rest} {...registration} />
  ));
}
