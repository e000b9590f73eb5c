/** PUT /updateUserPolicy/{userId} {policyFlag: false} (001 §7): the user accepts the terms. */
import useSWRMutation from 'swr/mutation';
import { route } from '@shared/routes';
import type { PublicUser } from '@shared/types';
import { apiRequest } from '../../../lib/api-client';
import { MUTATION_OPTIONS } from '../../../lib/mutation';

const USER_POLICY_KEY = 'user-policy';

export function acceptTerms(userId: string): Promise<{ message: string; user: PublicUser }> {
  return apiRequest<{ message: string; user: PublicUser }>('PUT', route('updateUserPolicy').path, { params: { userId }, body: { policyFlag: false } });
}

/** The terms page's hook; the caller stores the answer's user in the session. */
export function useAcceptTerms() {
  return useSWRMutation(USER_POLICY_KEY, (_key, { arg: userId }: { arg: string }) => acceptTerms(userId), { ...MUTATION_OPTIONS, populateCache: false, revalidate: false });
}
