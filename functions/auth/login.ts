import { AUTH } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes';
import type { LoginResponse } from '../../shared/types';
import { getBrand } from '../brands/brands.repo';
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from '../lib/http/errors';
import { httpHandler } from '../lib/http/handler';
import { signSession } from '../lib/jwt';
import { verifyPassword } from '../lib/password';
import { toPublicUser } from '../users/present';
import { getUserByEmail, primaryRole, recordFailedLogin, updateUserFields } from '../users/users.repo';

export const handler = httpHandler(route('login'), async ({ body }): Promise<LoginResponse> => {
  const user = await getUserByEmail(body.email);
  if (user?.lockedUntil && Date.parse(user.lockedUntil) > Date.now()) throw new TooManyRequestsError(MSG.accountLocked);
  const ok = await verifyPassword(body.password, user?.passwordHash);
  if (!user || !ok) {
    if (user) await recordFailedLogin(user._id, AUTH.maxFailedLogins, AUTH.lockMinutes);
    throw new UnauthorizedError(MSG.loginFailed);
  }
  if (user.status !== 'active') throw new ForbiddenError('Please activate your account from the email we sent you.');
  if (user.failedLogins || user.lockedUntil) await updateUserFields(user._id, { failedLogins: 0 }, ['lockedUntil']);
  const brand = user.brand ? await getBrand(user.brand) : undefined;
  const token = await signSession({ sub: user._id, role: primaryRole(user), brand: user.brand, retailers: user.associated_retailers });
  return { token, expiresAt: new Date(Date.now() + AUTH.sessionHours * 3600_000).toISOString(), user: toPublicUser(user, brand) };
});
