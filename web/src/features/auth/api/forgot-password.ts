/** POST /forgotPassword (000 §7): emails a reset link; answers the same for unknown addresses. */
import type { ForgotPasswordBody } from '@shared/schemas/auth';
import { route } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

export function forgotPassword(body: ForgotPasswordBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', route('forgotPassword').path, { body, auth: false });
}
