/**
 * The contact form (000 §2, §5; 001 §2): SUBJECT, To (a multi-select of the retailer's contacts;
 * none: the text pointing to the address book on the CONTACT tab: ./to-field.tsx), CC (the brand
 * contact, always, plus colleagues added), BCC (the user's and the company's BCC addresses,
 * ticked by default, plus colleagues added: ./copy-fields.tsx), the rich-text message with the
 * canned-message and placeholder dropdowns (./message-fields.tsx), image attachments
 * (./attachments-field.tsx) and SEND. One react-hook-form checked by the shared
 * `contactEmailForm` (./use-contact-email.ts): 'Please enter first target email address.' /
 * 'Please enter message.' before sending; 'Email Sent Successfully.' on a 200. The server
 * enforces the same rules (and more).
 */
import { CONTACT_MSG } from '@shared/messages/contact';
import { CASE_LINK } from '@shared/messages/cases';
import { CONTACT_LIMITS, type ContactSource } from '@shared/schemas/contact';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { effectiveBrand } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useContactInfo, type ContactInfoForEmail } from '../api/get-contact-info';
import { AttachmentsField } from './attachments-field';
import { BccField, CcField } from './copy-fields';
import { MessageFields } from './message-fields';
import { ToField } from './to-field';
import { useContactEmail } from './use-contact-email';
import '../contact.css';

export interface ContactRetailerFormProps {
  /** The brand (default: the session's effective brand). */
  brandId?: string;
  retailerId: string;
  /** The scan period (products) or the retailer scan info (the brand profile). */
  retailerBrandScraping: string;
  source: ContactSource;
  /** Product scraping ids the email is about (source product). */
  products?: string[];
  /** Opened from a flag modal: the plural subject. */
  fromFlag?: boolean;
  initialSubject?: string;
  initialMessage?: string;
  onSent?: () => void;
  onCancel?: () => void;
}

export function ContactRetailerForm(props: ContactRetailerFormProps) {
  const info = useContactInfo(props.retailerBrandScraping);
  if (info.error) return <p className="panel__text">{CONTACT_MSG.scanNotFound}</p>;
  if (!info.data) return <Spinner label="Loading contacts…" />;
  return <LoadedForm {...props} info={info.data} />;
}

function LoadedForm({ brandId, products = [], onCancel, info, ...setup }: ContactRetailerFormProps & { info: ContactInfoForEmail }) {
  const session = useSession();
  const brand = brandId ?? (session ? effectiveBrand(session)?._id : undefined);
  const { form, onSubmit, sending } = useContactEmail({ ...setup, products, info });
  const {
    register,
    control,
    formState: { errors },
  } = form;

  return (
    <form className="contact-form" onSubmit={onSubmit} noValidate aria-label="Contact retailer">
      <FormField label="SUBJECT" maxLength={CONTACT_LIMITS.maxSubject} registration={register('subject', { setValueAs: (v: string) => v.replace(/[\r\n]/g, ' ') })} error={errors.subject} />
      <ToField control={control} info={info} />
      <CcField control={control} info={info} />
      <BccField control={control} info={info} />
      <MessageFields form={form} info={info} brand={brand} />
      <AttachmentsField control={control} />
      <label className="contact-form__check">
        <input type="checkbox" {...register('casesLink')} /> Add a link to this retailer's open cases (they can answer without an account; valid {CASE_LINK.days} days)
      </label>
      <div className="contact-form__actions">
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" busy={sending}>
          SEND
        </Button>
      </div>
    </form>
  );
}
