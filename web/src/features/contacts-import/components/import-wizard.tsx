/**
 * Import Contacts (000 §2, §4, §5, §8): three steps that cannot be skipped or picked ahead:
 * 1 Choose Type (csv or excel, sample files, the upload modal; 'Please select file.'), 2 Match
 * Data after the file's headers come back (the five fields; 'Please select all fields'), 3 Review
 * (the count, duplicates ignore by default or update), then the 'Completed' modal whose Continue
 * goes to Export Contacts. Cancel returns to step 1. The header call's message is shown as an
 * alert when it returns no data. While the import runs its progress is read every half second.
 * Each step is its own form (./choose-type-step.tsx, ./upload-file-modal.tsx,
 * ./match-data-step.tsx, ./review-step.tsx); this screen holds what one step hands the next.
 */
import { useState } from 'react';
import { IMPORT_FIELD_LABELS, IMPORT_FIELDS, type ImportField, type ImportRules } from '@shared/schemas/contacts-import';
import type { ImportAnswer } from '../api/contacts-io';
import { ChooseTypeStep } from './choose-type-step';
import { ImportCompletedModal } from './import-completed-modal';
import { ImportSteps, type Step } from './import-steps';
import { MatchDataStep } from './match-data-step';
import { ReviewStep } from './review-step';
import { UploadFileModal, type FileKind, type ReadFile } from './upload-file-modal';

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

const guessRules = (headers: readonly string[]) => Object.fromEntries(IMPORT_FIELDS.map((f) => [f, guessColumn(f, headers)])) as ImportRules;

export function ImportWizard({ brandId, onDone }: ImportWizardProps) {
  const [step, setStep] = useState<Step>(1);
  const [kind, setKind] = useState<FileKind>('csv');
  const [uploading, setUploading] = useState(false);
  const [read, setRead] = useState<ReadFile | null>(null);
  const [rules, setRules] = useState<ImportRules | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);

  const restart = () => {
    setStep(1);
    setRead(null);
    setRules(null);
  };
  const finish = () => {
    setResult(null);
    restart();
    onDone();
  };

  return (
    <div className="import-wizard">
      <ImportSteps step={step} />
      {step === 1 ? <ChooseTypeStep kind={kind} onKind={setKind} onUpload={() => setUploading(true)} /> : null}
      {step === 2 && read ? (
        <MatchDataStep
          headers={read.headers}
          guessed={guessRules(read.headers)}
          onNext={(r) => {
            setRules(r);
            setStep(3);
          }}
          onCancel={restart}
        />
      ) : null}
      {step === 3 && read && rules ? <ReviewStep brandId={brandId} file={read.file} count={read.count} rules={rules} onImported={setResult} onCancel={restart} /> : null}
      {uploading ? (
        <UploadFileModal
          brandId={brandId}
          kind={kind}
          onRead={(r) => {
            setRead(r);
            setUploading(false);
            setStep(2);
          }}
          onClose={() => setUploading(false)}
        />
      ) : null}
      {result ? <ImportCompletedModal brandId={brandId} result={result} onContinue={finish} /> : null}
    </div>
  );
}
