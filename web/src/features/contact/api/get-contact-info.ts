/** POST /getContactInfoForEmail/ (000 §7): the retailer's contacts (To), the brand contact (CC), the BCC defaults and the placeholder values of one retailer scan. */
import useSWR from 'swr';
import type { ContactInfoForEmail } from '@shared/schemas/contact';
import { api } from '../../../lib/api-client';

export const CONTACT_INFO_KEY = 'contact-info';
export type { ContactInfoForEmail };

export function useContactInfo(retailerBrandScraping: string | undefined) {
  return useSWR(retailerBrandScraping ? ([CONTACT_INFO_KEY, retailerBrandScraping] as const) : null, async ([, id]) => (await api('getContactInfoForEmail', { body: { retailer_brand_scraping: id } })).data);
}
