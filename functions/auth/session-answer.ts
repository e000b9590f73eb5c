import { AUTH, ROLE } from '../../shared/constants';
import type { LoginResponse } from '../../shared/types';
import { getBrand } from '../brands';
import { signSession } from '../lib/jwt';
import { adminHold } from '../mfa';
import { primaryRole, toPublicUser, type UserRecord } from '../users';

/**
 * A new session of the user, as POST /login and its second step (POST /login/mfa) answer it.
 * `mfa`: opened with a second factor (the code step, a passkey).
 */
export async function sessionAnswer(user: UserRecord, opts: { mfa?: boolean } = {}): Promise<LoginResponse> {
  const brand = user.brand ? await getBrand(user.brand) : undefined;
  const token = await signSession({ sub: user._id, role: primaryRole(user), brand: user.brand, retailers: user.associated_retailers, sv: user.sessionVersion ?? 0, ...(opts.mfa ? { mfa: true as const } : {}) });
  const answer: LoginResponse = { token, expiresAt: new Date(Date.now() + AUTH.sessionHours * 3600_000).toISOString(), user: toPublicUser(user, brand) };
  // An ADMIN without a second factor: the session opens only its setup (issue 26).
  if (primaryRole(user) === ROLE.ADMIN && adminHold(user, opts.mfa === true) !== 'open') answer.secondFactorRequired = true;
  return answer;
}
