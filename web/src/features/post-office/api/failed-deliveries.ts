/**
 * Failed deliveries (ours; docs/operations.md): GET /failedDeliveries and the Retry
 * (POST /failedDeliveries/{id}/redrive). While one is being retried the list reloads every few
 * seconds, so it leaves the list (it went through) or comes back open (it failed again) by itself.
 */
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { FILES_KEY, revalidateFiles } from './get-files';

export const FAILURES_KEY = [FILES_KEY, 'failures'] as const;
/** How often the list reloads while a delivery is being retried. */
export const RETRYING_REFRESH_MS = 3000;

export type FailedDeliveries = ResponseOf<'listFailedDeliveries'>;

export function useFailedDeliveries() {
  return useSWR(FAILURES_KEY, () => api('listFailedDeliveries', { query: { limit: 25 } }), {
    refreshInterval: (data) => (data?.data.some((f) => f.status === 'redriving') ? RETRYING_REFRESH_MS : 0),
  });
}

export function useRedrive() {
  return useSWRMutation([FILES_KEY, 'redrive'] as const, async (_key, { arg: id }: { arg: string }) => {
    try {
      return await api('redriveFailedDelivery', { params: { id } });
    } finally {
      // The files keys include this list: the retried delivery and, once through, its file.
      await revalidateFiles();
    }
  }, MUTATION_OPTIONS);
}
