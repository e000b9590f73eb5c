/** POST /login (000 §7): the session for an email and password. */
import type { LoginBody } from '@shared/schemas/auth';
import type { LoginResponse } from '@shared/types';
import { api } from '../../../lib/api-client';

export function login(body: LoginBody): Promise<LoginResponse> {
  return api('login', { body });
}
