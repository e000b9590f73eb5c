/** PUT /updateUserPolicy/{userId} {policyFlag: false} (001 §7): the user accepts the terms. */
import useSWRMutation from 'swr/mutation';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

const USER_POLICY_KEY = 'user-policy';

export function acceptTerms(userId: string): Promise<ResponseOf<'updateUserPolicy'>> {
  return api('updateUserPolicy', { params: { userId }, body: { policyFlag: false } });
}

/** The terms page's hook; the caller stores the answer's user in the session. */
export function useAcceptTerms() {
  return useSWRMutation(USER_POLICY_KEY, (_key, { arg: userId }: { arg: string }) => acceptTerms(userId), { ...MUTATION_OPTIONS, populateCache: false, revalidate: false });
}
