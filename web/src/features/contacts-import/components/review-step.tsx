/**
 * Step 3, Review (000 §2): the file's count of contacts, what to do with duplicates (the import's
 * own `flag`, ignore by default), Import with its progress, and Cancel back to step 1.
 */
import { useId } from 'react';
import { importFlagForm, type ImportRules } from '@shared/schemas/contacts-import';
import { Button } from '../../../components/ui/button';
import { useSchemaForm } from '../../../lib/form';
import type { ImportAnswer } from '../api/contacts-io';
import { useImportRun } from './use-import-run';

export interface ReviewStepProps {
  brandId: string;
  file: File;
  count: number;
  rules: ImportRules;
  onImported: (answer: ImportAnswer) => void;
  onCancel: () => void;
}

export function ReviewStep({ brandId, file, count, rules, onImported, onCancel }: ReviewStepProps) {
  const id = useId();
  const { register, handleSubmit } = useSchemaForm(importFlagForm, { flag: 'ignore' });
  const { run, busy, progress } = useImportRun(brandId, onImported);
  const onSubmit = handleSubmit(({ flag }) => run({ file, rules, flag, count }));

  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Review</h3>
      <p className="import-count">
        <strong>{count.toLocaleString('en-US')}</strong> {count === 1 ? 'contact' : 'contacts'} in {file.name}
      </p>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className="import-choice" disabled={busy}>
          <legend>Duplicates (same Email Address and Store Name)</legend>
          <label>
            <input type="radio" value="ignore" {...register('flag')} /> Ignore (keep the existing contact)
          </label>
          <label>
            <input type="radio" value="update" {...register('flag')} /> Update (names and role from the file)
          </label>
        </fieldset>
        {progress ? (
          <div className="import-progress">
            <label htmlFor={`${id}-progress`}>
              Importing… {progress.done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')}
            </label>
            <progress id={`${id}-progress`} max={Math.max(1, progress.total)} value={progress.done} />
          </div>
        ) : null}
        <div className="import-actions">
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" busy={busy}>
            Import
          </Button>
        </div>
      </form>
    </section>
  );
}
