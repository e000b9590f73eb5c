/**
 * The state of the Email Alert chips input: the text being typed, the suggestions (the admin users'
 * emails not chosen yet, matching the text, at most 8) and the highlighted one, and the message of
 * an address refused. Addresses are checked as the server checks them (`emailAlertAddress`).
 */
import { useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { emailAlertAddress } from '@shared/schemas/post-office';

export const INVALID_EMAIL = 'Please enter valid email';

export function useEmailChips(value: string[], onChange: (next: string[]) => void, suggestions: string[]) {
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
    if (parts.some((p) => !emailAlertAddress.safeParse(p).success)) {
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

  const onTextChange = (e: ChangeEvent<HTMLInputElement>) => {
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
  };

  const onBlur = () => {
    setOpen(false);
    if (text.trim()) add([text]);
  };

  return { input, text, open, setOpen, highlight, error, options, add, remove, onKeyDown, onTextChange, onBlur };
}
