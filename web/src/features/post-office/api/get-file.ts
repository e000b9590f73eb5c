/** GET /getFiles/{fId} (001 §7): an array whose first element is the file. */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { PoFile } from '../types';
import { FILES_KEY } from './get-files';

export async function getFile(fId: string): Promise<PoFile | undefined> {
  const list = await api('getFile', { params: { fId } });
  return list[0];
}

export function useFile(fId: string) {
  return useSWR([FILES_KEY, 'file', fId] as const, ([, , id]) => getFile(id));
}
