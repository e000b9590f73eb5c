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

/** POST /login/method (issue 26): password, or the single sign-on of the email's domain. */
export function loginMethod(email: string): Promise<ResponseOf<'loginMethod'>> {
  return api('loginMethod', { body: { email } });
}

/** POST /sso/exchange (issue 26): a finished single sign-on's one-time code; the session. */
export function ssoExchange(code: string): Promise<ResponseOf<'ssoExchange'>> {
  return api('ssoExchange', { body: { code } });
}
