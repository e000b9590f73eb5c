import { AUTH } from '../../shared/constants';
import type { LoginResponse } from '../../shared/types';
import { getBrand } from '../brands';
import { signSession } from '../lib/jwt';
import { primaryRole, toPublicUser, type UserRecord } from '../users';

/** A new session of the user, as POST /login and its second step (POST /login/mfa) answer it. */
export async function sessionAnswer(user: UserRecord): Promise<LoginResponse> {
  const brand = user.brand ? await getBrand(user.brand) : undefined;
  const token = await signSession({ sub: user._id, role: primaryRole(user), brand: user.brand, retailers: user.associated_retailers, sv: user.sessionVersion ?? 0 });
  return { token, expiresAt: new Date(Date.now() + AUTH.sessionHours * 3600_000).toISOString(), user: toPublicUser(user, brand) };
}
