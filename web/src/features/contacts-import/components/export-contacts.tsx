/**
 * Export Contacts (000 §2, §5, §7, §8): Total Contacts and the CSV / Excel buttons; with no
 * contacts the alert 'Please import files' and no call. The export is a background job
 * (docs/exports.md "Every export is a job"): its progress beside the buttons; once ready the file
 * downloads, 'File downloaded successfully.' and the Downloaded Files are read again.
 */
import { useState } from 'react';
import { CONTACTS_IO_MSG as M } from '@shared/messages/contacts-import';
import type { ContactsFileType } from '@shared/schemas/contacts-import';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { ExportProgress } from '../../../components/export-job/export-progress';
import { download, exportContacts, useContactCount, useRevalidateContactsIo } from '../api/contacts-io';

export interface ExportContactsProps {
  brandId: string;
  /** How the ready file is downloaded (default: an attachment link clicked; the page stays). */
  save?: (url: string, fileName: string) => void;
  /** How often the export's job is read while it runs (ms). */
  pollMs?: number;
}

export function ExportContacts({ brandId, save = download, pollMs }: ExportContactsProps) {
  const { data, isLoading } = useContactCount(brandId);
  const [busy, setBusy] = useState<ContactsFileType | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [alert, setAlert] = useState('');
  const revalidate = useRevalidateContactsIo();
  const total = data?.contactCount ?? 0;

  const run = async (fileType: ContactsFileType) => {
    if (!total) return setAlert(M.importFiles);
    setAlert('');
    setBusy(fileType);
    try {
      setJobId((await exportContacts(brandId, fileType)).data.jobId);
    } catch (e) {
      handleError(e);
    } finally {
      setBusy(null);
    }
  };

  if (isLoading) return <Spinner />;
  return (
    <section className="contacts-export" aria-label="Export Contacts">
      <p className="contacts-export__total">
        Total Contacts: <strong>{total.toLocaleString('en-US')}</strong>
      </p>
      {alert ? (
        <p className="import-alert" role="alert">
          {alert}
        </p>
      ) : null}
      <div className="import-actions">
        <Button onClick={() => void run('csv')} busy={busy === 'csv'} disabled={busy !== null}>
          CSV
        </Button>
        <Button onClick={() => void run('xlsx')} busy={busy === 'xlsx'} disabled={busy !== null}>
          Excel
        </Button>
        {jobId ? (
          <ExportProgress
            key={jobId}
            jobId={jobId}
            pollMs={pollMs}
            onReady={(job) => {
              save(job.link, job.name);
              notify.success(M.downloaded);
              void revalidate();
            }}
          />
        ) : null}
      </div>
    </section>
  );
}
