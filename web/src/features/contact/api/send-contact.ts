/**
 * POST /contact_retailer?version=1.0.0 (000 §7): multipart subject, name, to, cc, bcc, message,
 * source, isCanned, products (unless source is brand), retailer_brand_scraping, retailer,
 * requestId (one id per email: a retry after a lost answer sends nothing twice) and file[].
 */
import useSWRMutation from 'swr/mutation';
import type { ContactSource } from '@shared/schemas/contact';
import { apiForm } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

export interface ContactEmail {
  subject: string;
  name: string;
  to: string[];
  cc: string[];
  bcc: string[];
  message: string;
  source: ContactSource;
  isCanned: boolean;
  products: string[];
  retailerBrandScraping: string;
  retailer: string;
  requestId: string;
  files: File[];
}

export function contactForm(e: ContactEmail): FormData {
  const fd = new FormData();
  fd.append('subject', e.subject);
  fd.append('name', e.name);
  for (const [k, xs] of [['to', e.to], ['cc', e.cc], ['bcc', e.bcc]] as const) for (const x of xs) fd.append(`${k}[]`, x);
  fd.append('message', e.message);
  fd.append('source', e.source);
  fd.append('isCanned', String(e.isCanned));
  if (e.source !== 'brand') for (const p of e.products) fd.append('products[]', p);
  fd.append('retailer_brand_scraping', e.retailerBrandScraping);
  fd.append('retailer', e.retailer);
  fd.append('requestId', e.requestId);
  for (const f of e.files) fd.append('file[]', f, f.name);
  return fd;
}

export function useSendContactEmail() {
  return useSWRMutation('contact-retailer', async (_key, { arg }: { arg: ContactEmail }) => apiForm('contactRetailer', contactForm(arg), { query: { version: '1.0.0' } }), MUTATION_OPTIONS);
}
