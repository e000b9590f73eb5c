/** The 'Completed' modal after an import (000 §2): what was added, updated, ignored or refused, the refused rows' file, and Continue. */
import { CONTACTS_IO_MSG as M } from '@shared/messages/contacts-import';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { handleError } from '../../../lib/handle-error';
import { download, fileLink, type ImportAnswer } from '../api/contacts-io';

export function ImportCompletedModal({ brandId, result, onContinue }: { brandId: string; result: ImportAnswer; onContinue: () => void }) {
  const openRejected = async (id: string) => {
    try {
      const link = await fileLink(brandId, id);
      download(link.data.url, link.data.fileName);
    } catch (e) {
      handleError(e);
    }
  };

  return (
    <Modal
      title={M.completedTitle}
      onClose={onContinue}
      footer={
        <Button onClick={onContinue} data-autofocus>
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
  );
}
