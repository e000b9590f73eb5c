/**
 * The Email Alert multi-select (001 §2): recipients as removable chips, typed freely (Enter,
 * comma or leaving the field adds one) or picked from suggestions (the admin users' emails).
 * Addresses are validated as the server validates them. The keyboard, suggestions and the
 * refusal message are `useEmailChips`; the settings form binds it with react-hook-form's Controller.
 */
import { useId } from 'react';
import { useEmailChips } from './use-email-chips';
import './email-alerts-input.css';

export interface EmailAlertsInputProps {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  suggestions: string[];
}

export function EmailAlertsInput({ label, value, onChange, suggestions }: EmailAlertsInputProps) {
  const id = useId();
  const listId = `${id}-list`;
  const { input, text, open, setOpen, highlight, error, options, add, remove, onKeyDown, onTextChange, onBlur } = useEmailChips(value, onChange, suggestions);

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="chips" onMouseDown={(e) => e.target === e.currentTarget && (e.preventDefault(), input.current?.focus())}>
        <ul className="chips__list" aria-label="Alert recipients">
          {value.map((email) => (
            <li key={email} className="chip">
              <span className="chip__text">{email}</span>
              <button type="button" className="chip__x" aria-label={`Remove ${email}`} onClick={() => remove(email)}>
                ×
              </button>
            </li>
          ))}
        </ul>
        <div className="chips__entry">
          <input
            ref={input}
            id={id}
            className="chips__input"
            type="text"
            inputMode="email"
            autoComplete="off"
            role="combobox"
            aria-expanded={open && options.length > 0}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && highlight >= 0 ? `${listId}-${highlight}` : undefined}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-help ${id}-error` : `${id}-help`}
            placeholder={value.length ? 'Add another email' : 'Add an email address'}
            value={text}
            onChange={onTextChange}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={onBlur}
          />
          {open && options.length ? (
            <ul id={listId} className="chips__options" role="listbox" aria-label="Suggestions">
              {options.map((o, i) => (
                <li
                  key={o}
                  id={`${listId}-${i}`}
                  role="option"
                  aria-selected={i === highlight}
                  className={`chips__option${i === highlight ? ' chips__option--active' : ''}`}
                  onMouseDown={(e) => {
                    e.preventDefault();
                    add([o]);
                  }}
                >
                  {o}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p id={`${id}-help`} className="field__hint">
        Alerts about files that need review go to these addresses. Press Enter or a comma to add one.
      </p>
    </div>
  );
}
