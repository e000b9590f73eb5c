/**
 * The flag of a product row or of the brand profile as a control (000 §4): unflagged opens the
 * flag modal; flagged asks 'Are you sure you want to un flag this product ?' and then sends
 * isFlagged no with an empty reason. The toast is the call's message, shown on a 200 only.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useSetFlag, type FlagTarget } from '../api/flag';
import { RV_MSG } from '../messages';
import { FlagModal } from './flag-modal';
import { FlagState } from './flag-state';

export interface FlagControlProps {
  target: FlagTarget;
  id: string;
  flagged: boolean;
  /** The product's name, or the retailer's name for the brand profile. */
  subject: string;
  /** 'button': the product page's 'Flag this product' / 'Unflag this product' button instead of the icon. */
  variant?: 'icon' | 'button';
  /** The flag modal's CONTACT RETAILER tab: the retailer and the scan (the product's period, or the brand profile's scan info). */
  contact?: { retailerId: string; retailerBrandScraping: string };
}

export function FlagControl({ target, id, flagged, subject, variant = 'icon', contact }: FlagControlProps) {
  const [open, setOpen] = useState<'flag' | 'unflag' | null>(null);
  const { trigger, isMutating } = useSetFlag(target);
  const what = target === 'product' ? subject : `the brand profile on ${subject}`;
  const unflag = async () => {
    try {
      const out = await trigger({ id, body: { isFlagged: 'no', message: '', reason: [] } });
      notify.success(out.message);
      setOpen(null);
    } catch (e) {
      handleError(e);
    }
  };
  return (
    <>
      {variant === 'button' ? (
        <Button variant={flagged ? 'outline' : 'primary'} onClick={() => setOpen(flagged ? 'unflag' : 'flag')}>
          {flagged ? 'Unflag this product' : 'Flag this product'}
        </Button>
      ) : (
        <button
          type="button"
          className="flag-control"
          aria-label={flagged ? `Unflag ${what}` : `Flag ${what}`}
          title={flagged ? 'Unflag' : 'Flag'}
          onClick={(e) => {
            e.stopPropagation();
            setOpen(flagged ? 'unflag' : 'flag');
          }}
        >
          <FlagState flagged={flagged} subject={target === 'product' ? 'Product' : 'Brand profile'} />
        </button>
      )}
      {open === 'flag' ? <FlagModal target={target} id={id} subject={subject} contact={contact} onClose={() => setOpen(null)} /> : null}
      {open === 'unflag' ? (
        <ConfirmDialog title="Unflag" confirmLabel="Yes" cancelLabel="No" busy={isMutating} onConfirm={() => void unflag()} onCancel={() => setOpen(null)}>
          <p>{target === 'product' ? RV_MSG.unflagProduct : RV_MSG.unflagBrand}</p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
