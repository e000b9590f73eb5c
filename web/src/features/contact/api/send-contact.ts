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
import type { ContactRetailerBody, ContactRetailerField } from '@shared/schemas/contact';
import { api, apiForm } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

/** One email: the body's fields as the server reads them (shared/schemas/contact.ts), the scan by its id, and the images to upload first. */
export type ContactEmail = Required<Pick<ContactRetailerBody, 'subject' | 'name' | 'to' | 'cc' | 'bcc' | 'message' | 'source' | 'isCanned' | 'casesLink' | 'products' | 'retailer' | 'requestId'>> & {
  retailerBrandScraping: string;
  files: File[];
};

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

/** The multipart body, its field names the body schema's (a list: the field repeated as `to[]`). */
export function contactForm(e: Omit<ContactEmail, 'files'> & { attachments: readonly string[] }): FormData {
  const fd = new FormData();
  const put = (k: ContactRetailerField, v: string) => fd.append(k, v);
  const putEach = (k: ContactRetailerField, xs: readonly string[]) => {
    for (const x of xs) fd.append(`${k}[]`, x);
  };
  put('subject', e.subject);
  put('name', e.name);
  putEach('to', e.to);
  putEach('cc', e.cc);
  putEach('bcc', e.bcc);
  put('message', e.message);
  put('source', e.source);
  put('isCanned', String(e.isCanned));
  if (e.casesLink) put('casesLink', 'true');
  if (e.source !== 'brand') putEach('products', e.products);
  put('retailer_brand_scraping', e.retailerBrandScraping);
  put('retailer', e.retailer);
  put('requestId', e.requestId);
  putEach('attachment', e.attachments);
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
