/** GET /getFlagValues (001 §7): how many pending files wait at each flag level. */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import type { FlagCounts } from '../types';
import { FILES_KEY } from './get-files';

export function getFlagValues(): Promise<FlagCounts> {
  return api('getFlagValues');
}

export function useFlagValues() {
  return useSWR([FILES_KEY, 'flag-values'] as const, getFlagValues);
}
