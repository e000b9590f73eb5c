import { AUTH, ROLE } from '../../shared/constants';
import type { LoginResponse } from '../../shared/types';
import { getBrand } from '../brands';
import { signSession } from '../lib/jwt';
import { hasSecondFactor } from '../mfa';
import { primaryRole, toPublicUser, type UserRecord } from '../users';

/** A new session of the user, as POST /login and its second step (POST /login/mfa) answer it. */
export async function sessionAnswer(user: UserRecord): Promise<LoginResponse> {
  const brand = user.brand ? await getBrand(user.brand) : undefined;
  const token = await signSession({ sub: user._id, role: primaryRole(user), brand: user.brand, retailers: user.associated_retailers, sv: user.sessionVersion ?? 0 });
  const answer: LoginResponse = { token, expiresAt: new Date(Date.now() + AUTH.sessionHours * 3600_000).toISOString(), user: toPublicUser(user, brand) };
  // An ADMIN without a second factor: the session opens only its setup (issue 26).
  if (primaryRole(user) === ROLE.ADMIN && !hasSecondFactor(user)) answer.secondFactorRequired = true;
  return answer;
}
