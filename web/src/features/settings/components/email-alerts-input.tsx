/**
 * The Email Alert multi-select (001 §2): recipients as removable chips, typed freely (Enter,
 * comma or leaving the field adds one) or picked from suggestions (the admin users' emails).
 * Addresses are validated as the server validates them.
 */
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import * as z from 'zod';
import './email-alerts-input.css';

const emailSchema = z.string().trim().email();
export const INVALID_EMAIL = 'Please enter valid email';

export interface EmailAlertsInputProps {
  label: string;
  value: string[];
  onChange: (next: string[]) => void;
  suggestions: string[];
}

export function EmailAlertsInput({ label, value, onChange, suggestions }: EmailAlertsInputProps) {
  const id = useId();
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(-1);
  const [error, setError] = useState<string | null>(null);

  const chosen = new Set(value.map((v) => v.toLowerCase()));
  const needle = text.trim().toLowerCase();
  const options = suggestions.filter((s) => !chosen.has(s.toLowerCase()) && (!needle || s.toLowerCase().includes(needle))).slice(0, 8);

  /** Add addresses; returns false (and says why) when one is not an email. */
  const add = (raw: string[]): boolean => {
    const parts = raw.map((p) => p.trim()).filter(Boolean);
    if (!parts.length) return true;
    const bad = parts.find((p) => !emailSchema.safeParse(p).success);
    if (bad) {
      setError(INVALID_EMAIL);
      return false;
    }
    const next = [...value];
    for (const p of parts) if (!next.some((v) => v.toLowerCase() === p.toLowerCase())) next.push(p);
    onChange(next);
    setText('');
    setError(null);
    setHighlight(-1);
    return true;
  };
  const remove = (email: string) => {
    onChange(value.filter((v) => v !== email));
    input.current?.focus();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && options.length) {
      e.preventDefault();
      setOpen(true);
      setHighlight((h) => (h + 1) % options.length);
    } else if (e.key === 'ArrowUp' && options.length) {
      e.preventDefault();
      setOpen(true);
      setHighlight((h) => (h <= 0 ? options.length - 1 : h - 1));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const picked = open && highlight >= 0 ? options[highlight] : undefined;
      add([picked ?? text]);
    } else if (e.key === ',' || e.key === ';') {
      e.preventDefault();
      add([text]);
    } else if (e.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1));
    } else if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
    }
  };

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
            aria-describedby={`${id}-help`}
            placeholder={value.length ? 'Add another email' : 'Add an email address'}
            value={text}
            onChange={(e) => {
              const v = e.target.value;
              if (/[,;\s]/.test(v.trim())) {
                // A pasted list: add every complete address.
                add(v.split(/[,;\s]+/));
                return;
              }
              setText(v);
              setOpen(true);
              setHighlight(-1);
              if (error) setError(null);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => {
              setOpen(false);
              if (text.trim()) add([text]);
            }}
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
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
      <p id={`${id}-help`} className="field__hint">
        Alerts about files that need review go to these addresses. Press Enter or a comma to add one.
      </p>
    </div>
  );
}
