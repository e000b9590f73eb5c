import { SSO_MSG as M } from '../../shared/messages/sso';
import { route } from '../../shared/routes/sso';
import { limitAddress, requestTime, sessionAnswer } from '../auth';
import { httpHandler } from '../http';
import { UnauthorizedError } from '../lib/http/errors';
import { getSessionUser } from '../users';
import { takeSsoCode } from './sso.repo';

/**
 * POST /sso/exchange: a finished sign-in's one-time code (taken once, within 60 s) gives the
 * session POST /login gives. The company's provider signed the user in, which counts as the
 * second step (site admins never sign in this way). A change since (deactivated, logged out of
 * all devices: the session version) voids the code.
 */
export const handler = httpHandler(route('ssoExchange'), async ({ body, event }) => {
  await limitAddress(event);
  const taken = await takeSsoCode(body.code, requestTime(event));
  if (!taken) throw new UnauthorizedError(M.codeExpired);
  const user = await getSessionUser(taken.userId);
  if (!user || user.status !== 'active' || (user.sessionVersion ?? 0) !== taken.sv) throw new UnauthorizedError(M.codeExpired);
  return sessionAnswer(user);
});
