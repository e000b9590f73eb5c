/**
 * The plus icon of an OH row (001 §4): shown only when the serial is not yet in the basket; a
 * click adds it ('Product Added!', or 'Already Added!' when another tab added it meanwhile).
 * `pageSerials` are the serials of the rows shown: one membership request for the page.
 */
import { BASKET_MSG } from '@shared/messages/basket';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useAddToBasket, useBasketHas, type BasketTarget } from '../api/basket';
import { NotImportedModal } from './bulk-import';
import { useState } from 'react';

export interface AddToBasketProps extends BasketTarget {
  serialNo: string;
  pageSerials: readonly string[];
}

export function AddToBasket({ brandId, retailerId, serialNo, pageSerials }: AddToBasketProps) {
  const target = { brandId, retailerId };
  const has = useBasketHas(target, pageSerials);
  const add = useAddToBasket(target);
  const [failed, setFailed] = useState<{ serialNo: string; message: string }[] | null>(null);
  if (!has.data || has.data.data.some((s) => s.toUpperCase() === serialNo.toUpperCase())) return null;
  const onAdd = async () => {
    try {
      const out = await add.trigger([serialNo]);
      if (out.added.length) notify.success(BASKET_MSG.added);
      else if (out.already.length) notify.info(BASKET_MSG.alreadyAdded);
      else setFailed(out.notImported);
    } catch (e) {
      handleError(e);
    }
  };
  return (
    <>
      <button type="button" className="basket-add" aria-label={`Add ${serialNo} to the basket`} title="Add to the basket" disabled={add.isMutating} onClick={() => void onAdd()}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
          <circle cx="12" cy="12" r="10" />
          <path d="M12 8v8M8 12h8" />
        </svg>
      </button>
      {failed ? <NotImportedModal items={failed} onClose={() => setFailed(null)} /> : null}
    </>
  );
}
