/**
 * The contact form's state and its send (000 §2, §5, §7): the fields of the shared
 * `contactEmailForm` plus the images, a request id per email (a retry after a lost answer sends
 * nothing twice; a new one after a 200), and what is sent: To in the order of the retailer's
 * contacts, the brand contact always in CC, products unless the email is about the brand profile.
 * Before sending, 'Please enter first target email address.' then 'Please enter message.' are
 * toasted (and shown under their fields); the server's refusals go under their fields too.
 */
import { useState } from 'react';
import * as z from 'zod';
import { contactEmailForm, type ContactInfoForEmail, type ContactSource } from '@shared/schemas/contact';
import { showServerIssues, useSchemaForm, type SchemaForm } from '../../../lib/form';
import { handleError } from '../../../lib/handle-error';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useSendContactEmail } from '../api/send-contact';
import { subjectFor } from '../placeholders';

/** The form: the email's fields and the images it attaches (uploaded first: ../api/send-contact.ts). */
export const contactFormSchema = contactEmailForm.extend({ files: z.array(z.instanceof(File)) });
export type ContactForm = SchemaForm<typeof contactFormSchema>;
/** Where the server's issues are shown (`cc`: the addresses added to the brand contact). */
const FIELDS = ['subject', 'to', 'cc', 'bcc', 'message'] as const;

export interface ContactEmailSetup {
  info: ContactInfoForEmail;
  retailerId: string;
  retailerBrandScraping: string;
  source: ContactSource;
  products: string[];
  fromFlag?: boolean;
  initialSubject?: string;
  initialMessage?: string;
  onSent?: () => void;
}

const newRequestId = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

export function useContactEmail({ info, retailerId, retailerBrandScraping, source, products, fromFlag, initialSubject, initialMessage, onSent }: ContactEmailSetup) {
  const session = useSession();
  const { trigger, isMutating } = useSendContactEmail();
  const [requestId, setRequestId] = useState(newRequestId);
  const form = useSchemaForm(contactFormSchema, {
    subject: initialSubject ?? subjectFor({ retailerName: info.retailer.name, source, productCount: products.length, fromFlag }),
    to: [],
    cc: [],
    bcc: info.bcc,
    message: initialMessage ?? '',
    isCanned: false,
    casesLink: false,
    files: [],
  });

  const onSubmit = form.handleSubmit(
    async (v) => {
      try {
        const out = await trigger({
          subject: v.subject,
          name: session?.user.name ?? '',
          to: info.contacts.filter((c) => v.to.includes(c.email)).map((c) => c.email),
          cc: [...info.cc, ...v.cc],
          bcc: v.bcc,
          message: v.message,
          source,
          isCanned: v.isCanned,
          casesLink: v.casesLink,
          products: source === 'brand' ? [] : products,
          retailerBrandScraping,
          retailer: retailerId,
          requestId,
          files: v.files,
        });
        notify.success(out.message);
        setRequestId(newRequestId());
        onSent?.();
      } catch (err) {
        if (!showServerIssues(form, err, FIELDS)) handleError(err);
      }
    },
    // The spec's toasts, the target first; every message is also under its field.
    (errors) => {
      const first = errors.to?.message ?? errors.message?.message;
      if (first) notify.error(first);
    },
  );

  return { form, onSubmit, sending: isMutating };
}
