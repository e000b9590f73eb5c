/** POST /register: a free account (a new brand and its BRAND_ADMIN), activated by email. */
import type { RegisterBody } from '@shared/schemas/auth';
import { route } from '@shared/routes';
import { apiRequest } from '../../../lib/api-client';

export function register(body: RegisterBody): Promise<{ message: string }> {
  return apiRequest<{ message: string }>('POST', route('register').path, { body, auth: false });
}
