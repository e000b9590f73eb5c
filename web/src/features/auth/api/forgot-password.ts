/** POST /forgotPassword (000 §7): emails a reset link; answers the same for unknown addresses. */
import type { ForgotPasswordBody } from '@shared/schemas/auth';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

export function forgotPassword(body: ForgotPasswordBody): Promise<ResponseOf<'forgotPassword'>> {
  return api('forgotPassword', { body });
}
