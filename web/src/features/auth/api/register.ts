/** POST /register: a free account (a new brand and its BRAND_ADMIN), activated by email. */
import type { RegisterBody } from '@shared/schemas/auth';
import type { ResponseOf } from '@shared/routes/responses';
import { api } from '../../../lib/api-client';

export function register(body: RegisterBody): Promise<ResponseOf<'register'>> {
  return api('register', { body });
}
