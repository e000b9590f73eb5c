/**
 * Toasts (000 §9): top right, 4 s, never two of the same message at once (the message is the
 * toast's id). A caller may ask for a longer toast (the approval failure's 20 s, 001 §9).
 */
import { toast } from 'react-toastify';

export interface NotifyOptions {
  /** Milliseconds before the toast closes (default: the container's 4 s). */
  autoClose?: number;
}

export const notify = {
  success: (message: string, opts: NotifyOptions = {}) => toast.success(message, { toastId: `success:${message}`, ...opts }),
  info: (message: string, opts: NotifyOptions = {}) => toast.info(message, { toastId: `info:${message}`, ...opts }),
  warning: (message: string, opts: NotifyOptions = {}) => toast.warning(message, { toastId: `warning:${message}`, ...opts }),
  error: (message: string, opts: NotifyOptions = {}) => toast.error(message, { toastId: `error:${message}`, ...opts }),
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
