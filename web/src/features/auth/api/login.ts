/** POST /login (000 §7): the session for an email and password, or (two-step sign-in on: issue 26) the challenge of its second step. */
import type { ResponseOf } from '@shared/routes/responses';
import type { LoginBody } from '@shared/schemas/auth';
import type { LoginMfaBody } from '@shared/schemas/mfa';
import type { LoginOrChallenge } from '@shared/types';
import { api } from '../../../lib/api-client';

export function login(body: LoginBody): Promise<LoginOrChallenge> {
  return api('login', { body });
}

/** POST /login/mfa (issue 26): the second step, a code for the challenge POST /login answered; the session. */
export function loginMfa(body: LoginMfaBody): Promise<ResponseOf<'loginMfa'>> {
  return api('loginMfa', { body });
}
