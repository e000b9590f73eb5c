/** GET /getAssignedReps?brand= (000 §6, §7): the brand's reps; asked only by ADMIN and BRAND_ADMIN. */
import useSWR from 'swr';
import type { AssignedRep } from '@shared/schemas/retailer-scrapings';
import { api } from '../../../lib/api-client';

export type { AssignedRep };
export const ASSIGNED_REPS_KEY = 'assigned-reps';

export function getAssignedReps(brand: string) {
  return api('getAssignedReps', { query: { brand } });
}

/** `enabled` false (a plain User) makes no call. */
export function useAssignedReps(brand: string | undefined, enabled: boolean) {
  return useSWR(brand && enabled ? ([ASSIGNED_REPS_KEY, brand] as const) : null, ([, b]) => getAssignedReps(b));
}
