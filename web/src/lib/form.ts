/**
 * The one way to write a form (docs/decisions/37-one-form-style.md): react-hook-form, checked by
 * the shared zod schema the server uses, and the server's refusals shown under their fields.
 *
 * - `useSchemaForm(schema, defaults)`: the form, validated on submit with `schema` (its parsed
 *   output is what `handleSubmit` hands over, so transforms and trims apply as on the server).
 * - `showServerIssues(form, err, fields)`: a 400's issues (or a 409's message) placed under the
 *   form's fields; answers whether any was placed, so the caller toasts only what has no field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError } from './api-error';

export type SchemaForm<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

export function useSchemaForm<S extends z.ZodType<FieldValues, FieldValues>>(schema: S, defaultValues: DefaultValues<z.input<S>>): SchemaForm<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues });
}

export interface ServerIssueOptions<F extends string> {
  /** The server's path of a field when it is not the form's name (e.g. `roles` → `role`). */
  alias?: Record<string, F>;
  /** The field a 409 (e.g. an address taken) is shown under when the answer names none. */
  conflict?: F;
}

/** Places an `ApiError`'s 400 issues (and a 409 without issues, under `conflict`) under the form's fields; `true` when any was placed. */
export function showServerIssues<T extends FieldValues, F extends Path<T> & string>(
  form: { setError: UseFormSetError<T> },
  err: unknown,
  fields: readonly F[],
  { alias = {}, conflict }: ServerIssueOptions<F> = {},
): boolean {
  if (!(err instanceof ApiError) || (err.status !== 400 && err.status !== 409)) return false;
  const placed = new Set<F>();
  for (const issue of err.issues) {
    const field = alias[issue.path] ?? fields.find((f) => f === issue.path);
    if (!field || placed.has(field)) continue;
    form.setError(field, { type: 'server', message: issue.message });
    placed.add(field);
  }
  if (!placed.size && err.status === 409 && conflict) {
    form.setError(conflict, { type: 'server', message: err.message });
    placed.add(conflict);
  }
  return placed.size > 0;
}
