/**
 * Import Contacts (000 §2, §4, §5, §8): three steps that cannot be skipped or picked ahead:
 * 1 Choose Type (csv or excel, sample files, the upload modal; 'Please select file.'), 2 Match
 * Data after the file's headers come back (the five fields; 'Please select all fields'), 3 Review
 * (the count, duplicates ignore by default or update), then the 'Completed' modal whose Continue
 * goes to Export Contacts. Cancel returns to step 1. The header call's message is shown as an
 * alert when it returns no data. While the import runs its progress is read every half second.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { CONTACTS_IO_MSG as M } from '@shared/messages/contacts-import';
import { CONTACTS_IO_LIMITS, IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField, type ImportRules } from '@shared/schemas/contacts-import';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { Select } from '../../../components/ui/select';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { download, fileLink, importContacts, importProgress, readHeaders, useRevalidateContactsIo, type ImportAnswer } from '../api/contacts-io';
import sampleCsv from '../samples/contacts-sample.csv?url';
import sampleXlsx from '../samples/contacts-sample.xlsx?url';

type FileKind = 'csv' | 'excel';
type Step = 1 | 2 | 3;
const STEPS = ['Choose Type', 'Match Data', 'Review'] as const;
const ACCEPT: Record<FileKind, string> = { csv: '.csv,text/csv', excel: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

export interface ImportWizardProps {
  brandId: string;
  /** Continue of the Completed modal: to Export Contacts. */
  onDone: () => void;
}

/** The header that looks like the field (its label or name, case and spaces aside), else none. */
export function guessColumn(field: ImportField, headers: readonly string[]): string {
  const norm = (s: string) => s.toLowerCase().replace(/[^a-z]/g, '');
  const wanted = [norm(IMPORT_FIELD_LABELS[field]), norm(field), ...(field === 'email' ? ['email'] : field === 'retailer' ? ['store', 'storename', 'retailer'] : field === 'role' ? ['role', 'roles'] : [])];
  return headers.find((h) => wanted.includes(norm(h))) ?? '';
}

function Steps({ step }: { step: Step }) {
  return (
    <ol className="import-steps" aria-label="Import steps">
      {STEPS.map((label, i) => (
        <li key={label} className={`import-steps__step${i + 1 === step ? ' import-steps__step--current' : ''}${i + 1 < step ? ' import-steps__step--done' : ''}`} aria-current={i + 1 === step ? 'step' : undefined}>
          <span className="import-steps__number" aria-hidden="true">
            {i + 1}
          </span>{' '}
          {label}
        </li>
      ))}
    </ol>
  );
}

