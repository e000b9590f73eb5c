/** One SWR key prefix for the Address Book and EMAIL HISTORY reads. */
import { mutate as globalMutate, type ScopedMutator } from 'swr';

export const ADDRESS_BOOK_KEY = 'address-book';

/**
 * After an add or a delete: reload every page of the retailer's contacts (the contact form's To
 * list too). `mutate`: the cache's own (`useSWRConfig().mutate`), the global one by default.
 */
export function revalidateContacts(brandId: string | undefined, retailerId: string, mutate: ScopedMutator = globalMutate): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === ADDRESS_BOOK_KEY && key[1] === 'contacts' && key[2] === brandId && key[3] === retailerId);
}

/** After an email is sent (the contact form): reload every page of the history of that scan info. */
export function revalidateEmailHistory(scanInfoId: string, mutate: ScopedMutator = globalMutate): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === ADDRESS_BOOK_KEY && key[1] === 'emails' && key[2] === scanInfoId);
}
