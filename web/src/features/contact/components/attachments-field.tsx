/**
 * The contact form's image attachments (000 §2): a file input (bound by a `Controller`: its files
 * are no value to register) adding to the list, each choice checked at once
 * (../attachments.ts, the server's limits), each image removable.
 */
import { useId, useRef } from 'react';
import { Controller } from 'react-hook-form';
import { CONTACT_LIMITS, IMAGE_TYPES } from '@shared/schemas/contact';
import { notify } from '../../../lib/notify';
import { attachmentProblem, MB } from '../attachments';
import type { ContactForm } from './use-contact-email';

export function AttachmentsField({ control }: { control: ContactForm['control'] }) {
  const base = useId();
  const input = useRef<HTMLInputElement | null>(null);
  return (
    <Controller
      control={control}
      name="files"
      render={({ field }) => {
        const add = (list: FileList | null) => {
          const next = [...field.value, ...Array.from(list ?? [])];
          const problem = attachmentProblem(next);
          if (problem) notify.error(problem);
          else field.onChange(next);
          if (input.current) input.current.value = '';
        };
        return (
          <div className="field">
            <label className="field__label" htmlFor={`${base}-files`}>
              Attachments (images)
            </label>
            <input
              ref={(el) => {
                input.current = el;
                field.ref(el);
              }}
              id={`${base}-files`}
              name={field.name}
              className="contact-form__file"
              type="file"
              accept={IMAGE_TYPES.join(',')}
              multiple
              aria-describedby={`${base}-files-hint`}
              onChange={(e) => add(e.target.files)}
              onBlur={field.onBlur}
            />
            <p id={`${base}-files-hint`} className="field__hint">
              PNG, JPEG, GIF or WebP; up to {CONTACT_LIMITS.maxFiles} images, {CONTACT_LIMITS.maxFileBytes / MB} MB each, {CONTACT_LIMITS.maxTotalBytes / MB} MB in all.
            </p>
            {field.value.length ? (
              <ul className="contact-form__files" aria-label="Attached images">
                {field.value.map((f, i) => (
                  <li key={`${f.name}-${i}`}>
                    <span>{f.name}</span>
                    <button type="button" className="btn btn--sm btn--ghost" aria-label={`Remove ${f.name}`} onClick={() => field.onChange(field.value.filter((_, j) => j !== i))}>
                      Remove
                    </button>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        );
      }}
    />
  );
}
