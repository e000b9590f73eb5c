/** GET /getFiles/{fId} (001 §7): an array whose first element is the file. */
import useSWR from 'swr';
import { route } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';
import type { PoFile } from '../types';
import { FILES_KEY } from './get-files';

export async function getFile(fId: string): Promise<PoFile | undefined> {
  const list = await apiRequest<PoFile[]>('GET', route('getFile').path, { params: { fId } });
  return list[0];
}

export function useFile(fId: string) {
  return useSWR([FILES_KEY, 'file', fId] as const, ([, , id]) => getFile(id));
}
