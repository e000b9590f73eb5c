/** GET /getExportHistory/{retailerId}?brand= (000 §2 ALL EXPORTS, §7): the retailer's exports, newest first, with their links. */
import useSWR from 'swr';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

export const EXPORT_HISTORY_KEY = 'exports';

export type ExportHistoryPage = ResponseOf<'getExportHistory'>;

export function getExportHistory(retailerId: string, brandId: string | undefined, page: number, limit: number): Promise<ExportHistoryPage> {
  return api('getExportHistory', { params: { id: retailerId }, query: { ...(brandId ? { brand: brandId } : {}), page, limit } });
}

export function useExportHistory(retailerId: string, brandId: string | undefined, page: number, limit: number) {
  return useSWR([EXPORT_HISTORY_KEY, 'list', retailerId, brandId, page, limit] as const, ([, , r, b, p, l]) => getExportHistory(r, b, p, l), { keepPreviousData: true });
}
