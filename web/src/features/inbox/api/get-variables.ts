/** GET /getvariable (000 §3, §7): the placeholder names a canned message may use ({User_name}, the contact's fields, the retailer, the brand). */
import useSWR from 'swr';
import { api } from '../../../lib/api-client';
import { INBOX_KEY } from './get-canned-messages';

export function useEmailVariables() {
  return useSWR([INBOX_KEY, 'variables'] as const, async () => (await api('getVariables')).data, { revalidateOnFocus: false });
}
