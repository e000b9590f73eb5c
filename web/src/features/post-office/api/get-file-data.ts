/** GET /getFileData/{fId}?page=N (001 §7, §9): one page of 100 rows of each side of the comparison. */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { FileData } from '../types';
import { FILES_KEY } from './get-files';

export function getFileData(fId: string, page: number): Promise<FileData> {
  return api('getFileData', { params: { fId }, query: { page } });
}

export function useFileData(fId: string, page: number) {
  return useSWR([FILES_KEY, 'data', fId, page] as const, ([, , id, p]) => getFileData(id, p));
}
