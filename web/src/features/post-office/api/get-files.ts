/** GET /getFiles (001 §7): the post-office list, filtered, sorted and paged on the server. */
import useSWR, { mutate } from 'swr';
import { route } from '@shared/routes';
import type { Paged } from '@shared/types';
import { apiRequest } from '../../../lib/api-client';
import type { ListFilesParams, PoFile } from '../types';

/** One SWR key prefix for every read of the files resource (list, file, comparison, counts). */
export const FILES_KEY = 'files';

export function getFiles(params: ListFilesParams): Promise<Paged<PoFile>> {
  return apiRequest<Paged<PoFile>>('GET', route('listFiles').path, { query: { ...params } });
}

export function useFiles(params: ListFilesParams) {
  return useSWR([FILES_KEY, 'list', params] as const, ([, , p]) => getFiles(p), { keepPreviousData: true });
}

/**
 * After a file changes status: reload the files keys that show it (the list, the file, the
 * same-period files, the counts). Its rows and their marks do not change, so they are not reloaded.
 */
export function revalidateFiles(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === FILES_KEY && key[1] !== 'data');
}
