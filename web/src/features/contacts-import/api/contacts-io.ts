/**
 * Settings → Contacts calls (000 §7): the header read and the import (multipart), the import's
 * progress, the contact count, the export, the import/export history and a file's link.
 */
import useSWR, { useSWRConfig, type ScopedMutator } from 'swr';
import { PAGE } from '@shared/constants';
import type { ResponseOf } from '@shared/routes/responses';
import type { ContactsFileType, ImportRules, UploadType } from '@shared/schemas/contacts-import';
import { api, apiForm } from '../../../lib/api-client';

export const CONTACTS_IO_KEY = 'contacts-io';
export type ImportAnswer = ResponseOf<'importContacts'>;
export type HistoryPage = ResponseOf<'getContactsHistory'>;

/** POST /getAddressBookHeaders: the file's headers and row count (or a message). */
export function readHeaders(file: File, brandId: string) {
  const form = new FormData();
  form.append('file', file, file.name);
  form.append('brand', brandId);
  return apiForm('getAddressBookHeaders', form);
}

/** POST /addressBook/import/{brandId}: rules, file, flag, and this import's id (the progress is read by it). */
export function importContacts(brandId: string, input: { file: File; rules: ImportRules; flag: 'ignore' | 'update'; importId: string }) {
  const form = new FormData();
  form.append('rules', JSON.stringify(input.rules));
  form.append('file', input.file, input.file.name);
  form.append('flag', input.flag);
  form.append('importId', input.importId);
  return apiForm('importContacts', form, { params: { brandId } });
}

export function importProgress(brandId: string, importId: string) {
  return api('getContactsImport', { params: { brandId, importId } });
}

export function useContactCount(brandId: string) {
  return useSWR([CONTACTS_IO_KEY, 'count', brandId] as const, ([, , b]) => api('getContactCount', { params: { brandId: b } }));
}

export function useContactsHistory(brandId: string, uploadType: UploadType, page: number, limit: number = PAGE.defaultLimit) {
  return useSWR([CONTACTS_IO_KEY, 'history', brandId, uploadType, page, limit] as const, ([, , b, u, p, l]) => api('getContactsHistory', { params: { brandId: b }, query: { type: 'addressBook', uploadType: u, page: p, limit: l } }), {
    keepPreviousData: true,
  });
}

export function exportContacts(brandId: string, fileType: ContactsFileType) {
  return api('exportContacts', { params: { brandId }, query: { fileType } });
}

export function fileLink(brandId: string, id: string) {
  return api('downloadContactsFile', { params: { id }, query: { brand: brandId } });
}

/** After an import or an export: the count and both histories again. */
export function useRevalidateContactsIo(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () => revalidate(mutate);
}
const revalidate = (mutate: ScopedMutator) => mutate((key) => Array.isArray(key) && key[0] === CONTACTS_IO_KEY);

/** Starts the download of a link (an attachment: the page stays). */
export function download(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}
