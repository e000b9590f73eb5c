/**
 * Bulk Items Import (001 §2, §5): a textarea 'Enter Serials:' with an Import button, one serial a
 * line. Empty: the 'Error' toast 'Add atleast one product.'. Each serial is resolved on the
 * server (as GET /getBatchItems does); the failures are listed in Items Not Imported as
 * 'SerialNo: {n} | Invalid Serial No.' or with the other retailer's id and name.
 */
import { useId, useState } from 'react';
import { BASKET_MSG } from '@shared/messages/basket';
import type { NotImported } from '@shared/schemas/basket';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useAddToBasket, type BasketTarget } from '../api/basket';
import { parseSerials } from '../bulk-import';

/**
 * The button that opens Bulk Items Import: 'Bulk Items Import' in the BASKET tab, 'IMPORT' beside
 * ALL SCRAPED's filter buttons (001 §2); both import into the retailer's basket.
 */
export function BulkImport({ target, label = 'Bulk Items Import' }: { target: BasketTarget; label?: string }) {
  const [open, setOpen] = useState(false);
  const [failures, setFailures] = useState<NotImported[] | null>(null);
  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label}
      </Button>
      {open ? (
        <BulkImportModal
          target={target}
          onClose={() => setOpen(false)}
          onDone={(notImported) => {
            setOpen(false);
            if (notImported.length) setFailures(notImported);
          }}
        />
      ) : null}
      {failures ? <NotImportedModal items={failures} onClose={() => setFailures(null)} /> : null}
    </>
  );
}

function BulkImportModal({ target, onClose, onDone }: { target: BasketTarget; onClose: () => void; onDone: (notImported: NotImported[]) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const add = useAddToBasket(target);
  const onImport = async () => {
    const serials = parseSerials(text);
    if (!serials.length) {
      notify.errorList(BASKET_MSG.bulkEmptyTitle, [BASKET_MSG.bulkEmpty]);
      return;
    }
    try {
      const out = await add.trigger(serials);
      if (out.added.length) notify.success(BASKET_MSG.added);
      else if (out.already.length) notify.info(BASKET_MSG.alreadyAdded);
      onDone(out.notImported);
    } catch (e) {
      handleError(e);
    }
  };
  return (
    <Modal
      title="Bulk Items Import"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button busy={add.isMutating} onClick={() => void onImport()}>
            Import
          </Button>
        </>
      }
    >
      <div className="field">
        <label className="field__label" htmlFor={id}>
          Enter Serials:
        </label>
        <textarea id={id} className="field__input basket__serials" rows={10} value={text} onChange={(e) => setText(e.target.value)} placeholder="One serial number a line" data-autofocus spellCheck={false} />
      </div>
    </Modal>
  );
}

export function NotImportedModal({ items, onClose }: { items: NotImported[]; onClose: () => void }) {
  return (
    <Modal
      title="Items Not Imported"
      onClose={onClose}
      footer={
        <Button onClick={onClose} data-autofocus>
          Close
        </Button>
      }
    >
      <ul className="basket__not-imported">
        {items.map((i) => (
          <li key={i.serialNo}>{i.message}</li>
        ))}
      </ul>
    </Modal>
  );
}
