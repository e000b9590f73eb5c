/**
 * POST /contact_retailer?version=1.0.0 (000 §7): multipart subject, name, to, cc, bcc, message,
 * source, isCanned, products (unless source is brand), retailer_brand_scraping, retailer,
 * requestId (one id per email: a retry after a lost answer sends nothing twice) and the images.
 * The images go first, straight to S3 (issue 22): POST /contact_retailer/attachments gives one
 * upload link per image (a presigned POST whose policy holds its size and type), each image is
 * posted there, and the email names them (`attachment[]`, their keys) instead of carrying them.
 */
import useSWRMutation from 'swr/mutation';
import { CONTACT_MSG } from '@shared/messages/contact';
import type { ContactSource } from '@shared/schemas/contact';
import { api, apiForm } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
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

/** A refused upload as a failed call naming the image (shown as its message: lib/handle-error.ts), with S3's code when it says a size. */
async function uploadFailure(res: Response, name: string): Promise<ApiError> {
  const xml = await res.text().catch(() => '');
  const code = /<Code>([^<]+)<\/Code>/.exec(xml)?.[1];
  return new ApiError(400, { message: code === 'EntityTooLarge' || code === 'EntityTooSmall' ? `${CONTACT_MSG.uploadFailed(name)} (${code})` : CONTACT_MSG.uploadFailed(name) });
}

/** Uploads the images through their upload links; their keys, in order. */
export async function uploadAttachments(retailerBrandScraping: string, files: readonly File[]): Promise<string[]> {
  if (!files.length) return [];
  const links = await api('createContactUploads', { body: { retailer_brand_scraping: retailerBrandScraping, files: files.map((f) => ({ name: f.name, type: f.type, size: f.size })) } });
  await Promise.all(
    links.data.map(async (link, i) => {
      const file = files[i]!;
      const form = new FormData();
      for (const [k, v] of Object.entries(link.fields)) form.append(k, v);
      form.append('file', file, link.name);
      const res = await fetch(link.url, { method: 'POST', body: form });
      if (!res.ok) throw await uploadFailure(res, file.name);
    }),
  );
  return links.data.map((l) => l.key);
}

export function contactForm(e: Omit<ContactEmail, 'files'> & { attachments: readonly string[] }): FormData {
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
  for (const key of e.attachments) fd.append('attachment[]', key);
  return fd;
}

export function useSendContactEmail() {
  return useSWRMutation(
    'contact-retailer',
    async (_key, { arg }: { arg: ContactEmail }) => {
      const { files, ...email } = arg;
      const attachments = await uploadAttachments(arg.retailerBrandScraping, files);
      return apiForm('contactRetailer', contactForm({ ...email, attachments }), { query: { version: '1.0.0' } });
    },
    MUTATION_OPTIONS,
  );
}