export function ImportWizard({ brandId, onDone }: ImportWizardProps) {
  const [step, setStep] = useState<Step>(1);
  const [kind, setKind] = useState<FileKind>('csv');
  const [uploading, setUploading] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [count, setCount] = useState(0);
  const [rules, setRules] = useState<Record<ImportField, string>>({ firstName: '', lastName: '', email: '', retailer: '', role: '' });
  const [flag, setFlag] = useState<'ignore' | 'update'>('ignore');
  const [alert, setAlert] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const revalidate = useRevalidateContactsIo();
  const fileInput = useRef<HTMLInputElement>(null);
  const ids = useId();

  const restart = () => {
    setStep(1);
    setFile(null);
    setHeaders([]);
    setCount(0);
    setFlag('ignore');
    setAlert('');
    setProgress(null);
  };

  const upload = async () => {
    const chosen = fileInput.current?.files?.[0];
    if (!chosen) return setAlert(M.selectFile);
    if (chosen.size > CONTACTS_IO_LIMITS.maxFileBytes) return setAlert(M.fileTooLarge(CONTACTS_IO_LIMITS.maxFileBytes / 1024 / 1024));
    setBusy(true);
    try {
      const res = await readHeaders(chosen, brandId);
      if (!res.data.data.length || !res.data.count) {
        setAlert(res.message ?? M.noRows);
        return;
      }
      setFile(chosen);
      setHeaders(res.data.data);
      setCount(res.data.count);
      setRules(Object.fromEntries(IMPORT_FIELDS.map((f) => [f, guessColumn(f, res.data.data)])) as Record<ImportField, string>);
      setAlert('');
      setUploading(false);
      setStep(2);
    } catch (e) {
      const message = (e as { body?: { message?: unknown } }).body?.message;
      if (typeof message === 'string') setAlert(message);
      else handleError(e);
    } finally {
      setBusy(false);
    }
  };

  const toReview = () => {
    if (IMPORT_FIELDS.some((f) => !rules[f])) return setAlert(M.selectAllFields);
    setAlert('');
    setStep(3);
  };

  // The progress of the import under way, read every half second until its POST answers.
  const running = useRef<string | null>(null);
  useEffect(() => () => void (running.current = null), []);
  const poll = async (importId: string) => {
    while (running.current === importId) {
      await new Promise((r) => setTimeout(r, 500));
      if (running.current !== importId) return;
      try {
        const p = await importProgress(brandId, importId);
        if (running.current === importId) setProgress({ done: p.data.done, total: p.data.total });
      } catch {
        /* not claimed yet */
      }
    }
  };

  const runImport = async () => {
    if (!file) return restart();
    const importId = crypto.randomUUID();
    setBusy(true);
    setProgress({ done: 0, total: count });
    running.current = importId;
    void poll(importId);
    try {
      const res = await importContacts(brandId, { file, rules: rules as ImportRules, flag, importId });
      notify.success(res.message);
      setResult(res);
      void revalidate();
    } catch (e) {
      handleError(e);
    } finally {
      running.current = null;
      setBusy(false);
    }
  };

  const openRejected = async (id: string) => {
    try {
      const link = await fileLink(brandId, id);
      download(link.data.url, link.data.fileName);
    } catch (e) {
      handleError(e);
    }
  };

  const finish = () => {
    setResult(null);
    restart();
    onDone();
  };

  return (
    <div className="import-wizard">
      <Steps step={step} />
      {alert && !uploading ? (
        <p className="import-alert" role="alert">
          {alert}
        </p>
      ) : null}

      {step === 1 ? (
        <section aria-labelledby={`${ids}-s1`}>
          <h3 id={`${ids}-s1`}>Choose Type</h3>
          <fieldset className="import-choice">
            <legend>File type</legend>
            <label>
              <input type="radio" name={`${ids}-kind`} checked={kind === 'csv'} onChange={() => setKind('csv')} /> CSV (.csv)
            </label>
            <label>
              <input type="radio" name={`${ids}-kind`} checked={kind === 'excel'} onChange={() => setKind('excel')} /> Excel (.xlsx)
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
          <Button
            onClick={() => {
              setAlert('');
              setUploading(true);
            }}
          >
            Upload File
          </Button>
        </section>
      ) : null}

      {step === 2 ? (
        <section aria-labelledby={`${ids}-s2`}>
          <h3 id={`${ids}-s2`}>Match Data</h3>
          <p>Choose the column of your file that holds each field.</p>
          <div className="import-match">
            {IMPORT_FIELDS.map((f) => (
              <Select key={f} label={IMPORT_FIELD_LABELS[f]} value={rules[f]} onChange={(v) => {
                setAlert('');
                setRules((r) => ({ ...r, [f]: v }));
              }}>
                <option value="">Select column</option>
                {headers.map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
              </Select>
            ))}
          </div>
          <div className="import-actions">
            <Button variant="outline" onClick={restart}>
              Cancel
            </Button>
            <Button onClick={toReview}>Next</Button>
          </div>
        </section>
      ) : null}

      {step === 3 ? (
        <section aria-labelledby={`${ids}-s3`}>
          <h3 id={`${ids}-s3`}>Review</h3>
          <p className="import-count">
            <strong>{count.toLocaleString('en-US')}</strong> {count === 1 ? 'contact' : 'contacts'} in {file?.name}
          </p>
          <fieldset className="import-choice">
            <legend>Duplicates (same Email Address and Store Name)</legend>
            <label>
              <input type="radio" name={`${ids}-flag`} checked={flag === 'ignore'} onChange={() => setFlag('ignore')} disabled={busy} /> Ignore (keep the existing contact)
            </label>
            <label>
              <input type="radio" name={`${ids}-flag`} checked={flag === 'update'} onChange={() => setFlag('update')} disabled={busy} /> Update (names and role from the file)
            </label>
          </fieldset>
          {progress && busy ? (
            <div className="import-progress">
              <label htmlFor={`${ids}-progress`}>
                Importing… {progress.done.toLocaleString('en-US')} of {progress.total.toLocaleString('en-US')}
              </label>
              <progress id={`${ids}-progress`} max={Math.max(1, progress.total)} value={progress.done} />
            </div>
          ) : null}
          <div className="import-actions">
            <Button variant="outline" onClick={restart} disabled={busy}>
              Cancel
            </Button>
            <Button onClick={() => void runImport()} busy={busy}>
              Import
            </Button>
          </div>
        </section>
      ) : null}

      {uploading ? (
        <Modal
          title={kind === 'csv' ? 'Upload CSV file' : 'Upload Excel file'}
          onClose={() => setUploading(false)}
          footer={
            <>
              <Button variant="outline" onClick={() => setUploading(false)}>
                Cancel
              </Button>
              <Button onClick={() => void upload()} busy={busy}>
                Upload
              </Button>
            </>
          }
        >
          <label className="field__label" htmlFor={`${ids}-file`}>
            {kind === 'csv' ? 'CSV file (.csv)' : 'Excel file (.xlsx)'}
          </label>
          <input id={`${ids}-file`} ref={fileInput} type="file" accept={ACCEPT[kind]} className="field__input" onChange={() => setAlert('')} data-autofocus />
          {alert ? (
            <p className="import-alert" role="alert">
              {alert}
            </p>
          ) : null}
        </Modal>
      ) : null}

      {result ? (
        <Modal
          title={M.completedTitle}
          onClose={finish}
          footer={
            <Button onClick={finish} data-autofocus>
              Continue
            </Button>
          }
        >
          <p>{M.completedText}</p>
          <ul className="import-summary">
            <li>{result.data.created} added</li>
            {result.data.updated ? <li>{result.data.updated} updated</li> : null}
            {result.data.ignored ? <li>{result.data.ignored} already there (ignored)</li> : null}
            {result.data.rejected ? <li>{result.data.rejected} refused</li> : null}
          </ul>
          {result.data.rejectedFileId ? (
            <Button variant="outline" onClick={() => void openRejected(result.data.rejectedFileId!)}>
              Download the refused rows and why
            </Button>
          ) : null}
        </Modal>
      ) : null}
    </div>
  );
}
