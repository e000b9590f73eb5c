/** The first message of a react-hook-form errors tree, in the order the schema reported them (for a form that says its refusal in one toast). */
import type { FieldErrors } from 'react-hook-form';

export function firstErrorMessage(errors: FieldErrors | undefined): string | undefined {
  for (const value of Object.values(errors ?? {})) {
    if (!value || typeof value !== 'object') continue;
    if (typeof value.message === 'string' && value.message) return value.message;
    const nested = firstErrorMessage(value as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}
