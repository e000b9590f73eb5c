/**
 * The Address Book and EMAIL HISTORY of the retailer page (000 §2, §3 Contact and Email history,
 * §5 "Contact add", §7 `GET /getContactInfo`, `POST /addressBooks`, `DELETE /addressBooks/{id}`,
 * `GET /email_history`): requests and responses. Client lists default to page 1, limit 25 (§3, §9).
 */
import * as z from 'zod';
import { PAGE } from '../constants';
import { ADDRESS_BOOK_MSG as M } from '../messages/address-book';
import { id, paging } from './common';

const cursor = z.string().max(4096, 'The page cursor is not valid for this list.').optional();
const requiredId = (name: string) => z.string({ error: `${name} is required.` }).trim().min(1, `${name} is required.`).pipe(id);

/** A required text field: trimmed, not empty, at most `max` characters. */
const text = (required: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, M.tooLong);

/** GET /getContactInfo?brand&retailer: `brand` for an ADMIN acting as a brand (others: their own). */
export const contactInfoQuery = z.object({
  brand: id.optional(),
  retailer: requiredId('retailer'),
  ...paging,
  limit: paging.limit.default(PAGE.defaultLimit),
  cursor,
});

/** The fields of the Add Contact form (000 §5: all required, email of a valid format). */
export const contactFields = z.object({
  firstName: text(M.firstNameRequired, 50),
  lastName: text(M.lastNameRequired, 50),
  email: z
    .string({ error: M.emailRequired })
    .trim()
    .min(1, M.emailRequired)
    .max(254, M.tooLong)
    .pipe(z.email({ error: M.emailInvalid })),
  role: text(M.roleRequired, 100),
});
export type ContactFields = z.output<typeof contactFields>;

/** POST /addressBooks: the form's fields, the retailer, and `brand` (the caller's own unless ADMIN). */
export const addContactBody = contactFields.extend({
  brand: id.optional(),
  retailer: requiredId('retailer'),
});
export type AddContactBody = z.input<typeof addContactBody>;

/**
 * DELETE /addressBooks/{id}?brand=: `brand` for an ADMIN acting as a brand (the contact must be
 * that brand's). Nothing else is read, and nothing else is taken: a delete with any other
 * parameter is refused (400) rather than run on a misunderstanding.
 */
export const contactIdPath = z.object({ id });
export const deleteContactQuery = z.strictObject({ brand: id.optional() }, { error: (i) => (i.code === 'unrecognized_keys' ? `Unknown parameter: ${i.keys.join(', ')}.` : undefined) });

/** GET /email_history?retailer_brand_scraping=: the retailer's scan info id (or one of its periods). */
export const emailHistoryQuery = z.object({
  retailer_brand_scraping: requiredId('retailer_brand_scraping'),
  ...paging,
  limit: paging.limit.default(PAGE.defaultLimit),
  cursor,
});

// ── Responses ──────────────────────────────────────────────────────────────────────────────────

/** 000 §3 Contact. */
export const contactSchema = z.object({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.string(),
  brand: z.string(),
  retailer: z.string(),
  createdAt: z.string(),
});
export type Contact = z.output<typeof contactSchema>;

export const contactInfoResponse = z.object({ retailer_contacts: z.array(contactSchema), totalCount: z.number(), nextCursor: z.string().nullable() });
export const addContactResponse = z.object({ message: z.string(), data: contactSchema });
export const deleteContactResponse = z.object({ message: z.string() });

/** 000 §3 Email history, with what the Preview shows (recipients, attachments' names). */
export const emailHistoryItem = z.object({
  _id: z.string(),
  subject: z.string(),
  createdAt: z.string(),
  htmlResponse: z.string(),
  to: z.array(z.string()),
  cc: z.array(z.string()),
  /** Whom it was blind-copied to (the sender's colleagues see it in the Preview; the retailer never did). */
  bcc: z.array(z.string()),
  attachments: z.array(z.string()),
});
export type EmailHistoryItem = z.output<typeof emailHistoryItem>;
export const emailHistoryResponse = z.object({ data: z.array(emailHistoryItem), totalCount: z.number(), nextCursor: z.string().nullable() });
