/**
 * The post-office list's filters live in the URL query (sort, approvedStatus, flag, name,
 * fileName, page), so back/forward, reload and a shared link keep them.
 */
import { APPROVED_STATUSES, DEFAULT_FILE_SORT, FILE_SORTS, FLAG_LEVELS, PAGE } from '@shared/constants';
import { readPage } from '../../lib/url-page';
import type { ListFilesParams } from './types';

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => (value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined);

export function readListQuery(search: URLSearchParams): ListFilesParams {
  return {
    sort: oneOf(FILE_SORTS, search.get('sort')) ?? DEFAULT_FILE_SORT,
    approvedStatus: oneOf(APPROVED_STATUSES, search.get('approvedStatus')),
    flag: oneOf(FLAG_LEVELS, search.get('flag')),
    name: search.get('name')?.trim() || undefined,
    fileName: search.get('fileName')?.trim() || undefined,
    page: readPage(search),
    limit: PAGE.defaultLimit,
  };
}

/** The query string of a list state; defaults are left out. */
export function writeListQuery(q: ListFilesParams): URLSearchParams {
  const out = new URLSearchParams();
  if (q.sort !== DEFAULT_FILE_SORT) out.set('sort', q.sort);
  if (q.approvedStatus) out.set('approvedStatus', q.approvedStatus);
  if (q.flag) out.set('flag', q.flag);
  if (q.name) out.set('name', q.name);
  if (q.fileName) out.set('fileName', q.fileName);
  if (q.page > 1) out.set('page', String(q.page));
  return out;
}
