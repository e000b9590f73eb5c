import { MSG } from '../../shared/messages';
import { MFA, MFA_MSG } from '../../shared/messages/mfa';
import { route } from '../../shared/routes/accounts';
import type { LoginBody } from '../../shared/schemas/auth';
import { CaptchaRequiredError, ForbiddenError, HttpError, UnauthorizedError, ValidationError } from '../lib/http/errors';
import { httpHandler, respond } from '../http';
import { signMfaChallenge } from '../lib/jwt';
import { verifyPassword } from '../lib/password';
import { configuredCaptcha } from '../public';
import { passwordRefusal } from '../sso';
import { getUserByEmail } from '../users';
import { deviceCookie, trustedDevice } from './device-cookie';
import { sessionAnswer } from './session-answer';
import { limitAddress, loginSucceeded, requestTime, reserveLoginAttempt, sourceIp, type LoginAttempt } from './throttle';

/**
 * The human check of a login the account's backstop holds (issue 36): the captcha of the public
 * forms, verified by their code (docs/decisions.md "Captcha": a local challenge is spent, right or
 * wrong). Without a solved one: 429 `CAPTCHA_REQUIRED` with a fresh challenge, and why (none sent,
 * or the verification's reason: wrong, expired, already used).
 */
async function passCaptcha(body: LoginBody, ip: string): Promise<void> {
  const captcha = configuredCaptcha();
  let message: string = MSG.loginCaptchaRequired;
  if (body.recaptcha) {
    try {
      return await captcha.verify({ response: body.recaptcha, token: body.captchaToken }, ip);
    } catch (e) {
      if (!(e instanceof ValidationError)) throw e;
      message = e.message;
    }
  }
  throw new CaptchaRequiredError(message, await captcha.challenge());
}

/**
 * An attempt is reserved (atomically, per known device, or per account and address and per
 * account) BEFORE the password is checked, so a burst cannot check more than the limit; a known
 * and an unknown email go the same way (same counters, a dummy scrypt for the unknown one, the
 * same 401 and 429). A login gives the browser a fresh device cookie of the account. A user with
 * a second factor (issue 26) gets no session here but a short challenge for POST /login/mfa.
 *
 * Once the account's backstop is used up, an unknown browser (no device cookie of the account)
 * must pass a captcha BEFORE its password is checked (issue 36): without one, a right and a wrong
 * password (and an unknown email, whose counters trip alike) get the same 429 `CAPTCHA_REQUIRED`,
 * so the hold is no oracle; with one, the password is checked as usual and a wrong one is a 401
 * counted per account and address. The owner gets in from a new browser; guessing stays bounded
 * by the (email, address) limit and a captcha per guess.
 */
export const handler = httpHandler(route('login'), async ({ body, event }) => {
  await limitAddress(event);
  const email = body.email.toLowerCase();
  const attempt: LoginAttempt = { email, ip: sourceIp(event), device: await trustedDevice(event, email), now: requestTime(event) };
  const reservation = await reserveLoginAttempt(attempt);
  if (reservation.held) await passCaptcha(body, attempt.ip);
  const user = await getUserByEmail(email);
  const ok = await verifyPassword(body.password, user?.passwordHash);
  // Mandatory single sign-on holds the brand's own people only (issue 36): an account it spares (a
  // site admin, another brand's) signs in with its right password; every other answer of the
  // domain is SSO_REQUIRED, a wrong password and an unknown address alike (no account oracle).
  const ssoOnly = await passwordRefusal(email, user && ok ? user : undefined);
  if (ssoOnly) throw new HttpError(403, ssoOnly, 'SSO_REQUIRED');
  if (!user || !ok) throw new UnauthorizedError(MSG.loginFailed);
  await loginSucceeded(attempt, reservation);
  if (user.status !== 'active') throw new ForbiddenError(MSG.notActivated);
  if ((user as { totp?: unknown }).totp) {
    const expiresAt = new Date(Date.now() + MFA.challengeMinutes * 60_000);
    const { token } = await signMfaChallenge({ sub: user._id, sv: user.sessionVersion ?? 0 }, expiresAt);
    return respond(200, { mfaRequired: true as const, mfaToken: token, expiresAt: expiresAt.toISOString(), message: MFA_MSG.secondStep }, undefined, [await deviceCookie(email)]);
  }
  return respond(200, await sessionAnswer(user), undefined, [await deviceCookie(email)]);
});
