/**
 * The Permissions look-up (001 §2, §7, §9): GET /BrandRetailerExport?retailer= or brand=, one
 * page of 20 (page n + 1 asked with page n's cursor when the list has one), and its export
 * (exportFlag=true → a background job, followed through GET /exportFile/{jobId} until its app link
 * is ready; the browser then goes to it).
 */
import useSWR from 'swr';
import { PAGE } from '@shared/constants';
import type { ResponseOf } from '@shared/routes/responses';
import type { PermissionsKind } from '@shared/schemas/permissions';
import { api } from '../../../lib/api-client';
import { createPageCursors } from '../../../lib/page-cursors';

export const PERMISSIONS_KEY = 'permissions';
export const PERMISSIONS_PAGE_SIZE = PAGE.permissions;
export interface PermissionsFilter {
  kind: PermissionsKind;
  id: string;
}
type Answer = ResponseOf<'brandRetailerExport'>;
export type PermissionsPage = Extract<Answer, { data: unknown }>;
export type PermissionsExport = Extract<Answer, { jobId: string }>;
export type PermissionRow = PermissionsPage['data'][number];

const cursors = createPageCursors();

export async function getPermissionsPage(f: PermissionsFilter, page: number): Promise<PermissionsPage> {
  const list = `${f.kind}:${f.id}`;
  const cursor = cursors.cursorFor(list, page);
  const out = (await api('brandRetailerExport', {
    query: { [f.kind]: f.id, exportFlag: 'false', limit: PERMISSIONS_PAGE_SIZE, ...(cursor ? { cursor } : { page }) },
  })) as PermissionsPage;
  cursors.remember(list, page, out.nextCursor);
  return out;
}

/** Loads only once a retailer or brand is searched for. */
export function usePermissions(f: PermissionsFilter | null, page: number) {
  return useSWR(f ? ([PERMISSIONS_KEY, f.kind, f.id, page] as const) : null, ([, kind, id, p]) => getPermissionsPage({ kind, id }, p), { keepPreviousData: true });
}

/** Starts the export of the whole list: the job (queued). */
export async function exportPermissions(f: PermissionsFilter): Promise<PermissionsExport> {
  return (await api('brandRetailerExport', { query: { [f.kind]: f.id, exportFlag: 'true' } })) as PermissionsExport;
}
