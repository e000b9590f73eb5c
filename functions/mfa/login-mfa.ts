import { AUTH } from '../../shared/constants';
import { MFA, MFA_MSG as M } from '../../shared/messages/mfa';
import { route } from '../../shared/routes/mfa';
import { limitAddress, requestTime, sessionAnswer, takeMfaTry } from '../auth';
import { TooManyRequestsError, UnauthorizedError } from '../lib/http/errors';
import { verifyMfaChallenge, type MfaChallengeClaims } from '../lib/jwt';
import { httpHandler } from '../http';
import { getSessionUser } from '../users';
import { takeSecondFactor, type MfaUser } from './service';

/**
 * The second step of a sign-in (issue 26): the challenge POST /login gave, and a code from the
 * authenticator app (taken once: a replayed code is refused) or an unused recovery code. Each
 * challenge may try MFA.maxCodeTries codes (counted before the check, so a burst cannot try more),
 * then the password must be given again; a challenge of before a password change, a deactivation
 * or two-step sign-in turned off is refused.
 */
export const handler = httpHandler(route('loginMfa'), async ({ body, event }) => {
  await limitAddress(event);
  let challenge: MfaChallengeClaims;
  try {
    challenge = await verifyMfaChallenge(body.mfaToken);
  } catch {
    throw new UnauthorizedError(M.challengeExpired);
  }
  const now = requestTime(event);
  // Per challenge, and per account across challenges (a password known to an attacker gives new challenges, not more guesses).
  if (!(await takeMfaTry(challenge.jti, { max: MFA.maxCodeTries, seconds: MFA.challengeMinutes * 60 }, now))) throw new TooManyRequestsError(M.tooManyCodes);
  if (!(await takeMfaTry(`user-${challenge.sub}`, { max: MFA.maxAccountCodeTries, seconds: AUTH.lockMinutes * 60 }, now))) throw new TooManyRequestsError(M.tooManyCodes);
  const user = (await getSessionUser(challenge.sub)) as MfaUser | undefined;
  if (!user || user.status !== 'active' || (user.sessionVersion ?? 0) !== challenge.sv || !user.totp) throw new UnauthorizedError(M.challengeExpired);
  if (!(await takeSecondFactor(user, body.code, { recovery: true }))) throw new UnauthorizedError(M.codeInvalid);
  return sessionAnswer(user, { mfa: true });
});
