import { AUTH } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { route } from '../../shared/routes/accounts';
import type { LoginResponse } from '../../shared/types';
import { getBrand } from '../brands';
import { ForbiddenError, UnauthorizedError } from '../lib/http/errors';
import { httpHandler, respond } from '../http';
import { signSession } from '../lib/jwt';
import { verifyPassword } from '../lib/password';
import { getUserByEmail, primaryRole, toPublicUser } from '../users';
import { deviceCookie, trustedDevice } from './device-cookie';
import { limitAddress, loginSucceeded, requestTime, reserveLoginAttempt, sourceIp, type LoginAttempt } from './throttle';

/**
 * An attempt is reserved (atomically, per known device, or per account and address and per
 * account) BEFORE the password is checked, so a burst cannot check more than the limit; a known
 * and an unknown email go the same way (same counters, a dummy scrypt for the unknown one, the
 * same 401 and 429). A login gives the browser a fresh device cookie of the account.
 */
export const handler = httpHandler(route('login'), async ({ body, event }) => {
  await limitAddress(event);
  const email = body.email.toLowerCase();
  const attempt: LoginAttempt = { email, ip: sourceIp(event), device: await trustedDevice(event, email), now: requestTime(event) };
  await reserveLoginAttempt(attempt);
  const user = await getUserByEmail(email);
  const ok = await verifyPassword(body.password, user?.passwordHash);
  if (!user || !ok) throw new UnauthorizedError(MSG.loginFailed);
  await loginSucceeded(attempt);
  if (user.status !== 'active') throw new ForbiddenError(MSG.notActivated);
  const brand = user.brand ? await getBrand(user.brand) : undefined;
  const token = await signSession({ sub: user._id, role: primaryRole(user), brand: user.brand, retailers: user.associated_retailers, sv: user.sessionVersion ?? 0 });
  const answer: LoginResponse = { token, expiresAt: new Date(Date.now() + AUTH.sessionHours * 3600_000).toISOString(), user: toPublicUser(user, brand) };
  return respond(200, answer, undefined, [await deviceCookie(email)]);
});
