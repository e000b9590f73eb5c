/**
 * Settings › Catalogue (issue 38 §1): the brand's current catalogue a page at a time (cursor),
 * its recent files, and the upload: POST /catalog/{brandId}/upload gives a presigned POST into
 * the brand's drop folder; the file goes straight to S3; the ingest checks it and records the
 * outcome the list of files shows (the tab follows it until it is no longer being checked).
 */
import useSWR from 'swr';
import { CATALOG_MSG as M } from '@shared/messages/catalog';
import { api } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-error';

export const CATALOGUE_KEY = 'brand-catalogue';

export function useCatalogueProducts(brandId: string, search: string, cursor: string | undefined) {
  return useSWR([CATALOGUE_KEY, 'products', brandId, search, cursor ?? ''] as const, ([, , b, s, c]) => api('listCatalogProducts', { params: { brandId: b }, query: { ...(s ? { search: s } : {}), ...(c ? { cursor: c } : {}) } }), { keepPreviousData: true });
}

/** The recent files; polled every 1.5 s while a file just sent is followed or one is being checked. */
export function useCatalogueImports(brandId: string, enabled: boolean, following: boolean) {
  return useSWR(enabled ? ([CATALOGUE_KEY, 'imports', brandId] as const) : null, ([, , b]) => api('listCatalogImports', { params: { brandId: b } }), {
    refreshInterval: (data) => (following || data?.data.some((i) => i.status === 'checking') ? 1500 : 0),
  });
}

/** Sends the file through its upload link; answers the key the ingest will record it under. */
export async function uploadCatalogue(brandId: string, file: File): Promise<string> {
  const link = await api('startCatalogUpload', { params: { brandId }, body: { fileName: file.name, size: file.size } });
  const form = new FormData();
  for (const [k, v] of Object.entries(link.data.fields)) form.append(k, v);
  form.append('file', file, file.name);
  const res = await fetch(link.data.url, { method: 'POST', body: form });
  if (!res.ok) {
    const code = /<Code>([^<]+)<\/Code>/.exec(await res.text().catch(() => ''))?.[1];
    throw new ApiError(400, { message: code === 'EntityTooLarge' ? M.fileTooLarge(100) : `${file.name} could not be uploaded${code ? ` (${code})` : ''}.` });
  }
  return link.data.key;
}
