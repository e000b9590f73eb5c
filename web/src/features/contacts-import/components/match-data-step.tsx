/**
 * Step 2, Match Data (000 §2, §5): the file's column chosen for each of the five fields, the
 * guessed ones preselected, checked by the import's own `importRules`: any left out is the one
 * alert 'Please select all fields' (each such select marked invalid and described by it).
 */
import { useId } from 'react';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, importRules, type ImportRules } from '@shared/schemas/contacts-import';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/form-field';
import { useSchemaForm } from '../../../lib/form';

export function MatchDataStep({ headers, guessed, onNext, onCancel }: { headers: readonly string[]; guessed: ImportRules; onNext: (rules: ImportRules) => void; onCancel: () => void }) {
  const id = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(importRules, guessed);
  const alert = IMPORT_FIELDS.map((f) => errors[f]?.message).find(Boolean);

  return (
    <>
      {alert ? (
        <p id={`${id}-alert`} className="import-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <section aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>Match Data</h3>
        <p>Choose the column of your file that holds each field.</p>
        <form onSubmit={handleSubmit(onNext)} noValidate>
          <div className="import-match">
            {IMPORT_FIELDS.map((f) => (
              // The message is the one alert above; the select is marked and described by it.
              <SelectField key={f} label={IMPORT_FIELD_LABELS[f]} registration={register(f)} error={errors[f] ? { type: errors[f].type } : undefined} aria-describedby={errors[f] ? `${id}-alert` : undefined}>
                <option value="">Select column</option>
                {headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </SelectField>
            ))}
          </div>
          <div className="import-actions">
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit">Next</Button>
          </div>
        </form>
      </section>
    </>
  );
}
