/**
 * The footer's bug-report modal (000 §2, §3, §5, §7): name, email and message required, phone
 * optional, several files (images or PDF) → POST /contact_us, 'Form submitted successfully.'.
 * Works signed in (name and email filled from the account; the report records who sent it) and
 * signed out. The file limits are checked here as the server checks them (by content there).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PUBLIC_MSG } from '@shared/messages/public';
import { BUG_REPORT_LIMITS, bugReportFields } from '@shared/schemas/public';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Modal } from '../../../components/ui/modal';
import { ApiError } from '../../../lib/api-error';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useContactUs } from '../api/contact-us';
import { newRequestId } from './request-id';
import './public-forms.css';

type Input = z.input<typeof bugReportFields>;
type Values = z.output<typeof bugReportFields>;
const FIELDS = ['name', 'email', 'phone', 'message'] as const;
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

export function BugReportModal({ onClose }: { onClose: () => void }) {
  const session = useSession();
  const fileId = useId();
  const { trigger, isMutating } = useContactUs();
  const [requestId] = useState(newRequestId);
  const [files, setFiles] = useState<File[]>([]);
  const [filesError, setFilesError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Input, unknown, Values>({
    resolver: zodResolver(bugReportFields),
    defaultValues: { name: session?.user.name ?? '', email: session?.user.email ?? '', phone: '', message: '' },
  });

  const addFiles = (list: FileList | null) => {
    const next = [...files, ...Array.from(list ?? [])];
    setFiles(next);
    setFilesError(fileProblem(next));
  };
  const removeFile = (i: number) => {
    const next = files.filter((_, j) => j !== i);
    setFiles(next);
    setFilesError(fileProblem(next));
  };

  const onSubmit = handleSubmit(async (values) => {
    const problem = fileProblem(files);
    if (problem) {
      setFilesError(problem);
      return;
    }
    try {
      const res = await trigger({ ...values, requestId, files });
      notify.success(res.message || PUBLIC_MSG.bugReportSent);
      onClose();
    } catch (e) {
      if (e instanceof ApiError) {
        for (const issue of e.issues) {
          const field = FIELDS.find((f) => f === issue.path);
          if (field) setError(field, { message: issue.message });
          else if (issue.path === 'file') setFilesError(issue.message);
        }
        if (e.status === 413) setFilesError(e.message);
      }
      handleError(e);
    }
  });

  return (
    <Modal
      title="Report a problem"
      size="md"
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="bug-report-form" variant="primary" busy={isMutating}>
            {isMutating ? 'Sending…' : 'Submit'}
          </Button>
        </>
      }
    >
      <form id="bug-report-form" className="form" onSubmit={onSubmit} noValidate aria-label="Bug report">
        <p className="form__intro">Tell us what went wrong. Screenshots help: attach up to {BUG_REPORT_LIMITS.maxFiles} images or PDF files.</p>
        <div className="form__grid">
          <FormField label="Name" autoComplete="name" registration={register('name')} error={errors.name} data-autofocus />
          <FormField label="Email" type="email" autoComplete="email" registration={register('email')} error={errors.email} />
        </div>
        <FormField label="Phone (optional)" type="tel" autoComplete="tel" registration={register('phone')} error={errors.phone} />
        <div className={`field${errors.message ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor="bug-report-message">
            Message
          </label>
          <textarea id="bug-report-message" className="field__input field__textarea" rows={5} aria-invalid={errors.message ? true : undefined} aria-describedby={errors.message ? 'bug-report-message-error' : undefined} {...register('message')} />
          {errors.message?.message ? (
            <p id="bug-report-message-error" className="field__error" role="alert">
              {errors.message.message}
            </p>
          ) : null}
        </div>
        <div className={`field${filesError ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={fileId}>
            Files
          </label>
          <input
            id={fileId}
            type="file"
            multiple
            accept={ACCEPT}
            className="field__input"
            aria-describedby={filesError ? `${fileId}-error` : `${fileId}-hint`}
            onChange={(e) => {
              addFiles(e.target.files);
              e.target.value = '';
            }}
          />
          {filesError ? (
            <p id={`${fileId}-error`} className="field__error" role="alert">
              {filesError}
            </p>
          ) : (
            <p id={`${fileId}-hint`} className="field__hint">
              PNG, JPEG, GIF, WebP or PDF; at most {BUG_REPORT_LIMITS.maxFileBytes / MB} MB each and {BUG_REPORT_LIMITS.maxTotalBytes / MB} MB in all.
            </p>
          )}
          {files.length ? (
            <ul className="bug-report__files" aria-label="Chosen files">
              {files.map((f, i) => (
                <li key={`${f.name}-${i}`}>
                  <span>{f.name}</span>
                  <Button variant="ghost" size="sm" onClick={() => removeFile(i)} aria-label={`Remove ${f.name}`}>
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </form>
    </Modal>
  );
}
