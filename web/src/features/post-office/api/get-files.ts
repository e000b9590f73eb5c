/** GET /getFiles (001 §7): the post-office list, filtered, sorted and paged on the server. */
import useSWR, { mutate } from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';
import { createPageCursors } from '../../../lib/page-cursors';
import type { ListFilesParams } from '../types';

/** One SWR key prefix for every read of the files resource (list, file, comparison, counts). */
export const FILES_KEY = 'files';

/** Where each seen page of each list state ends (page n + 1 is asked for with it). */
const cursors = createPageCursors();

export async function getFiles(params: ListFilesParams): Promise<ResponseOf<'listFiles'>> {
  const { page, ...list } = params;
  const listKey = JSON.stringify(list);
  const cursor = cursors.cursorFor(listKey, page);
  const out = await api('listFiles', { query: { ...params, ...(cursor ? { cursor } : {}) } });
  cursors.remember(listKey, page, out.nextCursor);
  return out;
}

export function useFiles(params: ListFilesParams) {
  return useSWR([FILES_KEY, 'list', params] as const, ([, , p]) => getFiles(p), { keepPreviousData: true });
}

/**
 * After a file changes status: reload the files keys that show it (the list, the file, the
 * same-period files, the counts). Its rows and their marks do not change, so they are not reloaded.
 */
export function revalidateFiles(): Promise<unknown> {
  cursors.clear();
  return mutate((key) => Array.isArray(key) && key[0] === FILES_KEY && key[1] !== 'data');
}
