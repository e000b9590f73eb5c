/**
 * GET /getContactInfo?brand&retailer (000 §7): the retailer's contacts for the brand, by address,
 * 25 a page by default (000 §3 "Client lists … contact info use default page 1, limit 25").
 * `useRetailerContacts` is the feature's public read: the Address Book's table, and the contact
 * form's To list (which may ask for a larger page, up to 1000).
 */
import useSWR from 'swr';
import { PAGE } from '@shared/constants';
import type { ResponseOf } from '@shared/routes/responses';
import type { Contact } from '@shared/schemas/address-book';
import { api } from '../../../lib/api-client';
import { ADDRESS_BOOK_KEY } from './keys';

export type { Contact };
export type ContactsPage = ResponseOf<'getContactInfo'>;

/** `brandId`: the brand the session works for (an ADMIN's acting brand is sent; a brand user's own may be). */
export function getRetailerContacts(brandId: string | undefined, retailerId: string, page = 1, limit: number = PAGE.defaultLimit): Promise<ContactsPage> {
  return api('getContactInfo', { query: { ...(brandId ? { brand: brandId } : {}), retailer: retailerId, page, limit } });
}

/** The retailer's contacts, one page; no request until both ids are known. */
export function useRetailerContacts(brandId: string | undefined, retailerId: string | undefined, page = 1, limit: number = PAGE.defaultLimit) {
  return useSWR(brandId && retailerId ? ([ADDRESS_BOOK_KEY, 'contacts', brandId, retailerId, page, limit] as const) : null, ([, , b, r, p, l]) => getRetailerContacts(b, r, p, l), {
    keepPreviousData: true,
  });
}
