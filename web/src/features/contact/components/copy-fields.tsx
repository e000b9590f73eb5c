/**
 * The contact form's CC (the brand contact, always, plus the addresses added) and BCC (the
 * user's and the company's BCC addresses, ticked by default, plus the addresses added, ticked):
 * each takes the brand's users, addresses at the brand's own domain and the retailer's contacts
 * (issue 20 §6; ./copy-adder.tsx, ../copy-rules.ts). A refusal of the server is shown under it.
 */
import { useId, useState } from 'react';
import { Controller, type FieldError } from 'react-hook-form';
import type { ContactInfoForEmail } from '@shared/schemas/contact';
import { withAddress } from '../copy-rules';
import { CopyAdder } from './copy-adder';
import type { ContactForm } from './use-contact-email';

interface CopyFieldProps {
  control: ContactForm['control'];
  info: ContactInfoForEmail;
}

function FieldMessage({ id, error }: { id: string; error?: FieldError }) {
  return error?.message ? (
    <p id={id} className="field__error" role="alert">
      {error.message}
    </p>
  ) : null;
}

export function CcField({ control, info }: CopyFieldProps) {
  const base = useId();
  return (
    <Controller
      control={control}
      name="cc"
      render={({ field, fieldState: { error } }) => (
        <fieldset className="contact-form__group" aria-describedby={error?.message ? `${base}-error` : undefined}>
          <legend className="field__label">CC</legend>
          {info.cc.length || field.value.length ? (
            <ul className="contact-form__list contact-form__list--inline" aria-label="CC">
              {info.cc.map((a) => (
                <li key={a}>
                  {a} <span className="muted">(brand contact, always copied)</span>
                </li>
              ))}
              {field.value.map((a) => (
                <li key={a} className="contact-form__chip">
                  <span>{a}</span>
                  <button type="button" className="btn btn--sm btn--ghost" aria-label={`Remove ${a} from CC`} onClick={() => field.onChange(field.value.filter((x) => x !== a))}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <p className="contact-form__fixed">N/A</p>
          )}
          <CopyAdder field="CC" info={info} onAdd={(a) => field.onChange(withAddress(field.value, a))} />
          <FieldMessage id={`${base}-error`} error={error} />
        </fieldset>
      )}
    />
  );
}

export function BccField({ control, info }: CopyFieldProps) {
  const base = useId();
  // The addresses offered: the defaults and those added (unticking one keeps it offered).
  const [options, setOptions] = useState<string[]>(info.bcc);
  return (
    <Controller
      control={control}
      name="bcc"
      render={({ field, fieldState: { error } }) => (
        <fieldset className="contact-form__group" aria-describedby={error?.message ? `${base}-error` : undefined}>
          <legend className="field__label">BCC</legend>
          {options.length ? (
            <ul className="contact-form__list contact-form__list--inline">
              {options.map((a) => (
                <li key={a}>
                  <label className="contact-form__check">
                    <input type="checkbox" checked={field.value.includes(a)} onChange={(e) => field.onChange(e.target.checked ? [...field.value, a] : field.value.filter((x) => x !== a))} />
                    {a}
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="contact-form__fixed muted">No BCC address: set yours in Settings, My Account, or add one below.</p>
          )}
          <CopyAdder
            field="BCC"
            info={info}
            onAdd={(a) => {
              setOptions((o) => withAddress(o, a));
              field.onChange(withAddress(field.value, a));
            }}
          />
          <FieldMessage id={`${base}-error`} error={error} />
        </fieldset>
      )}
    />
  );
}
