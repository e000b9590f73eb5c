/**
 * The contact form's "add to CC / BCC" field (issue 20 §6): an address typed or picked from the
 * brand's users (a datalist), checked by the copy rule before it joins the list, the reason
 * shown under the field when it cannot.
 */
import { useId, useState } from 'react';
import type { ContactInfoForEmail } from '@shared/schemas/contact';
import { Button } from '../../../components/ui/button';
import { copyProblem } from '../copy-rules';

export function CopyAdder({ field, info, onAdd }: { field: 'CC' | 'BCC'; info: ContactInfoForEmail; onAdd: (address: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string>();
  const add = () => {
    const address = value.trim();
    if (!address) return;
    const problem = copyProblem(address, field, info);
    setError(problem);
    if (problem) return;
    onAdd(address);
    setValue('');
  };
  const domains = info.ownDomains.length ? ` or anyone at ${info.ownDomains.map((d) => `@${d}`).join(', ')}` : '';
  return (
    <div className="contact-form__add">
      <label className="field__hint" htmlFor={`${id}-input`}>
        Add to {field}: a colleague{domains}, or a contact of this retailer
      </label>
      <div className="contact-form__add-row">
        <input
          id={`${id}-input`}
          className="field__input"
          type="email"
          list={`${id}-colleagues`}
          value={value}
          placeholder="name@example.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            add();
          }}
        />
        <Button variant="outline" size="sm" onClick={add}>
          Add to {field}
        </Button>
      </div>
      <datalist id={`${id}-colleagues`}>
        {info.colleagues.map((c) => (
          <option key={c.email} value={c.email}>
            {c.name}
          </option>
        ))}
      </datalist>
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
