/**
 * The flag modal (000 §2, §5; 001 §2): tabs FLAG REASON and CONTACT RETAILER (the contact
 * feature's form, given `contact`: the retailer and the scan the email is about; its subject is
 * the plural one, 000 §2 "multiple or flagging"). Flagging needs at least one reason
 * (toast 'Please select at least one field.'); a reason whose option is required (Price, Brand
 * Bio) shows its message under its dropdown until one is chosen. The modal closes on a 200 only.
 */
import { useState } from 'react';
import { Modal } from '../../../components/ui/modal';
import { Tabs, type TabItem } from '../../../components/ui/tabs';
import { ContactRetailerForm } from '../../contact';
import type { FlagTarget } from '../api/flag';
import { FlagReasonForm } from './flag-reason-form';

export interface FlagModalProps {
  target: FlagTarget;
  id: string;
  /** What is flagged, for the title: a product name or the retailer's name. */
  subject: string;
  onClose: () => void;
  /** The CONTACT RETAILER tab's retailer and scan (a product's period, or the brand profile's scan info). */
  contact?: { retailerId: string; retailerBrandScraping: string };
  /** The tab shown first. */
  initialTab?: 'reason' | 'contact';
}

export function FlagModal({ target, id, subject, onClose, contact, initialTab = 'reason' }: FlagModalProps) {
  const [tab, setTab] = useState<string>(contact ? initialTab : 'reason');
  const tabs: TabItem[] = [{ id: 'reason', label: 'FLAG REASON' }, ...(contact ? [{ id: 'contact', label: 'CONTACT RETAILER' }] : [])];

  return (
    <Modal title={target === 'product' ? `Flag ${subject}` : `Flag the brand profile on ${subject}`} onClose={onClose} size={contact ? 'lg' : 'md'} className="flag-modal">
      <Tabs label="Flag" tabs={tabs} selected={tab} onSelect={setTab}>
        {tab === 'reason' ? <FlagReasonForm target={target} id={id} onClose={onClose} /> : null}
        {tab === 'contact' && contact ? (
          <ContactRetailerForm
            retailerId={contact.retailerId}
            retailerBrandScraping={contact.retailerBrandScraping}
            source={target}
            products={target === 'product' ? [id] : []}
            fromFlag
            onCancel={onClose}
            onSent={onClose}
          />
        ) : null}
      </Tabs>
    </Modal>
  );
}
