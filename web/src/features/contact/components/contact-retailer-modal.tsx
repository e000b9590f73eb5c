/**
 * The contact form in a modal of its own: the product page's Contact Retailer button (and
 * `?contact`), the Flagged Products tab's button, and other features (the basket export opens it
 * with a prefilled subject and message) through web/src/features/contact/api/contact-retailer.ts.
 */
import { Modal } from '../../../components/ui/modal';
import { ContactRetailerForm, type ContactRetailerFormProps } from './contact-form';

export type ContactRetailerModalProps = Omit<ContactRetailerFormProps, 'onSent' | 'onCancel'> & { onClose: () => void; onSent?: () => void };

export function ContactRetailerModal({ onClose, onSent, ...form }: ContactRetailerModalProps) {
  return (
    <Modal title="Contact Retailer" onClose={onClose} size="lg" className="contact-modal">
      <ContactRetailerForm
        {...form}
        onCancel={onClose}
        onSent={() => {
          onSent?.();
          onClose();
        }}
      />
    </Modal>
  );
}
