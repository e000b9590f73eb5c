/** POST /resetPassword?token= (000 §7): sets the new password of a reset or activation link. */
import { route } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

export function resetPassword(token: string, password: string): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', route('resetPassword').path, { query: { token }, body: { password }, auth: false });
}
