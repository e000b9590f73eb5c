/** PUT /updateUserPolicy/{userId} {policyFlag: false} (001 §7): the user accepts the terms. */
import { route } from '../../../../../shared/routes';
import type { PublicUser } from '../../../../../shared/types';
import { apiRequest } from '../../../lib/api-client';

export function acceptTerms(userId: string): Promise<{ message: string; user: PublicUser }> {
  return apiRequest<{ message: string; user: PublicUser }>('PUT', route('updateUserPolicy').path, { params: { userId }, body: { policyFlag: false } });
}
