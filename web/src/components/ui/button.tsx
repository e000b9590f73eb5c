/**
 * The app's button: the `btn` classes of the base styles, `type="button"` unless told otherwise,
 * and a busy state (a spinner, the button disabled and `aria-busy`) for actions that wait.
 */
import type { ButtonHTMLAttributes } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'outline' | 'ghost' | 'approve' | 'attention';
  size?: 'sm' | 'md' | 'lg';
  block?: boolean;
  busy?: boolean;
}

export function Button({ variant = 'primary', size = 'md', block = false, busy = false, type = 'button', className = '', disabled, children, ...rest }: ButtonProps) {
  const classes = ['btn', `btn--${variant}`, size === 'md' ? '' : `btn--${size}`, block ? 'btn--block' : '', className].filter(Boolean).join(' ');
  return (
    <button type={type} className={classes} disabled={disabled || busy} aria-busy={busy || undefined} {...rest}>
      {busy ? <span className="btn__spinner" aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
