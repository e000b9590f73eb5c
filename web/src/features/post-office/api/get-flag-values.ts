/**
 * GET /getFlagValues (001 §7): the post-office counters: files per flag level of the list's
 * status ('all' when the list shows every status) and retailer, so each counter is what the list
 * holds with that flag chosen.
 */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { FlagCounts, ListFilesParams } from '../types';
import { FILES_KEY } from './get-files';

export type FlagCountScope = Pick<ListFilesParams, 'approvedStatus' | 'name'>;

export function getFlagValues(scope: FlagCountScope): Promise<FlagCounts> {
  return api('getFlagValues', { query: { approvedStatus: scope.approvedStatus ?? 'all', ...(scope.name ? { name: scope.name } : {}) } });
}

export function useFlagValues(scope: FlagCountScope) {
  return useSWR([FILES_KEY, 'flag-values', scope.approvedStatus ?? 'all', scope.name ?? ''] as const, () => getFlagValues(scope), { keepPreviousData: true });
}
