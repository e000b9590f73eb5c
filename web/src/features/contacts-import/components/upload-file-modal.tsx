/**
 * Step 1's upload modal (000 §2, §5): the file (a `Controller`: the platform's file input has no
 * value to register), checked by the shared `importFileForm` ('Please select file.', the size a
 * call takes), then its headers read (POST /getAddressBookHeaders). A refusal, or an answer
 * without data, is its message under the file; the modal stays open.
 */
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { CONTACTS_IO_MSG as M } from '@shared/messages/contacts-import';
import { importFileForm } from '@shared/schemas/contacts-import';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useSchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { readHeaders } from '../api/contacts-io';

export type FileKind = 'csv' | 'excel';
const ACCEPT: Record<FileKind, string> = { csv: '.csv,text/csv', excel: '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' };

/** A file whose headers were read: its columns and its count of contacts. */
export interface ReadFile {
  file: File;
  headers: string[];
  count: number;
}

export function UploadFileModal({ brandId, kind, onRead, onClose }: { brandId: string; kind: FileKind; onRead: (read: ReadFile) => void; onClose: () => void }) {
  const id = useId();
  const {
    control,
    handleSubmit,
    setError,
    formState: { isSubmitting },
  } = useSchemaForm(importFileForm, {});

  const onSubmit = handleSubmit(async ({ file }) => {
    try {
      const res = await readHeaders(file, brandId);
      if (!res.data.data.length || !res.data.count) return setError('file', { type: 'server', message: res.message ?? M.noRows });
      onRead({ file, headers: res.data.data, count: res.data.count });
    } catch (e) {
      const message = (e as { body?: { message?: unknown } }).body?.message;
      if (typeof message === 'string') setError('file', { type: 'server', message });
      else handleError(e);
    }
  });

  return (
    <Modal
      title={kind === 'csv' ? 'Upload CSV file' : 'Upload Excel file'}
      onClose={onClose}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} busy={isSubmitting}>
            Upload
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} onSubmit={onSubmit} noValidate>
        <Controller
          control={control}
          name="file"
          render={({ field, fieldState: { error } }) => (
            <>
              <label className="field__label" htmlFor={`${id}-file`}>
                {kind === 'csv' ? 'CSV file (.csv)' : 'Excel file (.xlsx)'}
              </label>
              <input
                id={`${id}-file`}
                ref={field.ref}
                name={field.name}
                type="file"
                accept={ACCEPT[kind]}
                className="field__input"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
                onChange={(e) => field.onChange(e.target.files?.[0])}
                onBlur={field.onBlur}
                data-autofocus
              />
              {error?.message ? (
                <p id={`${id}-error`} className="import-alert" role="alert">
                  {error.message}
                </p>
              ) : null}
            </>
          )}
        />
      </form>
    </Modal>
  );
}
