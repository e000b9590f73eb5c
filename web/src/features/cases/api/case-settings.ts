/**
 * The brand's case settings (issue 24 §4): GET/PUT /caseSettings/{brandId}; and a retailer's
 * second notice of overdue cases: GET (the draft) and POST (send it) /secondNotice/{brandId}/{retailerId}.
 * A save changes what the price tabs show: every read of a retailer's products and of the cases is read again.
 */
import useSWR, { mutate } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { UpdateCaseSettingsBody } from '@shared/schemas/case-settings';
import { CANNED_FORM_LIMIT } from '@shared/schemas/contact';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';
import { BRAND_SUMMARY_KEY } from '../../brand-summary';
import { RETAILER_VIEW_KEY } from '../../retailer-view';
import { CASES_KEY } from './cases';

export function useCaseSettings(brandId: string | undefined) {
  return useSWR(brandId ? ([CASES_KEY, 'settings', brandId] as const) : null, ([, , brand]) => api('getCaseSettings', { params: { brandId: brand } }));
}

/** The brand's active canned messages, for the second notice's message. */
export function useActiveCannedMessages(brandId: string | undefined) {
  return useSWR(brandId ? ([CASES_KEY, 'canned', brandId] as const) : null, async ([, , brand]) => (await api('listCannedMessages', { query: { brand, limit: CANNED_FORM_LIMIT, status: 'active' } })).data);
}

export function useSaveCaseSettings(brandId: string) {
  return useSWRMutation(
    [CASES_KEY, 'save-settings', brandId] as const,
    async (_key, { arg }: { arg: UpdateCaseSettingsBody }) => {
      const out = await api('updateCaseSettings', { params: { brandId }, body: arg });
      void mutate((key) => Array.isArray(key) && [RETAILER_VIEW_KEY, BRAND_SUMMARY_KEY, CASES_KEY].includes(String(key[0])) && key[1] !== 'save-settings');
      return out;
    },
    MUTATION_OPTIONS,
  );
}

export function useSecondNotice(brandId: string | undefined, retailerId: string) {
  return useSWR(brandId ? ([CASES_KEY, 'second-notice', brandId, retailerId] as const) : null, ([, , brand, retailer]) => api('getSecondNotice', { params: { brandId: brand, retailerId: retailer } }));
}

export function useSendSecondNotice(brandId: string | undefined, retailerId: string) {
  return useSWRMutation(
    [CASES_KEY, 'send-second-notice', brandId, retailerId] as const,
    async (_key, { arg: requestId }: { arg: string }) => {
      const out = await api('sendSecondNotice', { params: { brandId: brandId ?? '', retailerId }, body: { requestId } });
      void mutate((key) => Array.isArray(key) && key[0] === CASES_KEY && key[1] !== 'send-second-notice');
      return out;
    },
    MUTATION_OPTIONS,
  );
}
