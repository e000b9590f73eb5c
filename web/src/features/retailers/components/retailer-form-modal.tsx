/**
 * The add / edit modal of the Retailer List (001 §2): Name, Opt ID, Slug and Website with Clear
 * and Save. Each field shows its own message (the shared schema's, the server's for a taken name,
 * Opt ID or slug, or a slug locked by robot files); nothing is sent until every field passes.
 * On add, the slug follows the name until it is typed in.
 */
import { useId, useState } from 'react';
import { RETAILER_MSG } from '@shared/messages/retailers';
import { retailerFields } from '@shared/schemas/retailers';
import { slugify } from '@shared/slug';
import * as z from 'zod';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useSaveRetailer, type RetailerRow } from '../api/admin-retailers';
import '../retailers.css';

type Key = 'name' | 'optId' | 'slug' | 'website';
type Values = Record<Key, string>;
const EMPTY: Values = { name: '', optId: '', slug: '', website: '' };
const schema = z.object(retailerFields);

const FIELDS: { key: Key; label: string; hint?: string; placeholder?: string; type?: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'optId', label: 'Opt ID', hint: 'The Customer ID of the on-hand feeds.' },
  { key: 'slug', label: 'Slug', hint: "Lower-case letters, digits and hyphens: the robots' drop folder." },
  { key: 'website', label: 'Website', placeholder: 'https://', type: 'url' },
];

export interface RetailerFormModalProps {
  /** The retailer being edited; none: a new one. */
  retailer?: RetailerRow;
  onClose: () => void;
}

export function RetailerFormModal({ retailer, onClose }: RetailerFormModalProps) {
  const editing = !!retailer;
  const [values, setValues] = useState<Values>(() => (retailer ? { name: retailer.name, optId: retailer.optId, slug: retailer.slug, website: retailer.website } : EMPTY));
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [formError, setFormError] = useState('');
  const [slugTouched, setSlugTouched] = useState(editing);
  const save = useSaveRetailer();
  const baseId = useId();
  const title = editing ? 'Edit Retailer' : 'Add Retailer';

  const set = (k: Key, v: string) => {
    setValues((x) => ({ ...x, [k]: v, ...(k === 'name' && !slugTouched ? { slug: slugify(v) } : {}) }));
    if (k === 'slug') setSlugTouched(true);
    setErrors((e) => ({ ...e, [k]: undefined, ...(k === 'name' && !slugTouched ? { slug: undefined } : {}) }));
  };

  const clear = () => {
    setValues(EMPTY);
    setErrors({});
    setFormError('');
    setSlugTouched(editing);
  };

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFormError('');
    const parsed = schema.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<Key, string>> = {};
      for (const i of parsed.error.issues) next[i.path[0] as Key] ??= i.message;
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const res = await save.trigger({ id: retailer?._id, body: values });
      notify.success(res.message || (editing ? RETAILER_MSG.updated : RETAILER_MSG.added));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && (err.status === 400 || err.status === 404 || err.status === 409)) {
        const known = err.issues.filter((i): i is { path: Key; message: string } => (FIELDS.map((f) => f.key) as string[]).includes(i.path));
        if (known.length) {
          const next: Partial<Record<Key, string>> = {};
          for (const i of known) next[i.path] ??= i.message;
          setErrors(next);
        } else setFormError(err.message);
        return;
      }
      handleError(err);
    }
  };

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
          <Button type="submit" form={`${baseId}-form`} busy={save.isMutating}>
            Save
          </Button>
        </>
      }
    >
      <form id={`${baseId}-form`} className="form retailer-form" onSubmit={submit} noValidate aria-label={title}>
        {formError ? (
          <p className="retailer-form__error" role="alert">
            {formError}
          </p>
        ) : null}
        {FIELDS.map((f, i) => {
          const id = `${baseId}-${f.key}`;
          const error = errors[f.key];
          const describedBy = [f.hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
          return (
            <div key={f.key} className={`field${error ? ' field--invalid' : ''}`}>
              <label className="field__label" htmlFor={id}>
                {f.label}
              </label>
              <input
                id={id}
                name={f.key}
                className="field__input"
                type={f.type ?? 'text'}
                value={values[f.key]}
                placeholder={f.placeholder}
                onChange={(e) => set(f.key, e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={describedBy}
                autoComplete="off"
                spellCheck={false}
                {...(i === 0 ? { 'data-autofocus': true } : {})}
              />
              {f.hint ? (
                <p id={`${id}-hint`} className="field__hint">
                  {f.hint}
                </p>
              ) : null}
              {error ? (
                <p id={`${id}-error`} className="field__error" role="alert">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </form>
    </Modal>
  );
}
