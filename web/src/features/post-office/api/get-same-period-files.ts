/** GET /samePeriodFiles/{fId} (001 §7): the retailer's other files of the same scan period. */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { PoFile } from '../types';
import { FILES_KEY } from './get-files';

export function getSamePeriodFiles(fId: string): Promise<{ samePeriodFiles: PoFile[] }> {
  return api('samePeriodFiles', { params: { fId } });
}

export function useSamePeriodFiles(fId: string) {
  return useSWR([FILES_KEY, 'same-period', fId] as const, ([, , id]) => getSamePeriodFiles(id));
}
