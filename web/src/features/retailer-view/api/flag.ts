/**
 * PUT /updateReatilerBrandProductFlag/{id} and PUT /updateBrandFlag/{id} (000 §4, §7; 001 §4):
 * `{ message, reason: [{name, value}], isFlagged }`. After a 200 every read that shows a flag or a
 * flag count is revalidated at once: the retailer view (tabs, product, retailer, period), the
 * summary tiles and the retailer list.
 */
import { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { FlagBody } from '@shared/schemas/scrapings';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { BRAND_SUMMARY_KEY, RETAILER_SCRAPINGS_KEY } from '../../brand-summary';
import { RETAILER_VIEW_KEY } from './keys';

export type FlagTarget = 'product' | 'brand';
export type FlagInput = Pick<FlagBody, 'isFlagged' | 'message' | 'reason'>;

/** The cases' reads (features/cases: 'cases'): a flag opens, reopens or resolves a case. */
const CASES_KEY = 'cases';

function revalidateFlags(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && [RETAILER_VIEW_KEY, BRAND_SUMMARY_KEY, RETAILER_SCRAPINGS_KEY, CASES_KEY].includes(String(key[0])));
}

export function setFlag(target: FlagTarget, id: string, body: FlagInput) {
  return target === 'product' ? api('updateProductFlag', { params: { id }, body }) : api('updateBrandFlag', { params: { id }, body });
}

export function useSetFlag(target: FlagTarget) {
  return useSWRMutation(
    [RETAILER_VIEW_KEY, 'flag', target] as const,
    async (_key, { arg }: { arg: { id: string; body: FlagInput } }) => {
      const out = await setFlag(target, arg.id, arg.body);
      await revalidateFlags();
      return out;
    },
    MUTATION_OPTIONS,
  );
}
