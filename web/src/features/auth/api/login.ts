/** POST /login (000 §7): the session for an email and password, or (two-step sign-in on: issue 26) the challenge of its second step. */
import type { LoginBody } from '@shared/schemas/auth';
import type { LoginOrChallenge } from '@shared/types';
import { api } from '../../../lib/api-client';

export function login(body: LoginBody): Promise<LoginOrChallenge> {
  return api('login', { body });
}
