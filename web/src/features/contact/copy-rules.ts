/**
 * Who may be added to CC and BCC of the contact form (issue 20 §6), as the server decides it
 * (functions/contact/contact.ts `checkRecipients`): the brand contact, the user's and the
 * company's BCC addresses, the brand's users, any address at the brand's own domain, and the
 * retailer's contacts. The form says so before sending; the server refuses anything else.
 */
import { CONTACT_MSG } from '@shared/messages/contact';
import { isEmailAddress, type ContactInfoForEmail } from '@shared/schemas/contact';

const lower = (s: string) => s.trim().toLowerCase();
const domainOf = (a: string) => lower(a.slice(a.lastIndexOf('@') + 1));

/** Why this address cannot be added to CC or BCC, or undefined when it can. */
export function copyProblem(address: string, field: 'CC' | 'BCC', info: Pick<ContactInfoForEmail, 'cc' | 'bcc' | 'colleagues' | 'ownDomains' | 'contacts'>): string | undefined {
  const a = address.trim();
  if (!isEmailAddress(a)) return CONTACT_MSG.invalidAddress(a);
  const known = [...info.cc, ...info.bcc, ...info.colleagues.map((c) => c.email), ...info.contacts.map((c) => c.email)].map(lower);
  if (known.includes(lower(a)) || info.ownDomains.includes(domainOf(a))) return undefined;
  return CONTACT_MSG.notCopyable(a, field);
}

/** The list with the address added once (case-insensitively). */
export const withAddress = (list: readonly string[], address: string): string[] => (list.some((x) => lower(x) === lower(address)) ? [...list] : [...list, address.trim()]);
