/**
 * Toasts (000 §9): top right, 4 s, never two of the same message at once (the message is the
 * toast's id).
 */
import { toast } from 'react-toastify';

export const notify = {
  success: (message: string) => toast.success(message, { toastId: `success:${message}` }),
  info: (message: string) => toast.info(message, { toastId: `info:${message}` }),
  warning: (message: string) => toast.warning(message, { toastId: `warning:${message}` }),
  error: (message: string) => toast.error(message, { toastId: `error:${message}` }),
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
