/**
 * Export Contacts (000 §2, §5, §7, §8): Total Contacts and the CSV / Excel buttons; with no
 * contacts the alert 'Please import files' and no call; 'File downloaded successfully.'.
 */
import { useState } from 'react';
import { CONTACTS_IO_MSG as M } from '@shared/messages/contacts-import';
import type { ContactsFileType } from '@shared/schemas/contacts-import';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { download, exportContacts, useContactCount, useRevalidateContactsIo } from '../api/contacts-io';

export function ExportContacts({ brandId }: { brandId: string }) {
  const { data, isLoading } = useContactCount(brandId);
  const [busy, setBusy] = useState<ContactsFileType | null>(null);
  const [alert, setAlert] = useState('');
  const revalidate = useRevalidateContactsIo();
  const total = data?.contactCount ?? 0;

  const run = async (fileType: ContactsFileType) => {
    if (!total) return setAlert(M.importFiles);
    setAlert('');
    setBusy(fileType);
    try {
      const res = await exportContacts(brandId, fileType);
      download(res.data.url, res.data.fileName);
      notify.success(res.message);
      void revalidate();
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
      </div>
    </section>
  );
}
