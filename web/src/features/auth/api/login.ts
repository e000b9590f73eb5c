/** POST /login (000 §7): the session for an email and password. */
import type { LoginBody } from '@shared/schemas/auth';
import { route } from '@shared/routes';
import type { LoginResponse } from '@shared/types';
import { apiRequest } from '../../../lib/api-client';

export function login(body: LoginBody): Promise<LoginResponse> {
  return apiRequest<LoginResponse>('POST', route('login').path, { body, auth: false });
}
