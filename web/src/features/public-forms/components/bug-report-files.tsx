/**
 * The bug report's Files field: several images or PDF files, each listed with its Remove button,
 * the limits in the hint and the first reason the chosen files cannot be sent in its place. The
 * limits are checked here as the server checks them (by content there).
 */
import { useId } from 'react';
import { PUBLIC_MSG } from '@shared/messages/public';
import { BUG_REPORT_LIMITS } from '@shared/schemas/public';
import { Button } from '../../../components/ui/button';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp,application/pdf,.pdf';
const MB = 1024 * 1024;

/** The first reason these files cannot be sent, or undefined. */
export function fileProblem(files: readonly File[]): string | undefined {
  const L = BUG_REPORT_LIMITS;
  if (files.length > L.maxFiles) return PUBLIC_MSG.tooManyFiles(L.maxFiles);
  const big = files.find((f) => f.size > L.maxFileBytes);
  if (big) return PUBLIC_MSG.fileTooLarge(big.name, L.maxFileBytes / MB);
  if (files.reduce((n, f) => n + f.size, 0) > L.maxTotalBytes) return PUBLIC_MSG.filesTooLarge(L.maxTotalBytes / MB);
  const odd = files.find((f) => !/^(image\/(png|jpeg|gif|webp)|application\/pdf)$/.test(f.type) && !/\.(png|jpe?g|gif|webp|pdf)$/i.test(f.name));
  if (odd) return PUBLIC_MSG.fileType(odd.name);
  return undefined;
}

export interface BugReportFilesProps {
  files: readonly File[];
  /** Why the files cannot be sent (checked here or refused by the server). */
  error: string | undefined;
  onChange: (files: File[]) => void;
}

export function BugReportFiles({ files, error, onChange }: BugReportFilesProps) {
  const id = useId();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        Files
      </label>
      <input
        id={id}
        type="file"
        multiple
        accept={ACCEPT}
        className="field__input"
        aria-describedby={error ? `${id}-error` : `${id}-hint`}
        onChange={(e) => {
          onChange([...files, ...Array.from(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      {error ? (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="field__hint">
          PNG, JPEG, GIF, WebP or PDF; at most {BUG_REPORT_LIMITS.maxFileBytes / MB} MB each and {BUG_REPORT_LIMITS.maxTotalBytes / MB} MB in all.
        </p>
      )}
      {files.length ? (
        <ul className="bug-report__files" aria-label="Chosen files">
          {files.map((f, i) => (
            <li key={`${f.name}-${i}`}>
              <span>{f.name}</span>
              <Button variant="ghost" size="sm" onClick={() => onChange(files.filter((_, j) => j !== i))} aria-label={`Remove ${f.name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
