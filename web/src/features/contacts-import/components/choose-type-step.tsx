/** Step 1, Choose Type (000 §2): csv or excel, the sample files, what a file holds, and Upload File (its modal: ./upload-file-modal.tsx). */
import { useId } from 'react';
import { CONTACTS_IO_LIMITS } from '@shared/schemas/contacts-import';
import { Button } from '../../../components/ui/button';
import sampleCsv from '../samples/contacts-sample.csv?url';
import sampleXlsx from '../samples/contacts-sample.xlsx?url';
import type { FileKind } from './upload-file-modal';

export function ChooseTypeStep({ kind, onKind, onUpload }: { kind: FileKind; onKind: (kind: FileKind) => void; onUpload: () => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Choose Type</h3>
      <fieldset className="import-choice">
        <legend>File type</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'csv'} onChange={() => onKind('csv')} /> CSV (.csv)
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'excel'} onChange={() => onKind('excel')} /> Excel (.xlsx)
        </label>
      </fieldset>
      <p className="import-samples">
        Sample files:{' '}
        <a href={sampleCsv} download="contacts-sample.csv">
          Download sample CSV
        </a>{' '}
        ·{' '}
        <a href={sampleXlsx} download="contacts-sample.xlsx">
          Download sample Excel
        </a>
      </p>
      <p className="import-hint">
        One contact a row with First Name, LastName, Email Address, Store Name (the retailer's name as the app shows it) and Roles/Responsibilities; at most {CONTACTS_IO_LIMITS.maxRows.toLocaleString('en-US')} contacts
        and {CONTACTS_IO_LIMITS.maxFileBytes / 1024 / 1024} MB a file.
      </p>
      <Button onClick={onUpload}>Upload File</Button>
    </section>
  );
}
