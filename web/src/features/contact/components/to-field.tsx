/** The contact form's To (000 §2): the retailer's contacts to tick, or the text pointing to the address book; its message under it. */
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { CONTACT_MSG } from '@shared/messages/contact';
import type { ContactInfoForEmail } from '@shared/schemas/contact';
import type { ContactForm } from './use-contact-email';

export function ToField({ control, info }: { control: ContactForm['control']; info: ContactInfoForEmail }) {
  const base = useId();
  return (
    <Controller
      control={control}
      name="to"
      render={({ field, fieldState: { error } }) => (
        <fieldset className="contact-form__group" aria-describedby={error?.message ? `${base}-to-error` : undefined}>
          <legend className="field__label">To</legend>
          {info.contacts.length ? (
            <ul className="contact-form__list">
              {info.contacts.map((c) => (
                <li key={c._id}>
                  <label className="contact-form__check">
                    <input
                      type="checkbox"
                      checked={field.value.includes(c.email)}
                      onChange={(e) => field.onChange(e.target.checked ? [...field.value, c.email] : field.value.filter((x) => x !== c.email))}
                    />
                    <span>
                      {`${c.firstName} ${c.lastName}`.trim()} <span className="muted">&lt;{c.email}&gt;</span>
                      {c.role ? <span className="contact-form__role"> · {c.role}</span> : null}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="contact-form__empty">{CONTACT_MSG.noContacts}</p>
          )}
          {error?.message ? (
            <p id={`${base}-to-error`} className="field__error" role="alert">
              {error.message}
            </p>
          ) : null}
        </fieldset>
      )}
    />
  );
}
