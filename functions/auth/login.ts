import { MSG } from '../../shared/messages';
import { MFA, MFA_MSG } from '../../shared/messages/mfa';
import { route } from '../../shared/routes/accounts';
import { ForbiddenError, HttpError, UnauthorizedError } from '../lib/http/errors';
import { httpHandler, respond } from '../http';
import { signMfaChallenge } from '../lib/jwt';
import { verifyPassword } from '../lib/password';
import { passwordRefusal } from '../sso';
import { getUserByEmail } from '../users';
import { deviceCookie, trustedDevice } from './device-cookie';
import { sessionAnswer } from './session-answer';
import { limitAddress, loginSucceeded, requestTime, reserveLoginAttempt, sourceIp, type LoginAttempt } from './throttle';

/**
 * An attempt is reserved (atomically, per known device, or per account and address and per
 * account) BEFORE the password is checked, so a burst cannot check more than the limit; a known
 * and an unknown email go the same way (same counters, a dummy scrypt for the unknown one, the
 * same 401 and 429). A login gives the browser a fresh device cookie of the account. A user with
 * a second factor (issue 26) gets no session here but a short challenge for POST /login/mfa.
 */
export const handler = httpHandler(route('login'), async ({ body, event }) => {
  await limitAddress(event);
  const email = body.email.toLowerCase();
  const attempt: LoginAttempt = { email, ip: sourceIp(event), device: await trustedDevice(event, email), now: requestTime(event) };
  await reserveLoginAttempt(attempt);
  const user = await getUserByEmail(email);
  const ok = await verifyPassword(body.password, user?.passwordHash);
  // Mandatory single sign-on holds the brand's own people only (issue 36): an account it spares (a
  // site admin, another brand's) signs in with its right password; every other answer of the
  // domain is SSO_REQUIRED, a wrong password and an unknown address alike (no account oracle).
  const ssoOnly = await passwordRefusal(email, user && ok ? user : undefined);
  if (ssoOnly) throw new HttpError(403, ssoOnly, 'SSO_REQUIRED');
  if (!user || !ok) throw new UnauthorizedError(MSG.loginFailed);
  await loginSucceeded(attempt);
  if (user.status !== 'active') throw new ForbiddenError(MSG.notActivated);
  if ((user as { totp?: unknown }).totp) {
    const expiresAt = new Date(Date.now() + MFA.challengeMinutes * 60_000);
    const { token } = await signMfaChallenge({ sub: user._id, sv: user.sessionVersion ?? 0 }, expiresAt);
    return respond(200, { mfaRequired: true as const, mfaToken: token, expiresAt: expiresAt.toISOString(), message: MFA_MSG.secondStep }, undefined, [await deviceCookie(email)]);
  }
  return respond(200, await sessionAnswer(user), undefined, [await deviceCookie(email)]);
});
