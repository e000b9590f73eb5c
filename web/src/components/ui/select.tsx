/** A labelled native select (keyboard and screen readers get the platform's own behaviour). */
import { useId, type ReactNode } from 'react';

export interface SelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  /** Class of the wrapper (layout of the screen using it). */
  className?: string;
  inputClassName?: string;
  hint?: string;
  autoFocus?: boolean;
  /** The label is read by screen readers only (a compact select whose first option names it). */
  labelHidden?: boolean;
  /** The value failed validation (aria-invalid; the message is shown by the form). */
  invalid?: boolean;
}

export function Select({ label, value, onChange, children, className = 'field', inputClassName = '', hint, autoFocus, labelHidden = false, invalid = false }: SelectProps) {
  const id = useId();
  return (
    <div className={className}>
      <label className={labelHidden ? 'sr-only' : 'field__label'} htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className={`field__input ${inputClassName}`.trim()}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        data-autofocus={autoFocus || undefined}
        aria-invalid={invalid || undefined}
      >
        {children}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
