/** GET /cannedmessages?brand&limit=10000&status=active (000 §7): the contact form's canned-message dropdown (inactive ones hidden, 000 §2). */
import useSWR from 'swr';
import { CANNED_FORM_LIMIT } from '@shared/schemas/contact';
import { api } from '../../../lib/api-client';
import { CANNED_MESSAGES_KEY } from '../../inbox';

export function useActiveCannedMessages(brandId: string | undefined) {
  return useSWR(brandId ? ([CANNED_MESSAGES_KEY, brandId, 'active'] as const) : null, async ([, brand]) => (await api('listCannedMessages', { query: { brand, limit: CANNED_FORM_LIMIT, status: 'active' } })).data);
}
