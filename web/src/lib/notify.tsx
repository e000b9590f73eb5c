/**
 * Toasts (000 §9): top right, 4 s, never two of the same message at once: a message repeated
 * while its toast has just appeared (the same error of 40 failed requests) shows once. Repeated
 * later, it is a new toast: reusing the id would drop it while the old one is still sliding out
 * (react-toastify ignores an id it still holds), and the user would see no answer to a click.
 * A caller may ask for a longer toast (the approval failure's 20 s, 001 §9).
 */
import { toast, type Id } from 'react-toastify';

/** A repeat within this many ms of the same message's toast is the same toast. */
export const REPEAT_WINDOW_MS = 1500;
const last = new Map<string, { id: Id; at: number }>();
let seq = 0;

/** The id of a new toast for this message, or undefined when its toast is on screen since just now. */
function freshId(key: string): Id | undefined {
  const prev = last.get(key);
  if (prev && Date.now() - prev.at < REPEAT_WINDOW_MS && toast.isActive(prev.id)) return undefined;
  const id = `${key}#${++seq}`;
  last.set(key, { id, at: Date.now() });
  return id;
}

function show(kind: 'success' | 'info' | 'warning' | 'error', message: string, opts: NotifyOptions): Id {
  const key = `${kind}:${message}`;
  const id = freshId(key);
  return id === undefined ? last.get(key)!.id : toast[kind](message, { toastId: id, ...opts });
}

export interface NotifyOptions {
  /** Milliseconds before the toast closes (default: the container's 4 s). */
  autoClose?: number;
}

export const notify = {
  success: (message: string, opts: NotifyOptions = {}) => show('success', message, opts),
  info: (message: string, opts: NotifyOptions = {}) => show('info', message, opts),
  warning: (message: string, opts: NotifyOptions = {}) => show('warning', message, opts),
  error: (message: string, opts: NotifyOptions = {}) => show('error', message, opts),
  /** An error toast with a title and a list (the catalogue's "errors list"). */
  errorList: (title: string, items: string[]) =>
    toast.error(
      <div className="toast-list">
        <strong>{title}</strong>
        <ul>
          {items.map((m, i) => (
            <li key={i}>{m}</li>
          ))}
        </ul>
      </div>,
      { toastId: `error:${title}:${items.join('|')}` },
    ),
};
