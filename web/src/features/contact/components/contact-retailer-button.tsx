/** A Contact Retailer button opening the contact modal (001 §2: the product page's FLAG REASON panel, the Flagged Products tab). */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ContactRetailerModal, type ContactRetailerModalProps } from './contact-retailer-modal';

export type ContactRetailerButtonProps = Omit<ContactRetailerModalProps, 'onClose'> & { disabled?: boolean; variant?: 'primary' | 'outline' };

export function ContactRetailerButton({ disabled, variant = 'outline', ...modal }: ContactRetailerButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant={variant} size="sm" onClick={() => setOpen(true)} disabled={disabled}>
        Contact Retailer
      </Button>
      {open ? <ContactRetailerModal {...modal} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
