/**
 * The brand's own email domains (docs/decisions.md "Contact retailer"): the domain of the brand
 * contact's address, the brand's one address chosen when the brand was made (registration or the
 * seed) and not editable by its users, unless it is a public mailbox provider's (gmail.com,
 * outlook.com, …: a brand whose contact is a Gmail address owns no domain, or anyone at Gmail
 * could be copied). The providers are the `email-providers` package's list (~8,800 domains),
 * loaded on first use.
 */
import type { BrandRecord } from '../../brands';
import { isPublicMailProvider } from '../../lib/email-providers';

/** The brand's own domains, lower case: none, or the brand contact's when it is not a public provider's. */
export async function ownDomainsOf(brand: Pick<BrandRecord, 'contact'>): Promise<string[]> {
  const address = brand.contact?.email?.trim().toLowerCase() ?? '';
  const at = address.lastIndexOf('@');
  const domain = at > 0 ? address.slice(at + 1) : '';
  if (!domain || !domain.includes('.')) return [];
  return (await isPublicMailProvider(domain)) ? [] : [domain];
}
