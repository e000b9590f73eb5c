/** POST /resetPassword?token= (000 §7): sets the new password of a reset or activation link. */
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

export function resetPassword(token: string, password: string): Promise<ResponseOf<'resetPassword'>> {
  return api('resetPassword', { query: { token }, body: { password } });
}
